import { absoluteUrl } from '#client/lib/json-ld.ts';
import { hasPrice } from '#shared/money.ts';
import type { Product } from '#shared/types.ts';

/** schema.org Product with its Offer (price in RUB, availability); no AggregateRating: the shop has no reviews. */
export function productJsonLd(origin: string, product: Product, path: string, description: string): object {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description,
    url: absoluteUrl(origin, path),
  };
  if (product.imageUrl) data.image = absoluteUrl(origin, product.imageUrl);
  if (product.supplier) data.brand = { '@type': 'Brand', name: product.supplier };
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
