import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { DEFAULT_SELLER_REQUISITES } from '#shared/settings-defaults.ts';
import type { SellerRequisitesAnswer } from '#shared/schemas/seller-requisites.ts';
import type { AdminOrderDetail, Order, PlacedOrder } from '#shared/types.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, pickProducts, readProduct, setProduct, validOrderBody, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { pdfQrCode, pdfText } from '../../../../tests/helpers/pdf.ts';
import { TEST_BUYER_ORGANIZATION, TEST_SELLER_REQUISITES } from '../../../../tests/helpers/seller-requisites.ts';
import { runHoldScan } from '../orders/hold.ts';
import { formatInvoiceAmount } from './document.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;
let customer: TestCustomer;
let stranger: TestCustomer;
let manager: TestCustomer;
let organizationId: number;
let product: { id: number; name: string };

const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** Friday 27 November 2026, 12:00 in Moscow: five banking days run to Friday 4 December. */
const PLACED_AT = new Date('2026-11-27T09:00:00Z');
const HOLD_END = new Date('2026-12-04T21:00:00Z');

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const putRequisites = (patch: object, cookie = admin) => inject('PUT', '/api/admin/settings/requisites', cookie, { ...TEST_SELLER_REQUISITES, ...patch });
const setShop = (patch: object) => inject('PUT', '/api/admin/settings/shop', admin, { ...DEFAULT_SHOP_SETTINGS, ...patch });
const scan = () => runHoldScan({ db: ctx.database.db, mailer: ctx.app.deps.mailer, publicUrl: ctx.app.deps.config.publicUrl, log: silent, now: ctx.clock.now() });
const download = (id: number, cookie?: string) => inject('GET', `/api/orders/${id}/invoice.pdf`, cookie);
const readAdmin = async (id: number) => (await inject('GET', `/api/admin/orders/${id}`, admin)).json() as AdminOrderDetail;
/** One line of text, whatever the PDF's line breaks and spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** An order of `quantity` units of the test product, for the customer's organisation and paid by invoice. */
async function placeInvoiceOrder(quantity: number, productId = product.id): Promise<PlacedOrder> {
  const cartId = await cartWith(ctx, [[productId, quantity]]);
  const res = await inject(
    'POST',
    '/api/orders',
    customer.cookie,
    validOrderBody(cartId, { paymentMethod: 'invoice', buyer: { type: 'company', organizationId } }),
  );
  expect(res.statusCode).toBe(201);
  return res.json() as PlacedOrder;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(PLACED_AT);
  admin = await ctx.login();
  customer = await createCustomer(ctx);
  stranger = await createCustomer(ctx);
  manager = await createCustomer(ctx, 'manager');
  const [picked] = await pickProducts(ctx.database.db, 1);
  product = { id: picked!.id, name: picked!.name };
  await setProduct(ctx.database.db, product.id, { stock: 50, price: 1990 });
  const organization = await inject('POST', '/api/organizations', customer.cookie, TEST_BUYER_ORGANIZATION);
  expect(organization.statusCode).toBe(201);
  organizationId = organization.json().id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the shop’s requisites (settings «Реквизиты»)', () => {
  it('start empty: no invoice is offered or accepted, and the tab says what is missing', async () => {
    const answer = (await inject('GET', '/api/admin/settings/requisites', admin)).json() as SellerRequisitesAnswer;
    expect(answer.settings).toEqual(DEFAULT_SELLER_REQUISITES);
    expect(answer.settings.invoiceValidDays).toBe(5);
    expect(answer.missing).toEqual([
      'Полное наименование', 'ИНН', 'КПП', 'ОГРН или ОГРНИП', 'Юридический адрес', 'Банк', 'БИК', 'Расчётный счёт', 'Корреспондентский счёт', 'Руководитель', 'Главный бухгалтер',
    ]);
    expect((await inject('GET', '/api/settings/public')).json().invoiceAvailable).toBe(false);

    const cartId = await cartWith(ctx, [[product.id, 1]]);
    const refused = await inject('POST', '/api/orders', customer.cookie, validOrderBody(cartId, { paymentMethod: 'invoice', buyer: { type: 'company', organizationId } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.paymentMethod).toEqual(['Оплата по счёту сейчас недоступна: выберите другой способ оплаты']);
    expect((await readProduct(ctx.database.db, product.id))!.stock).toBe(50);
  });

  it('are checked on the server with Russian messages under their fields; staff other than admins may not touch them', async () => {
    expect((await putRequisites({}, manager.cookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/settings/requisites', manager.cookie)).statusCode).toBe(403);
    const bad = await putRequisites({ inn: '3444012340', kpp: '3444', account: '40702810200000012346', correspondentAccount: '301', invoiceValidDays: 0 });
    expectSomeFieldErrors(bad, {
      inn: ['Неверный ИНН: не сходится контрольное число'],
      kpp: ['КПП: 9 символов'],
      correspondentAccount: ['Корреспондентский счёт: 20 цифр'],
      invoiceValidDays: ['Укажите целое число банковских дней от 1 до 30'],
    });
    const wrongKey = await putRequisites({ account: '40702810200000012346', ogrn: '1123444001231' });
    expect(wrongKey.json().errors).toEqual({
      account: ['Неверный расчётный счёт: не сходится контрольное число с БИК'],
      ogrn: ['Неверный ОГРН: не сходится контрольное число'],
    });
    // Numbers and lists where text belongs are refused field by field, not a server error.
    const notText = await putRequisites({ inn: 2147483648, ogrn: 4, bankName: [] });
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json().errors).sort()).toEqual(['bankName', 'inn', 'ogrn']);
    // Half filled is kept: the tab then names what an invoice still needs.
    const partial = await putRequisites({ legalName: TEST_SELLER_REQUISITES.legalName, inn: '', kpp: '', ogrn: '', director: '', chiefAccountant: '' });
    expect(partial.statusCode).toBe(200);
    expect((partial.json() as SellerRequisitesAnswer).missing).toEqual(['ИНН', 'КПП', 'ОГРН или ОГРНИП', 'Руководитель', 'Главный бухгалтер']);
    expect((await inject('GET', '/api/settings/public')).json().invoiceAvailable).toBe(false);
  });

  it('once complete make «Оплата по счёту» available; the change is in the staff log', async () => {
    const saved = await putRequisites({});
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ settings: TEST_SELLER_REQUISITES, missing: [] });
    expect((await inject('GET', '/api/settings/public')).json().invoiceAvailable).toBe(true);
    const log = (await inject('GET', '/api/admin/staff-actions?kind=settings.requisites', admin)).json() as { actions: unknown[] };
    expect(log.actions.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the invoice', () => {
  it('is a PDF with the order’s lines, the seller and the buyer, VAT on top, the total in words, the validity date and the QR code', async () => {
    ctx.mails.length = 0;
    const order = await placeInvoiceOrder(3);
    // 3 × 1 990 ₽ = 5 970 ₽ below the free-delivery threshold: delivery 500 ₽; VAT 20 % on top of the goods.
    expect(order).toMatchObject({ paymentMethod: 'invoice', subtotal: 5970, vat: 1194, delivery: { price: 500 }, totalAmount: 7664, vatRate: 20, pricesIncludeVat: false });

    const res = await download(order.id, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${order.id}.pdf"; filename*=UTF-8''${encodeURIComponent(`Счёт на оплату № ${order.id}.pdf`)}`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(await pdfText(pdf));
    const s = TEST_SELLER_REQUISITES;
    const b = TEST_BUYER_ORGANIZATION;
    expect(text).toContain(`Счёт на оплату № ${order.id} от 27 ноября 2026 г.`);
    for (const bankBlock of [s.bankName, `БИК ${s.bik}`, `Сч. № ${s.correspondentAccount}`, `ИНН ${s.inn} КПП ${s.kpp}`, `Сч. № ${s.account}`]) expect(text).toContain(bankBlock);
    expect(text).toContain(`Поставщик (Исполнитель): ${s.legalName}, ИНН ${s.inn}, КПП ${s.kpp}, ОГРН ${s.ogrn}, ${s.legalAddress}, р/с ${s.account} в ${s.bankName}, БИК ${s.bik}, к/с ${s.correspondentAccount}`);
    expect(text).toContain(`Покупатель (Заказчик): ${b.name}, ИНН ${b.inn}, КПП ${b.kpp}, ОГРН ${b.ogrn}, ${b.legalAddress}, р/с ${b.account}, БИК ${b.bik}, к/с ${b.correspondentAccount}`);
    expect(text).toContain('№ Товары (работы, услуги) Кол-во Ед. Цена Сумма');
    const sku = order.items[0]!.productSku;
    expect(text).toContain(`1 ${flat(product.name)}${sku ? ` (арт. ${sku})` : ''}`);
    expect(text).toContain(flat(`3 шт ${formatInvoiceAmount(199_000)} ${formatInvoiceAmount(597_000)}`));
    expect(text).toContain(`2 Доставка 1 шт ${formatInvoiceAmount(50_000)} ${formatInvoiceAmount(50_000)}`);
    expect(text).toContain(`Итого: ${flat(formatInvoiceAmount(647_000))}`);
    expect(text).toContain(`НДС 20 %: ${flat(formatInvoiceAmount(119_400))}`);
    // The delivery's price contains its VAT: the total's VAT is the order's «в т. ч.».
    expect(text).toContain(`В том числе НДС 20 %: ${flat(formatInvoiceAmount(Math.round(order.vatInTotal * 100)))}`);
    expect(text).toContain(`Всего к оплате: ${flat(formatInvoiceAmount(766_400))}`);
    expect(text).toContain(`Всего наименований 2, на сумму ${flat(formatInvoiceAmount(766_400))} руб.`);
    expect(text).toContain('Семь тысяч шестьсот шестьдесят четыре рубля 00 копеек');
    expect(text).toContain('Счёт действителен до 4 декабря 2026 г.');
    expect(text).toContain(`Руководитель ${s.director}`);
    expect(text).toContain(`Главный бухгалтер ${s.chiefAccountant}`);

    // What a banking app reads from the page (ГОСТ Р 56042-2014).
    expect(await pdfQrCode(pdf)).toBe(
      `ST00012|Name=${s.legalName}|PersonalAcc=${s.account}|BankName=${s.bankName}|BIC=${s.bik}|CorrespAcc=${s.correspondentAccount}|PayeeINN=${s.inn}|KPP=${s.kpp}|Sum=766400|Purpose=Оплата по счёту № ${order.id} от 27 ноября 2026 г.`,
    );

    // The confirmation carries the same invoice.
    const letter = ctx.mails.find((m) => m.subject.startsWith(`Заказ № ${order.id} оформлен`))!;
    expect(letter.text).toContain(`Счёт на оплату № ${order.id} — во вложении к письму. Оплатите его до 4 декабря 2026 г. включительно`);
    expect(letter.attachments).toHaveLength(1);
    expect(letter.attachments![0]).toMatchObject({ filename: `Счёт на оплату № ${order.id}.pdf`, contentType: 'application/pdf' });
    expect(flat(await pdfText(letter.attachments![0]!.content))).toContain(`Счёт на оплату № ${order.id} от 27 ноября 2026 г.`);
    // The shop's notice has none.
    expect(ctx.mails.find((m) => m.subject.startsWith(`Новый заказ № ${order.id} `))!.attachments).toBeUndefined();
  });

  it('says the VAT as the order was priced: included in the prices, or «Без НДС»', async () => {
    await setShop({ catalogPrices: 'with_vat', vatRate: 22 });
    const included = await placeInvoiceOrder(4);
    // 4 × 1 990 ₽ = 7 960 ₽ from the threshold on: no delivery, the VAT is in the prices.
    expect(included).toMatchObject({ totalAmount: 7960, delivery: { price: 0 }, vatRate: 22, pricesIncludeVat: true });
    const includedText = flat(await pdfText((await download(included.id, customer.cookie)).rawPayload));
    expect(includedText).toContain(`Итого: ${flat(formatInvoiceAmount(796_000))} В том числе НДС 22 %: ${flat(formatInvoiceAmount(Math.round(included.vatInTotal * 100)))} Всего к оплате: ${flat(formatInvoiceAmount(796_000))}`);
    expect(includedText).not.toContain('Доставка');
    expect(includedText).toContain('Семь тысяч девятьсот шестьдесят рублей 00 копеек');

    await setShop({ catalogPrices: 'without_vat', vatRate: 0 });
    const noVat = await placeInvoiceOrder(1);
    const noVatText = flat(await pdfText((await download(noVat.id, customer.cookie)).rawPayload));
    expect(noVatText).toContain(`Итого: ${flat(formatInvoiceAmount(249_000))} Без НДС Всего к оплате: ${flat(formatInvoiceAmount(249_000))}`);
    expect(noVatText).not.toContain('НДС 0');
    await setShop({});
  });

  it('is given to the order’s owner and to staff only, for orders paid by invoice', async () => {
    const order = await placeInvoiceOrder(1);
    expect((await download(order.id, manager.cookie)).statusCode).toBe(200);
    expect((await download(order.id, admin)).statusCode).toBe(200);
    const other = await download(order.id, stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Заказ не найден');
    expect((await download(order.id)).statusCode).toBe(401);
    expect((await download(999_999, customer.cookie)).statusCode).toBe(404);
    expect((await download(0, customer.cookie)).statusCode).toBe(404);

    const cartId = await cartWith(ctx, [[product.id, 1]]);
    const cash = (await inject('POST', '/api/orders', customer.cookie, validOrderBody(cartId))).json() as Order;
    expect((await download(cash.id, customer.cookie)).statusCode).toBe(404);
    expect((await download(cash.id, admin)).statusCode).toBe(404);
  });
});

describe('the hold of an order paid by invoice', () => {
  it('keeps the stock to the end of the invoice’s last day, then cancels the order, returns the stock and tells the customer', async () => {
    // A product of its own: the other tests' invoice orders, cancelled by the same scan, return theirs.
    const [, own] = await pickProducts(ctx.database.db, 2);
    await setProduct(ctx.database.db, own!.id, { stock: 20, price: 1990 });
    const held = await placeInvoiceOrder(2, own!.id);
    const paid = await placeInvoiceOrder(3, own!.id);
    expect((await readProduct(ctx.database.db, own!.id))!.stock).toBe(15);
    const [row] = await ctx.database.db.select({ hold: orders.paymentHoldUntil }).from(orders).where(eq(orders.id, held.id));
    expect(row!.hold).toEqual(HOLD_END);

    // Staff receive the money of one of them (the order detail's payment status, through the order's door).
    const marked = await inject('PATCH', `/api/orders/${paid.id}/status`, manager.cookie, { paymentStatus: 'paid' });
    expect(marked.statusCode).toBe(200);

    ctx.clock.set(new Date(HOLD_END.getTime() - 60_000));
    expect(await scan()).toBe(0);
    ctx.mails.length = 0;
    ctx.clock.set(HOLD_END);
    // The invoice orders of the tests above, placed the same day, go with it.
    expect(await scan()).toBeGreaterThanOrEqual(1);

    // A staff session ends after its idle time: a week later staff log in again.
    admin = await ctx.login();
    const detail = await readAdmin(held.id);
    expect(detail.status).toBe('cancelled');
    expect(detail.history.at(-1)).toMatchObject({ field: 'status', toValue: 'cancelled', changedBy: null, source: null });
    expect((await readAdmin(paid.id)).status).toBe('pending');
    expect((await readProduct(ctx.database.db, own!.id))!.stock).toBe(17);
    const letters = ctx.mails.filter((m) => m.subject.startsWith(`Счёт № ${held.id} не оплачен в срок, заказ отменён`));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.to).toBe('ivan.petrov@example.ru');
    expect(letters[0]!.text).toContain(`Счёт на оплату № ${held.id} не был оплачен в срок, поэтому мы отменили заказ № ${held.id}`);
    expect(ctx.mails.some((m) => m.subject.includes(`№ ${paid.id} `))).toBe(false);

    // Once is enough: the next minute finds nothing.
    ctx.clock.advance(60_000);
    expect(await scan()).toBe(0);
  });
});
