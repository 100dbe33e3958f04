import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';
import type { PageItem } from '#shared/pagination.ts';
import { cn } from '#client/lib/utils.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';

export interface PaginationProps {
  /** Page numbers and ellipses, e.g. from `pageItems()` in `#shared/pagination.ts`. */
  items: PageItem[];
  /** The current page, 1-based. */
  current: number;
  totalPages: number;
  /** Link mode: each page is a `<Link>` to this address, so paging works without JavaScript. */
  hrefFor?: (page: number) => string;
  /** Button mode, used when `hrefFor` is not given. */
  onPageChange?: (page: number) => void;
  className?: string;
}

const itemClassName = (active: boolean) =>
  cn(
    buttonVariants({ variant: active ? 'default' : 'outline', size: 'sm' }),
    // Narrower on phones so seven pages and both arrows fit in one row at 375 px.
    'h-10 min-w-7 px-1 tabular-nums sm:min-w-10 sm:px-2 md:h-10',
  );

export function Pagination({
  items,
  current,
  totalPages,
  hrefFor,
  onPageChange,
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;

  const control = (
    page: number,
    content: ReactNode,
    { label, disabled = false, active = false }: { label: string; disabled?: boolean; active?: boolean },
  ) => {
    const classes = itemClassName(active);
    if (hrefFor) {
      if (disabled) {
        return (
          <a role="link" aria-disabled="true" aria-label={label} className={classes}>
            {content}
          </a>
        );
      }
      return (
        <Link
          to={hrefFor(page)}
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          className={classes}
        >
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        disabled={disabled}
        onClick={() => {
          if (!active) onPageChange?.(page);
        }}
        className={classes}
      >
        {content}
      </button>
    );
  };

  return (
    <nav aria-label="Пагинация" data-slot="pagination" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        <li>
          {control(current - 1, <Icon name="chevron-left" className="size-4" />, {
            label: 'Предыдущая страница',
            disabled: current <= 1,
          })}
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {control(item, item, { label: `Страница ${item}`, active: item === current })}
            </li>
          ) : (
            <li key={item} aria-hidden="true">
              <span className="inline-flex h-10 w-4 items-center justify-center text-muted-foreground sm:w-8">
                …
              </span>
            </li>
          ),
        )}
        <li>
          {control(current + 1, <Icon name="chevron-right" className="size-4" />, {
            label: 'Следующая страница',
            disabled: current >= totalPages,
          })}
        </li>
      </ul>
    </nav>
  );
}
