import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { products, supplierOffers, suppliers } from '../../db/schema.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { SupplierOfferView } from '#shared/types.ts';
import { choosePriceSource } from './write/offers.ts';

/**
 * A product's supplier offers as the product form lists them, and staff's choice of the one that
 * sets the price (docs/decisions/032-supplier-offers.md).
 */

const NOT_FOUND = 'Товар не найден';
const NO_OFFER = 'У товара нет предложения этого поставщика';

const rub = (kopecks: number | null) => (kopecks === null ? null : kopecksToRub(kopecks));

/** A supplier's offer of a product, with the supplier's code and name. */
const OFFER_COLUMNS = {
  supplierId: supplierOffers.supplierId,
  supplierCode: suppliers.code,
  supplierName: suppliers.name,
  supplierSku: supplierOffers.supplierSku,
  purchasePriceKopecks: supplierOffers.purchasePriceKopecks,
  priceKopecks: supplierOffers.priceKopecks,
  stock: supplierOffers.stock,
  updatedAt: supplierOffers.updatedAt,
};

/** `GET /api/admin/products/{id}/offers`: every supplier's offer, the price source marked. */
export async function listOffers(db: Db, productId: number): Promise<SupplierOfferView[]> {
  const [product] = await db.select({ supplier: products.supplier, priceSupplierId: products.priceSupplierId }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound(NOT_FOUND);
  const rows = await db
    .select(OFFER_COLUMNS)
    .from(supplierOffers)
    .innerJoin(suppliers, eq(suppliers.id, supplierOffers.supplierId))
    .where(eq(supplierOffers.productId, productId))
    .orderBy(asc(supplierOffers.id));
  return rows.map(({ purchasePriceKopecks, priceKopecks, updatedAt, ...row }) => ({
    ...row,
    purchasePrice: rub(purchasePriceKopecks),
    price: rub(priceKopecks),
    updatedAt: new Date(updatedAt).toISOString(),
    // None chosen: the product's own supplier sets it.
    isPriceSource: product.priceSupplierId !== null ? product.priceSupplierId === row.supplierId : product.supplier === row.supplierCode,
  }));
}

/** `PUT /api/admin/products/{id}/price-source`: the offer's price becomes the product's; that supplier's lists set it from now on. */
export async function setPriceSource(db: Db, productId: number, supplierId: number, now: Date): Promise<SupplierOfferView[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound(NOT_FOUND);
  if (!(await choosePriceSource(db, productId, supplierId, now))) throw badRequest(NO_OFFER, { supplierId: [NO_OFFER] });
  return listOffers(db, productId);
}
