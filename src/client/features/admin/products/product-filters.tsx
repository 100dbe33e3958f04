import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import type { ProductStatusFilter } from '#shared/schemas/catalog.ts';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { SearchBox } from '#client/features/admin/components/search-box.tsx';
import type { AdminProductFilters } from './api.ts';

type Filters = Omit<AdminProductFilters, 'page'>;

const STATUS_OPTIONS: { value: ProductStatusFilter; label: string }[] = [
  { value: 'all', label: 'Все статусы' },
  { value: 'active', label: 'Активные' },
  { value: 'inactive', label: 'Неактивные' },
];

export const NO_PRODUCT_FILTERS: Filters = { query: '', categoryId: null, status: 'all' };

/** The list's filters as the address gives them; anything unknown is no filter. */
export function readProductFilters(params: URLSearchParams): Filters {
  const status = params.get('status');
  const categoryId = Number(params.get('categoryId'));
  return {
    query: params.get('query') ?? '',
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : null,
    status: status === 'active' || status === 'inactive' ? status : 'all',
  };
}

export const isFiltered = (filters: Filters) => filters.query !== '' || filters.categoryId !== null || filters.status !== 'all';

/** Search, category and status; 'Сбросить' appears once something is chosen. */
export function ProductFilters({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  const categories = useQuery(adminCategoriesQuery());
  return (
    <Card className="mb-4 p-3 sm:p-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center">
        <SearchBox
          value={filters.query}
          onChange={(query) => onChange({ query })}
          placeholder="Название или артикул"
          aria-label="Поиск товаров по названию или артикулу"
        />
        <NativeSelect
          aria-label="Категория"
          value={filters.categoryId ?? ''}
          onChange={(e) => onChange({ categoryId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Все категории</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.productCount})
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Статус" value={filters.status} onChange={(e) => onChange({ status: e.target.value as ProductStatusFilter })}>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
        {isFiltered(filters) ? (
          <Button variant="ghost" onClick={() => onChange(NO_PRODUCT_FILTERS)}>
            <X aria-hidden />
            Сбросить
          </Button>
        ) : (
          <span className="hidden md:block md:w-[7.5rem]" />
        )}
      </div>
    </Card>
  );
}
