import type { Product } from '#shared/types.ts';

/** One characteristic across the compared products: its label and each product's value («—» when it has none). */
export type CompareRow = { slug: string; label: string; values: string[]; same: boolean };
export type CompareGroup = { name: string; rows: CompareRow[] };

export const MISSING_VALUE = '—';

/** The comparison's products by category, in the order their first product was added. */
export function byCategory(products: Product[]): { slug: string; name: string; products: Product[] }[] {
  const groups = new Map<string, { slug: string; name: string; products: Product[] }>();
  for (const product of products) {
    const slug = product.category?.slug ?? '';
    const group = groups.get(slug) ?? { slug, name: product.category?.name ?? 'Без категории', products: [] };
    group.products.push(product);
    groups.set(slug, group);
  }
  return [...groups.values()];
}

/**
 * The rows of the table: every characteristic any of the products has, by group, in the order
 * the API gives them (groups by their first attribute, then the attributes' order).
 */
export function compareRows(products: Product[]): CompareGroup[] {
  const groups = new Map<string, Map<string, string>>();
  for (const product of products) {
    for (const a of product.attributes ?? []) {
      const rows = groups.get(a.group) ?? new Map<string, string>();
      rows.set(a.slug, a.unit ? `${a.name}, ${a.unit}` : a.name);
      groups.set(a.group, rows);
    }
  }
  return [...groups].map(([name, rows]) => ({
    name,
    rows: [...rows].map(([slug, label]) => {
      const values = products.map((p) => p.attributes?.find((a) => a.slug === slug)?.value ?? MISSING_VALUE);
      return { slug, label, values, same: values.every((v) => v === values[0]) };
    }),
  }));
}
