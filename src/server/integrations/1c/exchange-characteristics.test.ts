import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD, enableExchange } from '../../../../tests/helpers/exchange-1c.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Exchange1cLogPage } from '#shared/schemas/exchange-1c.ts';
import type { Product } from '#shared/types.ts';
import { attributes, categories, products } from '../../db/schema.ts';
import { resolveAttributes } from '../../modules/attributes/resolve.ts';
import { replaceProductAttributes } from '../../modules/products/write/attributes.ts';
import { FIXTURES, OneC, exportZip } from './fixtures/one-c.ts';

/**
 * Decision 034, «From 1C»: the properties (dictionary, string, number) and the requisites that
 * are not 1C's bookkeeping become the products' characteristics; values that do not fit their
 * attribute are skipped and counted; an earlier import's description is kept.
 */

let ctx: TestContext;
let admin: string;
const DRILL_ID = '5a1b2c3d-9e8f-11e8-80c2-00155d0a6402';
/** What the import before issue 26 wrote: 1C's Описание with the properties appended. */
const EARLIER_DESCRIPTION = 'Ударная дрель для сверления кирпича и бетона.\n\nХарактеристики\nПроизводитель: DCK\nМощность, Вт: 710\nВес: 2.1';

const runJobs = () => ctx.app.jobs.drain();
const productBySku = async (sku: string) => (await ctx.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
/** The product's characteristics as the product page's table shows them, as staff see the product (hidden ones too). */
async function shownCharacteristics(sku: string, cookie?: string): Promise<string[]> {
  const { id } = await productBySku(sku);
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return ((res.json() as Product).attributes ?? []).map((a) => `${a.group} / ${a.name}: ${a.value}${a.unit ? ` ${a.unit}` : ''}`).sort();
}
const lastLog = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/admin/exchange-1c/log', headers: { cookie: admin } })).json() as Exchange1cLogPage).items[0]!;

async function exchange(files: { zip?: Buffer; importXml?: string }) {
  const oneC = new OneC(ctx.app, EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD);
  expect(await oneC.checkauth()).toMatch(/^success\n/);
  await oneC.init();
  if (files.zip) expect(await oneC.file('goods.zip', files.zip)).toBe('success');
  if (files.importXml) expect(await oneC.file('import.xml', Buffer.from(files.importXml))).toBe('success');
  expect((await oneC.importUntilDone('import.xml', runJobs)).answers.at(-1)).toBe('success');
}

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const db = ctx.database.db;
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  // The drill as an earlier exchange left it: on sale, tied to 1C, its properties in the description.
  await db.insert(products).values({ slug: 'drel-kjz06-13', name: 'Дрель ударная DCK KJZ06-13', sku: 'KJZ06-13', exchange1cId: DRILL_ID, description: EARLIER_DESCRIPTION, priceKopecks: 1_299_000, categoryId: category!.id, isActive: true });
  await enableExchange(ctx, admin);
});
afterAll(() => ctx.close());

describe('1C exchange: properties and requisites as characteristics', () => {
  it('fills dictionary, string and number properties and the requisites that describe the tool; keeps the earlier description', async () => {
    await exchange({ zip: await exportZip() });

    // «Производитель» is the brand, «Вес» (no unit) and 1C's own requisites are not characteristics.
    expect(await shownCharacteristics('KJZ06-13')).toEqual(['Основные / Мощность: 710 Вт', 'Основные / Страна происхождения: Китай', 'Основные / Тип патрона: Ключевой']);
    expect(await productBySku('KJZ06-13')).toMatchObject({ brand: 'DCK', description: EARLIER_DESCRIPTION });
    // Waiting hidden in «Без категории»: staff see it. Its «Мощность» «не указана» is not a number: skipped.
    expect(await shownCharacteristics('PSR20-C2', admin)).toEqual(['Основные / Напряжение аккумулятора: 20 В', 'Основные / Реверс: Да', 'Основные / Тип патрона: Быстрозажимной']);
    expect((await productBySku('1C-DISK-125')).description).toBe('Для болгарок с диском 125 мм.');

    const kinds = await ctx.database.db
      .select({ name: attributes.name, kind: attributes.kind })
      .from(attributes)
      .where(inArray(attributes.name, ['Мощность', 'Тип патрона', 'Напряжение аккумулятора', 'Реверс', 'Страна происхождения']));
    expect(Object.fromEntries(kinds.map((a) => [a.name, a.kind]))).toEqual({
      Мощность: 'number',
      'Тип патрона': 'text',
      'Напряжение аккумулятора': 'number',
      Реверс: 'boolean',
      'Страна происхождения': 'text',
    });
    const step = await lastLog();
    expect(step).toMatchObject({ files: ['import.xml'], status: 'success', counts: { created: 2, updated: 1, attributeValues: 6, attributeValuesSkipped: 1 } });
    expect(step.errors).toContain('Пропущено значений характеристик, не подходящих к их виду (не число для числовой, вариант не из справочника свойства): 1');
  });

  it('a re-import replaces the values 1C changed, keeps the others and skips what does not fit', async () => {
    const drill = await productBySku('KJZ06-13');
    // Staff added a characteristic 1C does not send: it stays.
    const warranty = (await resolveAttributes(ctx.database.db, [{ name: 'Гарантия, мес', values: ['12'] }])).get('гарантия')!;
    await replaceProductAttributes(ctx.database.db, new Map([[drill.id, [{ attributeId: warranty.id, value: '12', number: 12 }]]]), new Date(), { keepOthers: true });

    const changed = fs
      .readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8')
      .replace('<Описание>Ударная дрель для сверления кирпича и бетона.</Описание>', '<Описание>Ударная дрель с реверсом для кирпича и бетона.</Описание>')
      .replace('<Значение>710</Значение>', '<Значение>750</Значение>')
      // The drill's chuck: another variant of the dictionary.
      .replace('<Значение>e0f1a2d1-8c9d-11e8-80c2-00155d0a6402</Значение>', '<Значение>e0f1a2d3-8c9d-11e8-80c2-00155d0a6402</Значение>')
      // The screwdriver's chuck: a variant the classifier does not list; its voltage a word for a number attribute.
      .replace('<Значение>e0f1a2d2-8c9d-11e8-80c2-00155d0a6402</Значение>', '<Значение>ffffffff-8c9d-11e8-80c2-00155d0a6402</Значение>')
      .replace('<Значение>20</Значение>', '<Значение>нет данных</Значение>');
    await exchange({ importXml: changed });

    expect(await shownCharacteristics('KJZ06-13')).toEqual([
      'Основные / Гарантия: 12 мес',
      'Основные / Мощность: 750 Вт',
      'Основные / Страна происхождения: Китай',
      'Основные / Тип патрона: SDS-plus',
    ]);
    // 1C changed its Описание: the description is 1C's now, without the appended properties.
    expect((await productBySku('KJZ06-13')).description).toBe('Ударная дрель с реверсом для кирпича и бетона.');
    // What did not fit is skipped: the values the product had stay.
    expect(await shownCharacteristics('PSR20-C2', admin)).toEqual(['Основные / Напряжение аккумулятора: 20 В', 'Основные / Реверс: Да', 'Основные / Тип патрона: Быстрозажимной']);
    const step = await lastLog();
    expect(step).toMatchObject({ status: 'success', counts: { updated: 3, attributeValues: 4, attributeValuesSkipped: 3 } });
    expect(step.errors).toContain('Пропущено значений характеристик, не подходящих к их виду (не число для числовой, вариант не из справочника свойства): 3');
  });

  it('writes the characteristics of full batches of products (600 products, batches of 500)', async () => {
    const items = Array.from(
      { length: 600 },
      (_, i) =>
        `<Товар><Ид>many-${i}</Ид><Артикул>1C-MANY-${i}</Артикул><Наименование>Бита PH2 x ${25 + i} мм</Наименование><Группы><Ид>c7e8f9a0-7e6f-11e8-80c2-00155d0a6402</Ид></Группы>` +
        `<ЗначенияСвойств><ЗначенияСвойства><Ид>e0f1a2c0-8c9d-11e8-80c2-00155d0a6402</Ид><Значение>${i}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
        `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Страна происхождения</Наименование><Значение>Тайвань</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Товар>`,
    );
    const catalogue = fs.readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8').replace('</Товары>', `${items.join('\n')}</Товары>`);
    await exchange({ importXml: catalogue });

    expect(await lastLog()).toMatchObject({ status: 'success', counts: { created: 600, attributeValues: 1200 + 6 } });
    expect(await shownCharacteristics('1C-MANY-599', admin)).toEqual(['Основные / Мощность: 599 Вт', 'Основные / Страна происхождения: Тайвань']);
  });

  it('weighs and measures products from 1C: <Вес> and the requisites «Вес», «Длина», «Ширина», «Высота» in kg and cm', async () => {
    expect(await productBySku('KJZ06-13')).toMatchObject({ weightGrams: 2100, lengthMm: null, widthMm: null, heightMm: null });
    expect(await productBySku('PSR20-C2')).toMatchObject({ weightGrams: 1600, lengthMm: 320, widthMm: 95, heightMm: 260 });
    const screwdriver = await ctx.app.inject({ url: `/api/products/${(await productBySku('PSR20-C2')).id}`, headers: { cookie: admin } });
    expect(screwdriver.json<Product>()).toMatchObject({ weightKg: 1.6, lengthCm: 32, widthCm: 9.5, heightCm: 26 });

    // A configuration that keeps grams sends 1600 for the same screwdriver: beyond what the shop
    // ships in kilograms, so it is left out and said; a weight 1C no longer sends is kept.
    const grams = fs
      .readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8')
      .replace('<Вес>1.6</Вес>', '<Вес>1600</Вес>')
      .replace(/<ЗначениеРеквизита>\s*<Наименование>Вес<\/Наименование>\s*<Значение>2.1<\/Значение>\s*<\/ЗначениеРеквизита>/, '');
    await exchange({ importXml: grams });
    expect(await productBySku('PSR20-C2')).toMatchObject({ weightGrams: 1600, lengthMm: 320 });
    expect(await productBySku('KJZ06-13')).toMatchObject({ weightGrams: 2100 });
    expect((await lastLog()).errors).toContain('Товар «Шуруповёрт аккумуляторный P.I.T PSR20-C2», вес и габариты: Слишком большой вес: не больше 1000 кг: «1600»; это значение не записано');
  });
});
