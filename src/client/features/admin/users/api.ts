import { adminListPage } from '#client/features/admin/lib/list-page.ts';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { Role } from '#shared/constants.ts';
import type { AdminUserCreate, AdminUserUpdate } from '#shared/schemas/admin-user.ts';
import type { AdminCustomerCard, AdminUser } from '#shared/types.ts';
import { saveTo, useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

export type UserRoleFilter = 'all' | Role;
export type UserStatusFilter = 'all' | 'true' | 'false';
/** The filters of the spec's list state (query, role, isActive); with the page and limit (default 10) below. */
export type UserListFilters = { query: string; role: UserRoleFilter; isActive: UserStatusFilter };
export type AdminUserFilters = UserListFilters & { page: number; limit?: number };

export const NO_USER_FILTERS: UserListFilters = { query: '', role: 'all', isActive: 'all' };

/** GET /api/admin/users: fresh 1 min, kept 5 min (spec 7). */
export const adminUsersQuery = (filters: AdminUserFilters) =>
  queryOptions({
    queryKey: ['admin', 'users', 'list', filters],
    queryFn: adminListPage<{ users: AdminUser[]; total: number }>(
      '/api/admin/users',
      { query: filters.query.trim(), role: filters.role, isActive: filters.isActive, page: filters.page },
      filters.limit,
    ),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/{id}/card: read each time the card opens. */
export const customerCardQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'users', 'card', id],
    queryFn: ({ client, signal }) => apiRequest<AdminCustomerCard>(`/api/admin/users/${id}/card`, { client, signal }),
    staleTime: 0,
  });

/** The list is read again after every successful create, update or status change (spec 4). */
const invalidateUsers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);

const usersChanged = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => {
  void invalidateUsers(queryClient);
};

/** Creates a user, or updates `editing`. */
export function useSaveUser(editing: AdminUser | null, callbacks: MutationCallbacks<AdminUser, AdminUserCreate | AdminUserUpdate>) {
  return useStaffMutation((body: AdminUserCreate | AdminUserUpdate) => saveTo<AdminUser>('/api/admin/users', editing?.id ?? null, body), usersChanged, callbacks);
}

type ActiveChange = { user: AdminUser; isActive: boolean };

/** Blocks (ending all the user's sessions) or activates a user. */
export function useSetUserActive(callbacks: MutationCallbacks<AdminUser, ActiveChange>) {
  return useStaffMutation(
    ({ user, isActive }: ActiveChange) => apiRequest<AdminUser>(`/api/admin/users/${user.id}/status`, { method: 'PATCH', body: { isActive } }),
    usersChanged,
    callbacks,
  );
}
