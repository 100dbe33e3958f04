import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ProfilePasswordInput } from '#shared/schemas/own-password.ts';
import type { Order } from '#shared/types.ts';

/** GET /api/orders/my-orders: the customer's own orders, newest first, with their items. */
export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: async ({ client, signal }) => (await apiRequest<{ orders: Order[] }>('/api/orders/my-orders', { client, signal })).orders,
  });

/** POST /api/profile/password: the user's other sessions end, this one stays. */
export function useChangePassword(callbacks: MutationCallbacks<{ message: string }, ProfilePasswordInput>) {
  return useMutation({
    mutationFn: (input: ProfilePasswordInput) => apiRequest<{ message: string }>('/api/profile/password', { method: 'POST', body: input }),
    ...callbacks,
  });
}
