import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ProductReviewsResponse, ReviewData } from '#shared/schemas/review.ts';

/** The page of the reviews list in the product page's address (`?reviewsPage=2`): links work before the script loads. */
export const REVIEWS_PAGE_PARAM = 'reviewsPage';

export const reviewsPageOf = (params: URLSearchParams) => {
  const page = Number(params.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/** A product's approved reviews and rating, and the logged-in customer's own review (never cached by the server). */
export const reviewsQuery = (productId: number, page = 1) =>
  queryOptions({
    queryKey: ['reviews', productId, page],
    queryFn: ({ client, signal }) =>
      apiRequest<ProductReviewsResponse>(`/api/products/${productId}/reviews${page > 1 ? `?page=${page}` : ''}`, { client, signal }),
  });

/**
 * Writes the review (POST /api/products/:id/reviews) or, `editing`, the customer's own waiting or
 * rejected one again (PUT …/reviews/mine); afterwards the product's reviews are read again (the
 * own review shows its status).
 */
export function useSaveReview(productId: number, editing: boolean, callbacks: MutationCallbacks<{ message: string }, ReviewData> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewData) =>
      editing
        ? apiRequest<{ message: string }>(`/api/products/${productId}/reviews/mine`, { method: 'PUT', body: input })
        : apiRequest<{ message: string }>(`/api/products/${productId}/reviews`, { method: 'POST', body: input }),
    onSuccess: async (answer, input) => {
      await queryClient.invalidateQueries({ queryKey: ['reviews', productId] });
      callbacks.onSuccess?.(answer, input);
    },
    onError: callbacks.onError,
  });
}
