/**
 * СДЭК orders (issue 28, docs/decisions/037): an order delivered by СДЭК is registered with it
 * when staff confirm it («В обработке»), and СДЭК's status events move it on («Отправлен»,
 * «Доставлен»). Registration is asynchronous at СДЭК: `POST /orders` answers the entity's uuid
 * with the request ACCEPTED, and `GET /orders/{uuid}` says later whether it is SUCCESSFUL (with
 * the track number) or INVALID (with СДЭК's reasons). The state is this integration's own table
 * (`cdek_shipments`); the track number and the statuses reach the order through its door only.
 * A status event is never believed: its uuid is only a pointer to what `GET /orders/{uuid}` says.
 */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { cdekShipments, orderItems, orders } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import { MINUTE_MS } from '../../core/time.ts';
import { listBranches } from '../../modules/branches/service.ts';
import type { CarrierLog } from '../../modules/delivery/carrier-port.ts';
import { parcelsOf } from '../../modules/delivery/parcels.ts';
import { changeOrder } from '../../modules/orders/door.ts';
import { grossLineTotals, unitPrices } from '../../modules/orders/gross.ts';
import { toPackage } from './carrier.ts';
import { CdekError, createOrder, deleteOrder, orderInfo, type CdekConfig, type CdekOrderInfo, type CdekOrderRequest } from './cdek.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import { cdekStatusName, type CdekShipmentState, type CdekShipmentView } from '#shared/cdek.ts';
import { isCarrierMethod, type DeliveryMethod } from '#shared/delivery.ts';
import type { OrderStatus } from '#shared/constants.ts';

export type ShipmentDeps = {
  db: Db;
  /** Null without credentials: nothing is sent, the order says so. */
  config: CdekConfig | null;
  /** СДЭК's code of a city by its name (the carrier's, kept a day); null when СДЭК does not know it. */
  cityCode: (name: string) => Promise<number | null>;
  log: CarrierLog;
  now: Date;
};

export const CDEK_NOT_CONFIGURED = 'СДЭК не подключён: заказ не зарегистрирован. Задайте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET и зарегистрируйте заказ повторно.';
export const NOT_CDEK_ORDER = 'Этот заказ доставляет не СДЭК';
export const REGISTER_WHEN_PROCESSING = 'Зарегистрировать в СДЭК можно подтверждённый заказ (статус «В обработке»)';
export const ALREADY_REGISTERED = 'Заказ уже зарегистрирован в СДЭК или регистрируется сейчас';
const NO_ANSWER = 'СДЭК сейчас не отвечает. Зарегистрируйте заказ повторно позже.';
const BAD_CREDENTIALS = 'СДЭК не принял ключи доступа: проверьте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET.';

/** A request still on its way this long is taken as lost (the process stopped): staff may send it again. */
const SENDING_LOST_MS = 5 * MINUTE_MS;

/** СДЭК's statuses of a parcel handed to it and on its way (its documents' ORDER_STATUS codes). */
const ON_THE_WAY = new Set([
  'RECEIVED_AT_SHIPMENT_WAREHOUSE',
  'READY_FOR_SHIPMENT_IN_SENDER_CITY',
  'TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY',
  'SENT_TO_TRANSIT_CITY',
  'ACCEPTED_IN_TRANSIT_CITY',
  'ACCEPTED_AT_TRANSIT_WAREHOUSE',
  'READY_FOR_SHIPMENT_IN_TRANSIT_CITY',
  'TAKEN_BY_TRANSPORTER_FROM_TRANSIT_CITY',
  'SENT_TO_RECIPIENT_CITY',
  'ACCEPTED_IN_RECIPIENT_CITY',
  'ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE',
  'ACCEPTED_AT_PICK_UP_POINT',
  'TAKEN_BY_COURIER',
  'POSTOMAT_POSTED',
]);

type ShipmentRow = typeof cdekShipments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const refused = (details: readonly string[]) => `СДЭК не принял заказ: ${details.length > 0 ? details.join('; ') : 'причину СДЭК не сообщил'}`;

/** Why a call to СДЭК failed, in staff's words. */
function failureText(error: CdekError): string {
  if (error.status === 401) return BAD_CREDENTIALS;
  if (error.status !== null && error.status >= 400 && error.status < 500) return refused(error.details);
  return NO_ANSWER;
}

/** +7XXXXXXXXXX when the phone is a Russian number however typed; as typed otherwise. */
function phoneForCdek(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10) return `+7${digits}`;
  return phone;
}

async function shipmentOf(db: Db, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(cdekShipments).where(eq(cdekShipments.orderId, orderId));
  return row ?? null;
}

async function saveShipment(db: Db, orderId: number, patch: Partial<Pick<ShipmentRow, 'state' | 'uuid' | 'error' | 'statusCode'>>, now: Date) {
  await db.update(cdekShipments).set({ ...patch, updatedAt: now }).where(eq(cdekShipments.orderId, orderId));
}

/**
 * Takes the order's registration for this request: a new one, a failed one, or one whose request
 * was lost. False when it is registered, or being registered by another request.
 */
async function claim(db: Db, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(cdekShipments)
    .values({ orderId, state: 'sending', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: cdekShipments.orderId,
      set: { state: 'sending', uuid: null, error: null, statusCode: null, updatedAt: now },
      where: or(eq(cdekShipments.state, 'failed'), and(eq(cdekShipments.state, 'sending'), lt(cdekShipments.updatedAt, new Date(now.getTime() - SENDING_LOST_MS)))),
    })
    .returning({ orderId: cdekShipments.orderId });
  return rows.length > 0;
}

/** The branch the parcel leaves from: the one most of the order's units were taken from (the head office for old lines without one). */
async function senderBranch(db: Db, lines: readonly { stockBranchId: number | null; quantity: number }[]) {
  const branches = await listBranches(db);
  const head = branches.find((b) => b.slug === HEAD_BRANCH_SLUG) ?? branches[0]!;
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.stockBranchId ?? head.id, (units.get(line.stockBranchId ?? head.id) ?? 0) + line.quantity);
  const [id] = [...units.entries()].sort((a, b) => b[1] - a[1])[0] ?? [head.id];
  return branches.find((b) => b.id === id) ?? head;
}

/**
 * Whether СДЭК collects the money: the customer chose to pay on receipt («Наличными» or «Картой
 * при получении») and has not paid. СДЭК then takes each unit's price and the delivery at the door
 * or the point (`payment.value`, `delivery_recipient_cost`) and transfers them to the shop.
 */
const collectsOnDelivery = (order: OrderRow) => (order.paymentMethod === 'cash' || order.paymentMethod === 'card') && order.paymentStatus !== 'paid';

/** The order as СДЭК's `POST /orders` takes it: the lines' prices as the declared value, collected on delivery when the customer pays on receipt. */
async function orderRequest(deps: ShipmentDeps, order: OrderRow): Promise<CdekOrderRequest | string> {
  const lines = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const branch = await senderBranch(deps.db, lines);
  const from = await deps.cityCode(branch.city);
  if (from === null) return `СДЭК не знает город филиала-отправителя «${branch.city}»`;
  // A product since deleted from the catalogue weighs the shop's default parcel.
  const parcels = await parcelsOf(deps.db, lines.map((l) => ({ productId: l.productId ?? 0, quantity: l.quantity })));
  const toPoint = order.deliveryMethod === 'cdek-point';
  if (toPoint && !order.deliveryPoint) return 'В заказе не указан пункт выдачи СДЭК';
  if (order.deliveryTariffCode === null) return 'В заказе не указан тариф СДЭК';
  const to = toPoint ? null : await deps.cityCode(order.city);
  const collect = collectsOnDelivery(order);
  const gross = grossLineTotals(order, lines);
  return {
    type: 1,
    number: String(order.id),
    tariff_code: order.deliveryTariffCode,
    comment: `Заказ № ${order.id}`,
    from_location: { code: from, address: branch.address },
    ...(toPoint
      ? { delivery_point: order.deliveryPoint!.code }
      : { to_location: { ...(to === null ? { city: order.city } : { code: to }), postal_code: order.postalCode, address: order.address } }),
    recipient: { name: order.customerName, email: order.customerEmail, phones: [{ number: phoneForCdek(order.customerPhone) }] },
    ...(collect ? { delivery_recipient_cost: { value: order.deliveryKopecks / 100 } } : {}),
    packages: lines.map((line, i) => {
      const parcel = parcels[i]!;
      const weight = Math.max(1, Math.round(parcel.weightGrams / line.quantity));
      const ware = line.productSku || `product-${line.productId ?? line.id}`;
      return {
        number: String(i + 1),
        ...toPackage(parcel),
        // The declared value is what the customer pays for a unit; collected too when paid on receipt.
        items: unitPrices(gross[i]!, line.quantity).map(({ quantity, unitKopecks }) => ({
          name: line.productName,
          ware_key: ware,
          payment: { value: collect ? unitKopecks / 100 : 0 },
          cost: unitKopecks / 100,
          weight,
          amount: quantity,
        })),
      };
    }),
  };
}

/** What СДЭК says of a registered order: refused (its reasons), its track number once it has one, its statuses' codes. */
function readInfo(info: CdekOrderInfo): { refusal: string | null; trackNumber: string | null; codes: string[]; latest: string | null } {
  const requests = info.requests ?? [];
  const invalid = requests.find((r) => r.state === 'INVALID');
  const statuses = [...(info.entity?.statuses ?? [])].sort((a, b) => Date.parse(b.date_time) - Date.parse(a.date_time));
  return {
    refusal: invalid ? refused((invalid.errors ?? []).map((e) => e.message)) : null,
    trackNumber: info.entity?.cdek_number || null,
    codes: statuses.map((s) => s.code),
    latest: statuses[0]?.code ?? null,
  };
}

/**
 * Asks СДЭК how a sent order stands and writes what it says: refused (failed, with the reasons),
 * or the track number into the order through its door. Answers the statuses' codes.
 */
async function refresh(deps: ShipmentDeps & { config: CdekConfig }, row: ShipmentRow & { uuid: string }): Promise<string[]> {
  const info = readInfo(await orderInfo(deps.config, row.uuid));
  if (info.refusal) {
    await saveShipment(deps.db, row.orderId, { state: 'failed', error: info.refusal, statusCode: info.latest }, deps.now);
    return [];
  }
  if (info.trackNumber) {
    await changeOrder(deps.db, row.orderId, { kind: 'cdek' }, { trackNumber: info.trackNumber }, deps.now);
    await saveShipment(deps.db, row.orderId, { state: 'registered', error: null, statusCode: info.latest }, deps.now);
  } else if (info.latest !== row.statusCode) await saveShipment(deps.db, row.orderId, { statusCode: info.latest }, deps.now);
  return info.codes;
}

/** Why the order cannot be registered now; null when it can. */
function registrationBlock(order: OrderRow): string | null {
  if (!isCarrierMethod(order.deliveryMethod as DeliveryMethod)) return NOT_CDEK_ORDER;
  if (order.status !== 'processing') return REGISTER_WHEN_PROCESSING;
  return null;
}

/**
 * Registers the order with СДЭК (staff confirmed it, or retry it after a failure): a refusal, a
 * failure to reach СДЭК or missing credentials are written with the reason in Russian. Throws
 * 409 when the order is no СДЭК order, not «В обработке», or already registered.
 */
export async function registerShipment(deps: ShipmentDeps, orderId: number): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  const block = registrationBlock(order);
  if (block) throw conflict(block);
  if (!(await claim(deps.db, orderId, deps.now))) throw conflict(ALREADY_REGISTERED);
  const fail = (error: string) => saveShipment(deps.db, orderId, { state: 'failed', error }, deps.now);
  if (!deps.config) return fail(CDEK_NOT_CONFIGURED);
  const config = deps.config;
  try {
    const request = await orderRequest(deps, order);
    if (typeof request === 'string') return await fail(request);
    const { uuid, requests } = await createOrder(config, request);
    const invalid = requests.find((r) => r.state === 'INVALID');
    if (invalid) return await fail(refused((invalid.errors ?? []).map((e) => e.message)));
    await saveShipment(deps.db, orderId, { state: 'sent', uuid }, deps.now);
    deps.log.info({ orderId, uuid }, 'cdek order sent');
    // СДЭК usually decides within a moment; if not yet, its status event or the minute's check will tell.
    await refresh({ ...deps, config }, { ...(await shipmentOf(deps.db, orderId))!, uuid });
  } catch (error) {
    if (!(error instanceof CdekError)) {
      await fail(NO_ANSWER);
      throw error;
    }
    deps.log.warn({ err: error, status: error.status, details: error.details, orderId }, 'cdek order registration failed');
    // Accepted and then not checked: the request stands at СДЭК, the minute's check will read it.
    const row = await shipmentOf(deps.db, orderId);
    if (row?.state !== 'sent') await fail(failureText(error));
  }
}

/** Staff confirmed a СДЭК order: it is registered (a failure is written for staff to see and retry). */
export async function registerConfirmedOrder(deps: ShipmentDeps, orderId: number, to: string): Promise<void> {
  if (to !== 'processing') return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || registrationBlock(order)) return;
  const existing = await shipmentOf(deps.db, orderId);
  // Confirmed again after going back to «Новый»: what was registered stays so.
  if (existing && existing.state !== 'failed') return;
  await registerShipment(deps, orderId);
}

/**
 * The order was cancelled: a shipment СДЭК holds is deleted there, which СДЭК allows while no
 * cargo has moved. When it refuses (the parcel is already on its way) or cannot be asked, staff
 * read why in the «СДЭК» block and settle it with СДЭК; the order stays cancelled either way.
 */
export async function cancelShipment(deps: ShipmentDeps, orderId: number, to: string): Promise<void> {
  if (to !== 'cancelled' || !deps.config) return;
  const row = await shipmentOf(deps.db, orderId);
  if (!row?.uuid || (row.state !== 'sent' && row.state !== 'registered')) return;
  try {
    await deleteOrder(deps.config, row.uuid);
    await saveShipment(deps.db, orderId, { state: 'cancelled', error: null }, deps.now);
  } catch (error) {
    if (!(error instanceof CdekError)) throw error;
    deps.log.warn({ err: error, status: error.status, details: error.details, orderId }, 'cdek order deletion failed');
    const why = error.details.length ? error.details.join('; ') : 'СДЭК не ответил';
    await saveShipment(deps.db, orderId, { error: `Заказ отменён, но СДЭК не удалил отправление: ${why}. Отмените его в личном кабинете СДЭК.` }, deps.now);
  }
}

/** The status the order takes from СДЭК's statuses so far; null when none moves it. */
function statusFromCdek(codes: readonly string[]): 'shipped' | 'delivered' | null {
  if (codes.includes('DELIVERED')) return 'delivered';
  return codes.some((code) => ON_THE_WAY.has(code)) ? 'shipped' : null;
}

/** Moves the order as СДЭК's statuses say, forward only; a cancelled or finished order stays as it is. */
async function follow(deps: ShipmentDeps, orderId: number, codes: readonly string[]) {
  const target = statusFromCdek(codes);
  if (!target) return;
  await changeOrder(
    deps.db,
    orderId,
    { kind: 'cdek' },
    (order) => {
      const from = order.status as OrderStatus;
      if (target === 'delivered') return from === 'cancelled' || from === 'delivered' ? null : { status: 'delivered' };
      return from === 'pending' || from === 'processing' ? { status: 'shipped' } : null;
    },
    deps.now,
  );
}

/**
 * СДЭК's ORDER_STATUS event for the entity `uuid`: the shipment is looked up and СДЭК is asked
 * what stands (the event's own status is never believed); then the order follows. An unknown
 * uuid is ignored. CdekError when СДЭК cannot be asked (the event is then not acknowledged).
 */
export async function handleStatusEvent(deps: ShipmentDeps, uuid: string): Promise<'unknown' | 'not-configured' | 'checked'> {
  const [row] = await deps.db.select().from(cdekShipments).where(eq(cdekShipments.uuid, uuid));
  if (!row?.uuid) return 'unknown';
  if (!deps.config) return 'not-configured';
  const codes = await refresh({ ...deps, config: deps.config }, { ...row, uuid: row.uuid });
  await follow(deps, row.orderId, codes);
  return 'checked';
}

/** The minute's look at orders СДЭК has accepted and not yet decided on (in case no event comes). */
export async function checkSentShipments(deps: ShipmentDeps): Promise<void> {
  if (!deps.config) return;
  const rows = await deps.db.select().from(cdekShipments).where(eq(cdekShipments.state, 'sent'));
  for (const row of rows) {
    if (!row.uuid) continue;
    try {
      await follow(deps, row.orderId, await refresh({ ...deps, config: deps.config }, { ...row, uuid: row.uuid }));
    } catch (error) {
      if (!(error instanceof CdekError)) throw error;
      deps.log.warn({ err: error, orderId: row.orderId }, 'cdek order check failed');
    }
  }
}

/** GET /api/admin/orders/{id}/cdek: where the order's registration stands, for staff. */
export async function shipmentView(deps: Pick<ShipmentDeps, 'db' | 'config' | 'now'>, orderId: number): Promise<CdekShipmentView> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  const row = await shipmentOf(deps.db, orderId);
  const retryable = !row || row.state === 'failed' || (row.state === 'sending' && row.updatedAt.getTime() < deps.now.getTime() - SENDING_LOST_MS);
  return {
    configured: deps.config !== null,
    state: (row?.state as CdekShipmentState | undefined) ?? null,
    trackNumber: order.trackNumber,
    error: row?.error ?? null,
    status: row?.statusCode ? cdekStatusName(row.statusCode) : null,
    canRegister: deps.config !== null && registrationBlock(order) === null && retryable,
  };
}
