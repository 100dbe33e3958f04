import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { startDadata, type DadataStandIn } from '../../../../tests/stand-ins/dadata.ts';

const UNAVAILABLE = 'Сервис проверки ИНН сейчас недоступен, заполните поля вручную';

let dadata: DadataStandIn;
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  dadata = await startDadata();
  ctx = await createTestApp({ DADATA_API_KEY: dadata.apiKey, DADATA_API_URL: dadata.apiUrl });
  ({ cookie } = await registerCustomer(ctx));
});
afterAll(async () => {
  await ctx.close();
  await dadata.stop();
});

const lookup = (inn: string, as = cookie) => ctx.app.inject({ method: 'GET', url: `/api/organizations/lookup?inn=${encodeURIComponent(inn)}`, headers: { cookie: as } });

describe('GET /api/organizations/lookup with DaData configured', () => {
  it('tells the form the look-up is there', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie } });
    expect(res.json()).toEqual({ organizations: [], innLookup: true });
  });

  it('fills an organisation’s fields from the head office, asking DaData as documented; the key stays on the server', async () => {
    const before = dadata.requests.length;
    const res = await lookup('7707083893');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      found: true,
      fields: { name: 'ПАО СБЕРБАНК', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', legalAddress: '117312, г Москва, ул Вавилова, д 19' },
      warning: null,
    });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).not.toContain(dadata.apiKey);
    expect(dadata.requests.slice(before)).toEqual([
      { method: 'POST', path: '/findById/party', authorization: `Token ${dadata.apiKey}`, contentType: 'application/json', body: { query: '7707083893' } },
    ]);
  });

  it('fills an individual entrepreneur’s without a КПП', async () => {
    const res = await lookup(' 500100732259 ');
    expect(res.json()).toEqual({
      found: true,
      fields: { name: 'ИП Кузнецов Сергей Петрович', inn: '500100732259', kpp: null, ogrn: '304500116000157', legalAddress: '143960, Московская обл, г Реутов' },
      warning: null,
    });
  });

  it('says so when the organisation is being liquidated, or is liquidated', async () => {
    const liquidating = await lookup('6164012341');
    expect(liquidating.json()).toMatchObject({ found: true, fields: { name: 'ООО "РОСТОВ-СТРОЙИНСТРУМЕНТ"', kpp: '616401001' }, warning: 'Организация в процессе ликвидации' });
    const liquidated = await lookup('3444012349');
    expect(liquidated.statusCode).toBe(200);
    expect(liquidated.json()).toEqual({ found: false, message: 'Организация «ООО "СТАРЫЙ СТАНОК"» ликвидирована (15 марта 2021 г.). Проверьте ИНН' });
  });

  it('says when nothing is registered under the ИНН', async () => {
    const res = await lookup('3444019993');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ found: false, message: 'Организация или ИП с ИНН 3444019993 не найдены. Проверьте ИНН или заполните поля вручную' });
  });

  it('checks the ИНН before calling out', async () => {
    const before = dadata.requests.length;
    for (const [inn, message] of [
      ['7707083894', 'Неверный ИНН: не сходится контрольное число'],
      ['770708389', 'ИНН: 10 цифр для организации или 12 для ИП'],
      ['', 'ИНН: 10 цифр для организации или 12 для ИП'],
    ]) {
      const res = await lookup(inn!);
      expect(res.statusCode, inn).toBe(400);
      expect(res.json().errors, inn).toEqual({ inn: [message] });
    }
    expect(dadata.requests.length).toBe(before);
  });

  it('answers «заполните поля вручную» when DaData refuses or does not answer', async () => {
    for (const status of [429, 403, 500, 0]) {
      dadata.failNext(status);
      const res = await lookup('7707083893');
      expect(res.statusCode, String(status)).toBe(502);
      expect(res.json()).toEqual({ message: UNAVAILABLE });
    }
    // And works again once DaData does.
    expect((await lookup('7707083893')).json().found).toBe(true);
  });

  it('needs a login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organizations/lookup?inn=7707083893' });
    expect(res.statusCode).toBe(401);
  });

  it('limits each customer’s look-ups', async () => {
    const other = await registerCustomer(ctx);
    for (let i = 0; i < 60; i++) expect((await lookup('3444019993', other.cookie)).statusCode).toBe(200);
    const res = await lookup('3444019993', other.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Слишком много запросов по ИНН. Попробуйте через 60 минут.');
    // Someone else is not held up.
    expect((await lookup('3444019993')).statusCode).toBe(200);
  });
});

describe('GET /api/organizations/lookup with a key DaData does not know', () => {
  let wrongKey: TestContext;
  beforeAll(async () => {
    wrongKey = await createTestApp({ DADATA_API_KEY: 'not-a-key-dadata-knows', DADATA_API_URL: dadata.apiUrl });
  });
  afterAll(() => wrongKey.close());

  it('answers «заполните поля вручную», as DaData refuses with 403', async () => {
    const { cookie: customer } = await registerCustomer(wrongKey);
    const before = dadata.requests.length;
    const res = await wrongKey.app.inject({ method: 'GET', url: '/api/organizations/lookup?inn=7707083893', headers: { cookie: customer } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: UNAVAILABLE });
    expect(dadata.requests.slice(before).map((r) => r.authorization)).toEqual(['Token not-a-key-dadata-knows']);
  });
});
