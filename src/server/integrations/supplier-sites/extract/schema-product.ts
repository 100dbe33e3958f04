import type { ProductOffer } from '#shared/schemas/web-scraper.ts';
import type { Found, Picture } from './types.ts';
import { cleanSpecs, distinctOffers, parseAvailability, parseCurrency, parsePriceKopecks } from './values.ts';

/**
 * A schema.org `Product` as a card, whichever syntax wrote it (JSON-LD or microdata): each reader
 * finds the values its own way, and they become a card here by the same rules.
 */

/** An Offer's raw values (from the offer, its price specification or its AggregateOffer) read. */
export function schemaOffer(raw: { name?: string; sku?: string; price: unknown; currency: unknown; availability: unknown }): ProductOffer {
  return {
    name: raw.name ?? null,
    sku: raw.sku ?? null,
    priceKopecks: parsePriceKopecks(raw.price) ?? null,
    currency: parseCurrency(raw.currency) ?? null,
    availability: parseAvailability(raw.availability) ?? null,
  };
}

/** `additionalProperty` pairs (name, then value and unit joined) as specs; none: absent. */
export function schemaSpecs(pairs: { name: unknown; value: (string | undefined)[] }[]) {
  const specs = cleanSpecs(pairs.map((pair) => ({ name: pair.name, value: pair.value.filter(Boolean).join(' ') })));
  return specs.length > 0 ? specs : undefined;
}

/** Pictures found; none: absent. */
export const somePictures = (pictures: Picture[]) => (pictures.length > 0 ? pictures : undefined);

/**
 * The card: the code is the product's sku, mpn or productID (`codes`, in that order), else its
 * first offer's; price, currency and availability are the first offer's.
 */
export function schemaProduct(product: {
  name: string | undefined;
  codes: (string | undefined)[];
  brand: string | undefined;
  description: string | undefined;
  pictures: Picture[] | undefined;
  specs: Found['specs'];
  breadcrumbs: string[] | undefined;
  offers: ProductOffer[];
}): Found {
  const first = product.offers[0];
  return {
    name: product.name,
    sku: product.codes.find((code) => code !== undefined) ?? first?.sku ?? undefined,
    brand: product.brand,
    priceKopecks: first?.priceKopecks ?? undefined,
    currency: first?.currency ?? undefined,
    availability: first?.availability ?? undefined,
    description: product.description,
    pictures: product.pictures,
    specs: product.specs,
    breadcrumbs: product.breadcrumbs,
    offers: distinctOffers(product.offers),
  };
}
