import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { CustomerGroup, CustomerGroupInput, CustomerGroupList } from '#shared/schemas/customer-groups.ts';

/** GET /api/admin/customer-groups: the groups with their customers' counts and the price types 1C sent. */
export const customerGroupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'customer-groups'],
    queryFn: ({ client, signal }) => apiRequest<CustomerGroupList>('/api/admin/customer-groups', { client, signal }),
  });

/** A group's save or deletion changes the list and the customers' cards that name it. */
function useGroupsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: customerGroupsQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  };
}

/** Creates a group (`editing` null) or saves one. */
export function useSaveCustomerGroup(editing: CustomerGroup | null, callbacks: MutationCallbacks<CustomerGroup, CustomerGroupInput>) {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (body: CustomerGroupInput) =>
      editing
        ? apiRequest<CustomerGroup>(`/api/admin/customer-groups/${editing.id}`, { method: 'PUT', body })
        : apiRequest<CustomerGroup>('/api/admin/customer-groups', { method: 'POST', body }),
    onSuccess: (saved, body) => {
      changed();
      callbacks.onSuccess?.(saved, body);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteCustomerGroup(callbacks: MutationCallbacks<void, CustomerGroup>) {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (group: CustomerGroup) => apiRequest<void>(`/api/admin/customer-groups/${group.id}`, { method: 'DELETE' }),
    onSuccess: (result, group) => {
      changed();
      callbacks.onSuccess?.(result, group);
    },
    onError: callbacks.onError,
  });
}

/** Puts a customer in a group, or back in «Розница» (null). */
export function useSetCustomerGroup(userId: number, callbacks: MutationCallbacks<unknown, number | null>) {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (groupId: number | null) => apiRequest<unknown>(`/api/admin/users/${userId}/customer-group`, { method: 'PUT', body: { groupId } }),
    onSuccess: (result, groupId) => {
      changed();
      callbacks.onSuccess?.(result, groupId);
    },
    onError: callbacks.onError,
  });
}
