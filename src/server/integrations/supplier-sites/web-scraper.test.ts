import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryRules } from '#server/db/schema.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';
import type { ExtractAnswer, ScrapeResult } from '#shared/schemas/web-scraper.ts';
import type { Product } from '#shared/types.ts';
import { formCharacteristics } from './characteristics.ts';
import { SUPPLIER_PAGES, startSupplierSite } from '../../../../tests/helpers/supplier-site.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let site: Awaited<ReturnType<typeof startSupplierSite>>;
let cookie: string;

beforeAll(async () => {
  site = await startSupplierSite();
  // The supplier site is local: allowed explicitly, as the end-to-end server allows its own.
  ctx = await createTestApp({ FETCH_ALLOW: new URL(site.origin).host });
  cookie = await ctx.login();
});
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const extract = (url: string) => ctx.app.inject({ method: 'POST', url: '/api/admin/web-scraper/extract', payload: { url }, headers: { cookie } });
const storedFile = (url: string) => path.join(ctx.app.deps.config.dataDir, url);

describe('POST /api/admin/web-scraper/extract', () => {
  it('reads a JSON-LD page into a card and stores its pictures as WebP, reporting the one that failed', async () => {
    const res = await extract(site.url(SUPPLIER_PAGES.jsonLd.path));
    expect(res.statusCode).toBe(200);
    const result = res.json<ScrapeResult>();
    expect(result.url).toBe(site.url(SUPPLIER_PAGES.jsonLd.path));
    expect(result.card).toMatchObject({
      name: { value: 'Дрель-шуруповёрт аккумуляторная DCK KDJZ20-13 (Type EM)', source: 'json-ld' },
      sku: { value: 'KDJZ20-13EM', source: 'json-ld' },
      priceKopecks: { value: 899000, source: 'json-ld' },
      breadcrumbs: { value: ['Каталог', 'Аккумуляторный инструмент', 'Дрели-шуруповёрты'], source: 'json-ld' },
    });
    expect(result.card.pictures?.value).toEqual([
      site.url('/upload/iblock/3f2/kdjz20-13-main.jpg'),
      site.url('/upload/iblock/3f2/kdjz20-13-side.jpg'),
      site.url('/upload/iblock/3f2/kdjz20-13-case.jpg'),
    ]);
    // The shop keeps its own copies: WebP, at most 1200 px, under /uploads/.
    expect(result.pictures.map((p) => p.source)).toEqual([site.url('/upload/iblock/3f2/kdjz20-13-main.jpg'), site.url('/upload/iblock/3f2/kdjz20-13-side.jpg')]);
    for (const picture of result.pictures) {
      expect(picture.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
      const meta = await sharp(fs.readFileSync(storedFile(picture.url))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 1200 });
    }
    expect(result.pictureErrors).toEqual([{ source: site.url('/upload/iblock/3f2/kdjz20-13-case.jpg'), message: 'Сайт ответил с ошибкой 404' }]);
    expect(result.duplicates).toEqual([]);
    expect(result.supplier).toBe('DCK');
    expect(result.brand).toBe('DCK');
  });

  it('suggests the category the catalogue adapter\'s rules give for the page', async () => {
    const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
    const [rule] = await ctx.database.db
      .insert(categoryRules)
      .values({ kind: 'category', pattern: 'Каталог / Аккумуляторный инструмент / Дрели-шуруповёрты', categoryId: category!.id })
      .returning({ id: categoryRules.id });
    try {
      const drill = await extract(site.url(SUPPLIER_PAGES.jsonLd.path));
      expect(drill.json<ScrapeResult>().categoryId).toBe(category!.id);
      const saw = await extract(site.url(SUPPLIER_PAGES.openGraph.path));
      expect(saw.json<ScrapeResult>().categoryId).toBeNull();
    } finally {
      await ctx.database.db.delete(categoryRules).where(eq(categoryRules.id, rule!.id));
    }
  });

  it('gives each fixture page its card', async () => {
    const expected = {
      microdata: ['Перфоратор P.I.T. PBH26-C1', 'microdata', 'PBH26-C1'],
      openGraph: ['Пила торцовочная P.I.T. PMS210-C', 'opengraph', 'PMS210-C'],
      specTable: ['Пила дисковая DCK KMY02-185', 'page', 'KMY02-185'],
      severalOffers: ['Углошлифовальная машина аккумуляторная DCK KDSM20-125', 'json-ld', 'KDSM20-125TM'],
      broken: ['Гайковёрт ударный аккумуляторный P.I.T. PIW20H-500B', 'page', 'PIW20H-500B'],
    } as const;
    for (const [key, [name, source, sku]] of Object.entries(expected)) {
      const res = await extract(site.url(SUPPLIER_PAGES[key as keyof typeof expected].path));
      expect(res.statusCode, key).toBe(200);
      expect(res.json<ScrapeResult>().card, key).toMatchObject({ name: { value: name, source }, sku: { value: sku } });
    }
  });

  it('stores pictures of every size and kind the pages give, and names the brand\'s supplier', async () => {
    const openGraph = (await extract(site.url(SUPPLIER_PAGES.openGraph.path))).json<ScrapeResult>();
    expect(openGraph.pictures).toHaveLength(2);
    expect(openGraph.supplier).toBe('P.I.T');
    // The page writes «P.I.T.»: the product's brand is written as the adapter's spellings say.
    expect(openGraph.brand).toBe('P.I.T');
    const broken = (await extract(site.url(SUPPLIER_PAGES.broken.path))).json<ScrapeResult>();
    expect(broken.pictures).toHaveLength(1);
    expect(broken.pictureErrors).toEqual([{ source: site.url('/img/piw20h-500b-2.jpg'), message: 'Можно загрузить только изображение JPEG, PNG или WebP' }]);
  });

  it('finds the shop\'s product with the card\'s SKU or with an offer\'s SKU', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Дрель-шуруповёрт DCK KDJZ20-13', sku: 'KDJZ20-13EM', price: 8490, categoryId: 1 },
      headers: { cookie },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const result = (await extract(site.url(SUPPLIER_PAGES.jsonLd.path))).json<ScrapeResult>();
    expect(result.duplicates).toEqual([{ id, name: 'Дрель-шуруповёрт DCK KDJZ20-13', sku: 'KDJZ20-13EM', matchedSku: 'KDJZ20-13EM' }]);

    const variant = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: { name: 'УШМ DCK KDSM20-125 с аккумуляторами', sku: 'KDSM20-125EM', price: 14990, categoryId: 1 },
      headers: { cookie },
    });
    const offers = (await extract(site.url(SUPPLIER_PAGES.severalOffers.path))).json<ScrapeResult>();
    expect(offers.duplicates).toEqual([{ id: variant.json<{ id: number }>().id, name: 'УШМ DCK KDSM20-125 с аккумуляторами', sku: 'KDSM20-125EM', matchedSku: 'KDSM20-125EM' }]);
  });

  it('refuses a picture on an internal address without giving up the product', async () => {
    const result = (await extract(site.url('/internal-picture'))).json<ScrapeResult>();
    expect(result.card.name?.value).toBe('Шлифмашина DCK KSA125');
    expect(result.pictureErrors).toEqual([{ source: 'http://169.254.169.254/latest/meta-data/x.jpg', message: 'Адрес недоступен: внутренние адреса запрещены' }]);
    expect(result.pictures).toHaveLength(1);
  });

  it.each([
    ['an internal address', 'http://127.0.0.1/', 'Адрес недоступен: внутренние адреса запрещены'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'Адрес недоступен: внутренние адреса запрещены'],
    ['a file', 'file:///etc/passwd', 'Разрешены только ссылки http и https'],
    ['a missing page', '/dck/no-such-product/', 'Сайт ответил с ошибкой 404'],
    ['a PDF', '/price-list.pdf', 'По ссылке не то, что ожидалось: application/pdf'],
    ['a page without a product', '/no-product', 'На странице не найден товар: нет ни названия, ни артикула. Проверьте, что это страница одного товара.'],
  ])('answers 422 for %s, with the reason under the address', async (_what, address, message) => {
    const res = await extract(address.startsWith('/') ? site.url(address) : address);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { url: [message] } });
  });

  it('asks for an address when none is given', async () => {
    const res = await extract('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { url: ['Вставьте ссылку на страницу товара'] } });
  });
});

describe('the page\'s characteristics for the product form', () => {
  const attributesNow = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/admin/attributes', headers: { cookie } })).json<AdminAttribute[]>();
  const named = (list: AdminAttribute[], name: string) => {
    const attribute = list.find((a) => a.name === name);
    if (!attribute) throw new Error(`Нет характеристики «${name}»`);
    return { id: attribute.id, name: attribute.name, unit: attribute.unit, kind: attribute.kind };
  };

  it('reads a spec table into the shop\'s attributes through their spellings, and the product is saved with them', async () => {
    const before = await attributesNow();
    const power = before.find((a) => a.name === 'Мощность')!;
    // Staff mapped this supplier's spelling once, on the «Характеристики» screen.
    const mapped = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/attributes/${power.id}`, payload: { aliases: [...power.aliases, 'Потребляемая мощность, Вт'] }, headers: { cookie } });
    expect(mapped.statusCode).toBe(200);

    const res = await extract(site.url(SUPPLIER_PAGES.specSpellings.path));
    expect(res.statusCode).toBe(200);
    const answer = res.json<ExtractAnswer>();
    const after = await attributesNow();
    expect(answer.characteristics).toEqual([
      { name: 'Потребляемая мощность, Вт', value: '1100', attribute: named(before, 'Мощность'), formValue: '1100', fits: true },
      { name: 'Частота вращения', value: '3 000 об/мин', attribute: named(before, 'Частота вращения'), formValue: '3000', fits: true },
      { name: 'Частота ударов', value: '48 000 уд/мин', attribute: named(before, 'Частота ударов'), formValue: '48000', fits: true },
      { name: 'Патрон', value: 'ключевой, 1,5–13 мм', attribute: named(before, 'Патрон'), formValue: 'ключевой, 1,5–13 мм', fits: true },
      { name: 'Реверс', value: 'есть', attribute: named(before, 'Реверс'), formValue: 'Да', fits: true },
      // A yes/no attribute cannot keep «плавная»: the form gets it as written, and saving says why.
      { name: 'Регулировка оборотов', value: 'плавная', attribute: named(before, 'Регулировка оборотов'), formValue: 'плавная', fits: false },
      // A spelling the shop never saw becomes an attribute, as every import makes it.
      { name: 'Класс защиты', value: 'II', attribute: { ...named(after, 'Класс защиты'), kind: 'text' }, formValue: 'II', fits: true },
      { name: 'Вес, кг', value: '2,1', attribute: named(before, 'Вес'), formValue: '2,1', fits: true },
    ]);
    expect(before.some((a) => a.name === 'Класс защиты')).toBe(false);
    // The description is the page's own text, the specifications are not in it.
    expect(answer.card.description?.value).toBe(
      'Ударная дрель DCK KZJ13 сверлит бетон, кирпич, металл и дерево.\n\nКлючевой патрон держит сверло до 13 мм, реверс помогает выкрутить застрявшее сверло.',
    );

    // The product form sends the rows as they are: the server checks each by its kind.
    const rows = answer.characteristics.map((c) => ({ attributeId: c.attribute.id, value: c.formValue }));
    const product = { name: 'Дрель ударная DCK KZJ13', sku: answer.card.sku!.value, price: 5490, categoryId: 1, description: answer.card.description!.value };
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { ...product, attributes: rows }, headers: { cookie } });
    expectFieldErrors(refused, { 'attributes.5.value': ['Выберите «Да» или «Нет»'] });

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: { ...product, attributes: rows.map((r, i) => (i === 5 ? { ...r, value: 'Да' } : r)) },
      headers: { cookie },
    });
    expect(saved.statusCode).toBe(201);
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/products/${saved.json<{ id: number }>().id}` })).json<Product>();
    expect(Object.fromEntries(page.attributes!.map((a) => [a.name, [a.value, a.unit]]))).toEqual({
      Мощность: ['1100', 'Вт'],
      'Частота вращения': ['3000', 'об/мин'],
      'Частота ударов': ['48000', 'уд/мин'],
      Патрон: ['ключевой, 1,5–13 мм', null],
      Реверс: ['Да', null],
      'Регулировка оборотов': ['Да', null],
      'Класс защиты': ['II', null],
      Вес: ['2,1', 'кг'],
    });
  });

  it('fills an attribute once when two rows of the page name it, and reads values through the adapter\'s unit rules', async () => {
    const rows = await formCharacteristics(
      ctx.database.db,
      [
        { name: 'Мощность', value: '900W' },
        { name: 'Потребляемая мощность, Вт', value: '1100' },
        { name: 'Выходная мощность', value: '450W' },
      ],
      (text) => text.replace(/(\d)W\b/, '$1 Вт'),
    );
    expect(rows.map((r) => [r.attribute.name, r.attribute.unit, r.formValue])).toEqual([
      ['Мощность', 'Вт', '900'],
      ['Мощность', 'Вт', null],
      // A new attribute takes the unit the rules wrote.
      ['Выходная мощность', 'Вт', '450'],
    ]);
  });
});
