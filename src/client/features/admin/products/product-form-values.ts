import type { DeepPartial, FieldPath } from 'react-hook-form';
import { SUPPLIERS } from '#shared/constants.ts';
import { isIdLike, slugify } from '#shared/slug.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';
import type { PrefilledCharacteristic } from '#client/features/admin/lib/product-prefill.ts';
import { numberText, productTextOf, SIZE_FIELDS, type ProductTextValues, type SizeTextValues } from '#client/features/admin/lib/product-text.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { AdminCategory, CategoryParcelDefaults, Product } from '#shared/types.ts';
import { DEFAULT_PARCEL } from '#shared/delivery.ts';

/** The form keeps what is typed as text; the shared schema turns it into numbers. */
export type FormValues = ProductTextValues & {
  /** One quantity per branch, in the branches' display order. */
  branchStock: { branchId: number; quantity: string }[];
  brand: string;
  /** The characteristics, as typed. */
  attributes: { attributeId: number; value: string }[];
} & SizeTextValues;

/** The fields other than the per-branch quantities and the characteristics. */
export type FieldName = Exclude<FieldPath<FormValues>, `branchStock${string}` | `attributes${string}`>;

export const FIELD_NAMES: readonly FieldPath<FormValues>[] = [
  'name', 'slug', 'sku', 'price', 'originalPrice', 'branchStock', 'categoryId', 'supplier', 'brand', 'tag', 'imageUrl',
  'shortDescription', 'description', 'isActive', 'isFeatured', ...SIZE_FIELDS,
];

/**
 * What ships a product whose field is left empty, as the field's placeholder: its category's
 * default, else the shop's (DEFAULT_PARCEL), in kilograms and centimetres.
 */
export function standInSize(category: CategoryParcelDefaults | undefined): SizeTextValues {
  const or = (own: number | null | undefined, shop: number) => numberText(own ?? shop);
  return {
    weightKg: or(category?.defaultWeightKg, DEFAULT_PARCEL.weightGrams / 1000),
    lengthCm: or(category?.defaultLengthCm, DEFAULT_PARCEL.lengthMm / 10),
    widthCm: or(category?.defaultWidthCm, DEFAULT_PARCEL.widthMm / 10),
    heightCm: or(category?.defaultHeightCm, DEFAULT_PARCEL.heightMm / 10),
  };
}

/** A new product's fields: every branch's quantity empty. */
export const emptyForm = (branches: readonly Branch[]): FormValues => ({
  name: '', slug: '', sku: '', price: '', originalPrice: '', branchStock: branches.map((b) => ({ branchId: b.id, quantity: '' })),
  categoryId: '', supplier: 'none', brand: '', tag: '', imageUrl: '', shortDescription: '', description: '',
  isActive: true, isFeatured: false, attributes: [], weightKg: '', lengthCm: '', widthCm: '', heightCm: '',
});

/** The server's field names of the characteristics typed (`attributes.2.value`), for its errors. */
export const characteristicFields = (count: number): FieldPath<FormValues>[] =>
  Array.from({ length: count }, (_, i) => [`attributes.${i}.attributeId`, `attributes.${i}.value`] as const).flat();

export const formValuesOf = (p: Product, branches: readonly Branch[], attributes: readonly AdminAttribute[]): FormValues => ({
  ...productTextOf(p),
  branchStock: branches.map((b) => ({ branchId: b.id, quantity: numberText(p.branchStock.find((s) => s.branchId === b.id)?.quantity || null) })),
  brand: p.brand ?? '',
  weightKg: numberText(p.weightKg),
  lengthCm: numberText(p.lengthCm),
  widthCm: numberText(p.widthCm),
  heightCm: numberText(p.heightCm),
  // The product page names its characteristics by slug; the form edits them by attribute.
  attributes: (p.attributes ?? []).flatMap((a) => {
    const attribute = attributes.find((x) => x.slug === a.slug);
    return attribute ? [{ attributeId: attribute.id, value: a.value }] : [];
  }),
});

/**
 * The product's characteristics with a supplier page's: the page's value replaces the product's
 * for the same attribute, the rest keep theirs. An attribute the shop no longer has (deleted
 * since the page was read) is left out, as the form could neither show nor save it.
 */
export function withPrefilled(
  current: FormValues['attributes'],
  prefilled: readonly PrefilledCharacteristic[],
  attributes: readonly AdminAttribute[],
): FormValues['attributes'] {
  const known = prefilled.filter((p) => attributes.some((a) => a.id === p.attributeId));
  const byId = new Map(known.map((p) => [p.attributeId, p.value]));
  const kept = current.map((c) => ({ attributeId: c.attributeId, value: byId.get(c.attributeId) ?? c.value }));
  return [...kept, ...known.filter((p) => !current.some((c) => c.attributeId === p.attributeId)).map((p) => ({ ...p }))];
}

/** A slug from the name as the spec makes it; digits only would read as an id, so none then. */
export const slugFromName = (name: string) => {
  const slug = slugify(name);
  return isIdLike(slug) ? '' : slug;
};

const toNumber = (text: string) => {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return text.trim() === '' || Number.isNaN(n) ? null : n;
};

/** The product as the storefront's card would show what is typed so far. */
export function previewOf(
  values: DeepPartial<FormValues>,
  product: Product | null,
  categories: AdminCategory[] | undefined,
  branches: readonly Branch[],
): Product {
  const category = categories?.find((c) => String(c.id) === values.categoryId);
  const branchStock = branches.map((b) => ({
    branchId: b.id,
    city: b.city,
    quantity: Math.max(0, toNumber(values.branchStock?.find((s) => s?.branchId === b.id)?.quantity ?? '') ?? 0),
  }));
  return {
    id: product?.id ?? 0,
    slug: values.slug || 'novyy-tovar',
    name: values.name?.trim() || 'Название товара',
    sku: values.sku?.trim() || '—',
    tag: values.tag?.trim() || null,
    imageUrl: values.imageUrl?.trim() || null,
    price: toNumber(values.price ?? ''),
    originalPrice: toNumber(values.originalPrice ?? ''),
    stock: branchStock.reduce((sum, b) => sum + b.quantity, 0),
    branchStock,
    shortDescription: values.shortDescription ?? '',
    description: values.description ?? '',
    categoryId: category?.id ?? null,
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
    supplier: SUPPLIERS.find((s) => s === values.supplier) ?? null,
    brand: values.brand?.trim() || null,
    isActive: true,
    isFeatured: values.isFeatured ?? false,
    weightKg: toNumber(values.weightKg ?? ''),
    lengthCm: toNumber(values.lengthCm ?? ''),
    widthCm: toNumber(values.widthCm ?? ''),
    heightCm: toNumber(values.heightCm ?? ''),
    createdAt: product?.createdAt ?? '',
    updatedAt: product?.updatedAt ?? '',
  };
}
