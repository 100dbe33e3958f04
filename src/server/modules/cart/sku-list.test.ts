import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, pickProducts, setProduct } from '../../../../tests/helpers/customers.ts';
import { multipart } from '../../../../tests/helpers/supplier-import.ts';
import { customerGroups, products, rateLimits, supplierOffers, suppliers, users } from '../../db/schema.ts';
import { SKU_LIST_LIMIT } from './sku-list.ts';
import type { CartLinesResult, SkuListCheck, SkuListFile } from '#shared/schemas/sku-list.ts';

type Subject = { id: number; sku: string; name: string; price: number };

let ctx: TestContext;
/** stock 10 */
let a: Subject;
/** stock 3 */
let b: Subject;
/** stock 0 */
let c: Subject;
/** hidden */
let hidden: Subject;
/** price on request */
let onRequest: Subject;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const picked = await pickProducts(db, 5);
  const subjects = await Promise.all(
    picked.map(async (p) => {
      const [row] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, p.id));
      return { id: p.id, sku: row!.sku, name: p.name, price: p.priceKopecks! / 100 };
    }),
  );
  [a, b, c, hidden, onRequest] = subjects as [Subject, Subject, Subject, Subject, Subject];
  await setProduct(db, a.id, { stock: 10 });
  await setProduct(db, b.id, { stock: 3 });
  await setProduct(db, c.id, { stock: 0 });
  await setProduct(db, hidden.id, { stock: 5, isActive: false });
  await setProduct(db, onRequest.id, { stock: 5, price: null });
  // The supplier's own SKU on the product, and another supplier's SKU in its price list's offer.
  await db.update(products).set({ supplierSku: 'PIT 77-A' }).where(eq(products.id, a.id));
  const [supplier] = await db.insert(suppliers).values({ code: 'ЮГ', name: 'ИнструментЮг' }).returning({ id: suppliers.id });
  await db.insert(supplierOffers).values({ productId: b.id, supplierId: supplier!.id, supplierSku: 'ЮГ-5001' });
  await db.update(products).set({ supplierSku: 'HID-1' }).where(eq(products.id, hidden.id));
});
afterAll(() => ctx.close());

const check = (text: unknown, remoteAddress = '10.40.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/sku-list/check', payload: { text }, remoteAddress });
const checked = async (text: string) => {
  const res = await check(text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SkuListCheck;
};
const addList = (cartId: string, text: string) => ctx.app.inject({ method: 'POST', url: `/api/cart/${cartId}/sku-list`, payload: { text } });
const upload = (content: Buffer, fileName = 'list.csv') => {
  const form = multipart([{ name: 'file', fileName, content }]);
  return ctx.app.inject({ method: 'POST', url: '/api/sku-list/file', ...form });
};

describe('POST /api/sku-list/check', () => {
  it('reads tabs, spaces, «;» and «,», a missing quantity as 1, and adds up a SKU given twice', async () => {
    const result = await checked([`${a.sku}\t2`, `${b.sku} 1`, '', `${a.sku};3`, `  ${a.sku.toLowerCase()} , 4 `, `${b.sku}`].join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.notFound).toEqual([]);
    expect(result.header).toBeNull();
    expect(result.found).toHaveLength(2);
    expect(result.found[0]).toMatchObject({ productId: a.id, sku: a.sku, name: a.name, price: a.price, quantity: 9, lines: [1, 4, 5], stock: 10, status: 'ok', addQuantity: 9 });
    expect(result.found[0]!.sum).toBeCloseTo(a.price * 9, 2);
    expect(result.found[1]).toMatchObject({ productId: b.id, quantity: 2, lines: [2, 6], stock: 3, status: 'ok' });
    expect(result.addable).toEqual({ positions: 2, units: 11, total: expect.closeTo(a.price * 9 + b.price * 2, 2) });
  });

  it('ignores case and spaces in a SKU and understands «5 шт»', async () => {
    const spaced = `${a.sku.slice(0, 2)} ${a.sku.slice(2)}`.toLowerCase();
    const result = await checked(`${spaced};5 шт\n${b.sku} 2шт`);
    expect(result.found.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 5],
      [b.id, 2],
    ]);
  });

  it('understands the supplier’s SKU: the product’s own supplier’s and a price list offer’s', async () => {
    const result = await checked('pit77-a 2\nюг-5001;1');
    expect(result.notFound).toEqual([]);
    expect(result.found.map((l) => ({ id: l.productId, typed: l.typed, sku: l.sku }))).toEqual([
      { id: a.id, typed: ['pit77-a'], sku: a.sku },
      { id: b.id, typed: ['юг-5001'], sku: b.sku },
    ]);
  });

  it('takes the whole line as a SKU with a space when the last word is no quantity', async () => {
    const result = await checked(`PIT 77-A`);
    expect(result.found).toMatchObject([{ productId: a.id, quantity: 1 }]);
    expect(result.errors).toEqual([]);
  });

  it('says which lines are wrong, in Russian, and checks the rest', async () => {
    const long = 'X'.repeat(201);
    const result = await checked([`${a.sku} 1`, `${b.sku} 0`, `${a.sku} abc`, long, `${b.sku};1000`, `${b.sku};2,5`].join('\n'));
    expect(result.errors).toEqual([
      { line: 2, message: 'Строка 2: количество должно быть от 1 до 999, а не 0' },
      { line: 3, message: 'Строка 3: не понятно количество «abc»' },
      { line: 4, message: 'Строка 4: длиннее 200 символов — это не артикул и количество' },
      { line: 5, message: 'Строка 5: количество должно быть от 1 до 999, а не 1000' },
    ]);
    // «2,5»: the comma separates, so the quantity is 2 (the third field is ignored).
    expect(result.found.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
  });

  it('reports unknown SKUs, hidden products as not found, and skips a header line', async () => {
    const result = await checked(['Артикул;Количество', `${a.sku};1`, 'NO-SUCH-SKU-1;2', `${hidden.sku};1`, 'hid-1 1'].join('\n'));
    expect(result.header).toBe('Артикул;Количество');
    expect(result.notFound).toEqual([
      { line: 3, sku: 'NO-SUCH-SKU-1' },
      { line: 4, sku: hidden.sku },
      { line: 5, sku: 'hid-1' },
    ]);
    expect(result.found.map((l) => l.productId)).toEqual([a.id]);

    // A one-column list: «Артикул» alone is the header too, a wrong SKU on the first line is not.
    expect((await checked(`Артикул\n${a.sku}`)).header).toBe('Артикул');
    const typo = await checked(`NO-SUCH-SKU-2\n${a.sku}`);
    expect(typo.header).toBeNull();
    expect(typo.notFound).toEqual([{ line: 1, sku: 'NO-SUCH-SKU-2' }]);
    // A list of one line has no header: its wrong quantity is said.
    const single = await checked('Артикул abc');
    expect(single.header).toBeNull();
    expect(single.errors).toEqual([{ line: 1, message: 'Строка 1: не понятно количество «abc»' }]);
  });

  it('reports short stock, no stock and a price on request; only what can be had is to be added', async () => {
    const result = await checked([`${a.sku} 4`, `${b.sku} 5`, `${c.sku} 1`, `${onRequest.sku} 2`].join('\n'));
    expect(result.found.map((l) => ({ id: l.productId, status: l.status, stock: l.stock, add: l.addQuantity, price: l.price }))).toEqual([
      { id: a.id, status: 'ok', stock: 10, add: 4, price: a.price },
      { id: b.id, status: 'short', stock: 3, add: 3, price: b.price },
      { id: c.id, status: 'out', stock: 0, add: 0, price: c.price },
      { id: onRequest.id, status: 'on_request', stock: 5, add: 0, price: null },
    ]);
    expect(result.addable).toMatchObject({ positions: 2, units: 7 });
  });

  it('refuses an empty list, more than 200 lines and more than 20 000 characters', async () => {
    for (const empty of ['', '  \n \n', undefined]) {
      const res = await check(empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Вставьте список: в каждой строке артикул и, через пробел, количество');
    }
    const many = await check(Array.from({ length: 201 }, () => `${a.sku} 1`).join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: 'Не больше 200 строк за раз, а в списке 201: разделите его на части' });
    expect((await check(Array.from({ length: 200 }, () => `${a.sku} 1`).join('\n'))).statusCode).toBe(200);
    const long = await check('A'.repeat(20_001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Список слишком длинный: не больше 20\u00a0000 символов');
  });

  it('limits the checks per address', async () => {
    const address = '10.40.9.9';
    expect((await check(a.sku, address)).statusCode).toBe(200);
    await ctx.database.db.update(rateLimits).set({ count: SKU_LIST_LIMIT.limit }).where(eq(rateLimits.key, `sku-list:address:${address}`));
    const refused = await check(a.sku, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Слишком много проверок списка артикулов. Попробуйте через 60 минут.');
    expect((await check(a.sku, '10.40.9.10')).statusCode).toBe(200);
  });
});

describe('a wholesale customer', () => {
  it('sees their group’s prices in the check and gets the cart at them', async () => {
    const customer = await createCustomer(ctx);
    const [group] = await ctx.database.db.insert(customerGroups).values({ name: 'Опт SKU', discountPercent: 10 }).returning({ id: customerGroups.id });
    await ctx.database.db.update(users).set({ customerGroupId: group!.id }).where(eq(users.id, customer.id));
    const headers = { cookie: customer.cookie };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sku-list/check', payload: { text: `${a.sku} 1` }, headers, remoteAddress: '10.40.1.1' });
    expect(res.headers['cache-control']).toBe('no-store');
    const wholesale = Math.round(a.price * 100 * 0.9) / 100;
    expect((res.json() as SkuListCheck).found[0]!.price).toBe(wholesale);
    const added = await ctx.app.inject({ method: 'POST', url: `/api/cart/${randomUUID()}/sku-list`, payload: { text: `${a.sku} 1` }, headers });
    expect((added.json() as CartLinesResult).cart.items[0]!.product.price).toBe(wholesale);
    // A guest checking the same list sees the retail price.
    expect((await checked(`${a.sku} 1`)).found[0]!.price).toBe(a.price);
  });
});

describe('POST /api/cart/{cartId}/sku-list', () => {
  it('adds every found line in one step, short lines with what is left, and says what was not added', async () => {
    const cartId = randomUUID();
    const res = await addList(cartId, [`${a.sku} 2`, `${b.sku} 5`, `${c.sku} 1`, `${onRequest.sku} 1`, 'NO-SUCH 3', `${a.sku} 1`].join('\n'));
    expect(res.statusCode).toBe(201);
    const result = res.json() as CartLinesResult;
    expect(result.added).toEqual([
      { productId: a.id, name: a.name, quantity: 3, requested: 3 },
      { productId: b.id, name: b.name, quantity: 3, requested: 5 },
    ]);
    expect(result.notAdded).toEqual([
      { productId: c.id, name: c.name, reason: 'out_of_stock' },
      { productId: onRequest.id, name: onRequest.name, reason: 'on_request' },
    ]);
    expect(result.cart.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [a.id, 3],
      [b.id, 3],
    ]);
    expect(result.cart.itemCount).toBe(6);
  });

  it('counts what the cart already holds against the stock', async () => {
    const cartId = await cartWith(ctx, [
      [a.id, 8],
      [b.id, 3],
    ]);
    const result = (await addList(cartId, `${a.sku} 5\n${b.sku} 1`)).json() as CartLinesResult;
    expect(result.added).toEqual([{ productId: a.id, name: a.name, quantity: 2, requested: 5 }]);
    expect(result.notAdded).toEqual([{ productId: b.id, name: b.name, reason: 'cart_full' }]);
    expect(result.cart.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [a.id, 10],
      [b.id, 3],
    ]);
  });

  it('refuses a bad cart id and a list over the limits without touching a cart', async () => {
    expect((await addList('not-a-cart', `${a.sku} 1`)).statusCode).toBe(400);
    const cartId = randomUUID();
    const many = await addList(cartId, Array.from({ length: 201 }, () => `${a.sku} 1`).join('\n'));
    expect(many.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json().items).toEqual([]);
  });
});

describe('POST /api/sku-list/file', () => {
  it('reads a CSV from Excel (Windows-1251, «;», a header) into the list and checks it', async () => {
    const csv = iconv.encode(`Артикул;Количество\r\n${a.sku};2\r\n"${b.sku}";1\r\nНЕТ-ТАКОГО;4\r\n`, 'win1251');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json() as SkuListFile;
    expect(file.text).toBe(`Артикул\tКоличество\n${a.sku}\t2\n${b.sku}\t1\nНЕТ-ТАКОГО\t4`);
    expect(file.check.header).toBe('Артикул\tКоличество');
    expect(file.check.found.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect(file.check.notFound).toEqual([{ line: 4, sku: 'НЕТ-ТАКОГО' }]);
  });

  it('reads a UTF-8 CSV with commas and a one-column list', async () => {
    const res = await upload(Buffer.from(`\uFEFF${a.sku},3\n${b.sku}\n`));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SkuListFile).check.found.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
  });

  it('reads the first sheet of an XLSX: SKU in the first column, quantity (a number cell) in the second', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Заказ');
    sheet.addRow(['Артикул', 'Кол-во', 'Примечание']);
    sheet.addRow([a.sku, 4, 'срочно']);
    sheet.addRow([]);
    sheet.addRow([b.sku, 2]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(bytes, 'order.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json() as SkuListFile;
    expect(file.text).toBe(`Артикул\tКол-во\n${a.sku}\t4\n${b.sku}\t2`);
    expect(file.check.header).toBe('Артикул\tКол-во');
    expect(file.check.found.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 4],
      [b.id, 2],
    ]);
  });

  it('refuses a wrong, an old Excel, an empty and a too large file in Russian', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const wrong = await upload(png, 'photo.png');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Загрузите файл CSV или Excel (XLSX): в первом столбце артикул, во втором количество' });

    const xls = await upload(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]), 'old.xls');
    expect(xls.json().message).toBe('Это файл Excel старого формата (XLS): сохраните его как XLSX или CSV');

    expect((await upload(Buffer.alloc(0))).json().message).toBe('Файл пустой');

    const big = await upload(Buffer.from(`${a.sku};1\n`.repeat(150_000)));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().message).toBe('Файл больше 1 МБ: для списка до 200 строк этого достаточно — оставьте в нём только артикулы и количества');

    const notMultipart = await ctx.app.inject({ method: 'POST', url: '/api/sku-list/file', payload: { text: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe('Выберите файл CSV или XLSX');
  });

  it('refuses a file of more than 200 lines with the count', async () => {
    const res = await upload(Buffer.from(Array.from({ length: 250 }, () => `${a.sku};1`).join('\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Не больше 200 строк за раз, а в списке 250: разделите его на части');
  });
});
