/**
 * How an order reaches the customer: delivered, or collected at a branch (issue 16). Apart from
 * constants.ts, which every page loads first: only checkout, the orders and the server need it.
 */
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './constants.ts';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз из филиала',
};

/** The statuses an order can take: a pickup order is made ready at its branch («Готов к выдаче»), a delivery is shipped. */
export const orderStatusesFor = (deliveryMethod: DeliveryMethod): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => status !== (deliveryMethod === 'pickup' ? 'shipped' : 'ready'));

/** Why a status does not fit the order's way of reaching the customer; null when it fits. */
export function statusMismatch(status: OrderStatus, deliveryMethod: DeliveryMethod): string | null {
  if (orderStatusesFor(deliveryMethod).includes(status)) return null;
  return deliveryMethod === 'pickup'
    ? 'Заказ с самовывозом не отправляют: выберите статус «Готов к выдаче», когда заказ ждёт покупателя в филиале'
    : 'Статус «Готов к выдаче» — для заказов с самовывозом; заказ с доставкой отмечают «Отправлен»';
}

/** A status as the customer reads it: a collected pickup order is «Получен». */
export function customerStatusLabel(status: OrderStatus, deliveryMethod: DeliveryMethod): string {
  if (deliveryMethod === 'pickup' && status === 'delivered') return 'Получен';
  return ORDER_STATUS_LABELS[status];
}

/** Orders placed on a working day before this hour are assembled the same day (the shipping page). */
export const ORDER_BEFORE_HOUR = 15;
/** Courier delivery in the branches' cities, working days (the shipping page). */
export const COURIER_DELIVERY_DAYS = '1-2';
/** A pickup order in stock at its branch is ready the next working day. */
export const PICKUP_READY_DAYS = '1';
