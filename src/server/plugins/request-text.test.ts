import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { jsonTextIsClean, urlTextIsClean } from './request-text.ts';

const MESSAGE = 'Недопустимые символы в запросе';

describe('urlTextIsClean', () => {
  it('accepts plain and Cyrillic URLs and a stray percent sign', () => {
    expect(urlTextIsClean('/products?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C&page=2')).toBe(true);
    expect(urlTextIsClean('/products?query=100%')).toBe(true);
    expect(urlTextIsClean('/products?query=%zz')).toBe(true);
  });
  it('refuses NUL and bytes that are not UTF-8', () => {
    for (const url of ['/api/products/%00', '/p?q=%C3%28', '/p?q=%FF', '/p?q=%ED%A0%80', '/p%C0%AF']) expect(urlTextIsClean(url)).toBe(false);
  });
});

describe('jsonTextIsClean', () => {
  it('looks into every string, keys included', () => {
    expect(jsonTextIsClean({ a: ['дрель 😀', 1, null, { b: true }] })).toBe(true);
    expect(jsonTextIsClean({ a: [{ b: 'x\0' }] })).toBe(false);
    expect(jsonTextIsClean({ 'k\0': 1 })).toBe(false);
    expect(jsonTextIsClean(['\ud800'])).toBe(false);
    expect(jsonTextIsClean('\udc00x')).toBe(false);
  });
});

describe('requests with NUL or invalid UTF-8', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { ssr: sourceSsr() });
  });
  afterAll(() => ctx.close());

  const apiUrls = [
    '/api/products/%00',
    '/api/products/%C3%28',
    '/api/products/%FF',
    '/api/products?query=%00',
    '/api/products?query=%C3%28',
    '/api/products?query=%FF',
    '/api/categories/%00',
    '/api/cart/%FF',
    '/api/orders/%00',
    '/api/admin/users?query=%00',
    `/api/password-reset/verify?token=%00${'a'.repeat(30)}`,
  ];
  for (const url of apiUrls) {
    it(`GET ${url} answers 400 with the Russian message`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGE });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }

  const pageUrls = ['/products?query=%00', '/products?query=%FF', '/product/%00', '/product/%C3%28', '/%00', '/catalog%FF', '/admin/products?query=%00'];
  for (const url of pageUrls) {
    it(`page ${url} answers 400 with a Russian page`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain(`<h1>${MESSAGE}</h1>`);
    });
  }

  it('still serves a Cyrillic search and a stray percent sign', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/products?query=${encodeURIComponent('дрель')}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products?query=100%' })).statusCode).toBe(200);
  });

  const contact = (payload: string | Buffer) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload });
  const fields = (name: string) => `{"name":${name},"email":"ivan@example.ru","phone":"+7 900 000-00-00","message":"Вопрос"}`;

  const bodies: [string, string | Buffer][] = [
    ['a NUL escape', fields('"Иван\\u0000"')],
    ['a NUL in a key', '{"name\\u0000":"Иван"}'],
    ['a lone surrogate', fields('"\\ud800"')],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])],
  ];
  for (const [what, payload] of bodies) {
    it(`a JSON body with ${what} answers 400 and stores nothing`, async () => {
      const before = ctx.mails.length;
      const res = await contact(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGE });
      expect(ctx.mails.length).toBe(before);
    });
  }

  it('keeps the checks of the JSON parser it wraps', async () => {
    expect((await contact('{"name":')).json()).toEqual({ message: 'Некорректный JSON в теле запроса' });
    const poisoned = await contact('{"__proto__":{"isAdmin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect((await contact(fields('"Иван 😀"'))).statusCode).toBe(201);
  });
});
