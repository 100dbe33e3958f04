import { notFound } from '../../core/http-errors.ts';

export const PRODUCT_NOT_FOUND = 'Товар не найден';

/**
 * The slug or number of a product's address. A blank or overlong one names no product: 404,
 * which the product page shows as «Товар не найден» (any other error would be a failed page).
 */
export function productKeyOf(raw: string): string {
  const key = raw.trim();
  if (!key || key.length > 200) throw notFound(PRODUCT_NOT_FOUND);
  return key;
}
