import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { ensureCartId, useCartCache } from '#client/lib/cart.ts';
import type { CartLinesResult, SkuListCheck, SkuListFile } from '#shared/schemas/sku-list.ts';

/** A list checked, or why the server refused to (an empty list, over 200 lines, too many checks). */
export type SkuCheckAnswer = { check: SkuListCheck; error: null } | { check: null; error: string };

/** The list of the page's address (`?list=`), as the plain form and the page's own submit put it there. */
export const listOf = (params: URLSearchParams) => params.get('list') ?? '';

/**
 * POST /api/sku-list/check. A refusal is an answer to show beside the list, not a failure of the
 * page: it is kept (and sent with the server's page) like a result.
 */
export const skuCheckQuery = (text: string) =>
  queryOptions({
    queryKey: ['sku-list', 'check', text],
    queryFn: async ({ client, signal }): Promise<SkuCheckAnswer> => {
      try {
        return { check: await apiRequest<SkuListCheck>('/api/sku-list/check', { method: 'POST', body: { text }, client, signal }), error: null };
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { check: null, error: error.message };
        throw error;
      }
    },
    // Prices and stock move: a list checked again after a while is read again.
    staleTime: 60_000,
  });

/** A list in the address is checked before the page renders, on the server too. */
export const skuListLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const list = listOf(new URL(request.url).searchParams);
    if (list.trim()) await queryClient.prefetchQuery(skuCheckQuery(list));
    return null;
  };

/** POST /api/sku-list/file: the file's list and its check, kept as the check of that list. */
export function useUploadSkuFile(onRead: (text: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<SkuListFile>('/api/sku-list/file', { method: 'POST', body: form });
    },
    onSuccess: ({ text, check }) => {
      queryClient.setQueryData(skuCheckQuery(text).queryKey, { check, error: null });
      onRead(text);
    },
  });
}

/** POST /api/cart/{cartId}/sku-list: the header's count and the cart page follow the answer's cart. */
export function useAddSkuList() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: (text: string) => apiRequest<CartLinesResult>(`/api/cart/${ensureCartId()}/sku-list`, { method: 'POST', body: { text } }),
    onSuccess: (result) => cache.set(result.cart),
  });
}
