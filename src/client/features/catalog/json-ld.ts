import { absoluteUrl } from '#client/lib/json-ld.ts';
import { hasPrice } from '#shared/money.ts';
import type { ProductReviewsResponse } from '#shared/schemas/review.ts';
import type { Product } from '#shared/types.ts';

/** The shown page's approved reviews for search engines; nothing at all without them (never a made-up rating). */
function reviewsJsonLd(reviews: ProductReviewsResponse | undefined): Record<string, unknown> {
  if (!reviews || reviews.rating.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.rating.average,
      reviewCount: reviews.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** schema.org Product with its Offer (price in RUB, availability) and, when customers reviewed it, their rating and reviews. */
export function productJsonLd(origin: string, product: Product, path: string, description: string, reviews?: ProductReviewsResponse): object {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description,
    url: absoluteUrl(origin, path),
    ...reviewsJsonLd(reviews),
  };
  if (product.imageUrl) data.image = absoluteUrl(origin, product.imageUrl);
  if (product.brand) data.brand = { '@type': 'Brand', name: product.brand };
  if (product.category) data.category = product.category.name;
  if (hasPrice(product.price)) {
    data.offers = {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'RUB',
      availability: (product.stock ?? 0) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: absoluteUrl(origin, path),
      sku: product.sku,
    };
  }
  return data;
}
