import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { apiRequest } from '#client/lib/api.ts';
import { listProductsKey } from '#client/lib/list-changes.ts';
import { listsQuery } from '#client/lib/lists.ts';
import { toast } from '#client/components/ui/toast-store.ts';
import type { ListKind, ListsSummary } from '#shared/product-lists.ts';
import type { Product } from '#shared/types.ts';

/** A list's products (the comparison's with their characteristics), private to the browser or account. */
export const listProductsQuery = (kind: ListKind) =>
  queryOptions({
    queryKey: listProductsKey(kind),
    queryFn: async ({ client, signal }) => (await apiRequest<{ products: Product[] }>(`/api/lists/${kind}`, { client, signal })).products,
  });

/** The page's products are fetched before it renders, on the server too. */
export const listLoader =
  (kind: ListKind) =>
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(listProductsQuery(kind));
    return null;
  };

/** Empties a list: the header's counter and the page follow the server's answer. */
export function useClearList(kind: ListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ListsSummary>(`/api/lists/${kind}`, { method: 'DELETE' }),
    onSuccess: (summary) => {
      queryClient.setQueryData(listsQuery().queryKey, summary);
      queryClient.setQueryData(listProductsKey(kind), []);
    },
    onError: (error) => toast({ title: 'Ошибка', description: error.message, variant: 'destructive' }),
  });
}
