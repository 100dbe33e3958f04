/**
 * The order exchange played as 1C plays it (its «Обмен с сайтом»): checkauth with the exchange
 * account, init, query, success, and files with 1C's changes to orders written like real 1C
 * documents (tests/fixtures/exchange-1c/sale: CommerceML 2.08 in UTF-8, 2.10 in Windows-1251).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { Exchange1cLogPage } from '#shared/schemas/exchange-1c.ts';
import type { AdminOrderDetail, Order } from '#shared/types.ts';
import { branchesBySlug } from '../../../../../tests/helpers/branch-stock.ts';
import { SBERBANK, addOrganization, setSellerRequisites } from '../../../../../tests/helpers/company-orders.ts';
import { cartWith, createCustomer, pickProducts, readProduct, setProduct, validOrderBody, type TestCustomer } from '../../../../../tests/helpers/customers.ts';
import { EXCHANGE_1C_LOGIN as LOGIN, enableExchange } from '../../../../../tests/helpers/exchange-1c.ts';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../../../tests/fixtures/exchange-1c/sale');
const PASSWORD = 'Obmen-s-1C-2026';
/** p1 came from 1C: the document names it by this Ид. */
const P1_1C_ID = '9b0c2d1e-6b3d-11ef-8f2a-00155d0a1f02';

let ctx: TestContext;
let dataDir: string;
let admin: string;
let customer: TestCustomer;
let p1: { id: number; sku: string };
let p2: { id: number; sku: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sale-exchange-'));
  ctx = await createTestApp({ DATA_DIR: dataDir });
  admin = await ctx.login();
  customer = await createCustomer(ctx);
  const [a, b] = await pickProducts(ctx.database.db, 2);
  await setProduct(ctx.database.db, a!.id, { stock: 50, price: 1200 });
  await setProduct(ctx.database.db, b!.id, { stock: 50, price: 2500 });
  await ctx.database.db.update(products).set({ exchange1cId: P1_1C_ID }).where(eq(products.id, a!.id));
  p1 = { id: a!.id, sku: (await readProduct(ctx.database.db, a!.id)).sku };
  p2 = { id: b!.id, sku: (await readProduct(ctx.database.db, b!.id)).sku };
  await enableExchange(ctx, admin, PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One call of 1C's: GET, or POST with a raw body. */
function call(mode: string, options: { cookie?: string; auth?: string; filename?: string; body?: Buffer } = {}) {
  const query = new URLSearchParams({ type: 'sale', mode, ...(options.filename ? { filename: options.filename } : {}) });
  return ctx.app.inject({
    method: options.body ? 'POST' : 'GET',
    url: `/api/1c/exchange?${query}`,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.auth ? { authorization: `Basic ${Buffer.from(options.auth).toString('base64')}` } : {}),
      ...(options.body ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** checkauth and init as 1C starts an order exchange; the Cookie header for the next calls. */
async function startExchange(): Promise<string> {
  const auth = await call('checkauth', { auth: `${LOGIN}:${PASSWORD}` });
  const [status, name, value] = auth.body.split('\n');
  expect(status).toBe('success');
  const cookie = `${name}=${value}`;
  const init = await call('init', { cookie });
  expect(init.body).toMatch(/^zip=no\nfile_limit=\d+$/);
  return cookie;
}

type Requisite = { Наименование: string; Значение: string };
type Line = Record<string, unknown> & { Ид: string; ЗначенияРеквизитов: { ЗначениеРеквизита: Requisite[] } };
type Doc = Record<string, unknown> & { Номер: string; Товары: { Товар: Line[] }; ЗначенияРеквизитов: { ЗначениеРеквизита: Requisite[] } };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ['Документ', 'Товар', 'ЗначениеРеквизита', 'Контакт'].includes(name),
});

/** `sale&mode=query`: checked to be well-formed XML, read into its documents. */
async function query(cookie: string): Promise<{ root: Record<string, unknown>; docs: Doc[] }> {
  const res = await call('query', { cookie });
  expect(res.statusCode).toBe(200);
  expect(XMLValidator.validate(res.body)).toBe(true);
  const root = parser.parse(res.body).КоммерческаяИнформация as Record<string, unknown> & { Документ?: Doc[] };
  return { root, docs: root.Документ ?? [] };
}

const requisites = (holder: { ЗначенияРеквизитов: { ЗначениеРеквизита: Requisite[] } }) =>
  Object.fromEntries(holder.ЗначенияРеквизитов.ЗначениеРеквизита.map((r) => [r.Наименование, r.Значение]));

async function placeOrder(lines: Array<[number, number]>, extra: Record<string, unknown> = {}): Promise<Order> {
  const cartId = await cartWith(ctx, lines);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: customer.cookie }, payload: validOrderBody(cartId, extra) });
  expect(res.statusCode).toBe(201);
  return res.json() as Order;
}

const detail = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { cookie: admin } })).json() as AdminOrderDetail;

/** A fixture with the test's order numbers in place of its {{NAMES}} (digits: the same bytes in UTF-8 and Windows-1251). */
function fixture(name: string, numbers: Record<string, number>): Buffer {
  const text = fs.readFileSync(path.join(FIXTURES, name)).toString('latin1');
  return Buffer.from(
    text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(numbers[key])),
    'latin1',
  );
}

async function latestLog() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/exchange-1c/log?page=1', headers: { cookie: admin } });
  return (res.json() as Exchange1cLogPage).items[0]!;
}

describe('1C signs in to the order exchange', () => {
  it('refuses a wrong password and a call without the session cookie', async () => {
    expect((await call('checkauth', { auth: `${LOGIN}:wrong-password` })).body).toMatch(/^failure\n/);
    expect((await call('query')).body).toMatch(/^failure\n/);
  });
});

describe('sale&mode=query and success', () => {
  let delivered: Order;
  let pickup: Order;

  it('gives 1C a CommerceML document with the new orders', async () => {
    delivered = await placeOrder(
      [
        [p1.id, 2],
        [p2.id, 1],
      ],
      { notes: 'Позвонить за час & не звонить в дверь <домофон не работает>' },
    );
    const volgograd = (await branchesBySlug(ctx.database.db)).volgograd!;
    pickup = await placeOrder([[p2.id, 1]], { deliveryMethod: 'pickup', pickupBranchId: volgograd.id, paymentMethod: 'online' });
    const cookie = await startExchange();
    const { root, docs } = await query(cookie);

    expect(root['@_ВерсияСхемы']).toBe('2.08');
    expect(root['@_ДатаФормирования']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(docs.map((d) => d.Номер)).toEqual([String(delivered.id), String(pickup.id)]);

    const [first, second] = docs as [Doc, Doc];
    // 2 × 1200 + 2500 = 4900; VAT 20 % 980 on top; delivery 500 (VAT included). Every sum is what the
    // customer pays, VAT included: the 6380 contain 6380 × 20/120 = 1063.33 of VAT.
    expect(first).toMatchObject({
      Ид: String(delivered.id),
      ХозОперация: 'Заказ товара',
      Роль: 'Продавец',
      Валюта: 'руб',
      Курс: '1',
      Сумма: '6380.00',
      Комментарий: 'Позвонить за час & не звонить в дверь <домофон не работает>',
      Налоги: { Налог: { Наименование: 'НДС', УчтеноВСумме: 'true', Сумма: '1063.33', Ставка: '20' } },
      Контрагенты: {
        Контрагент: {
          Ид: `user-${customer.id}`,
          Наименование: 'Иван Петров',
          Роль: 'Покупатель',
          АдресРегистрации: { Представление: '400005, Волгоград, ул. Мира, д. 5, кв. 12' },
          Контакты: {
            Контакт: [
              { Тип: 'Почта', Значение: 'ivan.petrov@example.ru' },
              { Тип: 'Телефон рабочий', Значение: '+7 900 123-45-67' },
            ],
          },
        },
      },
    });
    // In the order the sites 1C exchanges with write them.
    expect(Object.keys(first)).toEqual(['Ид', 'Номер', 'Дата', 'ХозОперация', 'Роль', 'Валюта', 'Курс', 'Сумма', 'Контрагенты', 'Время', 'Комментарий', 'Налоги', 'Товары', 'ЗначенияРеквизитов']);
    expect(first.Дата).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.Время).toMatch(/^\d{2}:\d{2}:\d{2}$/);

    const [line1, line2, delivery] = first.Товары.Товар as [Line, Line, Line];
    expect(line1).toMatchObject({
      Ид: P1_1C_ID,
      Артикул: p1.sku,
      БазоваяЕдиница: { '#text': 'шт', '@_Код': '796' },
      ЦенаЗаЕдиницу: '1440.00',
      Количество: '2',
      Сумма: '2880.00',
      СтавкиНалогов: { СтавкаНалога: { Наименование: 'НДС', Ставка: '20' } },
      Налоги: { Налог: { УчтеноВСумме: 'true', Сумма: '480.00' } },
    });
    expect(requisites(line1)).toEqual({ ВидНоменклатуры: 'Товар', ТипНоменклатуры: 'Товар' });
    // A product of the shop's own is named by the shop's id.
    expect(line2).toMatchObject({ Ид: String(p2.id), Артикул: p2.sku, Количество: '1', Сумма: '3000.00', Налоги: { Налог: { Сумма: '500.00' } } });
    expect(delivery).toMatchObject({ Ид: 'ORDER_DELIVERY', Наименование: 'Доставка заказа', ЦенаЗаЕдиницу: '500.00', Количество: '1', Сумма: '500.00' });
    expect(requisites(delivery)).toEqual({ ВидНоменклатуры: 'Услуга', ТипНоменклатуры: 'Услуга' });
    // Delivery is a taxable service: its 500 contain 83.33 of VAT, as on the receipt.
    expect(delivery).toMatchObject({ СтавкиНалогов: { СтавкаНалога: { Наименование: 'НДС', Ставка: '20' } }, Налоги: { Налог: { УчтеноВСумме: 'true', Сумма: '83.33' } } });
    expect(requisites(first)).toEqual({
      'Метод оплаты': 'Наличными при получении',
      'Статус оплаты': 'Ожидает оплаты',
      'Заказ оплачен': 'false',
      'Статус заказа': 'Ожидает обработки',
      Отменен: 'false',
      'Способ доставки': 'Доставка',
      'Комментарий покупателя': 'Позвонить за час & не звонить в дверь <домофон не работает>',
    });

    // A pickup order: the branch instead of an address, no delivery line.
    const branch = `${volgograd.city}, ${volgograd.address}`;
    expect(second.Контрагенты).toMatchObject({ Контрагент: { АдресРегистрации: { Представление: `Самовывоз: ${branch}` } } });
    expect(second.Товары.Товар.map((l) => l.Ид)).toEqual([String(p2.id)]);
    expect(requisites(second)).toMatchObject({
      'Метод оплаты': 'Онлайн оплата',
      'Способ доставки': 'Самовывоз из филиала',
      'Пункт самовывоза': branch,
    });

    const log = await latestLog();
    expect(log).toMatchObject({ type: 'sale', mode: 'query', status: 'success', counts: { sent: 2 } });
  });

  it('sends what 1C has not confirmed again; after success only changed orders', async () => {
    const cookie = await startExchange();
    // The last query was not confirmed: 1C gets the same orders again.
    expect((await query(cookie)).docs.map((d) => d.Номер)).toEqual([String(delivered.id), String(pickup.id)]);
    expect((await call('success', { cookie })).body).toBe('success');
    expect((await query(cookie)).docs).toEqual([]);

    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/orders/${pickup.id}/status`, headers: { cookie: admin }, payload: { status: 'processing' } });
    expect(res.statusCode).toBe(200);
    const { docs } = await query(cookie);
    expect(docs.map((d) => d.Номер)).toEqual([String(pickup.id)]);
    expect(requisites(docs[0]!)['Статус заказа']).toBe('В обработке');
    expect((await call('success', { cookie })).body).toBe('success');
    expect((await query(cookie)).docs).toEqual([]);
    expect(await latestLog()).toMatchObject({ type: 'sale', mode: 'query', counts: { sent: 0 } });
  });
});

describe('sale&mode=file: 1C changes orders', () => {
  it('applies a status, a payment and a cancellation with history and stock, and reports what it could not', async () => {
    const shipped = await placeOrder([[p1.id, 2]]);
    const paid = await placeOrder([[p2.id, 1]]);
    const unknownStatus = await placeOrder([[p2.id, 1]]);
    const stockBeforeCancelled = (await readProduct(ctx.database.db, p1.id)).stock!;
    const cancelled = await placeOrder([[p1.id, 3]]);
    expect((await readProduct(ctx.database.db, p1.id)).stock).toBe(stockBeforeCancelled - 3);

    const cookie = await startExchange();
    const numbers = { SHIPPED: shipped.id, PAID: paid.id, UNKNOWN_STATUS: unknownStatus.id, CANCELLED: cancelled.id };
    const res = await call('file', { cookie, filename: 'orders-2026-11-26.xml', body: fixture('orders-2.08.xml', numbers) });
    expect(res.body).toBe('success');

    const afterShipped = await detail(shipped.id);
    expect(afterShipped).toMatchObject({ status: 'shipped', paymentStatus: 'pending' });
    expect(afterShipped.history.at(-1)).toMatchObject({ field: 'status', fromValue: 'pending', toValue: 'shipped', changedBy: null, source: '1c' });
    const afterPaid = await detail(paid.id);
    expect(afterPaid).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(afterPaid.history.filter((h) => h.source === '1c').map((h) => [h.field, h.toValue])).toEqual([
      ['status', 'processing'],
      ['payment', 'paid'],
    ]);
    expect(await detail(unknownStatus.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    expect(await latestLog()).toMatchObject({
      type: 'sale',
      mode: 'file',
      files: ['orders-2026-11-26.xml'],
      status: 'success',
      counts: { changed: 2 },
      errors: [
        'Документ №999999: заказ не найден на сайте',
        `Заказ №${unknownStatus.id}: неизвестный статус «К отгрузке»; статусы сайта: Ожидает обработки, В обработке, Готов к выдаче, Отправлен, Доставлен, Отменен`,
      ],
    });

    // CommerceML 2.10 in Windows-1251, documents in containers: «Отменен» wins over the status it names.
    const cancel = await call('file', { cookie, filename: 'orders-cancel.xml', body: fixture('cancel-2.10.xml', numbers) });
    expect(cancel.body).toBe('success');
    const afterCancel = await detail(cancelled.id);
    expect(afterCancel.status).toBe('cancelled');
    expect(afterCancel.history.at(-1)).toMatchObject({ field: 'status', fromValue: 'pending', toValue: 'cancelled', source: '1c' });
    expect((await readProduct(ctx.database.db, p1.id)).stock).toBe(stockBeforeCancelled);
    expect((await latestLog()).errors).toEqual(['Документ №ТД00-000413: операция «Отпуск товара» сайтом не обрабатывается, документ пропущен']);

    // The same file again changes nothing and adds no history.
    await call('file', { cookie, filename: 'orders-cancel-again.xml', body: fixture('cancel-2.10.xml', numbers) });
    expect((await detail(cancelled.id)).history).toHaveLength(afterCancel.history.length);
    expect(await latestLog()).toMatchObject({ counts: { changed: 0 } });

    // Orders 1C changed go back to it with what it set.
    const { docs } = await query(cookie);
    const cancelledDoc = docs.find((d) => d.Номер === String(cancelled.id))!;
    expect(requisites(cancelledDoc)).toMatchObject({ 'Статус заказа': 'Отменен', Отменен: 'true' });
  });

  it('refuses a broken XML cleanly and changes nothing', async () => {
    const order = await placeOrder([[p2.id, 1]]);
    const cookie = await startExchange();
    const whole = fixture('orders-2.08.xml', { SHIPPED: order.id, PAID: order.id, UNKNOWN_STATUS: order.id });
    const res = await call('file', { cookie, filename: 'orders-broken.xml', body: whole.subarray(0, Math.floor(whole.length / 2)) });
    expect(res.body).toMatch(/^failure\nФайл «orders-broken\.xml» не является корректным XML \(строка \d+, позиция \d+\)$/);
    expect(await detail(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', history: [expect.objectContaining({ toValue: 'pending' })] });
    expect(await latestLog()).toMatchObject({ mode: 'file', status: 'failure', files: ['orders-broken.xml'] });

    const notCommerceMl = await call('file', { cookie, filename: 'feed.xml', body: Buffer.from('<?xml version="1.0"?><yml_catalog><shop/></yml_catalog>') });
    expect(notCommerceMl.body).toBe('failure\nФайл «feed.xml» не документ CommerceML: корневой элемент «yml_catalog» вместо «КоммерческаяИнформация»');
  });
});

describe('sale&mode=query with catalogue prices «с НДС»', () => {
  it('gives the sums the customer pays, the catalogue prices and the delivery, with the VAT they contain', async () => {
    const shop = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/shop', headers: { cookie: admin } });
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/shop', headers: { cookie: admin }, payload: { ...(shop.json() as object), catalogPrices: 'with_vat' } });
    expect(saved.statusCode).toBe(200);
    const order = await placeOrder([
      [p1.id, 2],
      [p2.id, 1],
    ]);
    await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/shop', headers: { cookie: admin }, payload: shop.json() });

    const cookie = await startExchange();
    const doc = (await query(cookie)).docs.find((d) => d.Номер === String(order.id))!;
    // 2 × 1200 + 2500 + 500 delivery = 5400, nothing added on top; 5400 × 20/120 = 900 of VAT.
    expect(doc).toMatchObject({ Сумма: '5400.00', Налоги: { Налог: { УчтеноВСумме: 'true', Сумма: '900.00', Ставка: '20' } } });
    const [line1, line2, delivery] = doc.Товары.Товар as [Line, Line, Line];
    expect(line1).toMatchObject({ ЦенаЗаЕдиницу: '1200.00', Количество: '2', Сумма: '2400.00', Налоги: { Налог: { УчтеноВСумме: 'true', Сумма: '400.00' } } });
    expect(line2).toMatchObject({ ЦенаЗаЕдиницу: '2500.00', Сумма: '2500.00', Налоги: { Налог: { Сумма: '416.67' } } });
    expect(delivery).toMatchObject({ Ид: 'ORDER_DELIVERY', Сумма: '500.00', Налоги: { Налог: { УчтеноВСумме: 'true', Сумма: '83.33', Ставка: '20' } } });
  });
});

describe('sale&mode=query with an organisation as the buyer', () => {
  it('sends the organisation as the Контрагент, the customer as its contact person, and «Оплата по счёту»', async () => {
    await setSellerRequisites(ctx, admin);
    const organization = await addOrganization(ctx, customer.cookie);
    const company = await placeOrder([[p2.id, 1]], { buyer: { type: 'company', organizationId: organization.id }, paymentMethod: 'invoice' });
    // An individual entrepreneur has no КПП and no bank account given.
    const entrepreneur = await addOrganization(ctx, customer.cookie, {
      name: 'ИП Петров Иван Сергеевич',
      inn: '500100732259',
      kpp: '',
      ogrn: '304500116000157',
      bik: '',
      account: '',
      correspondentAccount: '',
    });
    const volgograd = (await branchesBySlug(ctx.database.db)).volgograd!;
    const pickedUp = await placeOrder([[p2.id, 1]], {
      buyer: { type: 'company', organizationId: entrepreneur.id },
      paymentMethod: 'invoice',
      deliveryMethod: 'pickup',
      pickupBranchId: volgograd.id,
    });

    const { docs } = await query(await startExchange());
    const doc = docs.find((d) => d.Номер === String(company.id))!;
    const counterparty = (doc.Контрагенты as { Контрагент: Record<string, unknown> }).Контрагент;
    expect(counterparty).toEqual({
      Ид: 'org-7707083893-773601001',
      Наименование: 'ПАО Сбербанк',
      ОфициальноеНаименование: 'ПАО Сбербанк',
      Роль: 'Покупатель',
      ЮридическийАдрес: { Представление: SBERBANK.legalAddress },
      ИНН: '7707083893',
      КПП: '773601001',
      РасчетныеСчета: { РасчетныйСчет: { НомерСчета: SBERBANK.account, Банк: { СчетКорреспондентский: SBERBANK.correspondentAccount, БИК: SBERBANK.bik } } },
      Контакты: {
        Контакт: [
          { Тип: 'Почта', Значение: 'ivan.petrov@example.ru' },
          { Тип: 'Телефон рабочий', Значение: '+7 900 123-45-67' },
        ],
      },
      Представители: { Представитель: { Контрагент: { Отношение: 'Контактное лицо', Ид: `user-${customer.id}`, Наименование: 'Иван Петров' } } },
    });
    expect(requisites(doc)).toMatchObject({
      'Метод оплаты': 'Оплата по счёту',
      'Заказ оплачен': 'false',
      'Способ доставки': 'Доставка',
      // The Контрагент holds the legal address; where the goods go is a requisite.
      'Адрес доставки': '400005, Волгоград, ул. Мира, д. 5, кв. 12',
    });

    const ip = docs.find((d) => d.Номер === String(pickedUp.id))!;
    const ipCounterparty = (ip.Контрагенты as { Контрагент: Record<string, unknown> }).Контрагент;
    expect(ipCounterparty).toMatchObject({ Ид: 'org-500100732259', Наименование: 'ИП Петров Иван Сергеевич', ИНН: '500100732259' });
    expect(Object.keys(ipCounterparty)).not.toContain('КПП');
    expect(Object.keys(ipCounterparty)).not.toContain('РасчетныеСчета');
    expect(requisites(ip)).toMatchObject({ 'Метод оплаты': 'Оплата по счёту', 'Пункт самовывоза': `${volgograd.city}, ${volgograd.address}` });
    expect(Object.keys(requisites(ip))).not.toContain('Адрес доставки');
  });
});
