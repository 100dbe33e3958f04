import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, expectLoginNeeded, objectCalls, registerCustomer, type Call } from '../../../../tests/helpers/accounts.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOME = { label: 'Дом', recipientName: 'Иван Петров', phone: '+7 900 123-45-67', address: 'ул. Мира, д. 5, кв. 12', city: 'Волгоград', postalCode: '400005' };
const WORK = { label: 'Работа', recipientName: 'Иван Петров', phone: '8 (8442) 55-66-77', address: 'пр. Ленина, д. 100, офис 3', city: 'Волгоград', postalCode: '400066' };

const as = (cookie: string, call: Call) => callAs(ctx, cookie, call);
const list = async (cookie: string) => (await as(cookie, { method: 'GET', url: '/api/addresses' })).json().addresses as { id: number; label: string; isDefault: boolean }[];

describe('/api/addresses', () => {
  it('needs a login', async () => {
    await expectLoginNeeded(ctx, objectCalls('/api/addresses', HOME, { city: 'Москва' }));
  });

  it('adds, lists, edits, marks default and deletes the user’s own addresses', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect(await list(cookie)).toEqual([]);

    const home = await as(cookie, { method: 'POST', url: '/api/addresses', payload: HOME });
    expect(home.statusCode).toBe(201);
    expect(home.json()).toMatchObject({ ...HOME, isDefault: true });
    const work = await as(cookie, { method: 'POST', url: '/api/addresses', payload: WORK });
    expect(work.json()).toMatchObject({ ...WORK, isDefault: false });
    expect((await list(cookie)).map((a) => [a.label, a.isDefault])).toEqual([['Дом', true], ['Работа', false]]);

    const edited = await as(cookie, { method: 'PATCH', url: `/api/addresses/${work.json().id}`, payload: { address: 'пр. Ленина, д. 102', postalCode: '400067' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Работа', address: 'пр. Ленина, д. 102', postalCode: '400067', city: 'Волгоград', isDefault: false });

    const marked = await as(cookie, { method: 'PATCH', url: `/api/addresses/${work.json().id}`, payload: { isDefault: true } });
    expect(marked.json().isDefault).toBe(true);
    expect((await list(cookie)).map((a) => [a.label, a.isDefault])).toEqual([['Работа', true], ['Дом', false]]);

    const third = await as(cookie, { method: 'POST', url: '/api/addresses', payload: { ...HOME, label: 'Дача', isDefault: true } });
    expect((await list(cookie)).filter((a) => a.isDefault).map((a) => a.label)).toEqual(['Дача']);

    const removed = await as(cookie, { method: 'DELETE', url: `/api/addresses/${third.json().id}` });
    expect(removed.statusCode).toBe(204);
    // The default was deleted: the newest remaining address takes over.
    const left = await list(cookie);
    expect(left.map((a) => a.label)).toHaveLength(2);
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("answers 404 for another user's address and never lists it", async () => {
    const owner = await registerCustomer(ctx);
    const stranger = await registerCustomer(ctx);
    const created = await as(owner.cookie, { method: 'POST', url: '/api/addresses', payload: HOME });
    const id = created.json().id;
    expect(await list(stranger.cookie)).toEqual([]);
    const patch = await as(stranger.cookie, { method: 'PATCH', url: `/api/addresses/${id}`, payload: { city: 'Москва' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe('Адрес не найден');
    expect((await as(stranger.cookie, { method: 'PATCH', url: `/api/addresses/${id}`, payload: { isDefault: true } })).statusCode).toBe(404);
    expect((await as(stranger.cookie, { method: 'DELETE', url: `/api/addresses/${id}` })).statusCode).toBe(404);
    expect((await list(owner.cookie))[0]).toMatchObject({ id, city: 'Волгоград' });
  });

  it('validates with the checkout’s Russian messages', async () => {
    const { cookie } = await registerCustomer(ctx);
    const res = await as(cookie, { method: 'POST', url: '/api/addresses', payload: { recipientName: 'И', phone: 'abc', address: 'ул', city: '', postalCode: '12' } });
    expectFieldErrors(res, {
      recipientName: ['Имя должно быть не менее 2 символов'],
      phone: ['Пожалуйста, введите корректный номер телефона'],
      address: ['Адрес должен быть не менее 5 символов'],
      city: ['Пожалуйста, введите название города'],
      postalCode: ['Почтовый индекс должен быть не менее 5 символов'],
    });
    const patch = await as(cookie, { method: 'PATCH', url: '/api/addresses/1', payload: { city: ' ' } });
    expect(patch.statusCode).toBe(400);
  });

  it('keeps at most 20 addresses per user', async () => {
    const { cookie } = await registerCustomer(ctx);
    for (let i = 0; i < 20; i++) {
      expect((await as(cookie, { method: 'POST', url: '/api/addresses', payload: { ...HOME, label: `Адрес ${i}` } })).statusCode).toBe(201);
    }
    const res = await as(cookie, { method: 'POST', url: '/api/addresses', payload: HOME });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Можно сохранить не более 20 адресов. Удалите ненужный адрес.');
  });
});
