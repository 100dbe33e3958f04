import { layoutMail } from '../../mail/templates.ts';
import type { MailAttachment } from '../../mail/transport.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/constants.ts';
import { customerStatusLabel } from '#shared/delivery.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { companyText } from '#shared/organizations.ts';
import { formatPhone } from '#shared/phone.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Order } from '#shared/types.ts';
import { vatSummaryLines, type VatLine } from '#shared/vat-summary.ts';
import { readyByText } from '#shared/transfers.ts';

const itemLines = (order: Order) =>
  order.items.map((i, n) => `${n + 1}. ${i.productName}${i.productSku ? ` (арт. ${i.productSku})` : ''} — ${i.quantity} шт. × ${formatRub(i.productPrice)} = ${formatRub(i.totalPrice)}`);

const vatLine = (line: VatLine | null) => (line ? [`${line.label}: ${formatRub(line.amount)}`] : []);

const totalLines = (order: Order) => {
  const vat = vatSummaryLines({ ...order, delivery: order.delivery.price });
  return [
    `Товары: ${formatRub(order.subtotal)}`,
    ...vatLine(vat.added),
    order.pickupBranch ? 'Самовывоз: бесплатно' : `Доставка: ${order.delivery.price === 0 ? 'бесплатно' : formatRub(order.delivery.price)}`,
    `Итого: ${formatRub(order.totalAmount)}`,
    ...vatLine(vat.inTotal),
  ];
};

/** Where the order goes: the delivery address, or the branch it is collected from with its hours. */
const receivingLines = (order: Order) =>
  order.pickupBranch
    ? [
        `Самовывоз из филиала: ${order.pickupBranch.city}, ${order.pickupBranch.address}`,
        `Часы работы филиала: ${order.pickupBranch.workingHours}`,
        `Телефон филиала: ${formatPhone(order.pickupBranch.phone)}`,
        // Lines brought from other branches: the day they are promised there.
        ...(order.readyBy ? [readyByText(order.pickupBranch.city, order.readyBy)] : []),
      ]
    : [`Адрес доставки: ${order.postalCode}, ${order.city}, ${order.address}`];

const deliveryLines = (order: Order) => [
  ...(order.buyer.type === 'company' ? [`Покупатель: ${companyText(order.buyer)}`] : []),
  `Получатель: ${order.customerName}`,
  `Телефон: ${order.customerPhone}`,
  `Email: ${order.customerEmail}`,
  ...receivingLines(order),
  ...(order.notes ? [`Комментарий: ${order.notes}`] : []),
];

/** How an online order gets paid: on the order page (YooKassa), or by a manager's link without it. */
function onlinePaymentLines(order: Order, publicUrl: string): string[] {
  if (order.paymentMethod !== 'online' || !order.payment) return [];
  if (order.payment.state === 'not_configured') return ['Ссылку на оплату мы пришлём отдельным письмом после подтверждения заказа менеджером.'];
  const until = order.payment.holdUntil ? ` до ${formatDateTime(order.payment.holdUntil)}` : '';
  return [`Если вы не завершили оплату, оплатить заказ можно${until} на странице заказа: ${publicUrl}/order-complete/${order.id}. Неоплаченный вовремя заказ отменяется.`];
}

/** An order's invoice as a letter carries it: the PDF and the last day it may be paid. */
export type OrderInvoiceMail = { attachment: MailAttachment; validUntil: string };

/** How an order paid by invoice gets paid: the attached invoice, by its date, or the order is cancelled. */
function invoicePaymentLines(order: Order, invoice: OrderInvoiceMail | null, publicUrl: string): string[] {
  if (order.paymentMethod !== 'invoice') return [];
  if (!invoice) return [`Счёт на оплату можно скачать на странице заказа: ${publicUrl}/order-complete/${order.id}`];
  return [
    `Счёт на оплату № ${order.id} — во вложении к письму. Оплатите его до ${invoice.validUntil} включительно: до этого дня товар зарезервирован за вами, а неоплаченный в срок заказ отменяется. Скачать счёт можно и на странице заказа: ${publicUrl}/order-complete/${order.id}`,
  ];
}

/** The customer's confirmation of a new order; an order paid by invoice carries the invoice. */
export function orderConfirmationMail(shop: ShopSettings, order: Order, publicUrl: string, invoice: OrderInvoiceMail | null = null) {
  const message = layoutMail(shop, order.customerEmail, `Заказ № ${order.id} оформлен`, [
    `Здравствуйте, ${order.customerName}!`,
    `Спасибо за заказ. Мы получили заказ № ${order.id} от ${formatDateTime(order.createdAt)} и свяжемся с вами для подтверждения.`,
    itemLines(order).join('\n'),
    totalLines(order).join('\n'),
    `Способ оплаты: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
    ...onlinePaymentLines(order, publicUrl),
    ...invoicePaymentLines(order, invoice, publicUrl),
    deliveryLines(order).join('\n'),
    ...(order.pickupBranch ? ['Мы сообщим, когда заказ будет готов к выдаче. Назовите в филиале номер заказа.'] : []),
    `Статус заказа: ${customerStatusLabel(order.status, order.deliveryMethod)}. Следить за заказом можно в личном кабинете: ${publicUrl}/order-complete/${order.id}`,
  ]);
  return invoice ? { ...message, attachments: [invoice.attachment] } : message;
}

/** The shop's notice of a new order, sent to the contact e-mail of the settings. */
export function newOrderNoticeMail(shop: ShopSettings, order: Order, publicUrl: string) {
  return layoutMail(shop, shop.contactEmail, `Новый заказ № ${order.id} на ${formatRub(order.totalAmount)}`, [
    `Новый заказ № ${order.id} от ${formatDateTime(order.createdAt)}.`,
    itemLines(order).join('\n'),
    totalLines(order).join('\n'),
    `Способ оплаты: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
    deliveryLines(order).join('\n'),
    `Заказы в панели управления: ${publicUrl}/admin/orders`,
  ]);
}

/** The customer's letter when a pickup order waits at its branch: the promise of the confirmation kept. */
export function readyForPickupMail(shop: ShopSettings, order: Order, publicUrl: string) {
  return layoutMail(shop, order.customerEmail, `Заказ № ${order.id} готов к выдаче`, [
    `Здравствуйте, ${order.customerName}!`,
    `Заказ № ${order.id} готов к выдаче. Назовите в филиале номер заказа.`,
    receivingLines(order).join('\n'),
    itemLines(order).join('\n'),
    `Итого: ${formatRub(order.totalAmount)}`,
    `Заказ в личном кабинете: ${publicUrl}/order-complete/${order.id}`,
  ]);
}

/** A manager's link to pay an unpaid online order: the order page, whose «Оплатить» starts the payment. */
export function paymentLinkMail(shop: ShopSettings, order: Order, publicUrl: string) {
  return layoutMail(shop, order.customerEmail, `Оплата заказа № ${order.id}`, [
    `Здравствуйте, ${order.customerName}!`,
    `Заказ № ${order.id} на ${formatRub(order.totalAmount)} ждёт оплаты. Оплатить его можно на странице заказа кнопкой «Оплатить»: ${publicUrl}/order-complete/${order.id}`,
    itemLines(order).join('\n'),
    totalLines(order).join('\n'),
  ]);
}

type HeldOrder = { id: number; customerName: string; customerEmail: string };

/** The hold of an unpaid online order passed: the shop cancelled it (orders' hold scan). */
export const holdExpiredMail = (shop: ShopSettings, order: HeldOrder, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Заказ № ${order.id} отменён`, [
    `Здравствуйте, ${order.customerName}!`,
    `Заказ № ${order.id} не был оплачен вовремя, и мы его отменили: товар снова в продаже.`,
    `Если заказ ещё нужен, оформите его заново: ${publicUrl}/cart. Подробности заказа: ${publicUrl}/order-complete/${order.id}`,
  ]);

/** The invoice of an order was not paid by its last day: the shop cancelled the order. */
export const invoiceExpiredMail = (shop: ShopSettings, order: HeldOrder, publicUrl: string) =>
  layoutMail(shop, order.customerEmail, `Счёт № ${order.id} не оплачен в срок, заказ отменён`, [
    `Здравствуйте, ${order.customerName}!`,
    `Счёт на оплату № ${order.id} не был оплачен в срок, поэтому мы отменили заказ № ${order.id}: зарезервированный товар снова в продаже.`,
    `Если вы уже оплатили счёт, ответьте на это письмо или позвоните нам — мы восстановим заказ или вернём деньги. Если заказ ещё нужен, оформите его заново: ${publicUrl}/cart. Подробности заказа: ${publicUrl}/order-complete/${order.id}`,
  ]);
