import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { Order } from '#shared/types.ts';

/** GET /api/orders/my-orders: the customer's own orders, newest first, with their items. */
export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: async ({ client, signal }) => (await apiRequest<{ orders: Order[] }>('/api/orders/my-orders', { client, signal })).orders,
  });
