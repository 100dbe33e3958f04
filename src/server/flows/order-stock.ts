/**
 * Where an order's units come from (docs/decisions/020): a pickup order takes each line from
 * the chosen branch when it holds the whole quantity, otherwise from the branch with a transfer
 * route to it that brings it soonest (docs/decisions/038); a delivered order takes each line from the customer's city branch when it
 * holds the whole quantity, otherwise from the head office, otherwise from the first branch in
 * display order that holds it. A line is never split between branches.
 */
import type { Tx } from '../db/connection.ts';
import { branchQuantities, sellFromBranch } from '../db/product-stock.ts';
import { badRequest, conflict } from '../core/http-errors.ts';
import { notEnoughStockMessage, offSaleMessage } from '../modules/cart/service.ts';
import { pickupShortMessage, shortageText } from '../modules/cart/pickup.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { BranchTransfer } from '#shared/transfers.ts';

export const PICKUP_BRANCH_NOT_FOUND = 'Филиал не найден. Выберите филиал из списка.';
export const PICKUP_NOT_OFFERED = 'Этот филиал не выдаёт заказы. Выберите другой филиал или доставку.';

const pickupError = (message: string) => badRequest(message, { pickupBranchId: [message] });

/** The branch a pickup order is collected from: it must exist and hand out orders (400 on the field otherwise). */
export function pickupBranchOf(branches: readonly Branch[], id: number | null | undefined): Branch {
  const branch = branches.find((b) => b.id === id);
  if (!branch) throw pickupError(PICKUP_BRANCH_NOT_FOUND);
  if (!branch.pickup) throw pickupError(PICKUP_NOT_OFFERED);
  return branch;
}

type StockLine = { productId: number; name: string; quantity: number };

/** A pickup at `pickup`: the branches a line may come from, the pickup branch first, then by transfer days (display order on a tie). */
export type PickupChoice = { pickup: Branch; transfers: readonly { from: Branch; days: number }[] };

/** The pickup branch's transfer sources: the branches with a route to it, soonest first. */
export function pickupChoice(pickup: Branch, branches: readonly Branch[], routes: readonly BranchTransfer[]): PickupChoice {
  const transfers = branches.flatMap((from) => {
    const route = routes.find((r) => r.fromBranchId === from.id && r.toBranchId === pickup.id);
    return route && from.id !== pickup.id ? [{ from, days: route.days }] : [];
  });
  // A stable sort: on a tie the display order stays.
  return { pickup, transfers: transfers.sort((a, b) => a.days - b.days) };
}

/** The days a pickup order waits for its last transferred line (0: every line is at the pickup branch). */
export function pickupWaitDays(choice: PickupChoice, taken: ReadonlyMap<number, number>): number {
  let days = 0;
  for (const branchId of taken.values()) days = Math.max(days, choice.transfers.find((t) => t.from.id === branchId)?.days ?? 0);
  return days;
}

/** Why no branch could give a delivered line its whole quantity. */
async function deliveryShortMessage(tx: Tx, line: StockLine): Promise<string> {
  const held = (await branchQuantities(tx, line.productId)).map((q) => q.quantity);
  const total = held.reduce((sum, q) => sum + q, 0);
  if (total === 0) return `Товара «${line.name}» нет в наличии`;
  if (total < line.quantity) return notEnoughStockMessage(line.name, total);
  const most = Math.max(...held);
  return `Товар «${line.name}» есть только частями в разных филиалах: в одном филиале не больше ${most} шт. Уменьшите количество или оформите остальное отдельным заказом.`;
}

/**
 * Takes every line's units (conditional decrements: never below zero in any branch, whoever
 * races) and answers the branch of each product. `pickup`: only that branch, a shortage is a
 * 400 on pickupBranchId; otherwise `sources` in order, a shortage everywhere is a 409.
 * Lines go in product id order, so two orders sharing products never wait for each other in a circle.
 */
export async function takeOrderStock(
  tx: Tx,
  lines: readonly StockLine[],
  choice: PickupChoice | { sources: readonly Branch[] },
  now: Date,
): Promise<Map<number, number>> {
  const taken = new Map<number, number>();
  for (const line of [...lines].sort((x, y) => x.productId - y.productId)) {
    const candidates = 'pickup' in choice ? [choice.pickup, ...choice.transfers.map((t) => t.from)] : choice.sources;
    let source: Branch | undefined;
    for (const branch of candidates) {
      const sale = await sellFromBranch(tx, { productId: line.productId, branchId: branch.id, quantity: line.quantity }, now, { activeOnly: true });
      if (sale === 'off-sale') throw conflict(offSaleMessage(line.name));
      if (sale === 'sold') {
        source = branch;
        break;
      }
    }
    if (source) {
      taken.set(line.productId, source.id);
      continue;
    }
    if ('pickup' in choice) {
      const have = (await branchQuantities(tx, line.productId)).find((q) => q.branchId === choice.pickup.id)?.quantity ?? 0;
      throw pickupError(pickupShortMessage(choice.pickup, shortageText(line.name, have)));
    }
    throw conflict(await deliveryShortMessage(tx, line));
  }
  return taken;
}
