import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { productStock } from '../../db/schema.ts';
import { HEAD_BRANCH_SLUG, type Branch } from '#shared/schemas/branches.ts';

/** A delivered order's sources, in order: the customer's city (a branch slug), the head office, the rest (docs/decisions/020). */
export function deliverySources(branches: readonly Branch[], citySlug: string | undefined): Branch[] {
  const rank = (b: Branch) => (b.slug === citySlug ? 0 : b.slug === HEAD_BRANCH_SLUG ? 1 : 2);
  // A stable sort: within a rank the display order stays.
  return [...branches].sort((a, b) => rank(a) - rank(b));
}

/**
 * The branch a carrier's parcel leaves from: the first source that holds every line in full, else
 * the first source (the head office, unless the customer's city has a branch); the order then takes
 * its stock from the same sources in the same order (flows/order-stock.ts).
 */
export async function shippingBranch(db: Db, sources: readonly Branch[], lines: readonly { productId: number; quantity: number }[]): Promise<Branch> {
  const ids = lines.map((l) => l.productId);
  const rows = ids.length === 0 ? [] : await db.select().from(productStock).where(inArray(productStock.productId, ids));
  const have = new Map(rows.map((r) => [`${r.productId}:${r.branchId}`, r.quantity]));
  const holdsAll = (branch: Branch) => lines.every((l) => (have.get(`${l.productId}:${branch.id}`) ?? 0) >= l.quantity);
  return sources.find(holdsAll) ?? sources[0]!;
}
