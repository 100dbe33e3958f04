import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/connection.ts';
import { priceTypes, productPrices } from '../../../db/schema.ts';

/**
 * The door's writes of the prices by price type (wholesale prices): 1C's offers carry a price of
 * each of its price types; the retail one also sets products.price_kopecks (batch.ts), and every
 * one is kept here for the customer groups priced by a type. Nothing public shows these prices,
 * so, unlike the door's other writes, they announce no catalogue change: the cached public answers
 * stay valid.
 */

export type PriceTypeWrite = { id: string; name: string };

/** The price types an offers file listed, made or renamed. */
export async function writePriceTypes(db: DbOrTx, types: PriceTypeWrite[], now: Date): Promise<void> {
  if (types.length === 0) return;
  await db
    .insert(priceTypes)
    .values(types.map((t) => ({ id: t.id, name: t.name || t.id, lastSeenAt: now })))
    .onConflictDoUpdate({ target: priceTypes.id, set: { name: sql`excluded.name`, lastSeenAt: now } });
}

export type ProductPriceWrite = { productId: number; priceTypeId: string; priceKopecks: number };

/**
 * Each product's prices of the file's price types in two statements whatever the batch's size: a
 * product's price of a type the file lists but its offer no longer gives is removed, the given
 * ones are made or brought up to date.
 */
export async function writeProductPrices(tx: Tx, productIds: number[], typeIds: string[], rows: ProductPriceWrite[], now: Date): Promise<void> {
  if (productIds.length === 0 || typeIds.length === 0) return;
  const given = JSON.stringify(rows.map((r) => ({ product_id: r.productId, type_id: r.priceTypeId, price: r.priceKopecks })));
  await tx.execute(sql`
    delete from ${productPrices} p
    where p.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)
      and p.price_type_id in (select jsonb_array_elements_text(${JSON.stringify(typeIds)}::jsonb))
      and not exists (select 1 from jsonb_to_recordset(${given}::jsonb) as v(product_id int, type_id text, price int)
        where v.product_id = p.product_id and v.type_id = p.price_type_id)`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${productPrices} (product_id, price_type_id, price_kopecks, updated_at)
    select product_id, type_id, price, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${given}::jsonb) as v(product_id int, type_id text, price int)
    on conflict (product_id, price_type_id) do update set price_kopecks = excluded.price_kopecks, updated_at = excluded.updated_at
    where ${productPrices.priceKopecks} is distinct from excluded.price_kopecks`);
}
