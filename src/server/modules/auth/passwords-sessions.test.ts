/**
 * Issue 15, item 9: passwords and sessions to OWASP ASVS level 2 — the length and common-password
 * rules everywhere a password is set, changing one's own password, staff session limits,
 * re-authentication by password, and the purge of ended sessions and spent reset links.
 */
import { spawnSync } from 'node:child_process';
import { dictionary } from '@zxcvbn-ts/language-common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORD_MESSAGE, passwordProblem } from '#server/core/password-policy.ts';
import { CUSTOMER_SESSION, STAFF_SESSION } from '#server/core/session-cookie.ts';
import { passwordResetTokens, sessions, users } from '#server/db/schema.ts';
import { cookieOf, expectPasswordReplaced, loginCall, newCustomer, registerCustomer, someAddress, useSessionEvery } from '../../../../tests/helpers/accounts.ts';
import { createCustomer, CUSTOMER_PASSWORD } from '../../../../tests/helpers/customers.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { hashToken } from './session-service.ts';
import { runSessionPurge } from './purge.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const SHORT = 'Пароль должен содержать не менее 8 символов';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, cookie?: string, method: 'POST' | 'PATCH' | 'DELETE' = 'POST') =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: someAddress() });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const login = (username: string, password: string) => loginCall(ctx, username, password);

/** The change is refused without the current password (400) and with a wrong one (403). */
async function expectCurrentPasswordChecked(change: (payload: object) => ReturnType<typeof post>, payload: object) {
  const missing = await change(payload);
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors.currentPassword).toEqual(['Введите текущий пароль']);
  const wrong = await change({ ...payload, currentPassword: 'Ne-tot-parol-1' });
  expect(wrong.statusCode).toBe(403);
  expect(wrong.json().errors.currentPassword).toEqual(['Неверный текущий пароль']);
}

describe('the password policy', () => {
  const common = dictionary['passwords-common'];

  it("refuses the list's 10 000 most common passwords, whatever their case, and nothing past them", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    for (const password of ['password1', 'qwerty123', 'iloveyou', 'PASSWORD1', common[COMMON_PASSWORD_COUNT - 1]!]) {
      expect(passwordProblem(password), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const pastTheList = common.slice(COMMON_PASSWORD_COUNT).find((p) => p.length >= 8 && new Set(p).size > 1)!;
    expect(passwordProblem(pastTheList)).toBeNull();
    expect(passwordProblem('Stanok-DCK-2026')).toBeNull();
  });

  it('refuses fewer than 8 characters, one repeated character and the own name or e-mail', () => {
    expect(passwordProblem('Zx-9kq7')).toBe(SHORT);
    expect(passwordProblem('Zx-9kq7!')).toBeNull();
    expect(passwordProblem('ЖЖЖЖЖЖЖЖЖЖ')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem('Master_Petrov', { username: 'master_petrov' })).toBe('Пароль не должен совпадать с именем пользователя или email');
  });

  it('registration: 7 characters and a common password are refused on the password field', async () => {
    const short = await post('/api/register', { ...newCustomer(), password: 'Zx-9kq7', consent: true });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual([SHORT]);
    const common = await post('/api/register', { ...newCustomer(), password: 'qwerty123', consent: true });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual(['Этот пароль слишком простой, выберите другой']);
    expect((await post('/api/register', { ...newCustomer(), password: 'Zx-9kq7!', consent: true })).statusCode).toBe(201);
  });

  it('an administrator creating a user or setting a password obeys it too', async () => {
    const admin = await ctx.login();
    const body = { username: `pw_${Date.now().toString(36)}`, role: 'user', isActive: true };
    const short = await post('/api/admin/users', { ...body, password: 'Zx-9kq7' }, admin);
    expect(short.json().errors.password).toEqual([SHORT]);
    const common = await post('/api/admin/users', { ...body, password: 'sunshine' }, admin);
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
  });

  it('the server refuses to start with an ADMIN_PASSWORD that breaks it, saying why', () => {
    const config = (password: string) => () => loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: password });
    expect(config('Zx-9kq7')).toThrow(`ADMIN_PASSWORD: ${SHORT}`);
    expect(config('password123')).toThrow(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
    expect(config('Stanok-DCK-2026')).not.toThrow();

    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', DATA_DIR: '/nonexistent', ADMIN_PASSWORD: 'qwertyuiop' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
  });
});

describe('POST /api/profile/password', () => {
  it('needs the current password; a new one ends every other session and keeps this one', async () => {
    const customer = await registerCustomer(ctx);
    const other = cookieOf(await login(customer.username, customer.password))!;
    const change = (payload: object) => post('/api/profile/password', payload, customer.cookie);

    await expectCurrentPasswordChecked(change, { newPassword: 'Novyi-parol-2026' });
    const short = await change({ currentPassword: customer.password, newPassword: 'Zx-9kq7' });
    expect(short.json().errors.newPassword).toEqual([SHORT]);
    const common = await change({ currentPassword: customer.password, newPassword: 'baseball1' });
    expect(common.json().errors.newPassword).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect((await me(other)).statusCode).toBe(200);

    const done = await change({ currentPassword: customer.password, newPassword: 'Novyi-parol-2026' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Пароль изменён' });
    expect((await me(customer.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await expectPasswordReplaced(ctx, customer.username, customer.password, 'Novyi-parol-2026');
  });

  it('is for signed-in users only', async () => {
    const res = await post('/api/profile/password', { currentPassword: 'Zx-9kq7!x', newPassword: 'Novyi-parol-2026' });
    expect(res.statusCode).toBe(401);
  });

  it('ten wrong current passwords in a row are enough: then 429, even with the right one', async () => {
    const manager = await createCustomer(ctx, 'manager');
    const wrong = { currentPassword: 'Ne-tot-parol-1', newPassword: 'Novyi-parol-2026' };
    for (let i = 0; i < 10; i++) expect((await post('/api/profile/password', wrong, manager.cookie)).statusCode).toBe(403);
    const locked = await post('/api/profile/password', { ...wrong, currentPassword: CUSTOMER_PASSWORD }, manager.cookie);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Слишком много попыток ввести пароль\. Попробуйте через 15 минут\.$/);
  });
});

describe('staff sessions: 2 hours idle, 12 hours at most; customers keep theirs', () => {
  it('a staff session idle for more than 2 hours ends; activity keeps it alive', async () => {
    const active = await createCustomer(ctx, 'manager');
    const idle = await createCustomer(ctx, 'admin');
    ctx.clock.advance(HOUR);
    expect((await me(active.cookie)).statusCode).toBe(200);
    ctx.clock.advance(STAFF_SESSION.idleMs - HOUR + MINUTE);
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(active.cookie)).statusCode).toBe(200);
  });

  it('a staff session ends 12 hours after login however active; a customer idle for 12 hours stays', async () => {
    const manager = await createCustomer(ctx, 'manager');
    const customer = await createCustomer(ctx);
    const used = await useSessionEvery(ctx, manager.cookie, 1.5 * HOUR, 7);
    ctx.clock.advance(STAFF_SESSION.absoluteMs - used + MINUTE);
    expect((await me(manager.cookie)).statusCode).toBe(401);
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });

  it('a staff login sets a cookie that expires in 12 hours, a customer login in 30 days', async () => {
    const staff = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    const customer = await registerCustomer(ctx);
    const expiry = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'sid')!.expires!.getTime();
    // The cookie's date drops the milliseconds.
    const lifetime = (res: Awaited<ReturnType<typeof login>>) => Math.ceil((expiry(res) - ctx.clock.now().getTime()) / 1000) * 1000;
    expect(lifetime(staff)).toBe(STAFF_SESSION.absoluteMs);
    expect(lifetime(await login(customer.username, customer.password))).toBe(CUSTOMER_SESSION.absoluteMs);
  });

  it("a customer made a manager gets the staff limits on the session already open", async () => {
    const customer = await createCustomer(ctx);
    ctx.clock.advance(3 * HOUR);
    await ctx.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, customer.id));
    expect((await me(customer.cookie)).statusCode).toBe(401);
  });
});

describe('re-authentication: changing a role', () => {
  it('needs the administrator’s password; other edits do not', async () => {
    const admin = await ctx.login();
    const target = await createCustomer(ctx);
    const patch = (payload: object) => post(`/api/admin/users/${target.id}`, payload, admin, 'PATCH');
    const role = async () => (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, target.id)))[0]!.role;

    await expectCurrentPasswordChecked(patch, { role: 'manager' });
    expect(await role()).toBe('user');

    expect((await patch({ role: 'user', fullName: 'Пётр Сидоров' })).statusCode).toBe(200);
    const done = await patch({ role: 'manager', currentPassword: TEST_ADMIN.password });
    expect(done.statusCode).toBe(200);
    expect(await role()).toBe('manager');
  });
});

describe('purging ended sessions and spent reset links', () => {
  it('deletes what can no longer be used, keeps the rest, once per hour', async () => {
    await ctx.database.db.delete(sessions);
    const staleCustomer = await createCustomer(ctx);
    const idleManager = await createCustomer(ctx, 'manager');
    ctx.clock.advance(CUSTOMER_SESSION.idleMs + MINUTE);
    const liveCustomer = await createCustomer(ctx);
    const liveManager = await createCustomer(ctx, 'manager');
    ctx.clock.advance(STAFF_SESSION.idleMs - MINUTE);
    const now = ctx.clock.now();
    const token = (name: string, fields: Partial<typeof passwordResetTokens.$inferInsert>) => ({
      tokenHash: hashToken(name),
      userId: liveCustomer.id,
      expiresAt: new Date(now.getTime() + HOUR),
      ...fields,
    });
    await ctx.database.db.delete(passwordResetTokens);
    await ctx.database.db.insert(passwordResetTokens).values([
      token('used', { usedAt: new Date(now.getTime() - MINUTE) }),
      token('expired', { expiresAt: new Date(now.getTime() - MINUTE) }),
      token('live', {}),
    ]);

    const purged = await runSessionPurge(ctx.database.db, now);
    expect(purged).toEqual({ sessions: 2, resetTokens: 2 });
    const left = await ctx.database.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((s) => s.userId).sort()).toEqual([liveCustomer.id, liveManager.id].sort());
    expect(left.map((s) => s.userId)).not.toContain(staleCustomer.id);
    expect(left.map((s) => s.userId)).not.toContain(idleManager.id);
    const tokens = await ctx.database.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(tokens).toEqual([{ tokenHash: hashToken('live') }]);
    expect(await runSessionPurge(ctx.database.db, now)).toBeNull();

    ctx.clock.advance(2 * MINUTE + HOUR);
    expect(await runSessionPurge(ctx.database.db, ctx.clock.now())).toEqual({ sessions: 1, resetTokens: 1 });
  });
});
