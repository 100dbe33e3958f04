import type { QueryClient } from '@tanstack/react-query';
import { reviewsPageOf, reviewsQuery } from './api.ts';

export { ProductRating } from './product-rating.tsx';
export { ReviewsSection } from './reviews-section.tsx';

/**
 * The product page's loader reads the reviews with the product, so the server renders them (they
 * are content for search engines); a failure leaves the section to say so, never fails the page.
 */
export const prefetchReviews = (queryClient: QueryClient, productId: number, url: string) =>
  queryClient.prefetchQuery(reviewsQuery(productId, reviewsPageOf(new URL(url).searchParams)));

/** The reviews the page shows, for its JSON-LD. */
export const reviewsOfPage = (queryClient: QueryClient, productId: number, url: URL) =>
  queryClient.getQueryData(reviewsQuery(productId, reviewsPageOf(url.searchParams)).queryKey);
