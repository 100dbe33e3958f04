import { Fragment } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';
import { cn } from '#client/lib/utils.ts';

export interface BreadcrumbItem {
  label: string;
  /** Path of the crumb; the last crumb is the current page and is never a link. */
  to?: string;
}

export function Breadcrumbs({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Хлебные крошки" data-slot="breadcrumbs" className={cn('text-sm', className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted-foreground">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <Fragment key={`${index}-${item.label}`}>
              <li className="inline-flex min-w-0 items-center">
                {isLast ? (
                  <span aria-current="page" className="font-medium break-words text-foreground">
                    {item.label}
                  </span>
                ) : item.to !== undefined ? (
                  <Link
                    to={item.to}
                    className="rounded-sm break-words underline-offset-4 transition-colors hover:text-foreground hover:underline"
                  >
                    {item.label}
                  </Link>
                ) : (
                  <span className="break-words">{item.label}</span>
                )}
              </li>
              {!isLast && (
                <li role="presentation" aria-hidden="true" className="inline-flex items-center">
                  <Icon name="chevron-right" className="size-3.5" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
