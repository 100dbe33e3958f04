import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/connection.ts';
import { productAttributes, products } from '../../../db/schema.ts';
import { catalogTransaction, noteCatalogWrite, type CatalogAnnouncement } from './announce.ts';

/**
 * The door's writes of products' characteristics (docs/decisions/034): each product's values
 * are replaced as a whole, and the product row is touched in the same transaction so the search
 * index's change feed (migration 0004, triggers on `products`) brings the new values to every
 * process's filters.
 */

/** One value of a product: `number` for number attributes (the value as written is kept in `value`). */
export type AttributeValueInput = { attributeId: number; value: string; number: number | null };

/** Values per product id; a product given with an empty list loses all its values. */
export type ProductAttributeValues = Map<number, AttributeValueInput[]>;

const BATCH = 1000;

/**
 * Replaces the characteristics of the given products (and only theirs). Values of the same
 * attribute given twice for a product: the last wins. With `keepOthers` (imports: a file brings
 * some characteristics), only the attributes given are replaced and the product's other values
 * (typed by staff, brought by another source) stay. With `rowsWritten` the caller wrote these
 * products' rows in the same transaction (an import's batch writes its cards first): the change
 * feed has them already, and touching them again would cost a second update of every row.
 */
export async function replaceProductAttributes(
  db: DbOrTx,
  values: ProductAttributeValues,
  now: Date,
  options: { keepOthers?: boolean; rowsWritten?: boolean; announcement?: CatalogAnnouncement } = {},
): Promise<void> {
  if (values.size === 0) return;
  await catalogTransaction(
    db,
    async (tx) => {
      const ids = [...values.keys()];
      for (let i = 0; i < ids.length; i += BATCH) {
        const part = ids.slice(i, i + BATCH);
        if (options.keepOthers) {
          // The pairs as one JSON parameter (as batch.ts writes): a `(product, attribute) in (…)`
          // list of a few hundred pairs overflows PGlite's stack and aborts its process.
          const pairs = part.flatMap((productId) => values.get(productId)!.map((v) => ({ p: productId, a: v.attributeId })));
          if (pairs.length) {
            await tx.execute(sql`
              delete from ${productAttributes} using jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(p int, a int)
              where ${productAttributes.productId} = v.p and ${productAttributes.attributeId} = v.a`);
          }
        } else {
          await tx.delete(productAttributes).where(inArray(productAttributes.productId, part));
        }
        const rows = part.flatMap((productId) => {
          const byAttribute = new Map(values.get(productId)!.map((v) => [v.attributeId, v]));
          return [...byAttribute.values()].map((v) => ({ productId, attributeId: v.attributeId, value: v.value, number: v.number }));
        });
        for (let j = 0; j < rows.length; j += BATCH) await tx.insert(productAttributes).values(rows.slice(j, j + BATCH));
        if (!options.rowsWritten) await tx.update(products).set({ updatedAt: now }).where(inArray(products.id, part));
      }
      noteCatalogWrite(tx);
    },
    options.announcement,
  );
}

/**
 * Takes an attribute's values off every product that has one (the attribute deleted or merged
 * into another), touching those products' rows so the change feed brings it to every process.
 */
export async function removeAttributeValues(db: DbOrTx, attributeId: number, now: Date): Promise<void> {
  await catalogTransaction(db, async (tx) => {
    const removed = tx.$with('removed').as(
      tx.delete(productAttributes).where(eq(productAttributes.attributeId, attributeId)).returning({ productId: productAttributes.productId }),
    );
    await tx.with(removed).update(products).set({ updatedAt: now }).where(inArray(products.id, tx.select({ id: removed.productId }).from(removed)));
    noteCatalogWrite(tx);
  });
}
