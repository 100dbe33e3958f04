import { adminListPage } from '#client/features/admin/lib/list-page.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { OrderStatus } from '#shared/constants.ts';
import type { OrderEdit, OrderStatusChange } from '#shared/schemas/admin-order.ts';
import type { RefundRequest } from '#shared/schemas/payments.ts';
import type { AdminOrderDetail, AdminOrderSummary, OrderComment } from '#shared/types.ts';
import { useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

export type OrderEditInput = Partial<OrderEdit>;

export type OrderStatusFilter = 'all' | OrderStatus;
/** `branch`: a branch id as text ('' = every branch). */
export type AdminOrderFilters = { query: string; status: OrderStatusFilter; startDate: string; endDate: string; branch: string; page: number };

/** GET /api/orders: the staff list, 10 a page, fresh for 30 s (spec 7, 9). */
export const adminOrdersQuery = (filters: AdminOrderFilters) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'list', filters],
    queryFn: adminListPage<{ orders: AdminOrderSummary[]; total: number }>('/api/orders', {
      query: filters.query.trim(),
      status: filters.status,
      startDate: filters.startDate,
      endDate: filters.endDate,
      branchId: filters.branch,
      page: filters.page,
    }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** One order with its lines and status history. */
export const adminOrderQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: ({ client, signal }) => apiRequest<AdminOrderDetail>(`/api/admin/orders/${id}`, { client, signal }),
    staleTime: 0,
    retry: false,
  });

/**
 * Changes an order's status or payment status. The open order shows the answer at once; the
 * lists and the dashboard's figures are read again.
 */
export function useChangeOrderStatus(id: number, callbacks: MutationCallbacks<AdminOrderDetail, OrderStatusChange>) {
  return useStaffMutation(
    (change: OrderStatusChange) => apiRequest<AdminOrderDetail>(`/api/orders/${id}/status`, { method: 'PATCH', body: change }),
    (updated, _change, queryClient) => {
      queryClient.setQueryData(adminOrderQuery(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
    callbacks,
  );
}

/**
 * Returns money of a paid online order (all or part): the server asks YooKassa and answers with
 * the order as it is now, which the open order shows; the lists are read again.
 */
export function useRefundOrder(id: number, callbacks: MutationCallbacks<AdminOrderDetail, RefundRequest>) {
  return useStaffMutation(
    (refund: RefundRequest) => apiRequest<AdminOrderDetail>(`/api/admin/orders/${id}/refunds`, { method: 'POST', body: refund }),
    (updated, _refund, queryClient) => {
      queryClient.setQueryData(adminOrderQuery(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
    callbacks,
  );
}

/** The open order answered by a staff tool: shown at once, the lists read again. */
function useOrderTool<Body>(id: number, request: (body: Body) => Promise<AdminOrderDetail | unknown>, callbacks: MutationCallbacks<unknown, Body>) {
  return useStaffMutation(
    request,
    (_answer, _body, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: adminOrderQuery(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
    callbacks,
  );
}

/** PUT /api/admin/orders/{id}/lines: quantities, added products, delivery price. */
export const useEditOrder = (id: number, callbacks: MutationCallbacks<unknown, OrderEditInput>) =>
  useOrderTool(id, (body: OrderEditInput) => apiRequest<AdminOrderDetail>(`/api/admin/orders/${id}/lines`, { method: 'PUT', body }), callbacks);

/** POST /api/admin/orders/{id}/comments. */
export const useAddOrderComment = (id: number, callbacks: MutationCallbacks<unknown, string>) =>
  useOrderTool(id, (text: string) => apiRequest<OrderComment>(`/api/admin/orders/${id}/comments`, { method: 'POST', body: { text } }), callbacks);

/** POST /api/admin/orders/{id}/payment-link. */
export const useSendPaymentLink = (id: number, callbacks: MutationCallbacks<unknown, void>) =>
  useOrderTool(id, () => apiRequest<{ sentTo: string }>(`/api/admin/orders/${id}/payment-link`, { method: 'POST' }), callbacks);

/** Products found by SKU or name for adding to an order (any status: the server refuses hidden ones). */
export const findProducts = (query: string) =>
  apiRequest<{ products: { id: number; name: string; sku: string; price: number | null; isActive: boolean }[] }>(
    `/api/products${toQueryString({ status: 'all', query, limit: 5 })}`,
  );

/** «Товар прибыл в филиал»: the order's transferred lines are at its pickup branch; it becomes «Готов к выдаче». */
export function useTransferArrived(id: number, callbacks: MutationCallbacks<AdminOrderDetail, void>) {
  return useStaffMutation(
    () => apiRequest<AdminOrderDetail>(`/api/admin/orders/${id}/transfer-arrived`, { method: 'POST' }),
    (updated, _none, queryClient) => {
      queryClient.setQueryData(adminOrderQuery(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
    callbacks,
  );
}
