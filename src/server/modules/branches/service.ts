import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { branches, orderItems, orders, productStock } from '../../db/schema.ts';
import { forgetBranchQuantities } from '../../db/product-stock.ts';
import { isUniqueViolation } from '../../db/unique-slug.ts';
import { HttpError, conflict, notFound } from '../../core/http-errors.ts';
import { pluralRu, productsCount } from '#shared/plural.ts';
import type { BranchData, NewBranchData } from '#shared/schemas/branch-form.ts';
import { HEAD_BRANCH_SLUG, type AdminBranch, type Branch, type BranchStock } from '#shared/schemas/branches.ts';
import { catalogChanged } from '../products/catalog-events.ts';

const branchColumns = {
  id: branches.id,
  slug: branches.slug,
  city: branches.city,
  cityIn: branches.cityIn,
  address: branches.address,
  phone: branches.phone,
  workingHours: branches.workingHours,
  pickup: branches.pickup,
  latitude: branches.latitude,
  longitude: branches.longitude,
};

const NOT_FOUND = 'Филиал не найден';
const SLUG_TAKEN = 'Филиал с таким slug уже есть';

/** Every branch in display order (the head office first). */
export async function listBranches(db: Db): Promise<Branch[]> {
  return db.select(branchColumns).from(branches).orderBy(asc(branches.sortOrder), asc(branches.id));
}

/** `GET /api/admin/branches`: with the display order the form edits. */
export async function listAdminBranches(db: Db): Promise<AdminBranch[]> {
  return db
    .select({ ...branchColumns, sortOrder: branches.sortOrder })
    .from(branches)
    .orderBy(asc(branches.sortOrder), asc(branches.id));
}

async function requireBranch(db: Db, id: number): Promise<AdminBranch> {
  const [row] = await db.select({ ...branchColumns, sortOrder: branches.sortOrder }).from(branches).where(eq(branches.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function createBranch(db: Db, data: NewBranchData, now: Date): Promise<AdminBranch> {
  try {
    const [row] = await db
      .insert(branches)
      .values({ ...data, createdAt: now, updatedAt: now })
      .returning({ id: branches.id });
    // Branches are in every product's availability: a change of them is a catalogue change.
    catalogChanged();
    return requireBranch(db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error, 'branches_slug_unique')) throw new HttpError(409, SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    throw error;
  }
}

/** The head office's hours are the shop's hours (settings read them from here): one source, no page contradicts another. */
export async function updateBranch(db: Db, id: number, data: BranchData, now: Date): Promise<AdminBranch> {
  const [row] = await db
    .update(branches)
    .set({ ...data, updatedAt: now })
    .where(eq(branches.id, id))
    .returning({ id: branches.id });
  if (!row) throw notFound(NOT_FOUND);
  catalogChanged();
  return requireBranch(db, id);
}

/** A branch that keeps stock or has orders stays (its history points at it); the head office always stays. */
export async function deleteBranch(db: Db, id: number): Promise<{ success: true; message: string }> {
  const message = await db.transaction(async (tx) => {
    const [branch] = await tx.select({ slug: branches.slug, city: branches.city }).from(branches).where(eq(branches.id, id)).for('update');
    if (!branch) throw notFound(NOT_FOUND);
    if (branch.slug === HEAD_BRANCH_SLUG) throw conflict('Головной офис удалить нельзя: остатки без филиала и заказы с доставкой идут с его склада');
    const [{ stocked }] = await tx
      .select({ stocked: count() })
      .from(productStock)
      .where(and(eq(productStock.branchId, id), gt(productStock.quantity, 0)));
    if (stocked > 0) {
      throw conflict(`Филиал удалить нельзя: на его складе ${productsCount(stocked)}. Сначала перенесите или обнулите остатки.`);
    }
    const [{ ordered }] = await tx
      .select({ ordered: sql<number>`count(distinct ${orders.id})::int` })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(or(eq(orders.pickupBranchId, id), eq(orderItems.stockBranchId, id)));
    if (ordered > 0) {
      throw conflict(
        `Филиал удалить нельзя: с ним ${pluralRu(ordered, 'связан', 'связаны', 'связаны')} ${ordered} ${pluralRu(ordered, 'заказ', 'заказа', 'заказов')}. Отключите в нём самовывоз, если он больше не выдаёт заказы.`,
      );
    }
    await forgetBranchQuantities(tx, id);
    await tx.delete(branches).where(eq(branches.id, id));
    return `Филиал «${branch.city}» удалён`;
  });
  catalogChanged();
  return { success: true, message };
}

/** Each product's quantity in every branch (0 where it has none), branches in display order. */
export async function branchStockOf(db: Db, productIds: number[]): Promise<Map<number, BranchStock[]>> {
  const result = new Map<number, BranchStock[]>();
  if (productIds.length === 0) return result;
  const [all, rows] = await Promise.all([
    db.select({ id: branches.id, city: branches.city }).from(branches).orderBy(asc(branches.sortOrder), asc(branches.id)),
    db
      .select({ productId: productStock.productId, branchId: productStock.branchId, quantity: productStock.quantity })
      .from(productStock)
      .where(inArray(productStock.productId, productIds)),
  ]);
  const quantity = new Map(rows.map((r) => [`${r.productId}:${r.branchId}`, r.quantity]));
  for (const productId of productIds) {
    result.set(
      productId,
      all.map((b) => ({ branchId: b.id, city: b.city, quantity: quantity.get(`${productId}:${b.id}`) ?? 0 })),
    );
  }
  return result;
}
