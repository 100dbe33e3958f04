import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';

/** The `queryFn` of a page of an admin list: the filters in the query string (empty ones left out), `limit` rows. */
export const adminListPage =
  <T>(path: string, params: Parameters<typeof toQueryString>[0], limit = ADMIN_PAGE_SIZE) =>
  ({ client, signal }: { client: QueryClient; signal: AbortSignal }) =>
    apiRequest<T>(`${path}${toQueryString({ ...params, limit })}`, { client, signal });
