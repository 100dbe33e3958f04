import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectLoginNeeded, objectCalls, registerCustomer, type Call } from '../../../../tests/helpers/accounts.ts';
import { SBERBANK } from '../../../../tests/helpers/company-orders.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** An individual entrepreneur: a person's ИНН (12 digits), ОГРНИП (15), no КПП, no bank details. */
const IP = { name: 'ИП Кузнецов Сергей Петрович', inn: '500100732259', ogrn: '304500116000157', legalAddress: 'Московская обл., г. Реутов' };
const NOT_FOUND = 'Организация не найдена';

const as = (cookie: string, call: Call) => callAs(ctx, cookie, call);
const listOf = async (cookie: string) => (await as(cookie, { method: 'GET', url: '/api/organizations' })).json() as { organizations: { id: number; name: string }[]; innLookup: boolean };
const create = (cookie: string, payload: object) => as(cookie, { method: 'POST', url: '/api/organizations', payload });
const patch = (cookie: string, id: number, payload: object) => as(cookie, { method: 'PATCH', url: `/api/organizations/${id}`, payload });

describe('/api/organizations', () => {
  it('needs a login', async () => {
    await expectLoginNeeded(ctx, [
      ...objectCalls('/api/organizations', SBERBANK, { name: 'ООО «Ромашка»' }),
      { method: 'GET', url: '/api/organizations/lookup?inn=7707083893' },
    ]);
  });

  it('adds, lists, edits and deletes the customer’s own organisations', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect(await listOf(cookie)).toEqual({ organizations: [], innLookup: false });

    const sber = await create(cookie, { ...SBERBANK, name: '  ПАО Сбербанк  ' });
    expect(sber.statusCode).toBe(201);
    expect(sber.json()).toEqual({ id: expect.any(Number), ...SBERBANK });
    const ip = await create(cookie, { ...IP, kpp: '', bik: '', account: '', correspondentAccount: '' });
    expect(ip.statusCode).toBe(201);
    expect(ip.json()).toEqual({ id: expect.any(Number), ...IP, kpp: null, bik: null, account: null, correspondentAccount: null });
    expect((await listOf(cookie)).organizations.map((o) => o.name)).toEqual(['ПАО Сбербанк', 'ИП Кузнецов Сергей Петрович']);

    // What is not named stays as it was.
    const renamed = await patch(cookie, sber.json().id, { name: 'ПАО Сбербанк России', legalAddress: 'г. Москва, ул. Вавилова, д. 19' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...sber.json(), name: 'ПАО Сбербанк России', legalAddress: 'г. Москва, ул. Вавилова, д. 19' });
    // Empty bank details are cleared.
    const noBank = await patch(cookie, sber.json().id, { bik: '', account: '', correspondentAccount: null });
    expect(noBank.json()).toMatchObject({ kpp: SBERBANK.kpp, bik: null, account: null, correspondentAccount: null });
    const withBank = await patch(cookie, ip.json().id, { bik: SBERBANK.bik, account: '40802810100000000001' });
    expect(withBank.statusCode).toBe(200);
    expect(withBank.json()).toMatchObject({ bik: SBERBANK.bik, account: '40802810100000000001', correspondentAccount: null });

    const removed = await as(cookie, { method: 'DELETE', url: `/api/organizations/${sber.json().id}` });
    expect(removed.statusCode).toBe(204);
    expect((await listOf(cookie)).organizations.map((o) => o.name)).toEqual(['ИП Кузнецов Сергей Петрович']);
    const again = await as(cookie, { method: 'DELETE', url: `/api/organizations/${sber.json().id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NOT_FOUND);
  });

  it("answers 404 for another customer's organisation and never lists it", async () => {
    const owner = await registerCustomer(ctx);
    const stranger = await registerCustomer(ctx);
    const { id } = (await create(owner.cookie, SBERBANK)).json();
    expect((await listOf(stranger.cookie)).organizations).toEqual([]);
    for (const res of [await patch(stranger.cookie, id, { name: 'ООО «Чужое»' }), await as(stranger.cookie, { method: 'DELETE', url: `/api/organizations/${id}` })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
    expect((await listOf(owner.cookie)).organizations).toEqual([{ id, ...SBERBANK }]);
    // An id that is no number is no organisation either.
    expect((await patch(owner.cookie, 0, { name: 'ООО «Ноль»' })).json().message).toBe(NOT_FOUND);
  });

  it('says what is wrong with each field, in Russian', async () => {
    const { cookie } = await registerCustomer(ctx);
    const res = await create(cookie, { name: 'О', inn: '77070838', kpp: '7736', ogrn: '10277001321', legalAddress: 'Мск', bik: '0445', account: '4070281093800', correspondentAccount: '3010181' });
    expectFieldErrors(res, {
      name: ['Введите название организации'],
      inn: ['ИНН: 10 цифр для организации или 12 для ИП'],
      kpp: ['КПП: 9 символов'],
      ogrn: ['ОГРН: 13 цифр, ОГРНИП: 15 цифр'],
      legalAddress: ['Введите юридический адрес'],
      bik: ['БИК: 9 цифр'],
      account: ['Расчётный счёт: 20 цифр'],
      correspondentAccount: ['Корреспондентский счёт: 20 цифр'],
    });
    const empty = await create(cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['inn', 'legalAddress', 'name', 'ogrn']);
    const long = await create(cookie, { ...SBERBANK, name: 'Я'.repeat(301), legalAddress: 'А'.repeat(501) });
    expect(long.json().errors).toEqual({ name: ['Не длиннее 300 символов'], legalAddress: ['Не длиннее 500 символов'] });
    expect((await listOf(cookie)).organizations).toEqual([]);
  });

  it('checks the ИНН’s and ОГРН’s check digits, and every other field’s errors at once', async () => {
    const { cookie } = await registerCustomer(ctx);
    const res = await create(cookie, { ...SBERBANK, name: '', inn: '7707083894' });
    expectFieldErrors(res, { name: ['Введите название организации'], inn: ['Неверный ИНН: не сходится контрольное число'] });
    const ip = await create(cookie, { ...IP, inn: '500100732258' });
    expect(ip.json()).toEqual({ message: 'Неверный ИНН: не сходится контрольное число', errors: { inn: ['Неверный ИНН: не сходится контрольное число'] } });
    expect((await create(cookie, { ...SBERBANK, ogrn: '1027700132196' })).json().errors).toEqual({ ogrn: ['Неверный ОГРН: не сходится контрольное число'] });
    expect((await create(cookie, { ...IP, ogrn: '304500116000158' })).json().errors).toEqual({ ogrn: ['Неверный ОГРНИП: не сходится контрольное число'] });
  });

  it('asks for КПП and ОГРН or ОГРНИП as the ИНН’s kind requires', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect((await create(cookie, { ...SBERBANK, kpp: '' })).json().errors).toEqual({ kpp: ['Укажите КПП организации'] });
    expect((await create(cookie, { ...SBERBANK, kpp: undefined })).json().errors).toEqual({ kpp: ['Укажите КПП организации'] });
    expect((await create(cookie, { ...IP, kpp: '773601001' })).json().errors).toEqual({ kpp: ['У индивидуального предпринимателя нет КПП: оставьте поле пустым'] });
    expect((await create(cookie, { ...SBERBANK, ogrn: IP.ogrn })).json().errors).toEqual({ ogrn: ['ОГРН организации: 13 цифр'] });
    expect((await create(cookie, { ...IP, ogrn: SBERBANK.ogrn })).json().errors).toEqual({ ogrn: ['ОГРНИП: 15 цифр'] });
    // A КПП's reason may be two capital Latin letters.
    expect((await create(cookie, { ...SBERBANK, kpp: '7736AB001' })).statusCode).toBe(201);
  });

  it('checks the accounts against the БИК', async () => {
    const { cookie } = await registerCustomer(ctx);
    // The same accounts at the БИК of Сбербанк's Волгоград office do not match.
    const elsewhere = await create(cookie, { ...SBERBANK, bik: '041806647' });
    expect(elsewhere.json().errors).toEqual({
      account: ['Неверный расчётный счёт: не сходится контрольное число с БИК'],
      correspondentAccount: ['Неверный корреспондентский счёт: не сходится контрольное число с БИК'],
    });
    expect((await create(cookie, { ...SBERBANK, account: '40702810938000000002' })).json().errors).toEqual({
      account: ['Неверный расчётный счёт: не сходится контрольное число с БИК'],
    });
    expect((await create(cookie, { ...SBERBANK, bik: '' })).json().errors).toEqual({ bik: ['Укажите БИК банка'] });
    // A БИК alone, or with the correspondent account only, is accepted.
    expect((await create(cookie, { ...SBERBANK, account: '', correspondentAccount: '' })).statusCode).toBe(201);
    expect((await create(cookie, { ...SBERBANK, account: null })).statusCode).toBe(201);
  });

  it('checks an edit against the saved organisation as a whole', async () => {
    const { cookie } = await registerCustomer(ctx);
    const { id } = (await create(cookie, SBERBANK)).json();
    // A ИП's ИНН with the organisation's КПП and ОГРН left as they are.
    const toIp = await patch(cookie, id, { inn: IP.inn });
    expectFieldErrors(toIp, { kpp: ['У индивидуального предпринимателя нет КПП: оставьте поле пустым'], ogrn: ['ОГРНИП: 15 цифр'] });
    expect((await patch(cookie, id, { inn: IP.inn, kpp: null, ogrn: IP.ogrn })).statusCode).toBe(200);
    expect((await patch(cookie, id, { inn: '500100732258' })).json().errors).toEqual({ inn: ['Неверный ИНН: не сходится контрольное число'] });
    expect((await patch(cookie, id, { bik: '044525974' })).json().errors).toMatchObject({ account: ['Неверный расчётный счёт: не сходится контрольное число с БИК'] });
    expect((await patch(cookie, id, { name: ' ' })).json().errors).toEqual({ name: ['Введите название организации'] });
    expect((await listOf(cookie)).organizations[0]).toMatchObject({ inn: IP.inn, kpp: null, ogrn: IP.ogrn, bik: SBERBANK.bik });
  });

  it('keeps at most 20 organisations per customer', async () => {
    const { cookie } = await registerCustomer(ctx);
    for (let i = 0; i < 20; i++) expect((await create(cookie, { ...IP, name: `ИП № ${i}` })).statusCode).toBe(201);
    const res = await create(cookie, IP);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Можно сохранить не более 20 организаций. Удалите ненужную.');
  });

  it('offers no look-up by ИНН without DaData’s key, and checks the ИНН first', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect((await listOf(cookie)).innLookup).toBe(false);
    const res = await as(cookie, { method: 'GET', url: '/api/organizations/lookup?inn=7707083893' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Поиск организации по ИНН не подключён: заполните поля вручную');
    const wrong = await as(cookie, { method: 'GET', url: '/api/organizations/lookup?inn=7707083894' });
    expectFieldErrors(wrong, { inn: ['Неверный ИНН: не сходится контрольное число'] });
  });
});
