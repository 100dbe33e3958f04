/**
 * Transfers between branches (docs/decisions/038): staff keep the whole days goods take from one
 * branch to another; a pickup branch that lacks a line gets it from a branch with a route to it.
 * Shared by the server (pickup, checkout) and the storefront (checkout, order and product pages).
 * The storefront's first load imports it: zod stays out (schemas/branch-transfers.ts).
 */
import { formatDayMonth } from './dates.ts';
import { pluralRu } from './plural.ts';
import type { Order } from './types.ts';

/** One route: goods from `fromBranchId` reach `toBranchId` in `days` whole days. */
export type BranchTransfer = { fromBranchId: number; toBranchId: number; days: number };

export const TRANSFER_DAYS_MIN = 1;
export const TRANSFER_DAYS_MAX = 30;

/** Checkout's and the order's promise: «Привезём в филиал Ростов-на-Дону к 3 декабря». */
export const readyByText = (city: string, readyBy: string) => `Привезём в филиал ${city} к ${formatDayMonth(readyBy)}`;

/** The order's promise while the goods are on their way (before «Готов к выдаче»); null for any other order. */
export function orderReadyByText(order: Pick<Order, 'readyBy' | 'pickupBranch' | 'status'>): string | null {
  if (!order.readyBy || !order.pickupBranch || (order.status !== 'pending' && order.status !== 'processing')) return null;
  return readyByText(order.pickupBranch.city, order.readyBy);
}

export const daysText = (days: number) => `${days} ${pluralRu(days, 'день', 'дня', 'дней')}`;

/** The product page's promise: «Можно забрать в Ростове-на-Дону через 2 дня». */
export const pickupInDaysText = (cityIn: string, days: number) => `Можно забрать в ${cityIn} через ${daysText(days)}`;

/**
 * Where a line for pickup at `toBranchId` comes from: the pickup branch itself when it holds the
 * whole quantity (0 days), else the branch with a route to it that holds the whole quantity and
 * brings it soonest (the first in `candidates`' order on a tie). A line is never split. Null: no
 * branch can give it.
 */
export function lineSource(
  toBranchId: number,
  candidates: readonly { branchId: number; quantity: number }[],
  needed: number,
  routes: readonly BranchTransfer[],
): { branchId: number; days: number } | null {
  if ((candidates.find((c) => c.branchId === toBranchId)?.quantity ?? 0) >= needed) return { branchId: toBranchId, days: 0 };
  let best: { branchId: number; days: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.branchId === toBranchId || candidate.quantity < needed) continue;
    const route = routes.find((r) => r.fromBranchId === candidate.branchId && r.toBranchId === toBranchId);
    if (route && (!best || route.days < best.days)) best = { branchId: candidate.branchId, days: route.days };
  }
  return best;
}
