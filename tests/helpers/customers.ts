import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/connection.ts';
import { products, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/core/password.ts';
import { sessionCookie } from '#server/core/session-cookie.ts';
import { createSession } from '#server/modules/auth/session-service.ts';
import { hasPrice } from '#shared/money.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import type { Order } from '#shared/types.ts';
import { branchesBySlug, setBranchStock } from './branch-stock.ts';
import { validOrderBody } from './order-body.ts';
import type { TestContext } from './test-app.ts';

/** The password of every account createCustomer makes. */
export const CUSTOMER_PASSWORD = 'Customer-pass-1';
let passwordHash: Promise<string> | undefined;

export type TestCustomer = { id: number; username: string; email: string; cookie: string };

/** A customer with a live session, made directly in the database (fast: one password hash per file). */
export async function createCustomer(ctx: TestContext, role: 'user' | 'manager' | 'admin' = 'user'): Promise<TestCustomer> {
  const username = `buyer_${randomBytes(5).toString('hex')}`;
  const email = `${username}@example.ru`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({ username, email, passwordHash: await (passwordHash ??= hashPassword(CUSTOMER_PASSWORD)), role, fullName: 'Иван Петров' })
    .returning({ id: users.id });
  const { token } = await createSession(ctx.database.db, { id: row!.id, role }, ctx.clock.now(), {});
  return { id: row!.id, username, email, cookie: `${sessionCookie(ctx.app.deps.config.publicUrl).name}=${token}` };
}

/**
 * Sets a product's stock / price (roubles) / activity, straight in the database. A stock is
 * all in the head office (Volgograd), none elsewhere; null (no stock figure) empties every branch.
 */
export async function setProduct(db: Db, id: number, patch: { stock?: number | null; price?: number | null; isActive?: boolean }) {
  if (patch.stock !== undefined) await setBranchStock(db, id, patch.stock === null ? {} : { [HEAD_BRANCH_SLUG]: patch.stock });
  const set = {
    ...(patch.stock === null ? { stock: null } : {}),
    ...(patch.price !== undefined ? { priceKopecks: patch.price === null ? null : Math.round(patch.price * 100) } : {}),
    ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(products).set(set).where(eq(products.id, id));
}

export async function readProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row!;
}

/** Active products with a price, ordered by id: test subjects whose stock the test then sets. */
export async function pickProducts(db: Db, count: number) {
  const rows = await db.select({ id: products.id, name: products.name, priceKopecks: products.priceKopecks, isActive: products.isActive }).from(products).orderBy(products.id);
  return rows.filter((r) => r.isActive && hasPrice(r.priceKopecks)).slice(0, count);
}

/** The seeded branches by slug, and two products whose stock the test sets: a drill at 1 000 ₽ and a saw at 2 000 ₽. */
export async function branchesDrillAndSaw(db: Db) {
  const [a, b] = await pickProducts(db, 2);
  const drill = { id: a!.id, name: a!.name };
  const saw = { id: b!.id, name: b!.name };
  await setProduct(db, drill.id, { price: 1000 });
  await setProduct(db, saw.id, { price: 2000 });
  return { branch: await branchesBySlug(db), drill, saw };
}

/** A test's one product: the first pickProducts gives, with this stock and price (roubles); its id. */
export async function stockedProduct(db: Db, patch: { stock: number; price: number }): Promise<number> {
  const [product] = await pickProducts(db, 1);
  await setProduct(db, product!.id, patch);
  return product!.id;
}

export { validOrderBody };

/** A new cart holding these [productId, quantity] lines, filled through the API; its id. */
export async function cartWith(ctx: TestContext, lines: Array<[number, number]>): Promise<string> {
  const cartId = randomUUID();
  for (const [productId, quantity] of lines) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/items', payload: { cartId, productId, quantity } });
    expect(res.statusCode).toBe(201);
  }
  return cartId;
}

/** Places an order of the cart as the customer with this session (the valid body, `extra` over it); the answer must be 201. */
export async function placeOrderAs<T = Order>(ctx: TestContext, cookie: string, cartId: string, extra: Record<string, unknown> = {}): Promise<T> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: validOrderBody(cartId, extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}
