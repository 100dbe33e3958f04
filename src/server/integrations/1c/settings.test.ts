import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Exchange1cLogPage, Exchange1cSettingsView } from '#shared/schemas/exchange-1c.ts';
import { staffActions } from '../../db/schema.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const base = { enabled: true, login: 'site', priceType: '', mayHide: false, warehouses: [] };
const put = (body: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/exchange-1c', headers: { cookie: admin }, payload: body });
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('exchange with 1C: settings and sign-in', () => {
  it('is off until switched on: 1C is told so in plain text', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: basic('site', 'x') } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('failure\nОбмен с 1С выключен');
  });

  it('needs a login and a password to be switched on, and never returns the password', async () => {
    const refused = await put({ ...base, login: '' });
    expectFieldErrors(refused, { login: ['Укажите логин обмена'], password: ['Задайте пароль обмена'] });
    const short = await put({ ...base, password: 'short' });
    expect(short.json().errors.password).toEqual(['Пароль не короче 8 символов']);
    expect((await put({ ...base, password: 'password' })).json().errors.password).toEqual(['Этот пароль слишком простой, выберите другой']);
    expect((await put({ ...base, login: 'site-exchange', password: 'site-exchange' })).json().errors.password).toEqual(['Пароль не должен совпадать с именем пользователя или email']);
    const saved = await put({ ...base, password: 'секретный-пароль' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('секретный');
    const view = (await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/exchange-1c', headers: { cookie: admin } })).json() as Exchange1cSettingsView;
    expect(view.settings).toEqual({ enabled: true, login: 'site', passwordSet: true, priceType: '', mayHide: false, warehouses: [] });
    expect(view.exchangeUrl).toMatch(/\/api\/1c\/exchange$/);
    expect(view.priceTypes).toEqual([]);
    // Saving again without a password keeps the one set.
    expect((await put(base)).json().settings.passwordSet).toBe(true);
    // The staff action log has the change, never the password nor its hash.
    const logged = await ctx.database.db.select().from(staffActions).where(eq(staffActions.kind, 'settings.exchange-1c'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toMatch(/секретный|argon2/);
  });

  it('signs 1C in with HTTP Basic and refuses a wrong password or a call without the cookie', async () => {
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: basic('site', 'не-тот') } });
    expect(wrong.body).toBe('failure\nНеверный логин или пароль обмена');
    const noCookie = await ctx.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=init' });
    expect(noCookie.body).toBe('failure\nНет сеанса обмена: сначала mode=checkauth (или сеанс истёк)');
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: basic('site', 'секретный-пароль') } });
    const [status, name, value] = ok.body.split('\n');
    expect(status).toBe('success');
    expect(name).toBe('exchange_1c');
    const init = await ctx.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=init', headers: { cookie: `${name}=${value}` } });
    expect(init.body).toMatch(/^zip=yes\nfile_limit=\d+$/);
    const log = (await ctx.app.inject({ method: 'GET', url: '/api/admin/exchange-1c/log', headers: { cookie: admin } })).json() as Exchange1cLogPage;
    expect(log.total).toBe(0);
  });
});
