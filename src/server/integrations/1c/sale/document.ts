/**
 * The shop's orders as 1C reads them from `sale&mode=query`: a CommerceML 2 document
 * (`КоммерческаяИнформация`, one `Документ` «Заказ товара» per order), the shape 1C's standard
 * «Обмен с сайтом» (УТ, КА, УНФ) loads, elements in the order the sites 1C works with write them
 * (`Время` after `Контрагенты`, a line's requisites and taxes after its sum). Pure: the rows in,
 * the XML text out.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { orderItems, orders } from '../../../db/schema.ts';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  VAT_RATE_LABELS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type VatRate,
} from '#shared/constants.ts';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '#shared/delivery.ts';
import type { OrderBuyerCompany } from '#shared/organizations.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import { SHOP_OFFSET_MS } from '../../../core/time.ts';

export const SCHEMA_VERSION = '2.08';

/** The delivery's service line: one Ид for every order, so 1C maps it to one service once. */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY';
export const DELIVERY_LINE_NAME = 'Доставка заказа';

/** The names of the order's requisites 1C reads back (and may send changed, see changes.ts). */
export const REQUISITES = {
  status: 'Статус заказа',
  paymentMethod: 'Метод оплаты',
  paymentStatus: 'Статус оплаты',
  paid: 'Заказ оплачен',
  cancelled: 'Отменен',
  deliveryMethod: 'Способ доставки',
  pickupBranch: 'Пункт самовывоза',
  deliveryAddress: 'Адрес доставки',
  comment: 'Комментарий покупателя',
} as const;

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export type SaleOrder = {
  order: OrderRow;
  /** `exchangeId`: the product's Ид in 1C when it came from 1C. */
  lines: { item: OrderItemRow; exchangeId: string | null }[];
  pickupBranch: Branch | null;
};

/** Moscow has kept UTC+3 all year since 2014; 1C reads dates without a zone as its own local time. */
const shopLocal = (date: Date) => new Date(date.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 19);

/** Kopecks as CommerceML's decimal roubles: 1299050 → '12990.50'. */
const amount = (kopecks: number) => (kopecks / 100).toFixed(2);

/** Characters XML 1.0 cannot carry at all (escaping does not help): dropped from the customer's texts. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (text: string) => text.replace(NOT_XML, '');

const requisite = (name: string, value: string) => ({ Наименование: name, Значение: clean(value) });

const PIECE = { '@_Код': '796', '@_НаименованиеПолное': 'Штука', '@_МеждународноеСокращение': 'PCE', '#text': 'шт' };

/** The rate as 1C names it: '20', or «Без НДС». */
const rateText = (rate: number) => (rate === 0 ? VAT_RATE_LABELS[0] : String(rate));

function taxes(rate: number, kopecks: number) {
  const name = { Наименование: 'НДС' };
  return {
    СтавкиНалогов: { СтавкаНалога: { ...name, Ставка: rateText(rate) } },
    // Every sum is what the customer pays, VAT included, whether the catalogue's prices had it (docs/decisions/030).
    Налоги: { Налог: { ...name, УчтеноВСумме: 'true', Сумма: amount(kopecks), Ставка: rateText(rate) } },
  };
}

/**
 * An amount of the order's (its VAT) shared out over its lines in proportion to their sums, the
 * remainder kopecks going to the largest fractions, so the lines add up to exactly that amount.
 */
export function vatPerLine(lineKopecks: number[], vatKopecks: number): number[] {
  const subtotal = lineKopecks.reduce((sum, k) => sum + k, 0);
  if (subtotal === 0) return lineKopecks.map(() => 0);
  const exact = lineKopecks.map((k) => (k * vatKopecks) / subtotal);
  const shares = exact.map(Math.floor);
  let left = vatKopecks - shares.reduce((sum, k) => sum + k, 0);
  const byFraction = exact.map((x, i) => ({ i, fraction: x - Math.floor(x) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

const kind = (value: 'Товар' | 'Услуга') => ({
  ЗначениеРеквизита: [requisite('ВидНоменклатуры', value), requisite('ТипНоменклатуры', value)],
});

type GoodsLine = SaleOrder['lines'][number] & { paid: number };

function goodsLine({ item, exchangeId, paid }: GoodsLine, rate: number, vat: number) {
  return {
    // A product that came from 1C is named by its 1C Ид; the shop's own products by the shop's id.
    Ид: exchangeId ?? (item.productId !== null ? String(item.productId) : (item.productSku ?? `line-${item.id}`)),
    ...(item.productSku ? { Артикул: clean(item.productSku) } : {}),
    Наименование: clean(item.productName),
    БазоваяЕдиница: PIECE,
    ЦенаЗаЕдиницу: amount(Math.round(paid / item.quantity)),
    Количество: item.quantity,
    Сумма: amount(paid),
    ЗначенияРеквизитов: kind('Товар'),
    ...taxes(rate, vat),
  };
}

/** Delivery is a service line, taxed at the order's rate like the goods (its price includes the VAT). */
function deliveryLine(order: OrderRow, vat: number) {
  return {
    Ид: DELIVERY_LINE_ID,
    Наименование: DELIVERY_LINE_NAME,
    БазоваяЕдиница: PIECE,
    ЦенаЗаЕдиницу: amount(order.deliveryKopecks),
    Количество: 1,
    Сумма: amount(order.deliveryKopecks),
    ЗначенияРеквизитов: kind('Услуга'),
    ...taxes(order.vatRate, vat),
  };
}

/**
 * The order's lines at what the customer pays: each goods line with its share of the VAT added on
 * top of prices «без НДС» (none when they included it), then the delivery; the VAT the total
 * contains is shared over them all.
 */
function orderLines({ order, lines }: SaleOrder) {
  const added = vatPerLine(
    lines.map((l) => l.item.totalKopecks),
    order.vatKopecks,
  );
  const goods = lines.map((line, i) => ({ ...line, paid: line.item.totalKopecks + added[i]! }));
  const delivery = order.deliveryKopecks > 0 ? [order.deliveryKopecks] : [];
  const vat = vatPerLine([...goods.map((g) => g.paid), ...delivery], order.vatInTotalKopecks);
  return [...goods.map((g, i) => goodsLine(g, order.vatRate, vat[i]!)), ...delivery.map(() => deliveryLine(order, vat[goods.length]!))];
}

const branchText = (b: Branch) => `${b.city}, ${b.address}`;

const deliveryAddress = (order: OrderRow) => [order.postalCode, order.city, order.address].filter(Boolean).join(', ');

const contacts = (order: OrderRow) => ({
  Контакт: [
    { Тип: 'Почта', Значение: clean(order.customerEmail) },
    { Тип: 'Телефон рабочий', Значение: clean(order.customerPhone) },
  ],
});

// A customer is one 1C counterparty across their orders: the account, or the e-mail of a deleted one.
const personId = (order: OrderRow) => (order.userId !== null ? `user-${order.userId}` : `email-${clean(order.customerEmail)}`);

/** A private person: named by the order's contact, the delivery address as the registration address. */
function person({ order, pickupBranch }: SaleOrder) {
  const address = order.deliveryMethod === 'pickup' ? pickupBranch && `Самовывоз: ${branchText(pickupBranch)}` : deliveryAddress(order);
  return {
    Ид: personId(order),
    Наименование: clean(order.customerName),
    ПолноеНаименование: clean(order.customerName),
    Роль: 'Покупатель',
    ...(address ? { АдресРегистрации: { Представление: clean(address) } } : {}),
    Контакты: contacts(order),
  };
}

/**
 * An organisation (issue 27), from the order's copy of it: the legal entity's elements of
 * CommerceML's `Контрагент`, its bank account when given, and the customer who ordered as its
 * contact person (`Представители`). One organisation is one counterparty whoever orders for it,
 * as 1C itself tells counterparties apart: by ИНН and КПП.
 */
function company(order: OrderRow, buyer: OrderBuyerCompany) {
  return {
    Ид: `org-${buyer.inn}${buyer.kpp ? `-${buyer.kpp}` : ''}`,
    Наименование: clean(buyer.name),
    ОфициальноеНаименование: clean(buyer.name),
    Роль: 'Покупатель',
    ЮридическийАдрес: { Представление: clean(buyer.legalAddress) },
    ИНН: buyer.inn,
    ...(buyer.kpp ? { КПП: buyer.kpp } : {}),
    ...(buyer.account && buyer.bik
      ? {
          РасчетныеСчета: {
            РасчетныйСчет: {
              НомерСчета: buyer.account,
              Банк: { ...(buyer.correspondentAccount ? { СчетКорреспондентский: buyer.correspondentAccount } : {}), БИК: buyer.bik },
            },
          },
        }
      : {}),
    Контакты: contacts(order),
    Представители: {
      Представитель: { Контрагент: { Отношение: 'Контактное лицо', Ид: personId(order), Наименование: clean(order.customerName) } },
    },
  };
}

const customer = (sale: SaleOrder) => ({ Контрагент: sale.order.buyer ? company(sale.order, sale.order.buyer) : person(sale) });

function requisites({ order, pickupBranch }: SaleOrder) {
  const list = [
    requisite(REQUISITES.paymentMethod, PAYMENT_METHOD_LABELS[order.paymentMethod as PaymentMethod] ?? order.paymentMethod),
    requisite(REQUISITES.paymentStatus, PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus] ?? order.paymentStatus),
    requisite(REQUISITES.paid, String(order.paymentStatus === 'paid')),
    requisite(REQUISITES.status, ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status),
    requisite(REQUISITES.cancelled, String(order.status === 'cancelled')),
    requisite(REQUISITES.deliveryMethod, DELIVERY_METHOD_LABELS[order.deliveryMethod as DeliveryMethod] ?? order.deliveryMethod),
  ];
  if (pickupBranch) list.push(requisite(REQUISITES.pickupBranch, branchText(pickupBranch)));
  // An organisation's `Контрагент` carries its legal address: where the goods go is said here.
  if (order.buyer && order.deliveryMethod !== 'pickup') list.push(requisite(REQUISITES.deliveryAddress, deliveryAddress(order)));
  if (order.notes) list.push(requisite(REQUISITES.comment, order.notes));
  return { ЗначениеРеквизита: list };
}

function orderDocument(sale: SaleOrder) {
  const { order } = sale;
  const placed = shopLocal(order.createdAt);
  return {
    Ид: String(order.id),
    Номер: String(order.id),
    Дата: placed.slice(0, 10),
    ХозОперация: 'Заказ товара',
    Роль: 'Продавец',
    Валюта: 'руб',
    Курс: 1,
    Сумма: amount(order.totalKopecks),
    Контрагенты: customer(sale),
    Время: placed.slice(11),
    ...(order.notes ? { Комментарий: clean(order.notes) } : {}),
    // The order's own rate (decision 021), not today's setting; the VAT its total contains (decision 028).
    Налоги: { Налог: { Наименование: 'НДС', УчтеноВСумме: 'true', Сумма: amount(order.vatInTotalKopecks), Ставка: rateText(order.vatRate as VatRate) } },
    Товары: { Товар: orderLines(sale) },
    ЗначенияРеквизитов: requisites(sale),
  };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' });

/** The whole answer to `sale&mode=query`; no orders gives a valid document with none. */
export function saleDocument(sales: SaleOrder[], now: Date): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    КоммерческаяИнформация: {
      '@_xmlns': 'urn:1C.ru:commerceml_2',
      '@_ВерсияСхемы': SCHEMA_VERSION,
      '@_ДатаФормирования': shopLocal(now),
      Документ: sales.map(orderDocument),
    },
  }) as string;
}
