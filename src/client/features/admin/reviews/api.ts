import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { AdminReviewsResponse, ReviewStatus } from '#shared/schemas/review.ts';
import { useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

export const adminReviewsQuery = (status: ReviewStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'reviews', status, page],
    queryFn: ({ signal }) => apiRequest<AdminReviewsResponse>(`/api/admin/reviews?status=${status}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

type Moderation = { id: number; action: 'approve' } | { id: number; action: 'reject'; reason: string } | { id: number; action: 'reply'; text: string };

const requestOf = (m: Moderation) =>
  m.action === 'approve'
    ? apiRequest(`/api/admin/reviews/${m.id}/approve`, { method: 'POST' })
    : m.action === 'reject'
      ? apiRequest(`/api/admin/reviews/${m.id}/reject`, { method: 'POST', body: { reason: m.reason } })
      : apiRequest(`/api/admin/reviews/${m.id}/reply`, { method: 'PUT', body: { text: m.text } });

/** Approve, reject or reply; the lists and their counts are read again (the storefront reads reviews uncached). */
export function useModerateReview(callbacks: MutationCallbacks<unknown, Moderation> = {}) {
  return useStaffMutation(
    requestOf,
    (_answer, _moderation, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] });
    },
    callbacks,
  );
}
