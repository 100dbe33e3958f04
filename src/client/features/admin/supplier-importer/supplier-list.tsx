import { Truck } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { formatDateTime } from '#shared/dates.ts';
import { productsCount } from '#shared/plural.ts';
import type { Supplier } from '#shared/schemas/supplier-import.ts';
import { ImportStatusBadge } from './format.tsx';

/**
 * The suppliers to pick from, in a row above the chosen one (scrolling sideways on a phone).
 * Each says its products and how its last import went.
 */
export function SupplierList({ suppliers, selectedId, onSelect }: { suppliers: Supplier[]; selectedId: number; onSelect: (id: number) => void }) {
  return (
    <nav aria-label="Поставщики" className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:overflow-visible sm:px-0 sm:pb-0">
      <ul className="flex gap-2 sm:grid sm:grid-cols-[repeat(auto-fill,minmax(15rem,1fr))]">
        {suppliers.map((supplier) => {
          const selected = supplier.id === selectedId;
          const last = supplier.lastImport;
          return (
            <li key={supplier.id} className="w-60 shrink-0 sm:w-auto">
              <button
                type="button"
                onClick={() => onSelect(supplier.id)}
                aria-current={selected ? 'true' : undefined}
                data-testid="supplier-item"
                className={cn(
                  'grid h-full w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:border-foreground/40',
                  selected && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="flex items-center gap-2 font-semibold">
                  <Truck className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="truncate">{supplier.name}</span>
                  {supplier.code !== supplier.name && <span className="truncate text-xs font-normal text-muted-foreground">{supplier.code}</span>}
                </span>
                <span className="text-muted-foreground">{productsCount(supplier.productCount)}</span>
                {last ? (
                  <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                    <ImportStatusBadge status={last.status} />
                    {formatDateTime(last.createdAt)}
                  </span>
                ) : (
                  <span className="text-xs text-muted-foreground">Импортов ещё не было</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
