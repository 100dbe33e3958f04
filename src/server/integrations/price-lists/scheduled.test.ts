import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { fixture, importerApi } from '../../../../tests/helpers/supplier-import.ts';
import { listenLocally } from '../../../../tests/helpers/local-server.ts';
import { enqueueDueImports, removeOldFiles } from './scheduler.ts';

/**
 * Scheduled imports: a supplier's feed fetched daily at its time (Moscow), checked against its
 * limits, applied or refused, and the result mailed to the shop; each day's run is taken once.
 */

let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let site: Awaited<ReturnType<typeof listenLocally>>;
let base: string;
/** What the supplier's site answers at /feed.yml: the feed as it is, with prices raised, or nothing. */
let answer: 'feed' | 'raised' | 'missing' = 'feed';

const feed = fs.readFileSync(fixture('feed.yml'), 'utf8');
const raisedFeed = feed.replace(/<price>(\d+)<\/price>/g, (_m, price: string) => `<price>${Math.round(Number(price) * 1.5)}</price>`);

/** 05:59 and 06:01 in Moscow on the given day of November 2026 (UTC+3). */
const moscow = (day: number, time: string) => new Date(`2026-11-${String(day).padStart(2, '0')}T${time}:00+03:00`);
const due = () => enqueueDueImports({ db: ctx.database.db, jobs: ctx.app.jobs }, ctx.clock.now());

/** The clock set to this time, with no mail yet: one import falls due and runs; the supplier's imports, newest first. */
async function scheduledRun(day: number, time: string, supplierId: number) {
  ctx.clock.set(moscow(day, time));
  ctx.mails.length = 0;
  expect(await due()).toHaveLength(1);
  await ctx.app.jobs.drain();
  return (await api.inject('GET', `/api/admin/supplier-imports?supplierId=${supplierId}`)).json().imports;
}

beforeAll(async () => {
  site = await listenLocally((_request, response) => {
    if (answer === 'missing') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(answer === 'feed' ? feed : raisedFeed);
  });
  base = site.origin;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-import-schedule-'));
  ctx = await createTestApp({ DATA_DIR: dataDir, FETCH_ALLOW: `127.0.0.1:${site.port}` });
  api = importerApi(ctx, await ctx.login());
});

afterAll(async () => {
  await ctx.close();
  await site.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a daily import from the supplier’s feed', () => {
  let supplierId: number;

  it('runs at its time, once, applies the feed with the saved choices and mails the result', async () => {
    ctx.clock.set(moscow(24, '05:59'));
    const supplier = await api.createSupplier('FEED', 'Фид ДЦК');
    supplierId = supplier.id;
    await api.patchSupplier(supplierId, { sourceUrl: `${base}/feed.yml`, scheduleTime: '06:00', settings: { newProducts: 'active' } });
    expect(await due()).toEqual([]);

    ctx.clock.set(moscow(24, '06:01'));
    ctx.mails.length = 0;
    expect(await due()).toHaveLength(1);
    // Another look (or another process) finds the day's run taken.
    expect(await due()).toEqual([]);
    await ctx.app.jobs.drain();

    const { imports } = (await api.inject('GET', `/api/admin/supplier-imports?supplierId=${supplierId}`)).json();
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ trigger: 'schedule', status: 'applied', sourceUrl: `${base}/feed.yml`, fileName: 'feed.yml', counts: { create: 299, error: 1 } });
    const created = await ctx.database.db.select().from(products).where(eq(products.supplier, 'FEED'));
    expect(created).toHaveLength(299);
    expect(ctx.mails).toHaveLength(1);
    expect(ctx.mails[0]!.to).toBe('info@prof-instrument.ru');
    expect(ctx.mails[0]!.subject).toMatch(/^Импорт прайс-листа «Фид ДЦК»: применён/);
    expect(ctx.mails[0]!.text).toContain('Новых товаров: 299');
    expect(ctx.mails[0]!.text).toContain('http://shop.test/admin/supplier-importer');
  });

  it('refuses a feed that changes more prices than the limit allows, and says why', async () => {
    answer = 'raised';
    const imports = await scheduledRun(25, '06:01', supplierId);
    expect(imports[0]).toMatchObject({
      trigger: 'schedule',
      status: 'refused',
      message: 'Отклонён автоматически: цена меняется у 100 % товаров (299 из 299), допустимо не больше 30 %',
      canRollBack: false,
    });
    const [product] = await ctx.database.db.select().from(products).where(eq(products.supplierSku, '100000'));
    expect(product!.priceKopecks).toBe(1_739_000);
    expect(ctx.mails).toHaveLength(1);
    expect(ctx.mails[0]!.subject).toMatch(/: отклонён/);
    expect(ctx.mails[0]!.text).toContain('цена меняется у 100 % товаров');
  });

  it('a feed that does not answer is a failed import, mailed too', async () => {
    answer = 'missing';
    const imports = await scheduledRun(26, '06:01', supplierId);
    expect(imports[0]).toMatchObject({ trigger: 'schedule', status: 'failed', fileName: 'feed.yml', counts: null });
    expect(imports[0].message).toMatch(/404/);
    const detail = await api.detail(imports[0].id);
    expect(detail.preview).toEqual({ format: 'yml', headers: [], rows: [], guessedMapping: {}, totalRows: 0 });
    expect(ctx.mails).toHaveLength(1);
    expect(ctx.mails[0]!.subject).toMatch(/: ошибка/);
  });
});

describe('limits on disappearing products', () => {
  it('refuses a list that lacks more of the supplier’s products than allowed', async () => {
    answer = 'feed';
    ctx.clock.set(moscow(26, '07:00'));
    const dck = await api.supplier('DCK');
    await api.patchSupplier(dck.id, { sourceUrl: `${base}/dck.yml`, scheduleTime: '07:30', settings: { absent: 'hide' } });
    const imports = await scheduledRun(26, '07:31', dck.id);
    expect(imports[0]).toMatchObject({
      status: 'refused',
      message: 'Отклонён автоматически: в прайс-листе нет 100 % товаров поставщика (136 из 136), допустимо не больше 10 %',
    });
    const hidden = await ctx.database.db.select().from(products).where(eq(products.supplier, 'DCK'));
    expect(hidden.filter((p) => p.isActive)).toHaveLength(133);
    expect(ctx.mails[0]!.subject).toMatch(/«DCK»: отклонён/);
  });
});

describe('stored files', () => {
  it('a file not applied is kept a week for another look, then removed', async () => {
    ctx.clock.set(moscow(27, '10:00'));
    // A staff session lasts 12 hours at most: the administrator logs in on the day.
    const api = importerApi(ctx, await ctx.login());
    const supplier = await api.supplier('P.I.T');
    const imp = await api.upload(supplier.id, fixture('pit-price.xlsx'));
    const deps = { db: ctx.database.db, config: ctx.app.deps.config };
    expect(await removeOldFiles(deps, moscow(30, '10:00'))).toBe(0);
    expect(await removeOldFiles(deps, new Date(moscow(27, '10:00').getTime() + 8 * 24 * 60 * 60 * 1000))).toBeGreaterThan(0);
    const res = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: imp.options.mapping, pricing: imp.options.pricing });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Файл прайс-листа больше не хранится: загрузите его снова' });
  });
});
