import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import type { AddressPatch, AddressValues } from '#shared/schemas/address.ts';
import type { Address } from '#shared/types.ts';

/** GET /api/addresses: the logged-in user's delivery addresses, the default first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: ['addresses'],
    queryFn: async ({ client, signal }) => (await apiRequest<{ addresses: Address[] }>('/api/addresses', { client, signal })).addresses,
  });

function useRefreshAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressesQuery().queryKey });
}

export function useCreateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (input: AddressValues) => apiRequest<Address>('/api/addresses', { method: 'POST', body: input }),
    onSettled: refresh,
  });
}

/** PATCH /api/addresses/{id}: edit, or `{ isDefault: true }` to make it the default address. */
export function useUpdateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AddressPatch }) => apiRequest<Address>(`/api/addresses/${id}`, { method: 'PATCH', body: patch }),
    onSettled: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/addresses/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
