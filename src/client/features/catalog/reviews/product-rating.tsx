import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { pluralRu } from '#shared/plural.ts';
import { reviewsPageOf, reviewsQuery } from './api.ts';
import { RatingStars, formatRating } from '#client/components/product/rating-stars.tsx';

export const reviewsCount = (n: number) => `${n} ${pluralRu(n, 'отзыв', 'отзыва', 'отзывов')}`;

/** The reviews of the page's product as the address asks for them (rendered with the page). */
export function useProductReviews(productId: number) {
  const [params] = useSearchParams();
  return useQuery(reviewsQuery(productId, reviewsPageOf(params)));
}

/** Stars and «4,5 · 12 отзывов» under the product's name, leading to the reviews; nothing without approved reviews. */
export function ProductRating({ productId }: { productId: number }) {
  const { data } = useProductReviews(productId);
  if (!data || data.rating.count === 0) return null;
  return (
    <a href="#reviews" className="inline-flex items-center gap-2 text-sm hover:underline" data-testid="product-rating">
      <RatingStars value={data.rating.average} className="text-base" />
      <span>
        <span className="font-semibold">{formatRating(data.rating.average)}</span>
        <span className="text-muted-foreground"> · {reviewsCount(data.rating.count)}</span>
      </span>
    </a>
  );
}
