import { gt, isNull, lte, or } from 'drizzle-orm';
import { products } from './schema.ts';

/**
 * `hasPrice` of src/shared/money.ts as a condition on products: a price above zero. Zero or none
 * is "price on request", which lists after the priced products and is never sold or fed out.
 */
export const productHasPrice = gt(products.priceKopecks, 0);

/** The other side of `productHasPrice`: "price on request". */
export const productWithoutPrice = or(isNull(products.priceKopecks), lte(products.priceKopecks, 0))!;
