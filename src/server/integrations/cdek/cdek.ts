/**
 * СДЭК's API v2 (https://api-docs.cdek.ru/), the parts the shop uses:
 * - `POST /oauth/token` (OAuth 2.0 client credentials, form-encoded) → `{ access_token,
 *   token_type: 'bearer', expires_in }`; the token is kept per process until a minute before it
 *   expires, and asked again once when a call answers 401;
 * - `GET /location/cities?city=&country_codes=RU` → `[{ code, city, region, ... }]`;
 * - `POST /calculator/tarifflist` → `{ tariff_codes: [{ tariff_code, tariff_name, delivery_mode,
 *   delivery_sum, period_min, period_max }], errors? }`;
 * - `GET /deliverypoints?city_code=&type=PVZ` → `[{ code, location: { address, latitude,
 *   longitude }, work_time, ... }]`;
 * - `POST /orders` (202 `{ entity: { uuid }, requests: [{ state, errors? }] }`), `GET /orders/{uuid}`
 *   (`{ entity: { uuid, cdek_number?, statuses }, requests: [{ state: ACCEPTED | WAITING |
 *   SUCCESSFUL | INVALID, errors }] }`);
 * - `GET /webhooks` → `[{ uuid, type, url }]`, `POST /webhooks` `{ type: 'ORDER_STATUS', url }`.
 * The API address is the operator's (environment), so Node's fetch is used, not safe-fetch.
 */
import type { Config } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';

export type CdekConfig = NonNullable<Config['cdek']>;

export class CdekError extends ApiError {
  override name = 'CdekError';
  /** СДЭК's own error texts (`errors[].message`), when it gave any. */
  readonly details: string[];
  constructor(message: string, status: number | null, details: string[] = []) {
    super(message, status);
    this.details = details;
  }
}

/** A customer waits on checkout: a carrier that does not answer soon is left out of the options. */
const TIMEOUT_MS = 8_000;
/** A token is renewed this long before СДЭК said it expires. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { value: string; expiresAt: number };
const tokens = new Map<string, Token>();
const tokenKey = (config: CdekConfig) => `${config.apiUrl}|${config.clientId}`;

async function send(url: string, init: RequestInit, what: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new CdekError(`СДЭК ${what}: ${(error as Error).message}`, null);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new CdekError(`СДЭК ${what}: the answer is not JSON (${response.status})`, response.status);
    }
  }
  return { status: response.status, body };
}

/** СДЭК's error texts of an answer: `errors[]` at the top or in `requests[]`. */
export function errorTexts(body: unknown): string[] {
  const texts: string[] = [];
  const collect = (errors: unknown) => {
    if (!Array.isArray(errors)) return;
    for (const e of errors) if (e && typeof (e as { message?: unknown }).message === 'string') texts.push((e as { message: string }).message);
  };
  if (body && typeof body === 'object') {
    collect((body as { errors?: unknown }).errors);
    const requests = (body as { requests?: unknown }).requests;
    if (Array.isArray(requests)) for (const r of requests) collect((r as { errors?: unknown }).errors);
  }
  return texts;
}

async function token(config: CdekConfig, now: number, renew = false): Promise<string> {
  const kept = tokens.get(tokenKey(config));
  if (kept && !renew && kept.expiresAt - TOKEN_MARGIN_MS > now) return kept.value;
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret });
  const { status, body } = await send(
    `${config.apiUrl}/oauth/token`,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
    'oauth/token',
  );
  const answer = body as { access_token?: unknown; expires_in?: unknown } | null;
  if (status !== 200 || typeof answer?.access_token !== 'string' || typeof answer.expires_in !== 'number') {
    throw new CdekError(`СДЭК oauth/token: ${status}`, status, errorTexts(body));
  }
  tokens.set(tokenKey(config), { value: answer.access_token, expiresAt: now + answer.expires_in * 1000 });
  return answer.access_token;
}

/** One authorised call; a 401 (the token revoked or expired early) gets one new token and one more try. */
export async function cdekCall<T>(config: CdekConfig, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown): Promise<{ status: number; body: T }> {
  for (const renew of [false, true]) {
    const bearer = await token(config, Date.now(), renew);
    const { status, body } = await send(
      `${config.apiUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      },
      path,
    );
    if (status === 401 && !renew) continue;
    if (status >= 400) throw new CdekError(`СДЭК ${method} ${path}: ${status}`, status, errorTexts(body));
    return { status, body: body as T };
  }
  throw new CdekError(`СДЭК ${method} ${path}: 401`, 401);
}

export type CdekCity = { code: number; city: string; region?: string; country_code?: string; latitude?: number; longitude?: number };
export type CdekLocation = { code: number } | { code?: number; address: string };
/** A package as СДЭК measures it: grams and whole centimetres. */
export type CdekPackage = { weight: number; length: number; width: number; height: number };
export type CdekTariff = {
  tariff_code: number;
  tariff_name: string;
  delivery_mode: number;
  delivery_sum: number;
  period_min: number;
  period_max: number;
};
export type CdekDeliveryPoint = {
  code: string;
  type?: string;
  work_time?: string;
  location: { city_code?: number; city?: string; address: string; address_full?: string; latitude?: number; longitude?: number };
};

/** The cities СДЭК knows by this name (several regions may have one). */
export async function findCities(config: CdekConfig, name: string): Promise<CdekCity[]> {
  const query = new URLSearchParams({ city: name, country_codes: 'RU', size: '20' });
  const { body } = await cdekCall<CdekCity[]>(config, 'GET', `/location/cities?${query}`);
  return Array.isArray(body) ? body : [];
}

/** Every tariff СДЭК offers for these packages between two cities (type 1: an online shop's order). */
export async function tariffList(config: CdekConfig, from: number, to: number, packages: CdekPackage[]): Promise<CdekTariff[]> {
  const { body } = await cdekCall<{ tariff_codes?: CdekTariff[] }>(config, 'POST', '/calculator/tarifflist', {
    type: 1,
    currency: 1,
    lang: 'rus',
    from_location: { code: from },
    to_location: { code: to },
    packages,
  });
  return Array.isArray(body?.tariff_codes) ? body.tariff_codes : [];
}

/** The pickup points (ПВЗ, not parcel lockers) of a city. */
export async function deliveryPointsOf(config: CdekConfig, cityCode: number): Promise<CdekDeliveryPoint[]> {
  const query = new URLSearchParams({ city_code: String(cityCode), type: 'PVZ', country_code: 'RU' });
  const { body } = await cdekCall<CdekDeliveryPoint[]>(config, 'GET', `/deliverypoints?${query}`);
  return Array.isArray(body) ? body : [];
}

/** СДЭК's request states: ACCEPTED and WAITING are still being processed. */
export type CdekRequestState = 'ACCEPTED' | 'WAITING' | 'SUCCESSFUL' | 'INVALID';
export type CdekRequest = { request_uuid?: string; type?: string; state: CdekRequestState; errors?: { code?: string; message: string }[] };
export type CdekStatus = { code: string; name?: string; date_time: string; city?: string };
export type CdekOrderInfo = { entity?: { uuid: string; cdek_number?: string; number?: string; statuses?: CdekStatus[] }; requests?: CdekRequest[] };

/** An online shop's order (type 1) as `POST /orders` takes it; what the shop fills. */
export type CdekOrderRequest = {
  type: 1;
  number: string;
  tariff_code: number;
  comment?: string;
  from_location: { code: number; address: string };
  to_location?: { code?: number; city?: string; postal_code?: string; address: string };
  delivery_point?: string;
  recipient: { name: string; email?: string; phones: { number: string }[] };
  /** What СДЭК collects from the recipient for the delivery (cash on delivery); absent when prepaid. */
  delivery_recipient_cost?: { value: number };
  packages: (CdekPackage & {
    number: string;
    items: { name: string; ware_key: string; payment: { value: number }; cost: number; weight: number; amount: number }[];
  })[];
};

/** Registers an order; СДЭК answers at once only that it accepted the request (its uuid), the result comes with `orderInfo`. */
export async function createOrder(config: CdekConfig, order: CdekOrderRequest): Promise<{ uuid: string; requests: CdekRequest[] }> {
  const { status, body } = await cdekCall<CdekOrderInfo>(config, 'POST', '/orders', order);
  const uuid = body?.entity?.uuid;
  if (typeof uuid !== 'string') throw new CdekError(`СДЭК POST /orders: ${status} without entity.uuid`, status, errorTexts(body));
  return { uuid, requests: Array.isArray(body.requests) ? body.requests : [] };
}

/** Deletes a registered order; СДЭК allows it only while no cargo has moved (status «Создан»). */
export async function deleteOrder(config: CdekConfig, uuid: string): Promise<void> {
  await cdekCall(config, 'DELETE', `/orders/${encodeURIComponent(uuid)}`);
}

export async function orderInfo(config: CdekConfig, uuid: string): Promise<CdekOrderInfo> {
  const { body } = await cdekCall<CdekOrderInfo>(config, 'GET', `/orders/${encodeURIComponent(uuid)}`);
  return body ?? {};
}

export type CdekWebhook = { uuid: string; type: string; url: string };

/** The shop's subscription to ORDER_STATUS events at `url`, made once: an existing one is kept. */
export async function subscribeOrderStatus(config: CdekConfig, url: string): Promise<'exists' | 'created'> {
  const { body } = await cdekCall<CdekWebhook[]>(config, 'GET', '/webhooks');
  if (Array.isArray(body) && body.some((hook) => hook.type === 'ORDER_STATUS' && hook.url === url)) return 'exists';
  await cdekCall(config, 'POST', '/webhooks', { type: 'ORDER_STATUS', url });
  return 'created';
}
