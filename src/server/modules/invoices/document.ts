/**
 * The invoice «Счёт на оплату» of an order paid by invoice (issue 27): everything the PDF prints,
 * taken from the order as it was placed (lines, delivery, its VAT rate and way, the buyer's copy)
 * and from the seller's requisites of the settings. The validity date is the order's hold
 * (`invoiceHoldUntil`): the order keeps its stock until the end of that day.
 */
import numberToWords from 'number-to-words-ru';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { addBankingDays, formatDate, formatDay, shopDayEnd } from '#shared/dates.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { OrderBuyerCompany } from '#shared/organizations.ts';
import type { SellerRequisites } from '#shared/schemas/seller-requisites.ts';
import { vatSummaryLines } from '#shared/vat-summary.ts';
import { invoiceRequisites } from '../settings/service.ts';
import { paymentQrPayload } from './qr.ts';

type OrderRow = typeof orders.$inferSelect;

export type InvoiceLine = { name: string; quantity: number; unit: string; priceKopecks: number; totalKopecks: number };
export type InvoiceTotal = { label: string; kopecks: number | null };

export type InvoiceDocument = {
  orderId: number;
  /** «Счёт на оплату № 15 от 27 ноября 2026 г.» */
  title: string;
  /** «27 ноября 2026 г.» */
  date: string;
  validUntil: string;
  seller: SellerRequisites;
  /** The buyer as copied into the order; the customer's name alone for an order placed without one. */
  buyer: OrderBuyerCompany | { name: string };
  lines: InvoiceLine[];
  /** «Итого», the VAT lines as the order was priced, «Всего к оплате» (a «Без НДС» line has no amount). */
  totals: InvoiceTotal[];
  totalKopecks: number;
  /** «Всего наименований 3, на сумму 14 976,00 руб.» */
  countLine: string;
  /** «Четырнадцать тысяч девятьсот семьдесят шесть рублей 00 копеек» */
  totalInWords: string;
  /** The ГОСТ Р 56042-2014 payment QR text. */
  qrPayload: string;
};

export const INVOICE_UNIT = 'шт';
const DELIVERY_LINE = 'Доставка';

/** «14 976,00»: the invoice prints kopecks, without the currency sign (the columns say roubles). */
export const formatInvoiceAmount = (kopecks: number) =>
  new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(kopecksToRub(kopecks));

/** The last day an invoice of an order placed at `placedAt` is valid (YYYY-MM-DD, shop time). */
export const invoiceValidDay = (placedAt: Date, validDays: number) => addBankingDays(placedAt, validDays);

/** Until when an invoice order holds its stock unpaid: the end of its invoice's last day, Moscow time. */
export const invoiceHoldUntil = (placedAt: Date, validDays: number) => shopDayEnd(invoiceValidDay(placedAt, validDays));

/** The VAT lines of the invoice: the order page's lines (vat-summary.ts) in an invoice's words. */
function vatTotals(order: OrderRow): InvoiceTotal[] {
  if (order.vatRate === 0) return [{ label: 'Без НДС', kopecks: null }];
  const { added, inTotal } = vatSummaryLines({
    vat: order.vatKopecks,
    vatInTotal: order.vatInTotalKopecks,
    vatRate: order.vatRate,
    pricesIncludeVat: order.pricesIncludeVat,
    delivery: order.deliveryKopecks,
  });
  return [
    ...(added ? [{ label: `НДС ${order.vatRate} %:`, kopecks: added.amount }] : []),
    ...(inTotal ? [{ label: `В том числе НДС ${order.vatRate} %:`, kopecks: inTotal.amount }] : []),
  ];
}

/** «Оплата по счёту № 15 от 27 ноября 2026 г.»: the payment's purpose in the QR code and on the bank's order. */
export const paymentPurpose = (orderId: number, date: string) => `Оплата по счёту № ${orderId} от ${date}`;

/** The order's hold is the invoice's end (set when it was placed, so a later change of the setting changes no issued invoice). */
const validUntilOf = (order: OrderRow, seller: SellerRequisites) =>
  order.paymentHoldUntil ? formatDate(new Date(order.paymentHoldUntil.getTime() - 1)) : formatDay(invoiceValidDay(order.createdAt, seller.invoiceValidDays));

function invoiceOf(order: OrderRow, items: (typeof orderItems.$inferSelect)[], seller: SellerRequisites): InvoiceDocument {
  const date = formatDate(order.createdAt);
  const lines: InvoiceLine[] = items.map((item) => ({
    name: item.productSku ? `${item.productName} (арт. ${item.productSku})` : item.productName,
    quantity: item.quantity,
    unit: INVOICE_UNIT,
    priceKopecks: item.unitPriceKopecks,
    totalKopecks: item.totalKopecks,
  }));
  if (order.deliveryKopecks > 0) {
    lines.push({ name: DELIVERY_LINE, quantity: 1, unit: INVOICE_UNIT, priceKopecks: order.deliveryKopecks, totalKopecks: order.deliveryKopecks });
  }
  const total = order.totalKopecks;
  return {
    orderId: order.id,
    title: `Счёт на оплату № ${order.id} от ${date}`,
    date,
    validUntil: validUntilOf(order, seller),
    seller,
    buyer: order.buyer ?? { name: order.customerName },
    lines,
    totals: [
      { label: 'Итого:', kopecks: order.subtotalKopecks + order.deliveryKopecks },
      ...vatTotals(order),
      { label: 'Всего к оплате:', kopecks: total },
    ],
    totalKopecks: total,
    countLine: `Всего наименований ${lines.length}, на сумму ${formatInvoiceAmount(total)} руб.`,
    totalInWords: numberToWords.convert((total / 100).toFixed(2), { currency: 'rub' }),
    qrPayload: paymentQrPayload(seller, total, paymentPurpose(order.id, date)),
  };
}

/**
 * An order paid by invoice with its invoice; null when there is no such order. `document` is null
 * while the seller's requisites are incomplete: nothing can be issued without them.
 */
export async function findInvoice(db: Db, orderId: number): Promise<{ order: OrderRow; document: InvoiceDocument | null } | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.paymentMethod !== 'invoice') return null;
  const seller = await invoiceRequisites(db);
  if (!seller) return { order, document: null };
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return { order, document: invoiceOf(order, items, seller) };
}
