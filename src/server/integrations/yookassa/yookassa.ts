/**
 * The YooKassa API v3 client (https://yookassa.ru/developers/api): HTTP Basic with the shop id
 * and secret key, JSON bodies, an Idempotence-Key on every POST. The API URL is the operator's
 * (environment), not something staff type, so Node's own fetch is used rather than safe-fetch.
 * A failure of any kind is a YooKassaError: callers keep the order as it was and say so.
 */
import type { Config } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';

export type YooKassaConfig = NonNullable<Config['yookassa']>;
export type YooAmount = { value: string; currency: string };
export type YooPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export type YooPayment = {
  id: string;
  status: YooPaymentStatus;
  paid: boolean;
  amount: YooAmount;
  refunded_amount?: YooAmount;
  confirmation?: { type: string; confirmation_url?: string; return_url?: string };
  cancellation_details?: { party: string; reason: string };
  metadata?: Record<string, string>;
  created_at: string;
};

export type YooRefund = { id: string; payment_id: string; status: 'pending' | 'succeeded' | 'canceled'; amount: YooAmount; created_at: string };

export type YooReceiptItem = {
  description: string;
  quantity: string;
  amount: YooAmount;
  vat_code: number;
  payment_subject: string;
  payment_mode: string;
};
export type YooReceipt = { customer: { email: string }; items: YooReceiptItem[]; tax_system_code: number };

export type CreatePaymentBody = {
  amount: YooAmount;
  capture: true;
  confirmation: { type: 'redirect'; return_url: string };
  description: string;
  metadata: { orderId: string };
  receipt?: YooReceipt;
};
export type CreateRefundBody = { payment_id: string; amount: YooAmount; description?: string; receipt?: YooReceipt };

export class YooKassaError extends ApiError {
  override name = 'YooKassaError';
}

const TIMEOUT_MS = 15_000;

/** Kopecks as YooKassa's amount string: 123456 → "1234.56". */
export const yooAmount = (kopecks: number): YooAmount => ({
  value: `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`,
  currency: 'RUB',
});

/** "1234.56" → 123456; NaN for anything that is not such a number. */
export const kopecksOf = (amount: YooAmount | undefined): number => {
  const match = amount ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value) : null;
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : Number.NaN;
};

export type YooKassaClient = ReturnType<typeof yookassaClient>;

export function yookassaClient(config: YooKassaConfig) {
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, idempotenceKey?: string): Promise<T> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    if (idempotenceKey) headers['idempotence-key'] = idempotenceKey;
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new YooKassaError(`YooKassa ${method} ${path}: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      // YooKassa's error object: { type: 'error', code, description, parameter }.
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { code?: string; description?: string };
        detail = [parsed.code, parsed.description].filter(Boolean).join(': ') || detail;
      } catch {
        // Not JSON (a proxy's page): its first characters say enough.
      }
      throw new YooKassaError(`YooKassa ${method} ${path}: ${response.status} ${detail}`, response.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new YooKassaError(`YooKassa ${method} ${path}: the answer is not JSON`, response.status);
    }
  }

  return {
    createPayment: (body: CreatePaymentBody, idempotenceKey: string) => call<YooPayment>('POST', '/payments', body, idempotenceKey),
    getPayment: (id: string) => call<YooPayment>('GET', `/payments/${encodeURIComponent(id)}`),
    cancelPayment: (id: string, idempotenceKey: string) =>
      call<YooPayment>('POST', `/payments/${encodeURIComponent(id)}/cancel`, {}, idempotenceKey),
    createRefund: (body: CreateRefundBody, idempotenceKey: string) => call<YooRefund>('POST', '/refunds', body, idempotenceKey),
    getRefund: (id: string) => call<YooRefund>('GET', `/refunds/${encodeURIComponent(id)}`),
  };
}
