import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, rateLimits, sessions, users } from '#server/db/schema.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { PRIVACY_POLICY_VERSION } from '#shared/constants.ts';
import { cookieOf, newCustomer, registerCustomer, someAddress, useSessionEvery } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { saveSettings } from '../settings/service.ts';
import { CUSTOMER_SESSION } from '#server/core/session-cookie.ts';
import { endAllSessions } from './session-service.ts';
import { expectFieldErrors, expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (payload: Record<string, unknown>, remoteAddress = someAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress });
const login = (username: string, password: string, opts: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    remoteAddress: opts.remoteAddress ?? someAddress(),
  });
const me = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('POST /api/register', () => {
  it('creates a customer whatever role the body claims, logs them in and records the consent', async () => {
    const customer = newCustomer();
    const res = await register({ ...customer, consent: true, role: 'admin', isActive: false }, '10.9.8.7');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: customer.username, email: customer.email, role: 'user' });
    expect(res.json()).not.toHaveProperty('passwordHash');

    const cookie = cookieOf(res);
    expect(cookie).toBeDefined();
    const current = await me(cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ username: customer.username, role: 'user' });

    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, customer.username));
    expect(row!.role).toBe('user');
    expect(row!.isActive).toBe(true);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(customer.password);

    const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.userId, row!.id));
    expect(consent).toMatchObject({ purpose: 'registration', email: customer.email, ip: '10.9.8.7', policyVersion: PRIVACY_POLICY_VERSION });
    expect(consent!.createdAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('requires consent to personal-data processing', async () => {
    for (const consent of [undefined, false, 'yes']) {
      const res = await register({ ...newCustomer(), consent });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Необходимо согласие на обработку персональных данных');
      expect(res.json().errors.consent).toEqual(['Необходимо согласие на обработку персональных данных']);
    }
  });

  it("answers empty fields with 'Заполните все поля' and bad ones with the spec's messages", async () => {
    const empty = await register({ username: '', email: ' ', password: '', consent: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Заполните все поля');
    expect(empty.json().errors).toMatchObject({ username: ['Заполните все поля'], email: ['Заполните все поля'], password: ['Заполните все поля'] });

    const bad = await register({ username: 'ab', email: 'не-почта', password: '12345', consent: true });
    expectSomeFieldErrors(bad, {
      username: ['Имя пользователя должно содержать не менее 3 символов'],
      email: ['Пожалуйста, введите корректный email'],
      password: ['Пароль должен содержать не менее 8 символов'],
    });
  });

  it('refuses a taken username or e-mail whatever their case, with clear messages', async () => {
    const first = await registerCustomer(ctx);
    const sameName = await register({ ...newCustomer(), username: first.username.toUpperCase(), consent: true });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: 'Пользователь с таким именем уже существует', errors: { username: ['Пользователь с таким именем уже существует'] } });

    const sameEmail = await register({ ...newCustomer(), email: first.email.toUpperCase(), consent: true });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ message: 'Пользователь с таким email уже зарегистрирован', errors: { email: ['Пользователь с таким email уже зарегистрирован'] } });

    const adminName = await register({ ...newCustomer(), username: 'ADMIN', consent: true });
    expect(adminName.statusCode).toBe(409);
  });

  it('refuses the most common passwords and the username as password', async () => {
    for (const password of ['12345678', 'qwerty123', 'Password1', 'iloveyou1', 'zzzzzzzz']) {
      const res = await register({ ...newCustomer(), password, consent: true });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.password).toEqual(['Этот пароль слишком простой, выберите другой']);
    }
    const customer = newCustomer();
    const same = await register({ ...customer, password: customer.username, consent: true });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Пароль не должен совпадать с именем пользователя или email');
  });

  it('answers 403 with a Russian message when registration is switched off', async () => {
    await saveSettings(ctx.database.db, 'shop', { ...DEFAULT_SHOP_SETTINGS, enableRegistration: false }, ctx.clock.now());
    try {
      const res = await register({ ...newCustomer(), consent: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Регистрация новых пользователей временно закрыта');
      const invalid = await register({});
      expect(invalid.statusCode).toBe(403);
    } finally {
      await saveSettings(ctx.database.db, 'shop', DEFAULT_SHOP_SETTINGS, ctx.clock.now());
    }
    const open = await register({ ...newCustomer(), consent: true });
    expect(open.statusCode).toBe(201);
  });
});

describe('field lengths', () => {
  it('login refuses a name or password longer than any account can have', async () => {
    const longName = await login('a'.repeat(51), 'Some-password-1');
    expectFieldErrors(longName, { username: ['Имя пользователя должно быть не длиннее 50 символов'] });
    const longPassword = await login(TEST_ADMIN.username, 'p'.repeat(201));
    expectFieldErrors(longPassword, { password: ['Пароль должен быть не длиннее 200 символов'] });
  });

  it('registration refuses over-long fields with Russian messages', async () => {
    const res = await register({ username: 'u'.repeat(51), email: `${'e'.repeat(250)}@example.ru`, password: 'p'.repeat(201), consent: true });
    expectFieldErrors(res, {
      username: ['Имя пользователя должно быть не длиннее 50 символов'],
      email: ['Пожалуйста, введите корректный email'],
      password: ['Пароль должен быть не длиннее 200 символов'],
    });
  });
});

describe('sessions', () => {
  it('stores only a hash of a random session id and sets a safe cookie', async () => {
    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const hash = createHash('sha256').update(cookie.value).digest('hex');
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.idHash, hash));
    expect(rows).toHaveLength(1);
    const plain = await ctx.database.db.select().from(sessions).where(eq(sessions.idHash, cookie.value));
    expect(plain).toHaveLength(0);
  });

  it('over HTTPS names the cookie __Host-sid, with Secure, Path=/ and no Domain, and reads no other', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.ru' });
    try {
      const res = await https.app.inject({ method: 'POST', url: '/api/login', payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.map((c) => c.name)).toEqual(['__Host-sid']);
      const cookie = res.cookies[0]!;
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie.domain).toBeUndefined();
      const user = (header: string) => https.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: header } });
      expect((await user(`__Host-sid=${cookie.value}`)).statusCode).toBe(200);
      // A plain `sid` could be planted from http or a subdomain: over HTTPS it means nothing.
      expect((await user(`sid=${cookie.value}`)).statusCode).toBe(401);
      const out = await https.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `__Host-sid=${cookie.value}` } });
      expect(out.cookies).toMatchObject([{ name: '__Host-sid', value: '', secure: true, path: '/' }]);
    } finally {
      await https.close();
    }
  });

  it('rotates the session at login: the old id stops working', async () => {
    const customer = await registerCustomer(ctx);
    const again = await login(customer.username, customer.password, { cookie: customer.cookie });
    expect(again.statusCode).toBe(200);
    const rotated = cookieOf(again)!;
    expect(rotated).not.toBe(customer.cookie);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect((await me(rotated)).json().username).toBe(customer.username);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const customer = await registerCustomer(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Выход выполнен' });
    expect(res.cookies.find((c) => c.name === 'sid')!.value).toBe('');
    const after = await me(customer.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Не выполнен вход' });
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(left).toHaveLength(0);
  });

  it('expires after 7 idle days, while activity keeps it alive', async () => {
    const active = await registerCustomer(ctx);
    const idle = await registerCustomer(ctx);
    ctx.clock.advance(6 * DAY);
    expect((await me(active.cookie)).statusCode).toBe(200);
    ctx.clock.advance(CUSTOMER_SESSION.idleMs - 6 * DAY + MINUTE);
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(active.cookie)).statusCode).toBe(200);
  });

  it('expires 30 days after login however active the user is', async () => {
    const customer = await registerCustomer(ctx);
    const used = await useSessionEvery(ctx, customer.cookie, 5 * DAY, 5);
    ctx.clock.advance(CUSTOMER_SESSION.absoluteMs - used + MINUTE);
    expect((await me(customer.cookie)).statusCode).toBe(401);
  });

  it('endAllSessions ends every session of the user at once', async () => {
    const customer = await registerCustomer(ctx);
    const second = cookieOf(await login(customer.username, customer.password))!;
    expect((await me(second)).statusCode).toBe(200);
    await endAllSessions(ctx.database.db, customer.id);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('answers a wrong name and a wrong password identically', async () => {
    const customer = await registerCustomer(ctx);
    const wrongPassword = await login(customer.username, 'Wrong-password-1');
    const unknownName = await login(`nobody${customer.username}`, 'Wrong-password-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownName.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Неверное имя пользователя или пароль' });
    expect(unknownName.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('accepts the username in any case', async () => {
    const customer = await registerCustomer(ctx);
    const res = await login(customer.username.toUpperCase(), customer.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(customer.username);
  });

  it("refuses a blocked user with 'Учётная запись заблокирована' and ends their sessions", async () => {
    const customer = await registerCustomer(ctx);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, customer.id));
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const res = await login(customer.username, customer.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Учётная запись заблокирована' });
    expect(res.cookies).toEqual([]);
    // Without the right password nothing tells that the account exists or is blocked.
    const wrong = await login(customer.username, 'Wrong-password-1');
    expect(wrong.json()).toEqual({ message: 'Неверное имя пользователя или пароль' });
  });
});

describe('rate limits', () => {
  it('refuses an address after 10 failed logins for one account for 15 minutes; the owner elsewhere still logs in', async () => {
    const customer = await registerCustomer(ctx);
    const attacker = '10.210.0.1';
    for (let i = 0; i < 10; i++) {
      expect((await login(customer.username, `Wrong-${i}-password`, { remoteAddress: attacker })).statusCode).toBe(401);
    }
    const locked = await login(customer.username, customer.password, { remoteAddress: attacker });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Слишком много неудачных попыток входа\. Попробуйте через 15 минут\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(customer.username, customer.password, { remoteAddress: '10.210.0.2' })).statusCode).toBe(200);
    // The limit does not tell whether the account exists: an unknown name is refused the same way.
    const ghost = `ghost${customer.username}`;
    for (let i = 0; i < 10; i++) await login(ghost, `Wrong-${i}-password`, { remoteAddress: attacker });
    expect((await login(ghost, 'Wrong-password-x', { remoteAddress: attacker })).json()).toEqual({ message: locked.json().message });

    ctx.clock.advance(15 * MINUTE + 1000);
    expect((await login(customer.username, customer.password, { remoteAddress: attacker })).statusCode).toBe(200);
  });

  it('limits failed logins per address, and a forged X-Forwarded-For does not reset the count', async () => {
    const address = '10.200.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await login(`nobody-${i}`, 'Wrong-password-1', { remoteAddress: address, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login('nobody-x', 'Wrong-password-1', { remoteAddress: address, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Слишком много неудачных попыток входа');
    // Another address is not affected.
    expect((await login('nobody-x', 'Wrong-password-1', { remoteAddress: '10.200.0.2' })).statusCode).toBe(401);
    // Every attempt is counted before the password is checked, the refused one too.
    const [row] = await ctx.database.db.select().from(rateLimits).where(eq(rateLimits.key, `login:address:${address}`));
    expect(row!.count).toBe(31);
  });

  it('limits registrations per address', async () => {
    const address = '10.201.0.1';
    for (let i = 0; i < 10; i++) expect((await register({ ...newCustomer(), consent: true }, address)).statusCode).toBe(201);
    const res = await register({ ...newCustomer(), consent: true }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Слишком много попыток регистрации. Попробуйте через 60 минут.');
    ctx.clock.advance(60 * MINUTE + 1000);
    expect((await register({ ...newCustomer(), consent: true }, address)).statusCode).toBe(201);
  });

  it('limits registration attempts per e-mail', async () => {
    const taken = await registerCustomer(ctx);
    for (let i = 0; i < 4; i++) {
      expect((await register({ ...newCustomer(), email: taken.email, consent: true })).statusCode).toBe(409);
    }
    const res = await register({ ...newCustomer(), email: taken.email, consent: true });
    expect(res.statusCode).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  it('takes the client address from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const customer = newCustomer();
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...customer, consent: true },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
      });
      expect(res.statusCode).toBe(201);
      const [consent] = await proxied.database.db
        .select({ ip: consents.ip })
        .from(consents)
        .where(and(eq(consents.purpose, 'registration'), eq(consents.email, customer.email)));
      // One hop is trusted: the address nginx appended, not what the client wrote before it.
      expect(consent!.ip).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});
