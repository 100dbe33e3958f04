import type { ScrapedField } from '#shared/scraped-product.ts';
import { FIELD_SOURCES, type FieldSource } from '#shared/schemas/web-scraper.ts';

/**
 * Values another screen hands to the product form (/admin/products/create or edit): «Товар по
 * ссылке» opens the form filled from a supplier's page. They travel in the navigation's history
 * state, so a reload of the form keeps them; each value says where it came from.
 */
export type ProductPrefill = {
  /** The supplier's page the values were read from. */
  pageUrl: string;
  /** Form text, as the fields hold it. */
  values: Partial<Record<ScrapedField, string>>;
  sources: Partial<Record<ScrapedField, FieldSource>>;
  /** The page's characteristics as the shop's attributes (form text), and where on the page they were. */
  characteristics: { values: PrefilledCharacteristic[]; source: FieldSource } | null;
};

export type PrefilledCharacteristic = { attributeId: number; value: string };

const STATE_KEY = 'productPrefill';

/** The `state` of a navigation to the product form. */
export const prefillState = (prefill: ProductPrefill) => ({ [STATE_KEY]: prefill });

/** The prefill in a location's state, if it holds one that looks right. */
export function prefillOf(state: unknown): ProductPrefill | null {
  const prefill = state && typeof state === 'object' ? (state as Record<string, unknown>)[STATE_KEY] : undefined;
  if (!prefill || typeof prefill !== 'object') return null;
  const { pageUrl, values, sources, characteristics = null } = prefill as Partial<ProductPrefill>;
  if (typeof pageUrl !== 'string' || !values || typeof values !== 'object' || !sources || typeof sources !== 'object') return null;
  const texts = Object.values(values).every((v) => typeof v === 'string');
  const known = Object.values(sources).every(isSource);
  return texts && known && (characteristics === null || characteristicsLookRight(characteristics)) ? { pageUrl, values, sources, characteristics } : null;
}

const isSource = (source: unknown) => FIELD_SOURCES.includes(source as FieldSource);

function characteristicsLookRight({ values, source }: Partial<NonNullable<ProductPrefill['characteristics']>>): boolean {
  return isSource(source) && Array.isArray(values) && values.every((v: Partial<PrefilledCharacteristic>) => Number.isInteger(v?.attributeId) && typeof v?.value === 'string');
}
