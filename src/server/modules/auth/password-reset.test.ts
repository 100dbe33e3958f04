import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '#server/db/schema.ts';
import { cookieOf, expectPasswordReplaced, loginCall, registerCustomer, someAddress } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';

const MINUTE = 60 * 1000;
const SAME_ANSWER = {
  success: true,
  message: 'Если этот email зарегистрирован в магазине, мы отправили на него письмо со ссылкой для восстановления пароля. Ссылка действует 1 час.',
};
const INVALID_LINK = 'Ссылка для восстановления пароля недействительна или истекла';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const requestReset = (app: TestContext, email: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: extra.remoteAddress ?? someAddress(), headers: extra.headers });
const verify = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/password-reset/verify?token=${encodeURIComponent(token)}` });
const reset = (token: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/password-reset/reset', payload: { token, password } });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const login = (username: string, password: string) => loginCall(ctx, username, password);

/** The token of the link in the newest letter to this address. */
function tokenFromMail(mails: TestContext['mails'], to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /http:\/\/shop\.test\/password-reset\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link[1]!;
}

describe('POST /api/password-reset/request', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const customer = await registerCustomer(ctx);
    const before = ctx.mails.length;
    const known = await requestReset(ctx, customer.email.toUpperCase());
    const unknown = await requestReset(ctx, `nobody-${customer.email}`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.json()).toEqual(known.json());
    expect(known.body).not.toMatch(/token/i);
    expect(ctx.mails.length).toBe(before + 1);
  });

  it("mails a Russian letter with the shop's name and a PUBLIC_URL link, whatever the Host header says", async () => {
    const customer = await registerCustomer(ctx);
    await requestReset(ctx, customer.email, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const mail = ctx.mails.at(-1)!;
    expect(mail.to).toBe(customer.email);
    expect(mail.subject).toBe('Восстановление пароля — ПрофИнструмент');
    expect(mail.text).toContain(`Здравствуйте, ${customer.username}!`);
    expect(mail.text).toContain('«ПрофИнструмент»');
    expect(mail.text).toContain('действует 1 час');
    expect(mail.text).toMatch(/http:\/\/shop\.test\/password-reset\/reset\?token=[A-Za-z0-9_-]{43}\b/);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).toContain('href="http://shop.test/password-reset/reset?token=');

    const token = tokenFromMail(ctx.mails, customer.email);
    const rows = await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(60 * MINUTE);
  });

  it('sends nothing to a blocked user and still answers the same', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, customer.id));
    const before = ctx.mails.length;
    const res = await requestReset(ctx, customer.email);
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(ctx.mails.length).toBe(before);
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const res = await requestReset(ctx, 'не почта');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Введите корректный email');
  });

  it('limits requests per e-mail (known or not alike) and per address', async () => {
    const customer = await registerCustomer(ctx);
    for (const email of [customer.email, `ghost-${customer.email}`]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(ctx, email)).statusCode).toBe(200);
      const limited = await requestReset(ctx, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Слишком много запросов на восстановление пароля. Попробуйте через 60 минут.');
    }
    const address = '10.202.0.1';
    for (let i = 0; i < 10; i++) expect((await requestReset(ctx, `someone${i}@example.ru`, { remoteAddress: address })).statusCode).toBe(200);
    const limited = await requestReset(ctx, 'someone-else@example.ru', { remoteAddress: address, headers: { 'x-forwarded-for': '198.51.100.3' } });
    expect(limited.statusCode).toBe(429);
  });
});

describe('verify and reset', () => {
  it('sets the new password once, ends every session and refuses the link afterwards', async () => {
    const customer = await registerCustomer(ctx);
    const otherSession = cookieOf(await login(customer.username, customer.password))!;
    await requestReset(ctx, customer.email);
    const token = tokenFromMail(ctx.mails, customer.email);

    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Ссылка действительна' });

    const res = await reset(token, 'Novyi-parol-2026');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Пароль успешно изменён. Теперь вы можете войти с новым паролем.' });

    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(401);
    await expectPasswordReplaced(ctx, customer.username, customer.password, 'Novyi-parol-2026');

    const again = await reset(token, 'Drugoi-parol-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_LINK);
    const verifyAgain = await verify(token);
    expect(verifyAgain.statusCode).toBe(400);
    expect(verifyAgain.json()).toEqual({ success: false, message: INVALID_LINK });
    expect((await login(customer.username, 'Drugoi-parol-2026')).statusCode).toBe(401);
  });

  it('refuses a link older than one hour', async () => {
    const customer = await registerCustomer(ctx);
    await requestReset(ctx, customer.email);
    const token = tokenFromMail(ctx.mails, customer.email);
    ctx.clock.advance(59 * MINUTE);
    expect((await verify(token)).statusCode).toBe(200);
    ctx.clock.advance(2 * MINUTE);
    expect((await verify(token)).json()).toMatchObject({ message: INVALID_LINK });
    const res = await reset(token, 'Novyi-parol-2026');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_LINK);
    expect((await login(customer.username, customer.password)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and a common password, keeping the link usable', async () => {
    expect((await verify('x'.repeat(43))).json()).toMatchObject({ message: INVALID_LINK });
    expect((await reset('x'.repeat(43), 'Novyi-parol-2026')).json().message).toBe(INVALID_LINK);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/password-reset/verify' })).statusCode).toBe(400);

    const customer = await registerCustomer(ctx);
    await requestReset(ctx, customer.email);
    const token = tokenFromMail(ctx.mails, customer.email);
    const common = await reset(token, 'qwerty123');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toEqual(['Этот пароль слишком простой, выберите другой']);
    const short = await reset(token, '12345');
    expect(short.json().message).toBe('Пароль должен содержать минимум 8 символов');
    expect((await reset(token, 'Novyi-parol-2026')).statusCode).toBe(200);
  });

  it('a newer request replaces the older link', async () => {
    const customer = await registerCustomer(ctx);
    await requestReset(ctx, customer.email);
    const first = tokenFromMail(ctx.mails, customer.email);
    await requestReset(ctx, customer.email);
    const second = tokenFromMail(ctx.mails, customer.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });
});

describe('the token in the API answer', () => {
  // Shown only in development asked for, without SMTP, listening on loopback only.
  const cases: { env: Record<string, string>; shown: boolean }[] = [
    { env: { NODE_ENV: 'development' }, shown: true },
    { env: { NODE_ENV: 'development', HOST: '::1' }, shown: true },
    { env: { NODE_ENV: 'development', HOST: '0.0.0.0' }, shown: false },
    { env: { NODE_ENV: 'development', HOST: '192.168.1.10' }, shown: false },
    { env: { NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.ru:587' }, shown: false },
    { env: { NODE_ENV: 'production', HOST: '127.0.0.1' }, shown: false },
    // No NODE_ENV at all (an empty value is none) is production.
    { env: { NODE_ENV: '' }, shown: false },
  ];
  for (const { env, shown } of cases) {
    it(`${shown ? 'appears' : 'never appears'} with ${JSON.stringify(env)}`, async () => {
      const app = await createTestApp(env);
      try {
        const customer = await registerCustomer(app);
        const res = await requestReset(app, customer.email);
        expect(res.statusCode).toBe(200);
        const token = tokenFromMail(app.mails, customer.email);
        if (shown) {
          expect(res.json()).toMatchObject({ ...SAME_ANSWER, token });
          expect(res.json().note).toContain('Режим разработки');
        } else {
          expect(res.json()).toEqual(SAME_ANSWER);
          expect(res.body).not.toContain(token);
        }
      } finally {
        await app.close();
      }
    });
  }
});
