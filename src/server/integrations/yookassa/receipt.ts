/**
 * The 54-FZ receipt YooKassa sends to the tax service with a payment or a refund: one line per
 * order line and delivery as its own line, each with the VAT code of the rate the order was
 * placed with (orders.vat_rate). A receipt's amounts include VAT: with catalogue prices «без НДС»
 * the VAT the order added on top of them (whole roubles, orders.vat_kopecks) is spread over the
 * lines, with prices «с НДС» it is 0 and the lines are what they cost, so the receipt adds up to
 * the order's total to the kopeck either way. Delivery's price includes its VAT, and the VAT the
 * whole receipt carries is the order's `vat_in_total_kopecks` (docs/decisions/030).
 */
import type { orderItems, orders } from '../../db/schema.ts';
import type { PaymentMode, PaymentSettings } from '#shared/schemas/payments.ts';
import { grossLineTotals, unitPrices } from '../../modules/orders/gross.ts';
import { yooAmount, type YooReceipt, type YooReceiptItem } from './yookassa.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const DESCRIPTION_MAX = 128;

/** Payments taken before the goods are handed over: 54-FZ wants the calculated rate (20/120) on them. */
const PREPAYMENT_MODES: readonly PaymentMode[] = ['full_prepayment', 'partial_prepayment', 'advance'];

/**
 * YooKassa's vat_code (https://yookassa.ru/developers/54fz/parameters-values): 1 без НДС,
 * 2 0 %, 3 10 %, 4 20 %, 5 10/110, 6 20/120, 11 22 %, 12 22/122.
 */
export function vatCode(rate: number, mode: PaymentMode): number {
  const prepaid = PREPAYMENT_MODES.includes(mode);
  switch (rate) {
    case 0:
      return 1;
    case 10:
      return prepaid ? 5 : 3;
    case 20:
      return prepaid ? 6 : 4;
    case 22:
      return prepaid ? 12 : 11;
    default:
      throw new Error(`No YooKassa VAT code for ${rate} %`);
  }
}

const description = (text: string) => (text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text);

function line(text: string, quantity: number, unitKopecks: number, rate: number, subject: string, mode: PaymentMode): YooReceiptItem {
  return {
    description: description(text),
    quantity: quantity.toFixed(2),
    amount: yooAmount(unitKopecks),
    vat_code: vatCode(rate, mode),
    payment_subject: subject,
    payment_mode: mode,
  };
}

/** An order line as receipt lines at whole-kopeck prices (orders/gross.ts), so the receipt is exact. */
function goodsLines(item: ItemRow, gross: number, order: OrderRow, settings: PaymentSettings): YooReceiptItem[] {
  return unitPrices(gross, item.quantity).map(({ quantity, unitKopecks }) =>
    line(item.productName, quantity, unitKopecks, order.vatRate, settings.goodsPaymentSubject, settings.goodsPaymentMode),
  );
}

/** The receipt of the whole order: its lines and its delivery. */
export function orderReceipt(order: OrderRow, items: ItemRow[], settings: PaymentSettings): YooReceipt {
  const gross = grossLineTotals(order, items);
  const lines = items.flatMap((item, i) => goodsLines(item, gross[i]!, order, settings));
  if (order.deliveryKopecks > 0) {
    lines.push(line('Доставка', 1, order.deliveryKopecks, order.vatRate, settings.deliveryPaymentSubject, settings.deliveryPaymentMode));
  }
  return { customer: { email: order.customerEmail }, items: lines, tax_system_code: settings.taxSystemCode };
}

/**
 * A refund's receipt: the whole order's lines when everything is returned; otherwise one line
 * «Возврат по заказу № N» for the amount (which goods a partial refund is for is not recorded).
 */
export function refundReceipt(order: OrderRow, items: ItemRow[], settings: PaymentSettings, amountKopecks: number): YooReceipt {
  if (amountKopecks === order.totalKopecks) return orderReceipt(order, items, settings);
  return {
    customer: { email: order.customerEmail },
    items: [line(`Возврат по заказу № ${order.id}`, 1, amountKopecks, order.vatRate, settings.goodsPaymentSubject, settings.goodsPaymentMode)],
    tax_system_code: settings.taxSystemCode,
  };
}
