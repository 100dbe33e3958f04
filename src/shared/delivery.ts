/**
 * How an order reaches the customer: delivered, or collected at a branch (issue 16). Apart from
 * constants.ts, which every page loads first: only checkout, the orders and the server need it.
 */
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './constants.ts';

export const DELIVERY_METHODS = ['delivery', 'pickup', 'cdek-door', 'cdek-point'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  delivery: 'Доставка',
  pickup: 'Самовывоз из филиала',
  'cdek-door': 'СДЭК до двери',
  'cdek-point': 'СДЭК до пункта выдачи',
};

/** The carrier's ways (issue 28): offered only while the carrier is configured and answers for the city. */
export const CARRIER_METHODS = ['cdek-door', 'cdek-point'] as const satisfies readonly DeliveryMethod[];
export type CarrierMethod = (typeof CARRIER_METHODS)[number];
export const isCarrierMethod = (method: DeliveryMethod): method is CarrierMethod => (CARRIER_METHODS as readonly string[]).includes(method);
/** The ways that bring the order to an address the customer types: the shop's own delivery and the carrier's courier. */
export const needsAddress = (method: DeliveryMethod) => method === 'delivery' || method === 'cdek-door';

/** A carrier's pickup point as an order keeps it. */
export type OrderDeliveryPoint = { code: string; address: string; workingHours: string };

/**
 * One way of delivery offered for a cart in a city (`GET /api/cart/{cartId}/delivery`), roubles:
 * its price, and the cart's total and the VAT it contains with that way (the checkout shows them).
 */
export type DeliveryOption = {
  method: Exclude<DeliveryMethod, 'pickup'>;
  title: string;
  price: number;
  daysMin: number | null;
  daysMax: number | null;
  total: number;
  vatInTotal: number;
};

/** A carrier's pickup point in a city (`GET /api/delivery/points`). */
/** A pickup point; `distanceKm` from the city's centre (the list comes nearest first), null where either place has no coordinates. */
export type DeliveryPoint = { code: string; address: string; workingHours: string; latitude: number | null; longitude: number | null; distanceKm: number | null };

/** «850 м от центра», «3,2 км от центра». */
export function distanceText(km: number): string {
  return km < 1 ? `${Math.max(10, Math.round((km * 1000) / 10) * 10)} м от центра` : `${km.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} км от центра`;
}

/** «2–4 дня», «1 день», «5 дней»: the days a delivery takes, as the checkout says them. */
export function deliveryDaysText(min: number, max: number): string {
  const last = max % 100 >= 11 && max % 100 <= 14 ? 5 : max % 10;
  const word = last === 1 ? 'день' : last >= 2 && last <= 4 ? 'дня' : 'дней';
  return min === max ? `${max} ${word}` : `${min}–${max} ${word}`;
}

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

/**
 * A product whose weight and size neither it nor its category gives ships as this: a boxed hand
 * tool. Staff set the real figures per product or per category (issue 28).
 */
export const DEFAULT_PARCEL = { weightGrams: 1000, lengthMm: 300, widthMm: 200, heightMm: 100 } as const;
