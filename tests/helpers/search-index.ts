import type { IndexRow } from '#server/modules/products/search/search-index.ts';

/** A row of the search index for a test: an active DCK product of category 1, its id in its slug and SKU; `fields` says the rest. */
export const indexRow = (id: number, fields: Partial<IndexRow> = {}): IndexRow => ({
  id,
  name: `Товар ${id}`,
  slug: `product-${id}`,
  sku: `SKU${id}`,
  skuNorm: `sku${id}`,
  imageUrl: null,
  categoryId: 1,
  supplier: 'DCK',
  isActive: true,
  isFeatured: false,
  salesCount: 0,
  priceKopecks: 100_00,
  createdAt: id,
  brand: null,
  inStock: false,
  branchIds: [],
  attributes: [],
  lexemes: '',
  ...fields,
});
