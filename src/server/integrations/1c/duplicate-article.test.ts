import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD, enableExchange } from '../../../../tests/helpers/exchange-1c.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Exchange1cLogPage } from '#shared/schemas/exchange-1c.ts';
import { products } from '../../db/schema.ts';
import { FIXTURES, OneC } from './fixtures/one-c.ts';

/** Decision 023: an article the shop already sells, carried by two 1C items of one file: the second is reported, not dropped in silence. */

let ctx: TestContext;
let admin: string;
const FIRST_ID = 'aa000001-9e8f-11e8-80c2-00155d0a6402';
const SECOND_ID = 'aa000002-9e8f-11e8-80c2-00155d0a6402';

/** A 1C item with this Ид and article, in the fixture's «Дрели» group. */
const item = (id: string, name: string) => `<Товар><Ид>${id}</Ид><Артикул>KZC26</Артикул><Наименование>${name}</Наименование><Группы><Ид>b1a5c3d3-7e6f-11e8-80c2-00155d0a6402</Ид></Группы><Описание/></Товар>`;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  // The shop sells KZC26 already (seeded from DCK's price list), not yet tied to 1C.
  const [sold] = await ctx.database.db.select().from(products).where(eq(products.sku, 'KZC26'));
  expect(sold).toMatchObject({ exchange1cId: null });
  await enableExchange(ctx, admin);
});
afterAll(() => ctx.close());

describe('1C exchange: two items with an article the shop sells', () => {
  it('the first takes the product, the second is skipped and named in the exchange log', async () => {
    const xml = fs
      .readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8')
      .replace('</Товары>', `${item(FIRST_ID, 'Перфоратор DCK KZC26 (1С)')}${item(SECOND_ID, 'Перфоратор DCK KZC26 в кейсе (1С)')}</Товары>`);
    const oneC = new OneC(ctx.app, EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD);
    expect(await oneC.checkauth()).toMatch(/^success\n/);
    await oneC.init();
    expect(await oneC.file('import.xml', Buffer.from(xml))).toBe('success');
    expect((await oneC.importUntilDone('import.xml', () => ctx.app.jobs.drain())).answers.at(-1)).toBe('success');

    const [product] = await ctx.database.db.select().from(products).where(eq(products.sku, 'KZC26'));
    expect(product).toMatchObject({ exchange1cId: FIRST_ID, name: 'Перфоратор DCK KZC26 (1С)' });
    const log = (await ctx.app.inject({ method: 'GET', url: '/api/admin/exchange-1c/log', headers: { cookie: admin } })).json() as Exchange1cLogPage;
    const [step] = log.items;
    expect(step).toMatchObject({ files: ['import.xml'], status: 'success', counts: { updated: 1 } });
    expect(step!.errors).toContain(`Товар «Перфоратор DCK KZC26 в кейсе (1С)» (Ид ${SECOND_ID}): артикул KZC26 уже у товара «Перфоратор DCK KZC26 (1С)» из этой выгрузки (Ид ${FIRST_ID}), пропущен`);
  });
});
