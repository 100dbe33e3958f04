import { Icon } from '#client/components/ui/icon.tsx';
import { useEffect, useId, useRef } from 'react';
import { useOpenHere } from '#client/lib/open-here.ts';
import type { Category } from '#shared/types.ts';
import { CategoryLinks } from './category-links.tsx';

/**
 * The desktop "Товары" menu: a disclosure of links (the WAI navigation-menu pattern), light
 * enough to cost the first load nothing; closes on Escape, outside click and route change.
 */
export function ProductsMenu({ categories }: { categories: Category[] }) {
  const [open, setOpen] = useOpenHere();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted aria-expanded:bg-muted"
      >
        Товары
        <Icon name="chevron-down" className={open ? 'size-4 rotate-180 transition-transform' : 'size-4 transition-transform'} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1 w-72 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        <CategoryLinks
          categories={categories}
          linkClassName="flex justify-between gap-3 rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground"
          countClassName="text-muted-foreground"
          allItemClassName="mt-1 border-t border-border pt-1"
          allLinkClassName="block rounded-md px-3 py-2 text-sm font-semibold hover:bg-accent hover:text-accent-foreground"
        />
      </div>
    </div>
  );
}
