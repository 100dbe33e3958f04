import { labelledValues } from './labelled-values.ts';
/**
 * An order's shipment with СДЭК as the back office and the customer see it (issue 28). Only the
 * order pages and the server need it.
 */

/** Where СДЭК sends its ORDER_STATUS events (the shop subscribes it at start-up). */
export const CDEK_WEBHOOK_PATH = '/api/delivery/cdek/webhook';

/** СДЭК's page where anyone follows a shipment by its number. */
export const cdekTrackingUrl = (trackNumber: string) => `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(trackNumber)}`;

/**
 * Where the order's registration with СДЭК stands: `sending` (the request on its way), `sent`
 * (СДЭК accepted it and is checking it), `registered` (it has its track number), `failed` (`error`
 * says why; staff may register it again).
 */
export const { values: CDEK_SHIPMENT_STATES, labels: CDEK_SHIPMENT_STATE_LABELS } = labelledValues({
  sending: 'Отправляем в СДЭК',
  sent: 'СДЭК проверяет заказ',
  registered: 'Зарегистрирован в СДЭК',
  failed: 'Не зарегистрирован в СДЭК',
  cancelled: 'Отменён в СДЭК',
});
export type CdekShipmentState = (typeof CDEK_SHIPMENT_STATES)[number];

/** GET /api/admin/orders/{id}/cdek: the registration of a СДЭК order, and whether staff may register it (again) now. */
export type CdekShipmentView = {
  configured: boolean;
  state: CdekShipmentState | null;
  trackNumber: string | null;
  error: string | null;
  /** СДЭК's last status of the shipment, in its words. */
  status: string | null;
  canRegister: boolean;
};

/** СДЭК's order statuses (ORDER_STATUS codes) as its documents name them. */
const STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  READY_FOR_SHIPMENT_IN_SENDER_CITY: 'Выдан на отправку в городе отправителя',
  RETURNED_TO_SENDER_CITY_WAREHOUSE: 'Возвращён на склад отправителя',
  TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY: 'Сдан перевозчику в городе отправителя',
  SENT_TO_TRANSIT_CITY: 'Отправлен в город-транзит',
  ACCEPTED_IN_TRANSIT_CITY: 'Встречен в городе-транзите',
  ACCEPTED_AT_TRANSIT_WAREHOUSE: 'Принят на склад транзита',
  RETURNED_TO_TRANSIT_WAREHOUSE: 'Возвращён на склад транзита',
  READY_FOR_SHIPMENT_IN_TRANSIT_CITY: 'Выдан на отправку в городе-транзите',
  TAKEN_BY_TRANSPORTER_FROM_TRANSIT_CITY: 'Сдан перевозчику в городе-транзите',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в город получателя',
  ACCEPTED_IN_RECIPIENT_CITY: 'Встречен в городе получателя',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'Принят на склад доставки',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят в пункте выдачи',
  TAKEN_BY_COURIER: 'Выдан на доставку курьеру',
  RETURNED_TO_RECIPIENT_CITY_WAREHOUSE: 'Возвращён на склад доставки',
  POSTOMAT_POSTED: 'Заложен в постамат',
  DELIVERED: 'Вручён',
  NOT_DELIVERED: 'Не вручён',
  INVALID: 'Некорректный заказ',
  REMOVED: 'Удалён',
};

export const cdekStatusName = (code: string) => STATUS_NAMES[code] ?? `Статус СДЭК ${code}`;
