/**
 * The table of transfer days between branches (docs/decisions/038): read by pickup, checkout and
 * the product page, saved whole by staff (settings, «Филиалы»).
 */
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { branchTransfers } from '../../db/schema.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { BranchTransfersInput } from '#shared/schemas/branch-transfers.ts';
import type { BranchTransfer } from '#shared/transfers.ts';
import { listBranches } from './service.ts';

export async function listTransfers(db: Db | Tx): Promise<BranchTransfer[]> {
  return db
    .select({ fromBranchId: branchTransfers.fromBranchId, toBranchId: branchTransfers.toBranchId, days: branchTransfers.days })
    .from(branchTransfers)
    .orderBy(asc(branchTransfers.fromBranchId), asc(branchTransfers.toBranchId));
}

/**
 * Replaces the whole table. Refused (400, the table unchanged) when a route names a branch that
 * does not exist, leads from a branch to itself or is given twice.
 */
export async function saveTransfers(db: Db, input: BranchTransfersInput): Promise<BranchTransfer[]> {
  const branches = new Map((await listBranches(db)).map((b) => [b.id, b]));
  const seen = new Set<string>();
  for (const route of input.routes) {
    const from = branches.get(route.fromBranchId);
    const to = branches.get(route.toBranchId);
    if (!from || !to) throw badRequest('Филиал не найден. Обновите страницу: список филиалов изменился.', { routes: ['Филиал не найден'] });
    if (from.id === to.id) throw badRequest(`Перемещение из филиала в ${from.cityIn} в него же не нужно: оставьте эту клетку пустой.`, { routes: ['Маршрут в тот же филиал'] });
    const key = `${from.id}:${to.id}`;
    if (seen.has(key)) throw badRequest(`Маршрут ${from.city} → ${to.city} указан дважды.`, { routes: ['Маршрут указан дважды'] });
    seen.add(key);
  }
  await db.transaction(async (tx) => {
    await tx.delete(branchTransfers);
    if (input.routes.length > 0) await tx.insert(branchTransfers).values(input.routes);
  });
  return listTransfers(db);
}
