import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { consents, contactMessages, newsletterSubscriptions } from '../../db/schema.ts';
import { PRIVACY_POLICY_VERSION } from '#shared/constants.ts';
import { expectFieldErrors, expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/contact', () => {
  it('stores the message and mails it to the shop', async () => {
    const body = { name: 'Иван Петров', email: 'ivan@example.ru', phone: '+7 900 123-45-67', message: 'Есть ли KZC26 в Ростове?' };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Сообщение отправлено' });
    const rows = await ctx.database.db
      .select({ name: contactMessages.name, email: contactMessages.email, message: contactMessages.message })
      .from(contactMessages);
    expect(rows).toContainEqual({ name: 'Иван Петров', email: 'ivan@example.ru', message: 'Есть ли KZC26 в Ростове?' });
    const mail = ctx.mails.at(-1)!;
    expect(mail.to).toBe('info@prof-instrument.ru');
    expect(mail.subject).toContain('Иван Петров');
    expect(mail.text).toContain('Есть ли KZC26 в Ростове?');
  });

  it('refuses empty fields with Russian messages per field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: { name: ' ', email: 'нет', phone: '', message: '' } });
    expectSomeFieldErrors(res, {
      name: ['Укажите ваше имя'],
      email: ['Пожалуйста, введите корректный email'],
      phone: ['Укажите телефон'],
      message: ['Напишите сообщение'],
    });
  });

  it('answers a broken JSON body with 400 and a Russian message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Некорректный JSON в теле запроса');
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'x', email: 'x@example.ru', phone: '1', message: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Запрос с чужого сайта отклонён');
  });
});

describe('POST /api/newsletter', () => {
  it('stores one row per address, records consent each time, and accepts repeats', async () => {
    for (const email of ['buyer@example.ru', 'Buyer@Example.ru']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
      expect(res.statusCode).toBe(201);
    }
    const subs = await ctx.database.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'buyer@example.ru'`);
    expect(subs).toHaveLength(1);
    const given = await ctx.database.db
      .select({ purpose: consents.purpose, policyVersion: consents.policyVersion })
      .from(consents)
      .where(sql`lower(${consents.email}) = 'buyer@example.ru'`);
    expect(given).toHaveLength(2);
    expect(given[0]).toMatchObject({ purpose: 'newsletter', policyVersion: PRIVACY_POLICY_VERSION });
  });

  it('refuses an invalid address', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Пожалуйста, введите корректный email');
  });
});

describe('limits on public writes', () => {
  const body = { name: 'Иван Петров', email: 'ivan@example.ru', phone: '+7 900 123-45-67', message: 'Вопрос о доставке' };
  const contact = (payload: Record<string, unknown>, remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
  const subscribe = (email: string, remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress });

  it('sends 5 messages an hour from one address, then 429 with the wait; another address is not affected', async () => {
    const before = ctx.mails.length;
    for (let i = 0; i < 5; i++) expect((await contact(body, '10.230.0.1')).statusCode).toBe(201);
    const refused = await contact(body, '10.230.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Слишком много сообщений. Попробуйте через 60 минут.' });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(ctx.mails.length).toBe(before + 5);
    expect((await contact(body, '10.230.0.2')).statusCode).toBe(201);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    expect((await contact(body, '10.230.0.1')).statusCode).toBe(201);
  });

  it('takes 10 newsletter sign-ups an hour from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await subscribe(`reader${i}@example.ru`, '10.230.1.1')).statusCode).toBe(201);
    const refused = await subscribe('reader-x@example.ru', '10.230.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Слишком много запросов на подписку. Попробуйте через 60 минут.' });
    expect((await subscribe('reader-x@example.ru', '10.230.1.2')).statusCode).toBe(201);
  });

  it('bounds every field with a Russian message, and stores nothing', async () => {
    const long = (n: number) => 'я'.repeat(n);
    const res = await contact({ name: long(201), email: `${'a'.repeat(250)}@example.ru`, phone: '7'.repeat(41), message: long(5001) }, '10.230.2.1');
    expectFieldErrors(res, {
      name: ['Имя не длиннее 200 символов'],
      email: ['Пожалуйста, введите корректный email'],
      phone: ['Телефон не длиннее 40 символов'],
      message: ['Сообщение не длиннее 5000 символов'],
    });
    const stored = await ctx.database.db.select({ id: contactMessages.id }).from(contactMessages).where(sql`length(${contactMessages.name}) > 200`);
    expect(stored).toEqual([]);
    const newsletter = await subscribe(`${'a'.repeat(250)}@example.ru`, '10.230.2.1');
    expect(newsletter.statusCode).toBe(400);
    expect(newsletter.json().message).toBe('Пожалуйста, введите корректный email');
  });
});
