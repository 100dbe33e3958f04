import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { CITY_QUERY_KEY } from './branches.ts';
import type { PaymentStart } from '#shared/schemas/payments.ts';
import type { Order } from '#shared/types.ts';

/** GET /api/orders/{id}: the owner's (or staff's) view of one order. */
export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ client, signal }) => apiRequest<Order>(`/api/orders/${id}`, { client, signal }),
  });

/**
 * After an order is placed: stock, the cart and order lists, the saved addresses and the
 * session's name and phone (the order fills an empty profile) may have changed. Active queries
 * other than the shell's settings, categories and city (the server render's, which a refetch
 * would empty) are refetched; the rest are marked stale.
 */
export function refreshAfterOrder(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData(orderQuery(order.id).queryKey, order);
  void queryClient.invalidateQueries({
    predicate: (q) => !['settings', 'categories', ...CITY_QUERY_KEY].includes(String(q.queryKey[0])) && !(q.queryKey[1] === 'detail' && q.queryKey[2] === order.id),
  });
}

/**
 * POST /api/orders/{id}/payment: resumes the order's unfinished payment or starts a new one.
 * The caller sends the customer to the answer's page (YooKassa's, outside the app).
 */
export const startOrderPayment = (id: number) => apiRequest<PaymentStart>(`/api/orders/${id}/payment`, { method: 'POST' });

/** Leaves the app for the payment page: a full navigation, the browser history keeps the order page. */
export const goToPayment = (confirmationUrl: string) => window.location.assign(confirmationUrl);
