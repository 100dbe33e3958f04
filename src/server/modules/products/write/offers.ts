import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { products, supplierOffers } from '../../../db/schema.ts';
import { catalogTransaction, noteCatalogWrite } from './announce.ts';

/**
 * The door's writes of supplier offers (docs/decisions/032-supplier-offers.md): each supplier's
 * price list keeps its own offer of a product up to date; the product's price follows the offer
 * staff chose as its price source.
 */

/** What a supplier's price list says of one product. */
export type SupplierOfferWrite = {
  productId: number;
  supplierId: number;
  supplierSku: string | null;
  purchasePriceKopecks: number | null;
  priceKopecks: number | null;
  stock: number | null;
};

/** Each product's offer from its supplier, made or brought up to date: one statement whatever the batch's size. */
export async function writeSupplierOffers(tx: Tx, rows: SupplierOfferWrite[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      product_id: r.productId,
      supplier_id: r.supplierId,
      supplier_sku: r.supplierSku,
      purchase: r.purchasePriceKopecks,
      price: r.priceKopecks,
      stock: r.stock,
    })),
  );
  await tx.execute(sql`
    insert into ${supplierOffers} (product_id, supplier_id, supplier_sku, purchase_price_kopecks, price_kopecks, stock, updated_at)
    select product_id, supplier_id, supplier_sku, purchase, price, stock, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as v(product_id int, supplier_id int, supplier_sku text, purchase int, price int, stock int)
    on conflict (product_id, supplier_id) do update set supplier_sku = coalesce(excluded.supplier_sku, ${supplierOffers.supplierSku}),
      purchase_price_kopecks = excluded.purchase_price_kopecks, price_kopecks = excluded.price_kopecks, stock = excluded.stock,
      updated_at = excluded.updated_at`);
}

/**
 * Makes the product's offer from `supplierId` its price source: the product takes the offer's
 * price (when the offer has one), and that supplier's next price lists set it. False when the
 * product has no such offer.
 */
export async function choosePriceSource(db: Db, productId: number, supplierId: number, now: Date): Promise<boolean> {
  return catalogTransaction(db, async (tx) => {
    const [offer] = await tx
      .select({ priceKopecks: supplierOffers.priceKopecks })
      .from(supplierOffers)
      .where(and(eq(supplierOffers.productId, productId), eq(supplierOffers.supplierId, supplierId)));
    if (!offer) return false;
    await tx
      .update(products)
      .set({ priceSupplierId: supplierId, priceKopecks: sql`coalesce(${offer.priceKopecks}::int, ${products.priceKopecks})`, updatedAt: now })
      .where(eq(products.id, productId));
    noteCatalogWrite(tx);
    return true;
  });
}
