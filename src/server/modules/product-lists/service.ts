import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { productLists, products } from '../../db/schema.ts';
import { notFound, conflict } from '../../core/http-errors.ts';
import { attributesOfProducts } from '../products/catalog/product-attributes.ts';
import { productsByIds } from '../products/catalog/product-rows.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { LIST_LIMITS } from '#shared/list-limits.ts';
import { LIST_KINDS, NEW_LISTS_LIMITED, type ListKind, type ListsSummary } from '#shared/product-lists.ts';
import type { Product } from '#shared/types.ts';

/** Whose lists: a logged-in customer's account, or a visitor's browser (the hash of its cookie). */
export type ListOwner = { userId: number } | { visitorHash: string };

export const PRODUCT_NOT_FOUND = 'Товар не найден';

/** A browser's first list is a new row set keyed by a cookie nobody checks: limited per address like new carts. */
export const NEW_VISITOR_LIST_LIMIT: RateRule = { limit: 2000, windowMs: 60 * 60 * 1000, message: NEW_LISTS_LIMITED };

const ownedBy = (owner: ListOwner) =>
  'userId' in owner ? eq(productLists.userId, owner.userId) : eq(productLists.visitorHash, owner.visitorHash);

/**
 * The ids of a list's active products: favourites newest first (what was just saved is on top),
 * comparison in the order added (columns stay where they were). An inactive product stays in the
 * list unseen and comes back if it is sold again.
 */
async function idsOf(db: DbOrTx, owner: ListOwner, kind: ListKind): Promise<number[]> {
  const rows = await db
    .select({ productId: productLists.productId })
    .from(productLists)
    .innerJoin(products, eq(products.id, productLists.productId))
    .where(and(ownedBy(owner), eq(productLists.kind, kind), eq(products.isActive, true)))
    .orderBy(kind === 'favorites' ? desc(productLists.id) : asc(productLists.id));
  return rows.map((r) => r.productId);
}

/** Both lists' ids; nobody (no account, no visitor cookie) has empty lists. */
export async function listsSummary(db: Db, owner: ListOwner | null): Promise<ListsSummary> {
  if (!owner) return { favorites: [], compare: [] };
  const [favorites, compare] = await Promise.all(LIST_KINDS.map((kind) => idsOf(db, owner, kind)));
  return { favorites: favorites!, compare: compare! };
}

/** A list's products as the catalogue shows them; the comparison's with their characteristics. */
export async function listProducts(db: Db, owner: ListOwner | null, kind: ListKind): Promise<Product[]> {
  if (!owner) return [];
  const ids = await idsOf(db, owner, kind);
  const found = await productsByIds(db, ids);
  if (kind !== 'compare') return found;
  const attributes = await attributesOfProducts(db, ids);
  return found.map((product) => ({ ...product, attributes: attributes.get(product.id) ?? [] }));
}

async function assertActiveProduct(db: Db, productId: number) {
  const [product] = await db.select({ isActive: products.isActive }).from(products).where(eq(products.id, productId));
  if (!product?.isActive) throw notFound(PRODUCT_NOT_FOUND);
}

const activeCount = async (db: Db, owner: ListOwner, kind: ListKind) => {
  const [row] = await db
    .select({ n: count() })
    .from(productLists)
    .innerJoin(products, eq(products.id, productLists.productId))
    .where(and(ownedBy(owner), eq(productLists.kind, kind), eq(products.isActive, true)));
  return row?.n ?? 0;
};

/**
 * Adds a product (again: nothing changes). The row goes in first and the list is counted after:
 * of parallel additions past the limit none stays, so the limit holds without a lock.
 */
export async function addToList(
  db: Db,
  owner: ListOwner,
  kind: ListKind,
  productId: number,
  options: { newVisitor: boolean; meta: RequestMeta },
): Promise<ListsSummary> {
  await assertActiveProduct(db, productId);
  if (options.newVisitor) {
    await enforce(db, `lists:address:${options.meta.ip}`, NEW_VISITOR_LIST_LIMIT, options.meta.now, options.meta.rateLimitFactor);
  }
  const [inserted] = await db
    .insert(productLists)
    .values({ kind, productId, createdAt: options.meta.now, ...('userId' in owner ? { userId: owner.userId } : { visitorHash: owner.visitorHash }) })
    .onConflictDoNothing()
    .returning({ id: productLists.id });
  if (inserted && (await activeCount(db, owner, kind)) > LIST_LIMITS[kind].max) {
    await db.delete(productLists).where(eq(productLists.id, inserted.id));
    throw conflict(LIST_LIMITS[kind].message);
  }
  return listsSummary(db, owner);
}

/** Takes a product out; one that was not there is no error (the list is as asked). */
export async function removeFromList(db: Db, owner: ListOwner | null, kind: ListKind, productId: number): Promise<ListsSummary> {
  if (owner) await db.delete(productLists).where(and(ownedBy(owner), eq(productLists.kind, kind), eq(productLists.productId, productId)));
  return listsSummary(db, owner);
}

export async function clearList(db: Db, owner: ListOwner | null, kind: ListKind): Promise<ListsSummary> {
  if (owner) await db.delete(productLists).where(and(ownedBy(owner), eq(productLists.kind, kind)));
  return listsSummary(db, owner);
}

/**
 * At login and registration the visitor's lists join the account's (a union: what both hold is
 * kept once) and the visitor's rows go. Past a list's limit the account keeps its own products
 * and takes the visitor's in the order they were added until the list is full.
 */
export async function mergeVisitorLists(db: Db, visitorHash: string, userId: number) {
  await db.transaction(async (tx) => {
    const visitor = await tx
      .select({ kind: productLists.kind, productId: productLists.productId, createdAt: productLists.createdAt })
      .from(productLists)
      .where(eq(productLists.visitorHash, visitorHash))
      .orderBy(asc(productLists.id));
    if (visitor.length === 0) return;
    for (const kind of LIST_KINDS) {
      const own = new Set(await idsOf(tx, { userId }, kind));
      const room = Math.max(0, LIST_LIMITS[kind].max - own.size);
      const joining = visitor.filter((row) => row.kind === kind && !own.has(row.productId)).slice(0, room);
      if (joining.length > 0) {
        await tx
          .insert(productLists)
          .values(joining.map((row) => ({ kind, userId, productId: row.productId, createdAt: row.createdAt })))
          .onConflictDoNothing();
      }
    }
    await tx.delete(productLists).where(eq(productLists.visitorHash, visitorHash));
  });
}
