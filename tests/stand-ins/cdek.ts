/**
 * A local stand-in of СДЭК's API v2 (https://api-docs.cdek.ru/) for the tests: no test reaches the
 * internet. It follows the documented protocol where the shop relies on it, refusals included:
 * - `POST /v2/oauth/token` with `grant_type=client_credentials`, `client_id`, `client_secret`
 *   (form-encoded body or query): `{ access_token, token_type: 'bearer', expires_in, scope, jti }`;
 *   unknown credentials 401 `invalid_client`; every other call needs `Authorization: Bearer`,
 *   an unknown, revoked or expired token is 401;
 * - `GET /v2/location/cities?city=` → the cities of that name (`[{ code, city, region, ... }]`);
 * - `POST /v2/calculator/tarifflist` with `from_location.code`, `to_location.code` and `packages`
 *   (weight in grams, sizes in cm) → `{ tariff_codes: [...] }`: «Посылка» 136–139 and the
 *   parcel locker 368, priced by weight (the larger of the real and the volume weight,
 *   L×W×H/5000 kg) and distance; a package without weight, or an unknown city, is a 400 with
 *   `errors`;
 * - `GET /v2/deliverypoints?city_code=&type=PVZ` → the pickup points of the city;
 * - `POST /v2/orders` → 202 `{ entity: { uuid }, requests: [{ state: 'ACCEPTED' }] }`; a body
 *   without tariff, recipient's name or phone, packages, or the point/address its tariff needs is
 *   400 INVALID; a point the city does not have is accepted, then `GET /v2/orders/{uuid}` says
 *   INVALID with the reason (СДЭК checks it after accepting); otherwise SUCCESSFUL with a
 *   `cdek_number`;
 * - `GET /v2/orders/{uuid}` → `{ entity: { uuid, cdek_number, number, statuses }, requests }`;
 * - `DELETE /v2/orders/{uuid}` → 202 with a DELETE request ACCEPTED while the order is «Создан»
 *   (status REMOVED follows); once its cargo has moved at СДЭК, 400 with the reason;
 * - `GET /v2/webhooks` → the subscriptions `[{ uuid, type, url }]`; `POST /v2/webhooks`
 *   `{ type: 'ORDER_STATUS', url }` → `{ entity: { uuid } }`; the stand-in then posts
 *   ORDER_STATUS events there when a test moves an order (`moveOrder`), or hands them to
 *   `deliver` (a test's app answers without listening on a port);
 * - an online shop's order (type 1) needs `items` in every package, each with `name`,
 *   `ware_key`, `payment.value`, `cost`, `weight` and `amount` (400 INVALID otherwise).
 * Test hooks: `requests`, `revokeTokens`, `failNext(status)`, `moveOrder(uuid, code)`,
 * `closedPoints` (pickup points that stop taking parcels: an order to one is accepted, then INVALID).
 *
 * Run for the browser test: `npx tsx tests/stand-ins/cdek.ts --port N [--closed MSK123]`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { listenLocally, startFromCommandLine } from './serve.ts';

/** СДЭК's documented test account (the test API accepts it), used by the stand-in too. */
export const STAND_IN_CDEK_ID = 'wqGwiQx0gg8mLtiEKsUinjVSICCjtTEP';
export const STAND_IN_CDEK_SECRET = 'RmAmgvSgSl1yirlz9QupbzOJVqhCxcP5';

type City = { code: number; city: string; region: string; latitude: number; longitude: number };
export const STAND_IN_CITIES: City[] = [
  { code: 44, city: 'Москва', region: 'Москва', latitude: 55.7558, longitude: 37.6176 },
  { code: 137, city: 'Санкт-Петербург', region: 'Санкт-Петербург', latitude: 59.9391, longitude: 30.3159 },
  { code: 438, city: 'Ростов-на-Дону', region: 'Ростовская область', latitude: 47.2357, longitude: 39.7015 },
  { code: 426, city: 'Волгоград', region: 'Волгоградская область', latitude: 48.708, longitude: 44.5133 },
  { code: 435, city: 'Краснодар', region: 'Краснодарский край', latitude: 45.0355, longitude: 38.9753 },
  { code: 270, city: 'Новосибирск', region: 'Новосибирская область', latitude: 55.0084, longitude: 82.9357 },
  { code: 1082, city: 'Новороссийск', region: 'Краснодарский край', latitude: 44.7235, longitude: 37.7687 },
];

type Point = { code: string; cityCode: number; address: string; workTime: string; latitude: number; longitude: number };
export const STAND_IN_POINTS: Point[] = [
  // СДЭК lists them in its own order, not by distance: the farther first.
  { code: 'MSK456', cityCode: 44, address: 'Ленинградский пр-т, 39, стр. 14', workTime: 'Пн-Вс 10:00-22:00', latitude: 55.7904, longitude: 37.5355 },
  { code: 'MSK123', cityCode: 44, address: 'ул. Тверская, 7', workTime: 'Пн-Пт 09:00-21:00, Сб-Вс 10:00-18:00', latitude: 55.7575, longitude: 37.6129 },
  { code: 'SPB7', cityCode: 137, address: 'Невский пр-т, 88', workTime: 'Пн-Пт 10:00-20:00, Сб 10:00-16:00', latitude: 59.9326, longitude: 30.3505 },
  { code: 'SPB21', cityCode: 137, address: 'ул. Савушкина, 119, корп. 3', workTime: 'Пн-Вс 10:00-21:00', latitude: 59.9905, longitude: 30.2068 },
  { code: 'RND3', cityCode: 438, address: 'пр-т Будённовский, 49', workTime: 'Пн-Пт 09:00-20:00, Сб 10:00-15:00', latitude: 47.2271, longitude: 39.7103 },
  { code: 'NSK5', cityCode: 270, address: 'Красный пр-т, 77Б', workTime: 'Пн-Пт 09:00-20:00', latitude: 55.0431, longitude: 82.9197 },
];

const TARIFFS = [
  { tariff_code: 136, tariff_name: 'Посылка склад-склад', delivery_mode: 4, base: 280, extraDays: 0 },
  { tariff_code: 137, tariff_name: 'Посылка склад-дверь', delivery_mode: 3, base: 420, extraDays: 0 },
  { tariff_code: 138, tariff_name: 'Посылка дверь-склад', delivery_mode: 2, base: 460, extraDays: 1 },
  { tariff_code: 139, tariff_name: 'Посылка дверь-дверь', delivery_mode: 1, base: 590, extraDays: 1 },
  { tariff_code: 368, tariff_name: 'Посылка склад-постамат', delivery_mode: 7, base: 260, extraDays: 0 },
];

export type RecordedRequest = { method: string; path: string; query: Record<string, string>; authorization: string | null; body: unknown };
type StandInOrder = { uuid: string; body: Record<string, unknown>; cdekNumber: string; invalid: string | null; statuses: { code: string; date_time: string }[] };

export type CdekStandIn = {
  /** What CDEK_API_URL is set to (ends with /v2). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  orders: Map<string, StandInOrder>;
  /** Pickup points that take no parcels now (closed for a while): an order there is accepted, then INVALID. */
  closedPoints: Set<string>;
  /** The webhook addresses the shop subscribed (`POST /v2/webhooks`). */
  webhooks: { uuid: string; type: string; url: string }[];
  /** Every token given so far stops working (СДЭК revoked it). */
  revokeTokens: () => void;
  /** Makes the next API calls (not the token's) fail with this status (0: close the connection), `times` times. */
  failNext: (status: number, times?: number) => void;
  /** The order reaches this status at СДЭК; each subscribed webhook gets the ORDER_STATUS event. Answers the delivered requests' statuses. */
  moveOrder: (uuid: string, code: string) => Promise<number[]>;
  stop: () => Promise<void>;
};

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const error = (code: string, message: string) => ({ requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'INVALID', date_time: new Date().toISOString(), errors: [{ code, message }] }] });
const fault = (code: string, message: string) => ({ errors: [{ code, message }] });

const distanceKm = (a: City, b: City) => {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

type Package = { weight?: unknown; length?: unknown; width?: unknown; height?: unknown };
/** Chargeable kilograms of the packages: each the larger of its weight and its volume weight. */
function chargeableKg(packages: Package[]): number | string {
  let kg = 0;
  for (const [i, p] of packages.entries()) {
    if (typeof p.weight !== 'number' || p.weight <= 0) return `packages[${i}].weight: Вес упаковки должен быть больше 0`;
    const volume = [p.length, p.width, p.height].every((v) => typeof v === 'number' && v > 0) ? ((p.length as number) * (p.width as number) * (p.height as number)) / 5000 : 0;
    kg += Math.max(p.weight / 1000, volume);
  }
  return kg;
}

/** One ORDER_STATUS event as СДЭК posts it to a subscribed address. */
export type CdekStatusEvent = { type: 'ORDER_STATUS'; date_time: string; uuid: string; attributes: Record<string, unknown> };

type Item = { name?: unknown; ware_key?: unknown; payment?: { value?: unknown }; cost?: unknown; weight?: unknown; amount?: unknown };
/** СДЭК's check of an online shop's goods: every package lists its items with their fields. */
function itemsProblem(packages: (Package & { items?: Item[] })[]): string | null {
  for (const [i, p] of packages.entries()) {
    if (!Array.isArray(p.items) || p.items.length === 0) return `packages[${i}].items: поле обязательно для заказа интернет-магазина`;
    for (const [j, item] of p.items.entries()) {
      const at = `packages[${i}].items[${j}]`;
      if (typeof item.name !== 'string' || !item.name) return `${at}.name: поле обязательно`;
      if (typeof item.ware_key !== 'string' || !item.ware_key) return `${at}.ware_key: поле обязательно`;
      if (typeof item.payment?.value !== 'number') return `${at}.payment: поле обязательно`;
      if (typeof item.cost !== 'number' || item.cost < 0) return `${at}.cost: поле обязательно`;
      if (typeof item.weight !== 'number' || item.weight <= 0) return `${at}.weight: Вес товара должен быть больше 0`;
      if (typeof item.amount !== 'number' || item.amount < 1) return `${at}.amount: поле обязательно`;
    }
  }
  return null;
}

export async function startCdek(
  options: { port?: number; expiresIn?: number; deliver?: (url: string, event: CdekStatusEvent) => Promise<number> } = {},
): Promise<CdekStandIn> {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const webhooks: CdekStandIn['webhooks'] = [];
  const closedPoints = new Set<string>();
  const live = new Map<string, number>();
  let failures = { status: 0, times: 0 };
  let nextNumber = 1_000_000_001;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const query = Object.fromEntries(url.searchParams);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    let body: unknown = null;
    if (raw && (req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(400, fault('v2_bad_request', 'Некорректный JSON'));
      }
    } else if (raw) body = Object.fromEntries(new URLSearchParams(raw));
    requests.push({ method, path, query, authorization: req.headers.authorization ?? null, body });

    if (path === '/v2/oauth/token' && method === 'POST') {
      const form = { ...query, ...((body as Record<string, string>) ?? {}) };
      if (form.grant_type !== 'client_credentials') return send(400, { error: 'unsupported_grant_type' });
      if (form.client_id !== STAND_IN_CDEK_ID || form.client_secret !== STAND_IN_CDEK_SECRET) return send(401, { error: 'invalid_client', error_description: 'Bad credentials' });
      const token = randomUUID().replaceAll('-', '');
      const expiresIn = options.expiresIn ?? 3600;
      live.set(token, Date.now() + expiresIn * 1000);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'order:all payment:all', jti: randomUUID() });
    }

    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const until = bearer ? live.get(bearer) : undefined;
    if (!until || until < Date.now()) return send(401, fault('v2_token_expired', 'Токен недействителен или истёк'));
    if (failures.times > 0) {
      failures.times -= 1;
      if (failures.status === 0) return req.socket.destroy();
      return send(failures.status, fault('v2_internal_error', 'Внутренняя ошибка'));
    }

    if (path === '/v2/location/cities' && method === 'GET') {
      const name = (query.city ?? '').toLowerCase();
      return send(200, STAND_IN_CITIES.filter((c) => !name || c.city.toLowerCase() === name).map((c) => ({ ...c, country_code: 'RU', country: 'Россия' })));
    }

    if (path === '/v2/calculator/tarifflist' && method === 'POST') {
      const b = (body ?? {}) as { from_location?: { code?: number }; to_location?: { code?: number }; packages?: Package[] };
      const from = STAND_IN_CITIES.find((c) => c.code === b.from_location?.code);
      const to = STAND_IN_CITIES.find((c) => c.code === b.to_location?.code);
      if (!from || !to) return send(400, fault('v2_entity_not_found', 'Населённый пункт не найден'));
      if (!Array.isArray(b.packages) || b.packages.length === 0) return send(400, fault('v2_field_is_empty', 'packages: поле обязательно'));
      const kg = chargeableKg(b.packages);
      if (typeof kg === 'string') return send(400, fault('v2_field_is_invalid', kg));
      const km = distanceKm(from, to);
      const days = 1 + Math.floor(km / 600);
      return send(200, {
        tariff_codes: TARIFFS.filter((t) => t.delivery_mode !== 7 || kg <= 20).map((t) => ({
          tariff_code: t.tariff_code,
          tariff_name: t.tariff_name,
          tariff_description: t.tariff_name,
          delivery_mode: t.delivery_mode,
          delivery_sum: Math.round(t.base + kg * 45 + km * 0.12 + Math.max(0, kg - 1) * km * 0.01),
          period_min: days + t.extraDays,
          period_max: days + t.extraDays + 2,
          calendar_min: days + t.extraDays,
          calendar_max: days + t.extraDays + 4,
        })),
      });
    }

    if (path === '/v2/deliverypoints' && method === 'GET') {
      const code = Number(query.city_code);
      return send(
        200,
        STAND_IN_POINTS.filter((p) => !query.city_code || p.cityCode === code).map((p) => {
          const city = STAND_IN_CITIES.find((c) => c.code === p.cityCode)!;
          return {
            code: p.code,
            name: `${city.city}, ${p.address}`,
            type: 'PVZ',
            owner_code: 'CDEK',
            work_time: p.workTime,
            weight_max: 30,
            location: { country_code: 'RU', city_code: p.cityCode, city: city.city, region: city.region, address: p.address, address_full: `${city.region}, ${city.city}, ${p.address}`, latitude: p.latitude, longitude: p.longitude },
          };
        }),
      );
    }

    if (path === '/v2/orders' && method === 'POST') {
      const b = (body ?? {}) as Record<string, unknown> & { tariff_code?: number; recipient?: { name?: string; phones?: { number?: string }[] }; packages?: Package[]; delivery_point?: string; to_location?: { address?: string }; from_location?: unknown; shipment_point?: string };
      const tariff = TARIFFS.find((t) => t.tariff_code === b.tariff_code);
      if (!tariff) return send(400, error('v2_field_is_invalid', 'tariff_code: неизвестный тариф'));
      if (!b.recipient?.name) return send(400, error('v2_field_is_empty', 'recipient.name: поле обязательно'));
      if (!b.recipient.phones?.[0]?.number) return send(400, error('v2_field_is_empty', 'recipient.phones: поле обязательно'));
      if (!Array.isArray(b.packages) || b.packages.length === 0) return send(400, error('v2_field_is_empty', 'packages: поле обязательно'));
      if (typeof chargeableKg(b.packages) === 'string') return send(400, error('v2_field_is_invalid', chargeableKg(b.packages) as string));
      const itemProblem = b.type === 2 ? null : itemsProblem(b.packages);
      if (itemProblem) return send(400, error('v2_field_is_invalid', itemProblem));
      const toPoint = tariff.delivery_mode === 2 || tariff.delivery_mode === 4 || tariff.delivery_mode === 7;
      if (toPoint && !b.delivery_point) return send(400, error('v2_field_is_empty', 'delivery_point: поле обязательно для тарифа до склада'));
      if (!toPoint && !b.to_location?.address) return send(400, error('v2_field_is_empty', 'to_location.address: поле обязательно для тарифа до двери'));
      if (!b.from_location && !b.shipment_point) return send(400, error('v2_field_is_empty', 'from_location: поле обязательно'));
      const uuid = randomUUID();
      const invalid = !toPoint
        ? null
        : !STAND_IN_POINTS.some((p) => p.code === b.delivery_point)
          ? `Пункт выдачи ${b.delivery_point} не найден`
          : closedPoints.has(b.delivery_point!)
            ? `Пункт выдачи ${b.delivery_point} временно не принимает отправления`
            : null;
      orders.set(uuid, { uuid, body: b, cdekNumber: invalid ? '' : String(nextNumber++), invalid, statuses: invalid ? [] : [{ code: 'ACCEPTED', date_time: new Date().toISOString() }, { code: 'CREATED', date_time: new Date().toISOString() }] });
      return send(202, { entity: { uuid }, requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'ACCEPTED', date_time: new Date().toISOString() }] });
    }

    const orderMatch = /^\/v2\/orders\/([0-9a-f-]{36})$/.exec(path);
    if (orderMatch && method === 'GET') {
      const order = orders.get(orderMatch[1]!);
      if (!order) return send(404, fault('v2_entity_not_found', 'Заказ не найден'));
      const request = order.invalid
        ? { request_uuid: randomUUID(), type: 'CREATE', state: 'INVALID', date_time: new Date().toISOString(), errors: [{ code: 'v2_entity_not_found', message: order.invalid }] }
        : { request_uuid: randomUUID(), type: 'CREATE', state: 'SUCCESSFUL', date_time: new Date().toISOString() };
      return send(200, {
        entity: {
          uuid: order.uuid,
          type: 1,
          number: order.body.number,
          tariff_code: order.body.tariff_code,
          ...(order.invalid ? {} : { cdek_number: order.cdekNumber }),
          statuses: [...order.statuses].reverse().map((s) => ({ code: s.code, name: s.code, date_time: s.date_time, city: 'Волгоград' })),
        },
        requests: [request],
      });
    }

    // Deleting an order (https://api-docs.cdek.ru/33828855.html): only while it is «Создан», no cargo moved yet.
    if (orderMatch && method === 'DELETE') {
      const order = orders.get(orderMatch[1]!);
      if (!order) return send(404, fault('v2_entity_not_found', 'Заказ не найден'));
      const moved = order.statuses.some((s) => !['ACCEPTED', 'CREATED'].includes(s.code));
      if (moved) return send(400, fault('v2_entity_forbidden', 'Удаление заказа невозможно: по заказу уже есть движение груза на складе СДЭК'));
      order.statuses.push({ code: 'REMOVED', date_time: new Date().toISOString() });
      return send(202, { entity: { uuid: order.uuid }, requests: [{ request_uuid: randomUUID(), type: 'DELETE', state: 'ACCEPTED', date_time: new Date().toISOString() }] });
    }

    if (path === '/v2/webhooks' && method === 'GET') return send(200, webhooks);

    if (path === '/v2/webhooks' && method === 'POST') {
      const b = (body ?? {}) as { type?: string; url?: string };
      if (b.type !== 'ORDER_STATUS' || !b.url) return send(400, fault('v2_field_is_invalid', 'type и url обязательны'));
      const existing = webhooks.find((w) => w.type === b.type && w.url === b.url);
      const hook = existing ?? { uuid: randomUUID(), type: b.type, url: b.url };
      if (!existing) webhooks.push(hook);
      return send(200, { entity: { uuid: hook.uuid }, requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'SUCCESSFUL', date_time: new Date().toISOString() }] });
    }

    return send(404, fault('v2_entity_not_found', `Нет метода ${method} ${path}`));
  });

  const { base, stop } = await listenLocally(server, options.port);
  return {
    apiUrl: `${base}/v2`,
    clientId: STAND_IN_CDEK_ID,
    clientSecret: STAND_IN_CDEK_SECRET,
    requests,
    orders,
    closedPoints,
    webhooks,
    revokeTokens: () => live.clear(),
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
    moveOrder: async (uuid, code) => {
      const order = orders.get(uuid);
      if (!order) throw new Error(`no order ${uuid}`);
      const at = new Date().toISOString();
      order.statuses.push({ code, date_time: at });
      const event: CdekStatusEvent = {
        type: 'ORDER_STATUS',
        date_time: at,
        uuid: order.uuid,
        attributes: { is_return: false, cdek_number: order.cdekNumber, number: order.body.number, code, status_code: code, status_date_time: at, city_name: 'Ростов-на-Дону', city_code: '438' },
      };
      const answers: number[] = [];
      for (const hook of webhooks.filter((w) => w.type === 'ORDER_STATUS')) {
        if (options.deliver) answers.push(await options.deliver(hook.url, event));
        else answers.push((await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) })).status);
      }
      return answers;
    },
    stop,
  };
}

await startFromCommandLine(
  import.meta.url,
  async ({ port, arg }) => {
    const standIn = await startCdek({ port });
    // `--closed MSK123,SPB7`: points that take no parcels, for a look at a refused registration.
    for (const code of (arg('closed') ?? '').split(',').filter(Boolean)) standIn.closedPoints.add(code);
    return standIn;
  },
  (standIn) => `СДЭК stand-in: ${standIn.apiUrl}`,
);
