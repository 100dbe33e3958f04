/**
 * How an order reaches the customer: delivered, or collected at a branch (issue 16). Apart from
 * constants.ts, which every page loads first: only checkout, the orders and the server need it.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from './constants.ts';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз из филиала',
};

/** A status as the customer reads it: a pickup order is not shipped but waits at the branch. */
export function customerStatusLabel(status: OrderStatus, deliveryMethod: DeliveryMethod): string {
  if (deliveryMethod === 'pickup' && status === 'shipped') return 'Готов к выдаче';
  if (deliveryMethod === 'pickup' && status === 'delivered') return 'Получен';
  return ORDER_STATUS_LABELS[status];
}

/** Orders placed on a working day before this hour are assembled the same day (the shipping page). */
export const ORDER_BEFORE_HOUR = 15;
/** Courier delivery in the branches' cities, working days (the shipping page). */
export const COURIER_DELIVERY_DAYS = '1-2';
/** A pickup order in stock at its branch is ready the next working day. */
export const PICKUP_READY_DAYS = '1';
