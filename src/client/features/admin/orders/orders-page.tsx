import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import { pluralRu } from '#shared/plural.ts';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { adminOrdersQuery } from './api.ts';
import { periodReversed } from '#client/features/admin/components/period-filter.tsx';
import { NO_ORDER_FILTERS, OrderFilters, isFiltered, readOrderFilters } from './order-filters.tsx';
import { OrderDetailDialog } from './order-detail-dialog.tsx';
import { OrderStatusDialog, type StatusTarget } from './order-status-dialog.tsx';
import { OrderCards, OrdersTable } from './orders-list.tsx';

const ordersFound = (n: number) => `Найдено: ${n} ${pluralRu(n, 'заказ', 'заказа', 'заказов')}`;

export default function OrdersPage() {
  useAdminTitle('Заказы');
  const [filters, setFilters] = useListFilters(readOrderFilters, NO_ORDER_FILTERS);
  const reversed = periodReversed(filters);
  const list = useQuery({ ...adminOrdersQuery(filters), enabled: !reversed });
  const [detailId, setDetailId] = useState<number | null>(null);
  const [statusTarget, setStatusTarget] = useState<StatusTarget | null>(null);

  const total = list.data?.total ?? 0;
  const totalPages = totalPagesOf(total, ADMIN_PAGE_SIZE);
  useLastPageAtMost(filters.page, totalPages, Boolean(list.data) && !list.isPlaceholderData, (page) => setFilters({ page }));

  const orders = list.data?.orders ?? [];
  return (
    <>
      <PageHeader title="Заказы" description={list.data ? ordersFound(total) : 'Заказы покупателей, их статусы и оплата'} />
      <OrderFilters filters={filters} onChange={setFilters} />

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
          <ListPagination className="mt-6" page={filters.page} totalPages={totalPages} onPageChange={(page) => setFilters({ page })} />
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
