import { productFieldsOf, type ScrapeChoice } from '#shared/scraped-product.ts';
import type { ExtractAnswer } from '#shared/schemas/web-scraper.ts';
import type { ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';

/** The product form's text for the card's values and the staff's choices (offer, main picture), with the page's characteristics. */
export function prefillFrom(answer: ExtractAnswer, choice: ScrapeChoice): ProductPrefill {
  const { values, sources } = productFieldsOf(answer.card, answer, choice);
  const text: ProductPrefill['values'] = {};
  for (const [field, value] of Object.entries(values)) {
    text[field as keyof typeof values] = typeof value === 'number' ? String(value).replace('.', ',') : value;
  }
  const characteristics = answer.characteristics.flatMap((c) => (c.formValue === null ? [] : [{ attributeId: c.attribute.id, value: c.formValue }]));
  const specsSource = answer.card.specs?.source;
  return { pageUrl: answer.url, values: text, sources, characteristics: specsSource && characteristics.length ? { values: characteristics, source: specsSource } : null };
}
