import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/connection.ts';
import { setProductStock } from '#server/db/product-stock.ts';
import { branches } from '#server/db/schema.ts';
import { listBranches } from '#server/modules/branches/service.ts';
import type { Branch } from '#shared/schemas/branches.ts';

/** The seeded branches by slug (volgograd, rostov-na-donu, sankt-peterburg, novorossiysk, mariupol). */
export async function branchesBySlug(db: Db): Promise<Record<string, Branch>> {
  return Object.fromEntries((await listBranches(db)).map((b) => [b.slug, b]));
}

/**
 * A product's stock per branch by slug, e.g. `{ volgograd: 5, 'rostov-na-donu': 1 }`; every
 * branch not named gets 0, so a test never depends on how the seed spread the stock.
 */
export async function setBranchStock(db: Db, productId: number, bySlug: Record<string, number>) {
  const all = await listBranches(db);
  const unknown = Object.keys(bySlug).filter((slug) => !all.some((b) => b.slug === slug));
  if (unknown.length > 0) throw new Error(`unknown branches: ${unknown.join(', ')}`);
  await setProductStock(db, productId, all.map((b) => ({ branchId: b.id, quantity: bySlug[b.slug] ?? 0 })));
}

/** A branch's pickup switch, straight in the database. */
export async function setBranchPickup(db: Db, slugs: string[], pickup: boolean) {
  await db.update(branches).set({ pickup }).where(inArray(branches.slug, slugs));
}
