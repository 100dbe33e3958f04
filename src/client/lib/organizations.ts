import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import type { Organization, OrganizationLookup, OrganizationsAnswer } from '#shared/organizations.ts';
import type { OrganizationPatch, OrganizationValues } from '#shared/schemas/organization.ts';

/** Every cached answer about the customer's organisations lives under this key: a change refreshes them all. */
const ORGANIZATIONS_KEY = ['organizations'] as const;

/**
 * GET /api/organizations: the customer's organisations, and whether an ИНН can be looked up
 * (DaData is configured). The whole answer under a key of its own below ORGANIZATIONS_KEY, so a
 * query that keeps only the list there (checkout's) never reads this shape, nor this one its.
 */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: [...ORGANIZATIONS_KEY, 'answer'],
    queryFn: ({ client, signal }) => apiRequest<OrganizationsAnswer>('/api/organizations', { client, signal }),
  });

/** GET /api/organizations/lookup: the requisites registered under a ИНН (only when `innLookup`). */
export const lookupOrganization = (inn: string, signal?: AbortSignal) =>
  apiRequest<OrganizationLookup>(`/api/organizations/lookup?inn=${encodeURIComponent(inn)}`, { signal });

function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
}

export function useCreateOrganization() {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (input: OrganizationValues) => apiRequest<Organization>('/api/organizations', { method: 'POST', body: input }),
    onSettled: refresh,
  });
}

export function useUpdateOrganization() {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: OrganizationPatch }) => apiRequest<Organization>(`/api/organizations/${id}`, { method: 'PATCH', body: patch }),
    onSettled: refresh,
  });
}

export function useDeleteOrganization() {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/organizations/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
