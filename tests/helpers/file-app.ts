import { afterAll, beforeAll } from 'vitest';
import type { Branch } from '#shared/schemas/branches.ts';
import type { Order } from '#shared/types.ts';
import { branchesDrillAndSaw, cartWith, createCustomer, placeOrderAs, stockedProduct, type TestCustomer } from './customers.ts';
import { getJson, saveShopSettings } from './shop-settings.ts';
import { createAdminTestApp, createTestApp, type TestContext } from './test-app.ts';
import { createYooKassaTestApp } from './yookassa-app.ts';

/*
 * A test file's app, opened in its `beforeAll` and closed in its `afterAll`: the object is given at
 * once and its fields are there from the file's first test on (and in the file's later hooks).
 */

function forFile<T extends { ctx: TestContext }>(open: () => Promise<T>, close = (opened: T) => opened.ctx.close()): T {
  const opened = {} as T;
  beforeAll(async () => {
    Object.assign(opened, await open());
  });
  afterAll(() => close(opened));
  return opened;
}

export type AdminShop = { ctx: TestContext; admin: string };

/** createAdminTestApp for the whole file. */
export const adminShopForFile = (): AdminShop => forFile(() => createAdminTestApp());

type PricedShopData = AdminShop & { customer: TestCustomer; productId: number };

/** The admin's app with a customer and one product, 50 in stock at 1 000 ₽, and the settings' tests' calls on it. */
export function pricedShopForFile() {
  const shop = forFile<PricedShopData>(async () => {
    const { ctx, admin } = await createAdminTestApp();
    const customer = await createCustomer(ctx);
    return { ctx, admin, customer, productId: await stockedProduct(ctx.database.db, { stock: 50, price: 1000 }) };
  });
  return Object.assign(shop, {
    saveShop: (patch: Record<string, unknown>, cookie = shop.admin) => saveShopSettings(shop.ctx, cookie, patch),
    get: <T>(url: string, cookie?: string) => getJson<T>(shop.ctx, url, cookie),
    /** A cart of 3 × 1 000 ₽: below the 7 500 ₽ threshold, so delivery is 500 ₽. */
    cartOfThree: () => cartWith(shop.ctx, [[shop.productId, 3]]),
    /** The customer's order of the cart, the mails before it forgotten. */
    placeOrder: (cartId: string, expectedTotal: number): Promise<Order> => {
      shop.ctx.mails.length = 0;
      return placeOrderAs(shop.ctx, shop.customer.cookie, cartId, { expectedTotal });
    },
  });
}

export type BranchShop = { ctx: TestContext; customer: TestCustomer; branch: Record<string, Branch>; drill: { id: number; name: string }; saw: { id: number; name: string } };

/** An app with a customer and the branches, drill and saw of branchesDrillAndSaw; `now` sets its clock first. */
export const branchShopForFile = (now?: Date): BranchShop =>
  forFile(async () => {
    const ctx = await createTestApp();
    if (now) ctx.clock.set(now);
    const customer = await createCustomer(ctx);
    return { ctx, customer, ...(await branchesDrillAndSaw(ctx.database.db)) };
  });

export type YooKassaShop = Awaited<ReturnType<typeof createYooKassaTestApp>> & { customer: TestCustomer; productId: number };

/** createYooKassaTestApp with a customer and one product, 100 in stock at this price (roubles). */
export const yooKassaShopForFile = (price: number): YooKassaShop =>
  forFile(
    async () => {
      const app = await createYooKassaTestApp();
      const customer = await createCustomer(app.ctx);
      return { ...app, customer, productId: await stockedProduct(app.ctx.database.db, { stock: 100, price }) };
    },
    (shop) => shop.close(),
  );
