import { and, eq, inArray, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { products, supplierOffers } from '../../db/schema.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { atCustomerPrices, groupOfCustomer } from '../customer-groups/prices.ts';
import { addLinesToCart } from './add-lines.ts';
import { parseSkuList, quantityError, skuKey, type SkuLineError, type SkuListLine } from './sku-list-parse.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { hasPrice, kopecksToRub } from '#shared/money.ts';
import type { CartLinesResult, SkuFoundLine, SkuLineStatus, SkuListCheck } from '#shared/schemas/sku-list.ts';

/**
 * Checks of a SKU list per address: each reads the catalogue for up to 200 SKUs, a customer
 * checks a list a few times while correcting it. Far above that, far below a scraper's pace.
 */
export const SKU_LIST_LIMIT: RateRule = { limit: 300, windowMs: 60 * 60 * 1000, message: 'Слишком много проверок списка артикулов.' };

export const enforceSkuListLimit = (db: Db, meta: RequestMeta) => enforce(db, `sku-list:address:${meta.ip}`, SKU_LIST_LIMIT, meta.now, meta.rateLimitFactor);

type Match = {
  id: number;
  sku: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  priceKopecks: number | null;
  stock: number | null;
  key: string;
  /** The shop's own SKU wins over a supplier's that happens to read the same. */
  own: boolean;
};

/** A column's SKU as `skuKey` writes it: lower case, no white space. */
const keyOf = (column: AnyColumn) => sql<string>`lower(regexp_replace(${column}, '\\s', '', 'g'))`;

const shown = { id: products.id, sku: products.sku, name: products.name, slug: products.slug, imageUrl: products.imageUrl, priceKopecks: products.priceKopecks, stock: products.stock };

/**
 * The products on sale whose SKU, or one of whose suppliers' SKUs (the product's own supplier's
 * and each price list's offer), is one of `keys`. Hidden products are not there for customers.
 */
async function findBySkuKeys(db: Db, keys: string[]): Promise<Match[]> {
  if (keys.length === 0) return [];
  const onSale = eq(products.isActive, true);
  const [own, supplier, offered] = await Promise.all([
    db.select({ ...shown, key: keyOf(products.sku) }).from(products).where(and(onSale, inArray(keyOf(products.sku), keys))),
    db
      .select({ ...shown, key: keyOf(products.supplierSku) })
      .from(products)
      .where(and(onSale, isNotNull(products.supplierSku), inArray(keyOf(products.supplierSku), keys))),
    db
      .select({ ...shown, key: keyOf(supplierOffers.supplierSku) })
      .from(supplierOffers)
      .innerJoin(products, eq(products.id, supplierOffers.productId))
      .where(and(onSale, isNotNull(supplierOffers.supplierSku), inArray(keyOf(supplierOffers.supplierSku), keys))),
  ]);
  return [...own.map((m) => ({ ...m, own: true })), ...supplier.map((m) => ({ ...m, own: false })), ...offered.map((m) => ({ ...m, own: false }))];
}

type Resolved = { match: Match } | { ambiguous: Match[] } | null;

function resolver(matches: Match[]) {
  const byKey = new Map<string, Match[]>();
  for (const match of matches) byKey.set(match.key, [...(byKey.get(match.key) ?? []), match]);
  return (sku: string): Resolved => {
    const found = byKey.get(skuKey(sku)) ?? [];
    const own = found.filter((m) => m.own);
    const candidates = [...new Map((own.length > 0 ? own : found).map((m) => [m.id, m])).values()];
    if (candidates.length === 0) return null;
    return candidates.length === 1 ? { match: candidates[0]! } : { ambiguous: candidates };
  };
}

/** «Артикул;Количество», «SKU,Qty», «Артикул» alone: a first line naming no product that reads as a table's header. */
const isHeader = (line: SkuListLine) => line.quantity === null || (line.quantityText === null && /[а-яё]/iu.test(line.sku));

const statusOf = (match: Match, quantity: number): { status: SkuLineStatus; addQuantity: number } => {
  const stock = Math.max(match.stock ?? 0, 0);
  if (!hasPrice(match.priceKopecks)) return { status: 'on_request', addQuantity: 0 };
  if (stock === 0) return { status: 'out', addQuantity: 0 };
  return { status: quantity > stock ? 'short' : 'ok', addQuantity: Math.min(quantity, stock, CART_QUANTITY_MAX) };
};

/**
 * Reads a «артикул количество» list and finds each SKU among the products on sale: found
 * products with price and stock (one product on several lines adds up), unknown SKUs, lines that
 * could not be read. A first line that names no product and has no quantity is the list's header.
 */
export async function checkSkuList(db: Db, text: string, userId?: number): Promise<SkuListCheck> {
  const parsed = parseSkuList(text);
  const keys = [...new Set(parsed.lines.flatMap((l) => [l.sku, l.whole ?? ''].filter(Boolean).map(skuKey)))];
  const [matches, group] = await Promise.all([findBySkuKeys(db, keys), groupOfCustomer(db, userId)]);
  // The customer's own prices (a wholesale group's), as the cart will show them.
  const priced = await atCustomerPrices(db, group, matches.map((m) => ({ ...m, productId: m.id })));
  const resolve = resolver(priced);
  const errors: SkuLineError[] = [...parsed.errors];
  const notFound: SkuListCheck['notFound'] = [];
  const found = new Map<number, { match: Match; lines: number[]; typed: Set<string>; quantity: number }>();
  let header: string | null = null;
  // A header heads something: a list of one line has none.
  const firstLine = parsed.lines.length + parsed.errors.length > 1 ? Math.min(...parsed.lines.map((l) => l.line), ...parsed.errors.map((e) => e.line)) : 0;

  const take = (line: SkuListLine, match: Match, quantity: number) => {
    const entry = found.get(match.id) ?? { match, lines: [], typed: new Set<string>(), quantity: 0 };
    entry.lines.push(line.line);
    entry.typed.add(line.sku);
    entry.quantity += quantity;
    found.set(match.id, entry);
  };

  for (const line of parsed.lines) {
    const resolved = resolve(line.sku);
    const badQuantity = quantityError(line);
    // «DCK 123» is a SKU with a space in it when no product is «DCK» and «DCK123» is one.
    const whole = (badQuantity || !resolved) && line.whole ? resolve(line.whole) : null;
    if (whole && 'match' in whole) {
      take({ ...line, sku: line.whole! }, whole.match, 1);
      continue;
    }
    if (!resolved && line.line === firstLine && isHeader(line)) {
      header = line.text;
      continue;
    }
    if (badQuantity) {
      errors.push(badQuantity);
      continue;
    }
    if (!resolved) notFound.push({ line: line.line, sku: line.sku });
    else if ('ambiguous' in resolved) {
      const skus = resolved.ambiguous.map((m) => m.sku).join(', ');
      errors.push({ line: line.line, message: `Строка ${line.line}: артикул поставщика «${line.sku}» есть у нескольких товаров (${skus}) — укажите артикул магазина` });
    } else take(line, resolved.match, line.quantity!);
  }
  let total = 0;
  const lines: SkuFoundLine[] = [...found.values()].map(({ match, lines, typed, quantity }) => {
    const price = hasPrice(match.priceKopecks) ? match.priceKopecks : null;
    const status = statusOf(match, quantity);
    total += (price ?? 0) * status.addQuantity;
    return {
      productId: match.id,
      sku: match.sku,
      typed: [...typed],
      lines,
      name: match.name,
      slug: match.slug,
      imageUrl: match.imageUrl,
      price: price === null ? null : kopecksToRub(price),
      quantity,
      sum: price === null ? 0 : kopecksToRub(price * quantity),
      stock: Math.max(match.stock ?? 0, 0),
      ...status,
    };
  });
  const addable = lines.filter((l) => l.addQuantity > 0);
  return {
    found: lines,
    notFound,
    errors: errors.sort((a, b) => a.line - b.line),
    header,
    addable: {
      positions: addable.length,
      units: addable.reduce((sum, l) => sum + l.addQuantity, 0),
      total: kopecksToRub(total),
    },
  };
}

/**
 * Adds the list's found products to the cart in one step, as many of each as the cart's rules
 * allow (the stock, 999 a line); what could not go in is said with its reason.
 */
export async function addSkuListToCart(db: Db, cartId: string, text: string, meta: RequestMeta, userId?: number): Promise<CartLinesResult> {
  const { found } = await checkSkuList(db, text, userId);
  return addLinesToCart(
    db,
    cartId,
    found.map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity })),
    meta,
    userId,
  );
}
