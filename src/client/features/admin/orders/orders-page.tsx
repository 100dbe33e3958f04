import { useQuery } from '@tanstack/react-query';
import { Eye, PackageOpen, Pencil, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { ADMIN_MAX_PAGE_BUTTONS, ADMIN_PAGE_SIZE, ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '#shared/constants.ts';
import { formatDate, formatDateTime, formatTime, isValidDay } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { adminPageItems, totalPagesOf } from '#shared/pagination.ts';
import { pluralRu } from '#shared/plural.ts';
import type { AdminOrderSummary } from '#shared/types.ts';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { SearchBox } from '#client/features/admin/components/search-box.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { adminOrdersQuery, type AdminOrderFilters, type OrderStatusFilter } from './api.ts';
import { PaymentStatusBadge } from './order-badges.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { OrderStatusDialog, type StatusTarget } from './order-status-dialog.tsx';

const isStatusFilter = (value: string | null): value is OrderStatusFilter =>
  value === 'all' || (ORDER_STATUSES as readonly string[]).includes(value ?? '');

type FilterFields = Omit<AdminOrderFilters, 'page'>;
const NO_FILTERS: FilterFields = { query: '', status: 'all', startDate: '', endDate: '' };

function readFilters(params: URLSearchParams): FilterFields {
  const status = params.get('status');
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isValidDay(value) ? value : '';
  };
  return {
    query: params.get('query') ?? '',
    status: isStatusFilter(status) ? status : 'all',
    startDate: day('startDate'),
    endDate: day('endDate'),
  };
}

const isFiltered = (f: FilterFields) => Boolean(f.query || f.status !== 'all' || f.startDate || f.endDate);
const datesReversed = (f: FilterFields) => Boolean(f.startDate && f.endDate && f.startDate > f.endDate);

function Filters({ filters, onChange }: { filters: AdminOrderFilters; onChange: (patch: Partial<AdminOrderFilters>) => void }) {
  const reversed = datesReversed(filters);
  return (
    <Card className="mb-4 p-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="col-span-2 grid gap-1.5 lg:col-span-1">
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
        <div className="grid gap-1.5">
          <Label htmlFor="orders-start">Дата с</Label>
          <Input
            id="orders-start"
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(e) => onChange({ startDate: isValidDay(e.target.value) ? e.target.value : '' })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="orders-end">Дата по</Label>
          <Input
            id="orders-end"
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(e) => onChange({ endDate: isValidDay(e.target.value) ? e.target.value : '' })}
            aria-invalid={reversed ? true : undefined}
          />
        </div>
        <Button
          variant="outline"
          disabled={!isFiltered(filters)}
          onClick={() => onChange(NO_FILTERS)}
          className="col-span-2 md:col-span-1"
        >
          <X aria-hidden />
          Сбросить
        </Button>
      </div>
      {reversed && (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          Дата начала позже даты окончания
        </p>
      )}
    </Card>
  );
}

type RowProps = { onDetails: (id: number) => void; onStatus: (target: StatusTarget) => void };

function RowButtons({ order, onDetails, onStatus, compact }: { order: AdminOrderSummary; compact?: boolean } & RowProps) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="outline"
        size={compact ? 'icon-sm' : 'sm'}
        onClick={() => onDetails(order.id)}
        aria-label={`Детали заказа №${order.id}`}
        title="Детали заказа"
      >
        <Eye aria-hidden />
        {!compact && 'Детали'}
      </Button>
      <Button
        variant="outline"
        size={compact ? 'icon-sm' : 'sm'}
        onClick={() => onStatus({ id: order.id, status: order.status, paymentStatus: order.paymentStatus })}
        aria-label={`Изменить статус заказа №${order.id}`}
        title="Изменить статус"
      >
        <Pencil aria-hidden />
        {!compact && 'Статус'}
      </Button>
    </div>
  );
}

function OrdersTable({ orders, ...actions }: { orders: AdminOrderSummary[] } & RowProps) {
  return (
    <Table containerClassName="hidden md:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>№</TableHead>
          <TableHead>Дата</TableHead>
          <TableHead>Покупатель</TableHead>
          <TableHead className="text-right">Сумма</TableHead>
          <TableHead>Оплата</TableHead>
          <TableHead>Статус</TableHead>
          <TableHead className="text-right">Действия</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id} data-testid="admin-order-row">
            <TableCell className="font-semibold tabular-nums">{order.id}</TableCell>
            <TableCell className="tabular-nums">
              {/* '21 ноября 2026 г., 14:05' on two lines */}
              <span className="block">{formatDate(order.createdAt)},</span>{' '}
              <span className="block text-xs text-muted-foreground">{formatTime(order.createdAt)}</span>
            </TableCell>
            <TableCell className="max-w-56 min-w-44 whitespace-normal">
              <span className="block font-medium">{order.customerName}</span>
              <span className="block truncate text-xs text-muted-foreground">{order.customerEmail}</span>
              <span className="block truncate text-xs text-muted-foreground">{order.customerPhone}</span>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatRub(order.totalAmount)}</TableCell>
            <TableCell>
              <span className="flex flex-col items-start gap-1">
                <span className="text-xs text-muted-foreground">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
                <PaymentStatusBadge status={order.paymentStatus} />
              </span>
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={order.status} />
            </TableCell>
            <TableCell>
              <RowButtons order={order} compact {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OrderCards({ orders, ...actions }: { orders: AdminOrderSummary[] } & RowProps) {
  return (
    <ul className="grid gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order.id} data-testid="admin-order-card">
          <Card className="gap-2 p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold">Заказ №{order.id}</p>
                <p className="text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</p>
              </div>
              <p className="font-semibold tabular-nums">{formatRub(order.totalAmount)}</p>
            </div>
            <p className="text-sm break-words">
              {order.customerName}
              <span className="block text-xs break-all text-muted-foreground">
                {order.customerEmail} · {order.customerPhone}
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              <OrderStatusBadge status={order.status} />
              <PaymentStatusBadge status={order.paymentStatus} />
            </div>
            <div className="border-t pt-2">
              <RowButtons order={order} {...actions} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const ordersFound = (n: number) => `Найдено: ${n} ${pluralRu(n, 'заказ', 'заказа', 'заказов')}`;

export default function OrdersPage() {
  useAdminTitle('Заказы');
  const [filters, setFilters] = useListFilters(readFilters, NO_FILTERS);
  const reversed = datesReversed(filters);
  const list = useQuery({ ...adminOrdersQuery(filters), enabled: !reversed });
  const [detailId, setDetailId] = useState<number | null>(null);
  const [statusTarget, setStatusTarget] = useState<StatusTarget | null>(null);

  const total = list.data?.total ?? 0;
  const totalPages = totalPagesOf(total, ADMIN_PAGE_SIZE);
  // A page past the end (e.g. after a filter narrowed the list) goes to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > totalPages) setFilters({ page: totalPages });
  }, [list.data, list.isPlaceholderData, filters.page, totalPages, setFilters]);

  const orders = list.data?.orders ?? [];
  return (
    <>
      <PageHeader title="Заказы" description={list.data ? ordersFound(total) : 'Заказы покупателей, их статусы и оплата'} />
      <Filters filters={filters} onChange={setFilters} />

      {list.isError ? (
        <LoadError title="Не удалось загрузить заказы" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending && !reversed ? (
        <ListSkeleton label="Загрузка заказов" />
      ) : orders.length === 0 ? (
        <Card className="items-center gap-2 p-10 text-center">
          <PackageOpen className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">Заказов не найдено</p>
          <p className="text-sm text-muted-foreground">
            {isFiltered(filters)
              ? 'Измените условия поиска или сбросьте фильтры.'
              : 'Когда покупатели оформят заказы, они появятся здесь.'}
          </p>
        </Card>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <OrdersTable orders={orders} onDetails={setDetailId} onStatus={setStatusTarget} />
          <OrderCards orders={orders} onDetails={setDetailId} onStatus={setStatusTarget} />
          <Pagination
            className="mt-6"
            items={adminPageItems(filters.page, totalPages, ADMIN_MAX_PAGE_BUTTONS)}
            current={filters.page}
            totalPages={totalPages}
            onPageChange={(page) => setFilters({ page })}
          />
        </div>
      )}

      <OrderDetailDialog
        orderId={detailId}
        onClose={() => setDetailId(null)}
        onChangeStatus={(target) => {
          setDetailId(null);
          setStatusTarget(target);
        }}
      />
      <OrderStatusDialog order={statusTarget} onClose={() => setStatusTarget(null)} />
    </>
  );
}
