/**
 * A product's fields as a back-office form keeps them while they are typed: numbers as text (the
 * shared product schema turns them into numbers). The product form and a scraped card's draft
 * both start from these.
 */
export type ProductTextValues = {
  name: string;
  slug: string;
  sku: string;
  price: string;
  originalPrice: string;
  categoryId: string;
  supplier: string;
  tag: string;
  imageUrl: string;
  shortDescription: string;
  description: string;
  isActive: boolean;
  isFeatured: boolean;
};

/** Packed weight in kilograms and sides in centimetres, as typed («2,4»); empty: the category's default. */
export type SizeTextValues = { weightKg: string; lengthCm: string; widthCm: string; heightCm: string };
export const SIZE_FIELDS = ['weightKg', 'lengthCm', 'widthCm', 'heightCm'] as const;
export const SIZE_LABELS = { weightKg: 'Вес, кг', lengthCm: 'Длина, см', widthCm: 'Ширина, см', heightCm: 'Высота, см' } as const;

/** A number as the form shows it: a decimal comma, nothing for none. */
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

/** The fields a product, or a scraped card's draft, has for the form. */
type ProductFields = {
  name: string;
  slug: string;
  sku: string;
  price: number | null;
  originalPrice?: number | null;
  categoryId: number | null;
  supplier?: string | null;
  tag?: string | null;
  imageUrl?: string | null;
  shortDescription?: string | null;
  description?: string | null;
  isActive: boolean;
  isFeatured: boolean;
};

/** A product's (or a draft's) fields as the form shows them: no category or supplier is the empty choice. */
export const productTextOf = (p: ProductFields): ProductTextValues => ({
  name: p.name,
  slug: p.slug,
  sku: p.sku,
  price: numberText(p.price),
  originalPrice: numberText(p.originalPrice),
  categoryId: p.categoryId ? String(p.categoryId) : '',
  supplier: p.supplier ?? 'none',
  tag: p.tag ?? '',
  imageUrl: p.imageUrl ?? '',
  shortDescription: p.shortDescription ?? '',
  description: p.description ?? '',
  isActive: p.isActive,
  isFeatured: p.isFeatured,
});
