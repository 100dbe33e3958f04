import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

/** The exchange account the tests give 1C (back office «Обмен с 1С»). */
export const EXCHANGE_1C_LOGIN = 'site-exchange';
export const EXCHANGE_1C_PASSWORD = 'обмен-с-1С-2026';

/**
 * Saves the exchange settings as staff do: on, with the tests' login, no price type chosen,
 * nothing hidden, no warehouse mapped; `body` changes any of them. Without `password` the saved
 * one stays, as in the form.
 */
export const saveExchangeSettings = (ctx: TestContext, adminCookie: string, body: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/exchange-1c',
    headers: { cookie: adminCookie },
    payload: { enabled: true, login: EXCHANGE_1C_LOGIN, priceType: '', mayHide: false, warehouses: [], ...body },
  });

/** Turns the exchange on with the tests' login and this password. */
export async function enableExchange(ctx: TestContext, adminCookie: string, password = EXCHANGE_1C_PASSWORD) {
  const res = await saveExchangeSettings(ctx, adminCookie, { password });
  expect(res.statusCode, res.body).toBe(200);
}
