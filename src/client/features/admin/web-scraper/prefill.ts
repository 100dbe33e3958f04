import { productFieldsOf, withSpecs, type ScrapeChoice } from '#shared/scraped-product.ts';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';
import type { ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';

/** The product form's text for the card's values and the staff's choices (offer, main picture). */
export function prefillFrom(result: ScrapeResult, choice: ScrapeChoice): ProductPrefill {
  // The product form has no characteristics to fill: the page's specifications follow the description.
  const { values, sources } = withSpecs(result.card, productFieldsOf(result.card, result, choice));
  const text: ProductPrefill['values'] = {};
  for (const [field, value] of Object.entries(values)) {
    text[field as keyof typeof values] = typeof value === 'number' ? String(value).replace('.', ',') : value;
  }
  return { pageUrl: result.url, values: text, sources };
}
