/**
 * A local stand-in of the YooKassa API v3 (https://yookassa.ru/developers/api) for the tests: no
 * test reaches the internet. It follows the documented protocol where the shop relies on it:
 * - HTTP Basic with the shop id and secret key (401 otherwise);
 * - POST /payments, GET /payments/{id}, POST /payments/{id}/cancel (only `waiting_for_capture`: a
 *   `pending` payment is refused with 400, as YooKassa does), POST /refunds, GET /refunds/{id};
 * - Idempotence-Key required on every POST; the same key with the same body answers the same
 *   object for 24 hours, the same key with another body is an error;
 * - a payment is `pending` until the customer pays or cancels on the stand-in's own page
 *   (`confirmation_url` = GET /checkout/{id}, buttons «Оплатить» and «Отменить оплату»), which then
 *   sends the notification to the shop and redirects to the payment's return_url;
 * - a receipt's lines must add up to the amount (YooKassa refuses a payment otherwise).
 * - a refund is made at once (`succeeded`) when the payment is `succeeded` and the amount is at
 *   most what is left of it (400 otherwise), its receipt checked as a payment's.
 * Test hooks (functions, and the same over HTTP under /__test/ for the browser test): set a
 * payment's status, read the requests received, send any notification (forged ones too). API
 * tests can also make calls fail (`failNext`) or answer late (`delayNext`: the request is done at
 * once, as a slow YooKassa may have done it, and its answer held back).
 *
 * Run for the browser test: `npx tsx tests/stand-ins/yookassa.ts --port N --notify URL`
 * (optional `--shop-id`, `--secret`; defaults below).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { listenLocally, startFromCommandLine } from './serve.ts';

export const STAND_IN_SHOP_ID = '100500';
export const STAND_IN_SECRET = 'test_stand_in_secret_key';
const IDEMPOTENCE_TTL_MS = 24 * 60 * 60 * 1000;

type Amount = { value: string; currency: string };
type ReceiptItem = { description: string; quantity: string | number; amount: Amount; vat_code: number; payment_subject?: string; payment_mode?: string };
export type StandInReceipt = { customer?: { email?: string }; items: ReceiptItem[]; tax_system_code?: number };

export type StandInPayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  refunded_amount?: Amount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  created_at: string;
  captured_at?: string;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  metadata?: Record<string, string>;
  refundable: boolean;
  test: true;
};
export type StandInRefund = { id: string; payment_id: string; status: 'pending' | 'succeeded' | 'canceled'; amount: Amount; created_at: string; description?: string };

export type RecordedRequest = { method: string; path: string; idempotenceKey: string | null; body: unknown };
export type Notification = { type: 'notification'; event: string; object: unknown };

export type StandInOptions = {
  port?: number;
  shopId?: string;
  secretKey?: string;
  /** Where notifications go (the shop's /api/payments/yookassa). */
  notifyUrl?: string;
  /** Delivers a notification instead of an HTTP POST to notifyUrl (API tests inject into the app). */
  deliver?: (notification: Notification) => Promise<unknown>;
};

export type YooKassaStandIn = {
  /** The stand-in's address, `http://127.0.0.1:N`. */
  url: string;
  /** What YOOKASSA_API_URL is set to: the same address (the API lives at its root). */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
  /** The receipt each payment and refund was created with. */
  receipts: Map<string, StandInReceipt | undefined>;
  requests: RecordedRequest[];
  /** Sets a payment's status as the payment network would, optionally telling the shop. */
  setPaymentStatus: (id: string, status: StandInPayment['status'], options?: { reason?: string; notify?: boolean }) => Promise<StandInPayment>;
  /** Sends any notification to the shop, forged ones included. */
  notify: (event: string, object: unknown) => Promise<unknown>;
  /** Makes the next API calls (to `path` only, when given) fail with this HTTP status (0: close the connection), `times` times. */
  failNext: (status: number, times?: number, path?: string) => void;
  /** Holds back the answers of the next API calls by `ms`, `times` times (a slow YooKassa). */
  delayNext: (ms: number, times?: number) => void;
  /** Sends the answers held back now, without waiting out their time. */
  releaseHeld: () => void;
  /** Resolves once every answer held back has been sent. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

const error = (code: string, description: string, parameter?: string) => ({ type: 'error', id: randomUUID(), code, description, parameter });

const kopecks = (amount: Amount | undefined): number | null => {
  const match = amount && typeof amount.value === 'string' ? /^(\d+)\.(\d{2})$/.exec(amount.value) : null;
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
};
const amountOf = (value: number): Amount => ({ value: `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`, currency: 'RUB' });

/** The receipt problem YooKassa would answer with, or null. */
function receiptProblem(receipt: StandInReceipt | undefined, total: number): string | null {
  if (receipt === undefined) return null;
  if (!Array.isArray(receipt.items) || receipt.items.length === 0) return 'receipt.items';
  if (!receipt.customer?.email) return 'receipt.customer';
  let sum = 0;
  for (const item of receipt.items) {
    const unit = kopecks(item.amount);
    const quantity = Number(item.quantity);
    if (unit === null || !(quantity > 0) || typeof item.description !== 'string' || item.description.length > 128 || !(item.vat_code >= 1 && item.vat_code <= 12)) {
      return 'receipt.items';
    }
    sum += Math.round(unit * quantity);
  }
  return sum === total ? null : 'receipt.items.amount';
}

const checkoutPage = (payment: StandInPayment) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ЮKassa (тестовая) — оплата</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{display:block;width:100%;padding:14px;margin:12px 0;font-size:16px;border-radius:8px;border:1px solid #888}button.pay{background:#1a7f37;color:#fff;border-color:#1a7f37}</style>
</head><body>
<h1>Тестовая оплата ЮKassa</h1>
<p>${payment.description ?? ''}</p>
<p>К оплате: <strong>${payment.amount.value} ₽</strong></p>
${
  payment.status === 'pending'
    ? `<form method="post" action="/checkout/${payment.id}/pay"><button class="pay" type="submit">Оплатить</button></form>
<form method="post" action="/checkout/${payment.id}/cancel"><button type="submit">Отменить оплату</button></form>`
    : `<p>Платёж уже ${payment.status === 'succeeded' ? 'оплачен' : 'отменён'}.</p><p><a href="${payment.confirmation.return_url}">Вернуться в магазин</a></p>`
}
</body></html>`;

export async function startYooKassa(options: StandInOptions = {}): Promise<YooKassaStandIn> {
  const shopId = options.shopId ?? STAND_IN_SHOP_ID;
  const secretKey = options.secretKey ?? STAND_IN_SECRET;
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const receipts = new Map<string, StandInReceipt | undefined>();
  const requests: RecordedRequest[] = [];
  const idempotence = new Map<string, { body: string; status: number; answer: unknown; at: number }>();
  let failures: { status: number; times: number; path?: string } | null = null;
  let delays: { ms: number; times: number } | null = null;
  /** Answers held back, each with what sends it at once (its timer cleared). */
  const held = new Map<Promise<void>, () => void>();
  let base = '';

  const deliver =
    options.deliver ??
    (async (notification: Notification) => {
      if (!options.notifyUrl) return null;
      try {
        const res = await fetch(options.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification) });
        return res.status;
      } catch (err) {
        return (err as Error).message;
      }
    });
  const notify = (event: string, object: unknown) => deliver({ type: 'notification', event, object });

  async function setPaymentStatus(id: string, status: StandInPayment['status'], opts: { reason?: string; notify?: boolean } = {}) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    payment.status = status;
    payment.paid = status === 'succeeded' || status === 'waiting_for_capture';
    payment.refundable = status === 'succeeded';
    if (status === 'succeeded') payment.captured_at = new Date().toISOString();
    if (status === 'canceled') payment.cancellation_details = { party: 'yoo_money', reason: opts.reason ?? 'expired_on_confirmation' };
    if (opts.notify) await notify(`payment.${status}`, payment);
    return payment;
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  /** The API proper: answers [status, body]. */
  function api(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/payments') {
      const amount = body.amount as Amount | undefined;
      const total = kopecks(amount);
      if (total === null || total <= 0 || amount!.currency !== 'RUB') return [400, error('invalid_request', 'Invalid amount', 'amount')];
      const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
      if (confirmation?.type !== 'redirect' || !confirmation.return_url) return [400, error('invalid_request', 'Redirect confirmation needs return_url', 'confirmation')];
      const receipt = body.receipt as StandInReceipt | undefined;
      const problem = receiptProblem(receipt, total);
      if (problem) return [400, error('invalid_request', 'Receipt is invalid', problem)];
      const id = randomUUID();
      const payment: StandInPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: amount!,
        description: body.description as string | undefined,
        recipient: { account_id: shopId, gateway_id: '100700' },
        created_at: new Date().toISOString(),
        confirmation: { type: 'redirect', confirmation_url: `${base}/checkout/${id}`, return_url: confirmation.return_url },
        metadata: body.metadata as Record<string, string> | undefined,
        refundable: false,
        test: true,
      };
      payments.set(id, payment);
      receipts.set(id, receipt);
      return [200, payment];
    }
    if (method === 'GET' && (match = /^\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(match[1]!));
      return payment ? [200, payment] : [404, error('not_found', 'Payment not found')];
    }
    if (method === 'POST' && (match = /^\/payments\/([^/]+)\/cancel$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(match[1]!));
      if (!payment) return [404, error('not_found', 'Payment not found')];
      if (payment.status === 'canceled') return [200, payment];
      if (payment.status === 'succeeded') return [400, error('invalid_request', 'Payment is succeeded, use refunds')];
      // YooKassa cancels through the API only a payment waiting for capture; a pending one waits for the customer or expires.
      if (payment.status === 'pending') return [400, error('invalid_request', 'Payment can be cancelled only in waiting_for_capture status')];
      payment.status = 'canceled';
      payment.paid = false;
      payment.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' };
      return [200, payment];
    }
    if (method === 'POST' && path === '/refunds') {
      const payment = payments.get(String(body.payment_id));
      if (!payment) return [404, error('not_found', 'Payment not found', 'payment_id')];
      if (payment.status !== 'succeeded') return [400, error('invalid_request', 'Payment is not succeeded', 'payment_id')];
      const value = kopecks(body.amount as Amount);
      const refunded = kopecks(payment.refunded_amount) ?? 0;
      const paid = kopecks(payment.amount)!;
      if (value === null || value <= 0 || value > paid - refunded) return [400, error('invalid_request', 'Refund amount is too big', 'amount')];
      const receipt = body.receipt as StandInReceipt | undefined;
      const problem = receiptProblem(receipt, value);
      if (problem) return [400, error('invalid_request', 'Receipt is invalid', problem)];
      const refund: StandInRefund = {
        id: randomUUID(),
        payment_id: payment.id,
        status: 'succeeded',
        amount: amountOf(value),
        created_at: new Date().toISOString(),
        description: body.description as string | undefined,
      };
      refunds.set(refund.id, refund);
      receipts.set(refund.id, receipt);
      payment.refunded_amount = amountOf(refunded + value);
      payment.refundable = refunded + value < paid;
      return [200, refund];
    }
    if (method === 'GET' && (match = /^\/refunds\/([^/]+)$/.exec(path))) {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      return refund ? [200, refund] : [404, error('not_found', 'Refund not found')];
    }
    return [404, error('not_found', `No ${method} ${path}`)];
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const write = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    let send = write;
    try {
      // The customer's side: the checkout page and its two buttons.
      let match: RegExpExecArray | null;
      if ((match = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path))) {
        const payment = payments.get(match[1]!);
        if (!payment) return send(404, error('not_found', 'Payment not found'));
        if (!match[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(checkoutPage(payment));
        }
        if (method !== 'POST') return send(405, error('invalid_request', 'POST only'));
        if (payment.status === 'pending') await setPaymentStatus(payment.id, match[2] === 'pay' ? 'succeeded' : 'canceled', { notify: true });
        res.writeHead(303, { location: payment.confirmation.return_url });
        return res.end();
      }
      // Test hooks over HTTP (the browser test runs the stand-in as a process).
      if (path === '/__test/requests' && method === 'GET') return send(200, requests);
      if ((match = /^\/__test\/payments\/([^/]+)\/status$/.exec(path)) && method === 'POST') {
        const { status, reason, notify: tell } = JSON.parse(raw || '{}') as { status: StandInPayment['status']; reason?: string; notify?: boolean };
        return send(200, await setPaymentStatus(match[1]!, status, { reason, notify: tell }));
      }
      if (path === '/__test/notify' && method === 'POST') {
        const { event, object } = JSON.parse(raw || '{}') as { event: string; object: unknown };
        return send(200, { delivered: await notify(event, object) });
      }

      if (req.headers.authorization !== expectedAuth) return send(401, error('invalid_credentials', 'Authentication by given credentials failed'));
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return send(400, error('invalid_request', 'Body is not JSON'));
        }
      }
      const key = typeof req.headers['idempotence-key'] === 'string' ? req.headers['idempotence-key'] : null;
      requests.push({ method, path, idempotenceKey: key, body: raw ? body : null });
      if (delays && delays.times > 0) {
        delays.times -= 1;
        const ms = delays.ms;
        send = (status, answer) => {
          let sendNow = () => {};
          const answered = new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            sendNow = () => {
              clearTimeout(timer);
              resolve();
            };
          }).then(() => {
            if (!res.destroyed) write(status, answer);
            held.delete(answered);
          });
          held.set(answered, sendNow);
        };
      }
      if (failures && failures.times > 0 && (failures.path === undefined || failures.path === path)) {
        failures.times -= 1;
        if (failures.status === 0) return req.socket.destroy();
        return send(failures.status, error('internal_server_error', 'Stand-in failure'));
      }
      if (method === 'POST') {
        if (!key) return send(400, error('invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key'));
        const seen = idempotence.get(`${path} ${key}`);
        if (seen && Date.now() - seen.at < IDEMPOTENCE_TTL_MS) {
          if (seen.body !== raw) return send(400, error('invalid_request', 'Idempotence key duplicated with other request parameters', 'Idempotence-Key'));
          // The same object as it is now (YooKassa answers the object's current state).
          const current = seen.answer as { id?: string };
          const fresh = current.id ? (payments.get(current.id) ?? refunds.get(current.id) ?? seen.answer) : seen.answer;
          return send(seen.status, fresh);
        }
        const [status, answer] = api(method, path, body);
        idempotence.set(`${path} ${key}`, { body: raw, status, answer, at: Date.now() });
        return send(status, answer);
      }
      const [status, answer] = api(method, path, body);
      return send(status, answer);
    } catch (err) {
      return send(500, error('internal_server_error', (err as Error).message));
    }
  });

  const listening = await listenLocally(server, options.port);
  base = listening.base;
  return {
    url: base,
    apiUrl: base,
    shopId,
    secretKey,
    payments,
    refunds,
    receipts,
    requests,
    setPaymentStatus,
    notify,
    failNext: (status, times = 1, onlyPath) => {
      failures = { status, times, path: onlyPath };
    },
    delayNext: (ms, times = 1) => {
      delays = { ms, times };
    },
    releaseHeld: () => {
      for (const sendNow of held.values()) sendNow();
    },
    settled: async () => {
      await Promise.all([...held.keys()]);
    },
    stop: listening.stop,
  };
}

await startFromCommandLine(
  import.meta.url,
  ({ port, arg }) => startYooKassa({ port, notifyUrl: arg('notify'), shopId: arg('shop-id'), secretKey: arg('secret') }),
  (standIn) => `ЮKassa stand-in: ${standIn.url} (shop ${standIn.shopId})`,
);
