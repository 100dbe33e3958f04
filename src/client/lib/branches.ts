import { queryOptions, useQuery } from '@tanstack/react-query';
import { CITY_COOKIE, HEAD_BRANCH_SLUG, type Branch } from '#shared/schemas/branches.ts';
import type { BranchTransfer } from '#shared/transfers.ts';
import { apiRequest } from './api.ts';

/** GET /api/branches: the branches in display order; they change rarely. */
export const branchesQuery = () =>
  queryOptions({
    queryKey: ['branches'],
    queryFn: ({ client, signal }) => apiRequest<Branch[]>('/api/branches', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });

/** GET /api/branches/transfers: the days goods take between branches (the product page's «Можно забрать … через 2 дня»). */
export const branchTransfersQuery = () =>
  queryOptions({
    queryKey: ['branches', 'transfers'],
    queryFn: ({ client, signal }) => apiRequest<BranchTransfer[]>('/api/branches/transfers', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });

/**
 * The customer's city (a branch slug, '' for none): the server render puts the city cookie's
 * value here and it travels to the browser with the page's data, so both render the same. It
 * changes only through the header's form, which reloads the page.
 */
export const CITY_QUERY_KEY = ['city'] as const;

/**
 * The city cookie as the browser holds it: what the query reads again when it is refetched
 * (login and logout refetch every query), so the city stays what the customer chose.
 */
const cityCookie = () => (typeof document === 'undefined' ? '' : (new RegExp(`(?:^|; )${CITY_COOKIE}=([^;]*)`).exec(document.cookie)?.[1] ?? ''));
export const citySlugQuery = () => queryOptions({ queryKey: CITY_QUERY_KEY, queryFn: cityCookie, staleTime: Infinity });

export const useBranches = (): Branch[] => useQuery(branchesQuery()).data ?? [];

/** The branch of the customer's city; the head office until they choose. */
export function useCityBranch(): Branch | null {
  const branches = useBranches();
  const slug = useQuery(citySlugQuery()).data;
  return branches.find((b) => b.slug === slug) ?? branches.find((b) => b.slug === HEAD_BRANCH_SLUG) ?? branches[0] ?? null;
}
