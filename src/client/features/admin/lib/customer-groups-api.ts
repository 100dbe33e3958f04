import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { saveTo, useStaffMutation } from './staff-mutation.ts';
import type { CustomerGroup, CustomerGroupInput, CustomerGroupList } from '#shared/schemas/customer-groups.ts';

/** GET /api/admin/customer-groups: the groups with their customers' counts and the price types 1C sent. */
export const customerGroupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'customer-groups'],
    queryFn: ({ client, signal }) => apiRequest<CustomerGroupList>('/api/admin/customer-groups', { client, signal }),
  });

/** A group's save or deletion changes the list and the customers' cards that name it. */
const groupsChanged = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: customerGroupsQuery().queryKey });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
};

/** Creates a group (`editing` null) or saves one. */
export function useSaveCustomerGroup(editing: CustomerGroup | null, callbacks: MutationCallbacks<CustomerGroup, CustomerGroupInput>) {
  return useStaffMutation((body: CustomerGroupInput) => saveTo<CustomerGroup>('/api/admin/customer-groups', editing?.id ?? null, body, 'PUT'), groupsChanged, callbacks);
}

export function useDeleteCustomerGroup(callbacks: MutationCallbacks<void, CustomerGroup>) {
  return useStaffMutation((group: CustomerGroup) => apiRequest<void>(`/api/admin/customer-groups/${group.id}`, { method: 'DELETE' }), groupsChanged, callbacks);
}

/** Puts a customer in a group, or back in «Розница» (null). */
export function useSetCustomerGroup(userId: number, callbacks: MutationCallbacks<unknown, number | null>) {
  return useStaffMutation(
    (groupId: number | null) => apiRequest<unknown>(`/api/admin/users/${userId}/customer-group`, { method: 'PUT', body: { groupId } }),
    groupsChanged,
    callbacks,
  );
}
