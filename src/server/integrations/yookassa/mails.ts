/** The customer's letters about an online payment. */
import { layoutMail } from '../../mail/templates.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRubExact } from '#shared/money.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

type OrderFacts = { id: number; customerName: string; customerEmail: string };
const orderLink = (publicUrl: string, id: number) => `${publicUrl}/order-complete/${id}`;

export const paymentReceivedMail = (shop: ShopSettings, order: OrderFacts, amountKopecks: number, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Оплата получена: заказ № ${order.id}`, [
    `Здравствуйте, ${order.customerName}!`,
    `Оплата получена: ${formatRubExact(amountKopecks / 100)} за заказ № ${order.id}. Кассовый чек придёт отдельным письмом.`,
    `Следить за заказом можно в личном кабинете: ${orderLink(publicUrl, order.id)}`,
  ]);

export const paymentCanceledMail = (shop: ShopSettings, order: OrderFacts, reason: string, holdUntil: Date | null, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Оплата не прошла: заказ № ${order.id}`, [
    `Здравствуйте, ${order.customerName}!`,
    `Оплата заказа № ${order.id} не прошла: ${reason}. Деньги не списаны.`,
    `Оплатить заказ ещё раз можно на странице заказа${holdUntil ? ` до ${formatDateTime(holdUntil)}` : ''}: ${orderLink(publicUrl, order.id)}`,
  ]);

export const refundMail = (shop: ShopSettings, order: OrderFacts, amountKopecks: number, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Возврат по заказу № ${order.id}`, [
    `Здравствуйте, ${order.customerName}!`,
    `Мы вернули ${formatRubExact(amountKopecks / 100)} за заказ № ${order.id}. Деньги поступят на карту или счёт, с которых была оплата, обычно в течение нескольких дней.`,
    `Подробности заказа: ${orderLink(publicUrl, order.id)}`,
  ]);

/** A payment that succeeded after the hold had cancelled the order, which the shop then restored (decision 022). */
export const paidAfterCancelRestoredMail = (shop: ShopSettings, order: OrderFacts, amountKopecks: number, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Оплата получена, заказ № ${order.id} восстановлен`, [
    `Здравствуйте, ${order.customerName}!`,
    `Оплата получена: ${formatRubExact(amountKopecks / 100)} за заказ № ${order.id}. Она пришла, когда время на оплату уже истекло и заказ был отменён, но весь товар ещё в наличии, поэтому мы восстановили заказ: он снова в работе. Кассовый чек придёт отдельным письмом.`,
    `Следить за заказом можно в личном кабинете: ${orderLink(publicUrl, order.id)}`,
  ]);

/** A payment that succeeded after the order was cancelled, returned to the customer in full by the shop itself. */
export const paidAfterCancelRefundedMail = (shop: ShopSettings, order: OrderFacts, amountKopecks: number, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Возврат оплаты: заказ № ${order.id} отменён`, [
    `Здравствуйте, ${order.customerName}!`,
    `Оплата ${formatRubExact(amountKopecks / 100)} за заказ № ${order.id} пришла, когда заказ уже был отменён, поэтому мы вернули её полностью. Деньги поступят на карту или счёт, с которых была оплата, обычно в течение нескольких дней. Чек возврата придёт отдельным письмом.`,
    `Если товар ещё нужен, оформите заказ заново: ${publicUrl}/cart. Подробности заказа: ${orderLink(publicUrl, order.id)}`,
  ]);
