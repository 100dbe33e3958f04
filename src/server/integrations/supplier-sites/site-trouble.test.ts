import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsPage, RunView } from '#shared/schemas/mass-scraper.ts';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';
import { closedPort } from '../../../../tests/helpers/local-server.ts';
import { SUPPLIER_PAGES, startSupplierSite } from '../../../../tests/helpers/supplier-site.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { startRun } from './mass/run-service.ts';

/**
 * Both scrapers when the site is out of reach (the shop says it could not get through, not that
 * the link is wrong), and a dealer's page read as a person reads it.
 */

let ctx: TestContext;
let site: Awaited<ReturnType<typeof startSupplierSite>>;
let cookie: string;
/** A port nothing listens on: the connection is refused. */
let closedOrigin: string;

beforeAll(async () => {
  site = await startSupplierSite();
  const gonePort = await closedPort();
  closedOrigin = `http://127.0.0.1:${gonePort}`;
  ctx = await createTestApp({ FETCH_ALLOW: `${new URL(site.origin).host},127.0.0.1:${gonePort}` });
  cookie = await ctx.login();
});
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const extract = (url: string) => ctx.app.inject({ method: 'POST', url: '/api/admin/web-scraper/extract', payload: { url }, headers: { cookie } });
const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json<T>();

const REFUSED = 'Магазин не смог связаться с сайтом 127.0.0.1: сайт не принимает соединения';

describe('a site the shop cannot reach', () => {
  it('«Товар по ссылке» says the shop could not reach the site, not that the link is wrong', async () => {
    const res = await extract(`${closedOrigin}/catalog/kzc26/`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: REFUSED, errors: { url: [REFUSED] } });
  });

  it('«Массовая загрузка» fails each page with the same reason, without robots.txt jargon', async () => {
    const urls = [`${closedOrigin}/catalog/kzc26/`, `${closedOrigin}/catalog/kzc32/`];
    const { id } = await startRun(ctx.database.db, ctx.app.jobs, { source: { kind: 'list', urls }, delayMs: 20 }, null);
    await ctx.app.jobs.drain();
    expect((await get<RunView>(`/api/admin/mass-scraper/runs/${id}`)).counts).toMatchObject({ failed: 2, extracted: 0 });
    const failed = await get<ItemsPage>(`/api/admin/mass-scraper/runs/${id}/items?status=failed`);
    expect(failed.items.map((item) => item.message)).toEqual([REFUSED, REFUSED]);
  });
});

describe('a dealer’s page as its shop writes it', () => {
  it('keeps the «Характеристики» table beside the one microdata property, leaves the product out of the trail and the SEO text out of the short description', async () => {
    const res = await extract(site.url(SUPPLIER_PAGES.dealerShop.path));
    expect(res.statusCode).toBe(200);
    const { card } = res.json<ScrapeResult>();
    expect(card.name).toEqual({ value: 'Перфоратор DCK KZC26 SDS-plus, 800 Вт, 2,6 Дж', source: 'microdata' });
    expect(card.breadcrumbs).toEqual({ value: ['Каталог', 'Электроинструмент', 'Перфораторы'], source: 'page' });
    expect(card.specs?.value).toEqual([
      { name: 'Гарантия', value: '12 месяцев' },
      { name: 'Мощность', value: '800 Вт' },
      { name: 'Энергия удара', value: '2,6 Дж' },
      { name: 'Патрон', value: 'SDS-plus' },
      { name: 'Частота ударов', value: '0–4500 уд/мин' },
      { name: 'Масса', value: '2,8 кг' },
    ]);
    expect(card.shortDescription).toEqual({
      value: 'Сетевой перфоратор DCK KZC26 с патроном SDS-plus сверлит отверстия в бетоне и кирпиче диаметром до 26 мм и долбит в режиме отбойного молотка.',
      source: 'microdata',
    });
  });
});
