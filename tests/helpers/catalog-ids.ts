import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/connection.ts';
import { categories, suppliers } from '#server/db/schema.ts';
import { createAdminTestApp, type TestContext } from './test-app.ts';

/** A seeded category's id by its slug. */
export const categoryIdBySlug = async (db: Db, slug: string) => (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)))[0]!.id;

/** A seeded supplier's id by its code (DCK, P.I.T). */
export const supplierIdByCode = async (db: Db, code: string) => (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, code)))[0]!.id;

/** The first `count` seeded categories' ids, in id order. */
export const firstCategoryIds = async (db: Db, count: number) =>
  (await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(count)).map((row) => row.id);

/** The suppliers and categories the catalogue adapter's tests map one to the other. */
export async function adapterSubjects(db: Db) {
  return {
    dck: await supplierIdByCode(db, 'DCK'),
    pit: await supplierIdByCode(db, 'P.I.T'),
    perf: await categoryIdBySlug(db, 'perforatory'),
    drill: await categoryIdBySlug(db, 'dreli-shurupoverty'),
    grinder: await categoryIdBySlug(db, 'uglovye-shlifmashiny'),
    saw: await categoryIdBySlug(db, 'pily-i-lobziki'),
  };
}

/** A test shop with the administrator logged in, and the first seeded category for the products a test makes. */
export async function adminAppWithCategory(): Promise<{ ctx: TestContext; admin: string; categoryId: number }> {
  const { ctx, admin } = await createAdminTestApp();
  const [categoryId] = await firstCategoryIds(ctx.database.db, 1);
  return { ctx, admin, categoryId: categoryId! };
}
