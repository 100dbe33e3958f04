import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { savedListMutations } from './saved-list-mutations.ts';
import type { AddressPatch, AddressValues } from '#shared/schemas/address.ts';
import type { Address } from '#shared/types.ts';

/** GET /api/addresses: the logged-in user's delivery addresses, the default first. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: ['addresses'],
    queryFn: async ({ client, signal }) => (await apiRequest<{ addresses: Address[] }>('/api/addresses', { client, signal })).addresses,
  });

/** Add, edit (`{ isDefault: true }` makes one the default address) and delete. */
export const {
  useCreate: useCreateAddress,
  useUpdate: useUpdateAddress,
  useDelete: useDeleteAddress,
} = savedListMutations<Address, AddressValues, AddressPatch>('/api/addresses', addressesQuery().queryKey);
