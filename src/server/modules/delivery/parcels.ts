import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories, products } from '../../db/schema.ts';
import type { Parcel } from './carrier-port.ts';
import { DEFAULT_PARCEL } from '#shared/delivery.ts';

type Line = { productId: number; quantity: number };

/**
 * What a cart weighs and measures as a carrier sees it: one parcel per line, each unit by its own
 * figures, else its category's defaults, else the shop's (DEFAULT_PARCEL); units of a line are
 * stacked (the height times the quantity).
 */
export async function parcelsOf(db: Db, lines: readonly Line[]): Promise<Parcel[]> {
  if (lines.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      weightGrams: products.weightGrams,
      lengthMm: products.lengthMm,
      widthMm: products.widthMm,
      heightMm: products.heightMm,
      categoryWeightGrams: categories.defaultWeightGrams,
      categoryLengthMm: categories.defaultLengthMm,
      categoryWidthMm: categories.defaultWidthMm,
      categoryHeightMm: categories.defaultHeightMm,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, lines.map((l) => l.productId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((line) => {
    const r = byId.get(line.productId);
    const unit = {
      weightGrams: r?.weightGrams ?? r?.categoryWeightGrams ?? DEFAULT_PARCEL.weightGrams,
      lengthMm: r?.lengthMm ?? r?.categoryLengthMm ?? DEFAULT_PARCEL.lengthMm,
      widthMm: r?.widthMm ?? r?.categoryWidthMm ?? DEFAULT_PARCEL.widthMm,
      heightMm: r?.heightMm ?? r?.categoryHeightMm ?? DEFAULT_PARCEL.heightMm,
    };
    return { ...unit, weightGrams: unit.weightGrams * line.quantity, heightMm: unit.heightMm * line.quantity };
  });
}
