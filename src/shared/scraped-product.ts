import type { Supplier } from './constants.ts';
import { gramsToKg, mmToCm, readDimensionsMm, readWeightGrams, unitInHeader, type Dimensions } from './parcel-size.ts';
import type { FieldSource, ProductCard, ProductOffer, ProductSpec } from './schemas/web-scraper.ts';

/**
 * A product card read from a supplier's page → the values of the shop's product form, each with
 * the source it came from. The specifications are characteristics (docs/decisions/034), not
 * description text: the mass scraper's publishing writes them to the product, and «Товар по
 * ссылке» fills the product form's «Характеристики» with them (the server resolves them to the
 * shop's attributes, `ExtractAnswer.characteristics`). The brand, as the adapter writes it, is the product's
 * brand and chooses the supplier when it is one.
 */

export type ScrapedProductFields = {
  name?: string;
  sku?: string;
  /** Roubles. */
  price?: number;
  supplier?: Supplier;
  brand?: string;
  categoryId?: number;
  imageUrl?: string;
  shortDescription?: string;
  description?: string;
  /** Kilograms and centimetres, from the page's «Вес» and «Габариты» rows. */
  weightKg?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
};
export type ScrapedField = keyof ScrapedProductFields;

/** The product form's limits (shared/schemas/product.ts). */
const SHORT_DESCRIPTION_MAX = 500;
const DESCRIPTION_MAX = 20_000;
export const SPECS_HEADING = 'Характеристики';

/** What staff chose on the result: one of several offers, the main picture (a stored /uploads/ address). */
export type ScrapeChoice = { offer: ProductOffer | null; imageUrl: string | null; imageSource: FieldSource | null };

/** Where the catalogue adapter puts the card (ScrapeResult's supplier, brand and categoryId). */
export type SuggestedPlace = { supplier: Supplier | null; brand: string | null; categoryId: number | null };

export function productFieldsOf(
  card: ProductCard,
  { supplier, brand, categoryId }: SuggestedPlace,
  choice: ScrapeChoice,
): { values: ScrapedProductFields; sources: Partial<Record<ScrapedField, FieldSource>> } {
  const values: ScrapedProductFields = {};
  const sources: Partial<Record<ScrapedField, FieldSource>> = {};
  const set = <K extends ScrapedField>(field: K, value: ScrapedProductFields[K] | undefined | null, source: FieldSource | undefined) => {
    if (value === undefined || value === null || value === '' || !source) return;
    values[field] = value;
    sources[field] = source;
  };
  const { offer } = choice;
  const offerSource = card.offers?.source;

  set('name', card.name?.value, card.name?.source);
  if (offer?.sku) set('sku', offer.sku, offerSource);
  else set('sku', card.sku?.value, card.sku?.source);

  const price = offer?.priceKopecks ? { kopecks: offer.priceKopecks, currency: offer.currency, source: offerSource } : card.priceKopecks && { kopecks: card.priceKopecks.value, currency: card.currency?.value ?? null, source: card.priceKopecks.source };
  // A price in another currency is not a price in roubles: staff enter it.
  if (price && isRoubles(price.currency)) set('price', price.kopecks / 100, price.source);

  if (supplier) set('supplier', supplier, card.brand?.source);
  set('brand', brand, card.brand?.source);
  set('categoryId', categoryId, card.breadcrumbs?.source ?? card.name?.source);
  set('imageUrl', choice.imageUrl, choice.imageSource ?? undefined);
  set('shortDescription', card.shortDescription && cut(card.shortDescription.value, SHORT_DESCRIPTION_MAX), card.shortDescription?.source);

  set('description', card.description && cut(card.description.value, DESCRIPTION_MAX), card.description?.source);

  const specsSource = card.specs?.source;
  const size = sizeOfSpecs(card.specs?.value ?? []);
  set('weightKg', gramsToKg(size.weightGrams), specsSource);
  set('lengthCm', size.dimensions && mmToCm(size.dimensions.lengthMm), specsSource);
  set('widthCm', size.dimensions && mmToCm(size.dimensions.widthMm), specsSource);
  set('heightCm', size.dimensions && mmToCm(size.dimensions.heightMm), specsSource);
  return { values, sources };
}

const WEIGHT_ROW = /^(вес|масса)(?!\p{L})/iu;
const DIMENSIONS_ROW = /^(габарит|размер)/i;

/**
 * The weight and size a page's specification table gives: the first «Вес» (or «Масса») row and
 * the first «Габариты» (or «Размеры») row of three sides; the row's name may carry the unit
 * («Вес, г», «Габариты, мм»), else kilograms and centimetres. A row that cannot be read gives nothing.
 */
export function sizeOfSpecs(specs: readonly ProductSpec[]): { weightGrams: number | null; dimensions: Dimensions | null } {
  const weightRow = specs.find((s) => WEIGHT_ROW.test(s.name.trim()));
  const sizeRow = specs.find((s) => DIMENSIONS_ROW.test(s.name.trim()));
  const weight = weightRow ? readWeightGrams(weightRow.value, unitInHeader(weightRow.name, ['кг', 'г'] as const) ?? 'кг') : null;
  const dimensions = sizeRow ? readDimensionsMm(sizeRow.value, unitInHeader(sizeRow.name, ['см', 'мм', 'м'] as const) ?? 'см') : null;
  return {
    weightGrams: weight && 'value' in weight ? weight.value : null,
    dimensions: dimensions && 'value' in dimensions ? dimensions.value : null,
  };
}

/** Roubles, or no currency said (a Russian supplier's page). */
export const isRoubles = (currency: string | null | undefined) => !currency || currency === 'RUB';

/** At most `max` characters, cut at a word with «…». */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max / 2 ? head.slice(0, space) : head}…`;
}
