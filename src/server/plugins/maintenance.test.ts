import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { newCustomer, registerCustomer, someAddress } from '../../../tests/helpers/accounts.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { saveSettings } from '../modules/settings/service.ts';

const MESSAGE = 'Магазин временно закрыт на техническое обслуживание. Пожалуйста, зайдите позже.';

let ctx: TestContext;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await registerCustomer(ctx);
  admin = await ctx.login();
  await saveSettings(ctx.database.db, 'shop', { ...DEFAULT_SHOP_SETTINGS, maintenanceMode: true }, ctx.clock.now());
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('maintenance mode', () => {
  it('answers 503 with a Russian message to visitors and customers', async () => {
    for (const cookie of [undefined, customer.cookie]) {
      const res = await get('/api/categories', cookie);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MESSAGE });
      expect(res.headers['retry-after']).toBe('600');
    }
    expect((await get('/api/addresses', customer.cookie)).statusCode).toBe(503);
    const registration = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: { ...newCustomer(), consent: true }, remoteAddress: someAddress() });
    expect(registration.statusCode).toBe(503);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: customer.email } });
    expect(reset.statusCode).toBe(503);
  });

  it('keeps open what is needed to log in', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    const settings = await get('/api/settings/public');
    expect(settings.statusCode).toBe(200);
    expect(settings.json().shop.maintenanceMode).toBe(true);
    expect((await get('/api/user')).statusCode).toBe(401);
    expect((await get('/api/user', customer.cookie)).json().username).toBe(customer.username);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: customer.username, password: customer.password } });
    expect(login.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: customer.cookie } })).statusCode).toBe(200);
  });

  it('lets staff use everything', async () => {
    const categories = await get('/api/categories', admin);
    expect(categories.statusCode).toBe(200);
    expect(Array.isArray(categories.json())).toBe(true);
    expect((await get('/api/addresses', admin)).statusCode).toBe(200);
  });

  it('ends as soon as the setting is switched off', async () => {
    await saveSettings(ctx.database.db, 'shop', DEFAULT_SHOP_SETTINGS, ctx.clock.now());
    expect((await get('/api/categories')).statusCode).toBe(200);
  });
});
