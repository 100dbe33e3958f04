import { layoutMail } from '../../mail/templates.ts';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '#shared/constants.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Order } from '#shared/types.ts';

const itemLines = (order: Order) =>
  order.items.map((i, n) => `${n + 1}. ${i.productName}${i.productSku ? ` (арт. ${i.productSku})` : ''} — ${i.quantity} шт. × ${formatRub(i.productPrice)} = ${formatRub(i.totalPrice)}`);

const totalLines = (order: Order) => [
  `Товары: ${formatRub(order.subtotal)}`,
  `НДС (20%): ${formatRub(order.vat)}`,
  `Доставка: ${order.delivery === 0 ? 'бесплатно' : formatRub(order.delivery)}`,
  `Итого: ${formatRub(order.totalAmount)}`,
];

const deliveryLines = (order: Order) => [
  `Получатель: ${order.customerName}`,
  `Телефон: ${order.customerPhone}`,
  `Email: ${order.customerEmail}`,
  `Адрес доставки: ${order.postalCode}, ${order.city}, ${order.address}`,
  ...(order.notes ? [`Комментарий: ${order.notes}`] : []),
];

/** The customer's confirmation of a new order. */
export function orderConfirmationMail(shop: ShopSettings, order: Order, publicUrl: string) {
  return layoutMail(shop, order.customerEmail, `Заказ № ${order.id} оформлен`, [
    `Здравствуйте, ${order.customerName}!`,
    `Спасибо за заказ. Мы получили заказ № ${order.id} от ${formatDateTime(order.createdAt)} и свяжемся с вами для подтверждения.`,
    itemLines(order).join('\n'),
    totalLines(order).join('\n'),
    `Способ оплаты: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
    ...(order.paymentMethod === 'online'
      ? ['Ссылку на оплату мы пришлём отдельным письмом после подтверждения заказа менеджером.']
      : []),
    deliveryLines(order).join('\n'),
    `Статус заказа: ${ORDER_STATUS_LABELS[order.status]}. Следить за заказом можно в личном кабинете: ${publicUrl}/order-complete/${order.id}`,
  ]);
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
