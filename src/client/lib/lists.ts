import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '#client/components/ui/toast-store.ts';
import type { ListKind, ListsSummary } from '#shared/schemas/product-lists.ts';
import { apiRequest } from './api.ts';

/**
 * Favourites and comparison, kept on the server (the visitor's cookie or the account): the ids
 * in each, for the header's counters and every heart and «Сравнить». The root loader fetches
 * them, so the server renders both filled in.
 */
export const listsQuery = () =>
  queryOptions({
    queryKey: ['lists'],
    queryFn: ({ client, signal }) => apiRequest<ListsSummary>('/api/lists', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });

const EMPTY: ListsSummary = { favorites: [], compare: [] };

export const useLists = (): ListsSummary => useQuery(listsQuery()).data ?? EMPTY;

/** A list page's products query key: refreshed after each change of that list. */
export const listProductsKey = (kind: ListKind) => ['lists', kind] as const;

/**
 * Whether the product is in the list, and a toggle that shows the change at once and takes it
 * back with a toast when the server refuses it (a full list, a product gone).
 */
export function useListToggle(kind: ListKind, productId: number): [boolean, () => void] {
  const queryClient = useQueryClient();
  const listed = useLists()[kind].includes(productId);
  const key = listsQuery().queryKey;
  const toggle = () => {
    const before = queryClient.getQueryData(key) ?? EMPTY;
    const ids = before[kind].filter((id) => id !== productId);
    queryClient.setQueryData(key, { ...before, [kind]: listed ? ids : [...ids, productId] });
    apiRequest<ListsSummary>(
      listed ? `/api/lists/${kind}/${productId}` : `/api/lists/${kind}`,
      listed ? { method: 'DELETE' } : { method: 'POST', body: { productId } },
    ).then(
      (summary) => {
        queryClient.setQueryData(key, summary);
        void queryClient.invalidateQueries({ queryKey: listProductsKey(kind) });
      },
      (error: Error) => {
        queryClient.setQueryData(key, before);
        toast({ title: 'Ошибка', description: error.message, variant: 'destructive' });
      },
    );
  };
  return [listed, toggle];
}

/**
 * Favourites a browser kept in localStorage before they moved to the server: sent once on the
 * first load with the script (the key goes first, so never twice), then the lists are read again.
 */
export function useLegacyFavorites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let ids: unknown;
    try {
      ids = JSON.parse(localStorage.getItem('favorites') ?? 'null');
      localStorage.removeItem('favorites');
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    void (async () => {
      for (const productId of ids.filter(Number.isInteger)) {
        // A product gone from the shop, or a full list: the rest still go.
        await apiRequest('/api/lists/favorites', { method: 'POST', body: { productId } }).catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: listsQuery().queryKey });
    })();
  }, [queryClient]);
}
