/**
 * 1C's changes to the shop's orders: «Статус заказа», «Оплачен»/«Заказ оплачен»/«Дата оплаты» and
 * «Отменен», applied through the order's door (cancelling returns the stock, every change goes
 * to the order's history with 1C as its author). One document's problem is reported in Russian
 * and the others still go through.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { orders } from '../../../db/schema.ts';
import { HttpError } from '../../../core/http-errors.ts';
import { changeOrder } from '../../../modules/orders/door.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '#shared/constants.ts';
import type { OrderStatusChange } from '#shared/schemas/admin-order.ts';
import type { ExchangeDocument } from './read-documents.ts';

const ORDER_OPERATION = 'Заказ товара';

/** Names and values compared the way a person would: case, «ё» and spacing do not matter. */
const normal = (text: string) => text.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');

/** A status by its Russian name (as the query sent it) or its code. */
const STATUS_BY_NAME = new Map<string, OrderStatus>(
  ORDER_STATUSES.flatMap((status) => [
    [normal(ORDER_STATUS_LABELS[status]), status],
    [status, status],
  ]),
);

const TRUE = new Set(['true', 'истина', 'да', '1']);
const FALSE = new Set(['false', 'ложь', 'нет', '0', '']);

/** 1C writes an empty date as its first day. */
const isEmptyDate = (value: string) => value === '' || value.startsWith('0001-01-01');

/** The shop's order number a document names: its `Номер`, or its `Ид` (a 1C that renumbers keeps the site's Ид). */
function orderNumber(doc: ExchangeDocument): number | null {
  for (const candidate of [doc.number, doc.id]) {
    const digits = /^\s*№?\s*(\d{1,9})\s*$/.exec(candidate)?.[1];
    if (digits) return Number(digits);
  }
  return null;
}

const describe = (doc: ExchangeDocument) => `Документ №${doc.number || doc.id || 'без номера'}`;

/** The change a document asks for, and what in it could not be understood. */
function changeOf(doc: ExchangeDocument, label: string): { change: OrderStatusChange; errors: string[] } {
  const change: OrderStatusChange = {};
  const errors: string[] = [];
  let cancelled = false;
  const flag = (name: string, value: string): boolean | null => {
    const v = normal(value);
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    errors.push(`${label}: непонятное значение «${value}» реквизита «${name}» (ожидается true или false)`);
    return null;
  };
  for (const { name, value } of doc.requisites) {
    switch (normal(name)) {
      case 'статус заказа': {
        const status = STATUS_BY_NAME.get(normal(value));
        if (status) change.status = status;
        else errors.push(`${label}: неизвестный статус «${value}»; статусы сайта: ${Object.values(ORDER_STATUS_LABELS).join(', ')}`);
        break;
      }
      // «Не оплачен» from 1C does not undo a payment the shop received itself (online payment).
      case 'оплачен':
      case 'заказ оплачен':
        if (flag(name, value)) change.paymentStatus = 'paid';
        break;
      case 'дата оплаты':
        if (!isEmptyDate(value.trim())) change.paymentStatus = 'paid';
        break;
      case 'отменен':
        cancelled = flag(name, value) === true;
        break;
      default:
        // «Проведен», «Номер по 1С», «Дата отгрузки»… say nothing the shop keeps.
        break;
    }
  }
  // A cancelled document is cancelled whatever status it also names.
  if (cancelled) change.status = 'cancelled';
  return { change, errors };
}

export async function applyDocuments(db: Db, documents: ExchangeDocument[], now: Date): Promise<{ changed: number; errors: string[] }> {
  const errors: string[] = [];
  const numbers = documents.map(orderNumber).filter((n): n is number => n !== null);
  const known = new Set(
    numbers.length === 0 ? [] : (await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, numbers))).map((r) => r.id),
  );
  let changed = 0;
  for (const doc of documents) {
    if (doc.operation && doc.operation !== ORDER_OPERATION) {
      errors.push(`${describe(doc)}: операция «${doc.operation}» сайтом не обрабатывается, документ пропущен`);
      continue;
    }
    const id = orderNumber(doc);
    if (id === null || !known.has(id)) {
      errors.push(`${describe(doc)}: заказ не найден на сайте`);
      continue;
    }
    const label = `Заказ №${id}`;
    const { change, errors: docErrors } = changeOf(doc, label);
    errors.push(...docErrors);
    if (!change.status && !change.paymentStatus) continue;
    try {
      if ((await changeOrder(db, id, { kind: '1c' }, change, now)).changed) changed += 1;
    } catch (error) {
      // Un-cancelling an order whose goods are gone: the service says which and keeps the order as it was.
      if (!(error instanceof HttpError)) throw error;
      errors.push(`${label}: ${error.message}`);
    }
  }
  return { changed, errors };
}
