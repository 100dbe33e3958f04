import { useQuery } from '@tanstack/react-query';
import { Card } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '#shared/constants.ts';
import { dayParam, PeriodInputs, PeriodReversedAlert } from '#client/features/admin/components/period-filter.tsx';
import { ResetFiltersButton } from '#client/features/admin/components/reset-filters-button.tsx';
import { SearchBox } from '#client/features/admin/components/search-box.tsx';
import { branchesQuery } from '#client/lib/branches.ts';
import type { AdminOrderFilters, OrderStatusFilter } from './api.ts';

const isStatusFilter = (value: string | null): value is OrderStatusFilter =>
  value === 'all' || (ORDER_STATUSES as readonly string[]).includes(value ?? '');

type FilterFields = Omit<AdminOrderFilters, 'page'>;
export const NO_ORDER_FILTERS: FilterFields = { query: '', status: 'all', startDate: '', endDate: '', branch: '' };

/** The list's filters as the address gives them; an unknown status or a malformed day is no filter. */
export function readOrderFilters(params: URLSearchParams): FilterFields {
  const status = params.get('status');
  return {
    query: params.get('query') ?? '',
    status: isStatusFilter(status) ? status : 'all',
    startDate: dayParam(params, 'startDate'),
    endDate: dayParam(params, 'endDate'),
    branch: /^\d{1,9}$/.test(params.get('branch') ?? '') ? params.get('branch')! : '',
  };
}

export const isFiltered = (f: FilterFields) => Boolean(f.query || f.status !== 'all' || f.startDate || f.endDate || f.branch);

/**
 * Search, status, branch (orders collected there or taking stock from it) and a date range; a
 * range given backwards is pointed out instead of searched.
 */
export function OrderFilters({ filters, onChange }: { filters: AdminOrderFilters; onChange: (patch: Partial<AdminOrderFilters>) => void }) {
  const { data: branches } = useQuery(branchesQuery());
  return (
    <Card className="mb-4 p-4">
      {/* Two rows on wide screens: six filters in one would squeeze the selects' texts. */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:items-end">
        <div className="col-span-2 grid gap-1.5">
          <Label htmlFor="orders-query">Поиск</Label>
          <SearchBox id="orders-query" value={filters.query} onChange={(query) => onChange({ query })} placeholder="Номер, имя, email или телефон" />
        </div>
        <div className="col-span-2 grid gap-1.5 md:col-span-1">
          <Label htmlFor="orders-status">Статус</Label>
          <NativeSelect id="orders-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as OrderStatusFilter })}>
            <option value="all">Все статусы</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1.5 md:col-span-1">
          <Label htmlFor="orders-branch">Филиал</Label>
          <NativeSelect id="orders-branch" value={filters.branch} onChange={(e) => onChange({ branch: e.target.value })}>
            <option value="">Все филиалы</option>
            {branches?.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.city}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PeriodInputs idPrefix="orders" period={filters} onChange={onChange} />
        <ResetFiltersButton filtered={isFiltered(filters)} onReset={() => onChange(NO_ORDER_FILTERS)} className="col-span-2 md:col-span-1 lg:col-start-4" />
      </div>
      <PeriodReversedAlert period={filters} />
    </Card>
  );
}
