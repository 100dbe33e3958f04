import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { LOGIN_LIMITS } from './service.ts';

/**
 * Logins through a proxy (TRUST_PROXY), so each visitor's address comes from X-Forwarded-For.
 * On PostgreSQL (TEST_DB_KIND=postgres) the parallel attempts run on real parallel connections.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => ctx.close());

const loginFrom = (address: string, username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': address },
  });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

describe(`login limits behind a proxy (${dbKind})`, () => {
  it("60 wrong passwords for the administrator at once from one address: 10 are checked, 50 refused, and the administrator still logs in from another", async () => {
    const attempts = await Promise.all(Array.from({ length: 60 }, (_, i) => loginFrom('203.0.113.7', TEST_ADMIN.username, `Wrong-password-${i}`)));
    expect(tally(attempts.map((r) => r.statusCode))).toEqual({ 401: LOGIN_LIMITS.accountAddress.limit, 429: 60 - LOGIN_LIMITS.accountAddress.limit });
    for (const refused of attempts.filter((r) => r.statusCode === 429)) {
      expect(refused.json().message).toBe('Слишком много неудачных попыток входа. Попробуйте через 15 минут.');
    }
    for (const wrong of attempts.filter((r) => r.statusCode === 401)) expect(wrong.json()).toEqual({ message: 'Неверное имя пользователя или пароль' });

    // The owner from elsewhere is not locked out, even with the right password sent many times over.
    const owner = await loginFrom('198.51.100.20', TEST_ADMIN.username, TEST_ADMIN.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ username: TEST_ADMIN.username, role: 'admin' });
    // The address that guessed stays refused, the right password included.
    expect((await loginFrom('203.0.113.7', TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(429);
  });

  it('one address trying many accounts at once is refused past its limit, other addresses are not', async () => {
    const attempts = await Promise.all(Array.from({ length: 45 }, (_, i) => loginFrom('203.0.113.8', `nobody-${i}`, 'Wrong-password-1')));
    expect(tally(attempts.map((r) => r.statusCode))).toEqual({ 401: LOGIN_LIMITS.address.limit, 429: 45 - LOGIN_LIMITS.address.limit });
    expect((await loginFrom('203.0.113.9', 'nobody-0', 'Wrong-password-1')).statusCode).toBe(401);
  });

  it('failures for one account from many addresses never lock it', async () => {
    const attempts = await Promise.all(Array.from({ length: 15 }, (_, i) => loginFrom(`192.0.2.${i + 1}`, TEST_ADMIN.username, `Wrong-password-${i}`)));
    expect(tally(attempts.map((r) => r.statusCode))).toEqual({ 401: 15 });
    expect((await loginFrom('192.0.2.200', TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200);
  });
});
