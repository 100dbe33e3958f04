import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { savedListMutations } from './saved-list-mutations.ts';
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

export const {
  useCreate: useCreateOrganization,
  useUpdate: useUpdateOrganization,
  useDelete: useDeleteOrganization,
} = savedListMutations<Organization, OrganizationValues, OrganizationPatch>('/api/organizations', ORGANIZATIONS_KEY);
