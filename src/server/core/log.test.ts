import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../tests/helpers/accounts.ts';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { createLogger, maskEmail, redactUrl } from './log.ts';

describe('redactUrl', () => {
  it.each([
    ['/password-reset/reset?token=abc_DEF-123', '/password-reset/reset?token=[redacted]'],
    ['/api/password-reset/verify?x=1&TOKEN=abc&y=2#top', '/api/password-reset/verify?x=1&TOKEN=[redacted]&y=2#top'],
    ["/products?query=$'&page=2", "/products?query=$'&page=2"],
    ['/products?page=2&sort=price', '/products?page=2&sort=price'],
  ])('keeps the name of a token parameter, never its value: %s', (given, expected) => {
    expect(redactUrl(given)).toBe(expected);
  });

  it.each([
    ['/auth?username=ivan&password=Pila-DCK-2026', '/auth?username=ivan&password=[redacted]'],
    ['/profile?currentPassword=a&newPassword=b&confirmPassword=c', '/profile?currentPassword=[redacted]&newPassword=[redacted]&confirmPassword=[redacted]'],
    ['/x?pwd=1&access_token=2&clientSecret=3&passphrase=4', '/x?pwd=[redacted]&access_token=[redacted]&clientSecret=[redacted]&passphrase=[redacted]'],
  ])('hides every parameter named like a password, token or secret: %s', (given, expected) => {
    expect(redactUrl(given)).toBe(expected);
  });
});

describe('maskEmail', () => {
  it.each([
    ['ivan.petrov@example.ru', 'iv***@example.ru'],
    ['ab@example.ru', 'a***@example.ru'],
    ['a@example.ru', '***@example.ru'],
    ['not-an-email', '***'],
  ])('shows the first letters and the domain only: %s', (given, expected) => {
    expect(maskEmail(given)).toBe(expected);
  });
});

describe('the request log of a password reset', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    const logger = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    ctx = await createTestApp({}, { logger, ssr: sourceSsr() });
  });
  afterAll(() => ctx.close());

  it('never contains the token: not the page, not the verify call made while rendering it, not the API', async () => {
    const customer = await registerCustomer(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email: customer.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec(ctx.mails.at(-1)!.text)![1]!;

    const page = await ctx.app.inject({ method: 'GET', url: `/password-reset/reset?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Новый пароль');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/password-reset/verify?token=${token}` })).statusCode).toBe(200);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/password-reset/reset', payload: { token, password: 'Novyi-parol-2026' } });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('');
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    // The page, the verify call its rendering made, and the direct one were all logged...
    expect(urls.filter((url) => url === '/password-reset/reset?token=[redacted]')).toHaveLength(1);
    expect(urls.filter((url) => url === '/api/password-reset/verify?token=[redacted]')).toHaveLength(2);
    // ...and the token is nowhere, nor the customer's e-mail.
    expect(log).not.toContain(token);
    expect(log).not.toContain(customer.email);
  });

  it('a form that carries a password or personal data says method="post"; one sent before its script loaded comes back as the page, its password never logged', async () => {
    const secret = 'Ne-v-adrese-2026';
    for (const url of ['/auth', '/password-reset', '/password-reset/reset?token=abc', '/']) {
      const $ = cheerio.load((await ctx.app.inject({ method: 'GET', url })).body);
      const forms = $('form').filter((_i, form) => $(form).find('input[type="password"], input[type="email"], input[type="tel"]').length > 0);
      expect(forms.length, url).toBeGreaterThan(0);
      forms.each((_i, form) => void expect($(form).attr('method'), `${url}: ${$(form).attr('aria-label')}`).toBe('post'));
    }

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      payload: new URLSearchParams({ username: 'ivan', password: secret }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/auth');
    // A browser that still sends one by GET (a cached page of an older build) leaves no password in the log either.
    expect((await ctx.app.inject({ method: 'GET', url: `/auth?username=ivan&password=${secret}` })).statusCode).toBe(200);
    expect(lines.join('')).not.toContain(secret);
    // An API address is not a page: a form post there is refused as before.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/no-such', payload: {} })).statusCode).toBe(404);
  });

  it("names each request by an id of ours, not by the client's X-Request-Id", async () => {
    const forged = 'forged-by-client';
    await ctx.app.inject({ method: 'GET', url: '/api/health?probe=1', headers: { 'x-request-id': forged } });
    await ctx.app.inject({ method: 'GET', url: '/api/health?probe=2', headers: { 'x-request-id': forged } });
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string } });
    const ids = entries.filter((e) => e.req?.url.startsWith('/api/health?probe=')).map((e) => e.reqId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.join('')).not.toContain(forged);
  });
});
