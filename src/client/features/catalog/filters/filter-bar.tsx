import { X, SlidersHorizontal } from 'lucide-react';
import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Sheet, SheetBody, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '#client/components/ui/sheet.tsx';
import { useBranches } from '#client/lib/branches.ts';
import { productsCount } from '#shared/plural.ts';
import type { ProductListResponse } from '#shared/types.ts';
import { filterChips } from './filter-labels.ts';
import { FilterPanel } from './filter-panel.tsx';
import { hrefWithout, hrefWithoutFilters, type ChosenFilters } from './filter-params.ts';

const noopSubscribe = () => () => {};
/** False in the server's HTML and while it hydrates, true once the page's script runs. */
const useScriptRuns = () =>
  useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );

type Props = { data: ProductListResponse | undefined; chosen: ChosenFilters };

/** Above the list: the chosen filters as chips (each a link without it) and, on a phone, the filters. */
export function FilterBar({ data, chosen }: Props) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const branches = useBranches();
  const chips = filterChips(chosen, data?.facets ?? [], branches);
  return (
    <div className="space-y-3">
      <PhoneFilters data={data} chosen={chosen} />
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <ul aria-label="Выбранные фильтры" className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={`${chip.keys.join()}=${chip.value ?? ''}`}>
                <Link
                  to={hrefWithout(pathname, params, chip.keys, chip.value)}
                  preventScrollReset
                  state={{ keepScroll: true }}
                  aria-label={`Убрать фильтр «${chip.label}»`}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-muted px-3 py-1 text-sm hover:border-primary hover:text-primary"
                >
                  {chip.label}
                  <X className="size-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to={hrefWithoutFilters(pathname, params)}
            preventScrollReset
            state={{ keepScroll: true }}
            className="inline-flex min-h-9 items-center px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Сбросить все
          </Link>
        </div>
      )}
    </div>
  );
}

/**
 * On a phone: «Фильтры» opens the panel in a sheet whose button shows the list («Показать 37
 * товаров»). Before the script runs the same button opens the panel in the page (a native
 * disclosure), where «Применить» sends it: never a dead button.
 */
function PhoneFilters({ data, chosen }: Props) {
  const scriptRuns = useScriptRuns();
  const [open, setOpen] = useState(false);
  const openSheet = (event: MouseEvent) => {
    if (!scriptRuns) return;
    event.preventDefault();
    setOpen(true);
  };
  const label = (
    <>
      <SlidersHorizontal className="size-4" aria-hidden="true" />
      Фильтры
      {chosen.count > 0 && (
        <span className="rounded-full bg-primary px-2 text-xs leading-5 text-primary-foreground">
          {chosen.count}
          <span className="sr-only"> выбрано</span>
        </span>
      )}
    </>
  );
  return (
    <div className="lg:hidden">
      <details>
        <summary
          onClick={openSheet}
          className="inline-flex h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium [&::-webkit-details-marker]:hidden"
        >
          {label}
        </summary>
        <div className="mt-3 rounded-lg border border-border p-4">
          <FilterPanel id="filters-inline" data={data} chosen={chosen} />
        </div>
      </details>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent
          side="left"
          className="w-full max-w-md gap-0 overflow-y-hidden"
          // Focus the sheet, not its first field: on a phone that would open the keyboard over the filters.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
        >
          <SheetHeader>
            <SheetTitle>Фильтры</SheetTitle>
            <SheetDescription className="sr-only">Список меняется сразу, как выбран фильтр</SheetDescription>
          </SheetHeader>
          <SheetBody className="min-h-0 overflow-y-auto py-4">
            <FilterPanel id="filters-sheet" data={data} chosen={chosen} inSheet />
          </SheetBody>
          <SheetFooter>
            <SheetClose asChild>
              <Button size="lg">{data ? `Показать ${productsCount(data.total)}` : 'Показать товары'}</Button>
            </SheetClose>
          </SheetFooter>
        </SheetContent>
      </Sheet>
    </div>
  );
}
