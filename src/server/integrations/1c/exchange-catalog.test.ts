import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LOGIN as LOGIN, EXCHANGE_1C_PASSWORD as PASSWORD, saveExchangeSettings } from '../../../../tests/helpers/exchange-1c.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { branchesBySlug } from '../../../../tests/helpers/branch-stock.ts';
import type { Exchange1cLogPage, Exchange1cSettingsView } from '#shared/schemas/exchange-1c.ts';
import type { SupplierCategoryRow } from '#shared/schemas/catalog-adapter.ts';
import { categories, categoryRules, products, productStock } from '../../db/schema.ts';
import { FIXTURES, OneC, exportZip, zipBytes } from './fixtures/one-c.ts';

let ctx: TestContext;
let admin: string;
let drillsCategoryId: number;
let branch: Awaited<ReturnType<typeof branchesBySlug>>;

const RETAIL = 'a1b2c3d4-0000-11e8-80c2-00155d0a6402';
const MAIN_STORE = 'd4e5f6a7-1111-11e8-80c2-00155d0a6402';
const ROSTOV_STORE = 'd4e5f6a8-2222-11e8-80c2-00155d0a6402';
const runJobs = () => ctx.app.jobs.drain();

const settingsView = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/exchange-1c', headers: { cookie: admin } })).json() as Exchange1cSettingsView;
const saveSettings = (body: Record<string, unknown>) => saveExchangeSettings(ctx, admin, body);
const logPage = async () => (await ctx.app.inject({ method: 'GET', url: '/api/admin/exchange-1c/log', headers: { cookie: admin } })).json() as Exchange1cLogPage;
const productBySku = async (sku: string) => (await ctx.database.db.select().from(products).where(eq(products.sku, sku)))[0];
const stockOf = async (productId: number) =>
  Object.fromEntries(
    (await ctx.database.db.select().from(productStock).where(eq(productStock.productId, productId))).filter((r) => r.quantity > 0).map((r) => [r.branchId, r.quantity]),
  );

async function signedIn(): Promise<OneC> {
  const oneC = new OneC(ctx.app, LOGIN, PASSWORD);
  expect(await oneC.checkauth()).toMatch(/^success\nexchange_1c\n[0-9a-f]{64}$/);
  expect(await oneC.init()).toMatch(/^zip=yes\nfile_limit=\d+$/);
  return oneC;
}

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  branch = await branchesBySlug(ctx.database.db);
  const db = ctx.database.db;
  // A product 1C will mark deleted (matched by its Артикул), and a rule mapping 1C's «Дрели».
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  drillsCategoryId = category!.id;
  await db.insert(products).values({ slug: 'staraya-drel-1c', name: 'Дрель снятая с производства', sku: 'OLD-1C-1', priceKopecks: 100_000, categoryId: drillsCategoryId, isActive: true });
  await db.insert(categoryRules).values({ kind: 'category', pattern: 'Электроинструмент / Дрели', categoryId: drillsCategoryId, supplierId: null });
  expect((await saveSettings({ password: PASSWORD })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('1C exchange: the catalogue', () => {
  it('takes a zip sent in three parts and imports import.xml and offers.xml, progress until success', async () => {
    const oneC = await signedIn();
    const zip = await exportZip();
    expect(await oneC.sendInParts('goods.zip', zip, 3)).toEqual(['success', 'success', 'success']);

    const catalog = await oneC.importUntilDone('import.xml', runJobs);
    expect(catalog.answers[0]).toBe('progress');
    expect(catalog.answers.at(-1)).toBe('success');
    const offers = await oneC.importUntilDone('offers.xml', runJobs);
    expect(offers.answers.at(-1)).toBe('success');

    const drill = await productBySku('KJZ06-13');
    expect(drill).toMatchObject({ name: 'Дрель ударная DCK KJZ06-13', exchange1cId: '5a1b2c3d-9e8f-11e8-80c2-00155d0a6402', supplier: 'DCK', brand: 'DCK', supplierCategory: 'Электроинструмент / Дрели', categoryId: drillsCategoryId, isActive: true, awaitingCategory: false });
    // The properties are characteristics now (exchange-characteristics.test.ts), not description text.
    expect(drill!.description).toBe('Ударная дрель для сверления кирпича и бетона.');
    expect(drill!.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(fs.existsSync(path.join(ctx.app.deps.config.dataDir, drill!.imageUrl!))).toBe(true);
    const screwdriver = await productBySku('PSR20-C2');
    // No rule maps «Шуруповёрты» yet: the product waits hidden in «Без категории».
    expect(screwdriver).toMatchObject({ supplier: 'P.I.T', brand: 'P.I.T', supplierCategory: 'Электроинструмент / Шуруповёрты', categoryId: null, awaitingCategory: true, isActive: false });
    expect(screwdriver!.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await productBySku('OLD-1C-1'))!.isActive).toBe(false);
    // No price type chosen yet: prices and stock wait for the settings.
    expect(drill!.priceKopecks).toBeNull();

    const adapter = (await ctx.app.inject({ method: 'GET', url: '/api/admin/catalog-adapter/supplier-categories', headers: { cookie: admin } })).json() as SupplierCategoryRow[];
    const groups = adapter.filter((row) => row.supplierCode === '1С').map((row) => [row.name, row.mapping?.categoryId ?? null]);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['Электроинструмент', null],
        ['Электроинструмент / Дрели', drillsCategoryId],
        ['Электроинструмент / Шуруповёрты', null],
        ['Расходные материалы', null],
      ]),
    );

    const view = await settingsView();
    expect(view.priceTypes).toEqual([
      { id: 'b2c3d4e5-0000-11e8-80c2-00155d0a6402', name: 'Оптовая' },
      { id: RETAIL, name: 'Розничная' },
    ]);
    expect(view.settings.warehouses).toEqual([
      { id: MAIN_STORE, name: 'Основной склад (Волгоград)', branchId: null },
      { id: ROSTOV_STORE, name: 'Склад Ростов-на-Дону', branchId: null },
    ]);
    const log = await logPage();
    const [offersStep, catalogStep] = log.items;
    expect(catalogStep).toMatchObject({ type: 'catalog', mode: 'import', files: ['import.xml'], status: 'success', counts: { created: 3, hidden: 1, pictures: 2, groups: 4 } });
    expect(offersStep).toMatchObject({ files: ['offers.xml'], status: 'success' });
    expect(offersStep!.errors).toEqual(
      expect.arrayContaining([
        'Не выбран тип цен в настройках обмена: цены не загружены',
        'Предложения с характеристиками (1) не поддерживаются: пропущены',
        'Склад «Основной склад (Волгоград)» не сопоставлен с филиалом: его остатки не загружены',
      ]),
    );
  });

  it('gives the chosen price type and the branch stock once staff map them; the other price type is ignored', async () => {
    const saved = await saveSettings({
      priceType: RETAIL,
      warehouses: [
        { id: MAIN_STORE, branchId: branch.volgograd!.id },
        { id: ROSTOV_STORE, branchId: branch['rostov-na-donu']!.id },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const oneC = await signedIn();
    // Without an archive this time: 1C sends the file as it is, in two parts, one of them with no content type.
    const offersXml = fs.readFileSync(path.join(FIXTURES, 'offers.xml'));
    oneC.contentType = 'text/xml';
    expect(await oneC.file('offers.xml', offersXml.subarray(0, 1000))).toBe('success');
    oneC.contentType = null;
    expect(await oneC.file('offers.xml', offersXml.subarray(1000))).toBe('success');
    expect((await oneC.importUntilDone('offers.xml', runJobs)).answers.at(-1)).toBe('success');

    const drill = (await productBySku('KJZ06-13'))!;
    expect(drill.priceKopecks).toBe(1_299_000);
    expect(drill.stock).toBe(8);
    expect(await stockOf(drill.id)).toEqual({ [branch.volgograd!.id]: 5, [branch['rostov-na-donu']!.id]: 3 });
    const screwdriver = (await productBySku('PSR20-C2'))!;
    expect(screwdriver.priceKopecks).toBe(849_050);
    expect(await stockOf(screwdriver.id)).toEqual({ [branch['rostov-na-donu']!.id]: 4 });
    // No warehouse named: the whole quantity is the head office's.
    const disc = (await productBySku('1C-DISK-125'))!;
    expect(disc.priceKopecks).toBe(8_900);
    expect(disc.stock).toBe(120);
    const [step] = (await logPage()).items;
    expect(step).toMatchObject({ files: ['offers.xml'], status: 'success', counts: { prices: 3, stock: 3, skipped: 1 } });
    expect(step!.errors).toEqual(['Предложения с характеристиками (1) не поддерживаются: пропущены']);
  });

  it('hides the 1C products a full export no longer lists only when 1C may hide products', async () => {
    const shortened = fs.readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8').replace(/<Товар>\s*<Ид>9e0f1a2b[\s\S]*?<\/Товар>/, '');
    const send = async () => {
      const oneC = await signedIn();
      expect(await oneC.file('import.xml', Buffer.from(shortened))).toBe('success');
      expect((await oneC.importUntilDone('import.xml', runJobs)).answers.at(-1)).toBe('success');
    };
    await ctx.database.db.update(products).set({ isActive: true }).where(eq(products.sku, '1C-DISK-125'));
    await send();
    expect((await productBySku('1C-DISK-125'))!.isActive).toBe(true);
    await saveSettings({ mayHide: true, priceType: RETAIL });
    await send();
    expect((await productBySku('1C-DISK-125'))!.isActive).toBe(false);
    expect((await productBySku('KJZ06-13'))!.isActive).toBe(true);
  });
});

describe('1C exchange: bad input is refused cleanly', () => {
  it('refuses a file name that climbs out of the exchange folder, and an unknown file to import', async () => {
    const oneC = await signedIn();
    for (const name of ['../evil.xml', 'import_files/../../evil.xml', '/etc/passwd', 'C:\\Windows\\evil.xml', 'a/./b.xml']) {
      expect(await oneC.file(name, Buffer.from('<x/>'))).toMatch(/^failure\nНедопустимое имя файла/);
    }
    expect(fs.existsSync(path.join(ctx.app.deps.config.dataDir, 'exchange-1c', 'evil.xml'))).toBe(false);
    expect(await oneC.import('price-list.xml')).toBe('failure\nНеизвестный файл обмена: price-list.xml. Принимаются import.xml и offers.xml');
    expect(await oneC.import('import.xml')).toBe('failure\nФайл import.xml не получен: сначала mode=file');
  });

  it('refuses broken XML with a Russian reason and changes nothing', async () => {
    const before = (await productBySku('KJZ06-13'))!;
    const oneC = await signedIn();
    const broken = fs.readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8').replace('Дрель ударная DCK KJZ06-13', 'Дрель изменённая').replace('</Товары>', '<Товар><Ид>x</Товар></Товары>');
    expect(await oneC.file('import.xml', Buffer.from(broken))).toBe('success');
    const { answers } = await oneC.importUntilDone('import.xml', runJobs);
    expect(answers.at(-1)).toMatch(/^failure\nimport\.xml: XML повреждён \(строка \d+, позиция \d+\)\. Проверьте, что файл выгружен полностью$/);
    expect((await productBySku('KJZ06-13'))!.name).toBe(before.name);
    expect((await logPage()).items[0]).toMatchObject({ files: ['import.xml'], status: 'failure' });
  });

  it('refuses a zip bomb and a zip whose entry climbs out of the folder, writing nothing', async () => {
    const bomb = new yazl.ZipFile();
    bomb.addBuffer(Buffer.alloc(64 * 1024 * 1024), 'import.xml');
    const bombBytes = await zipBytes(bomb);
    let oneC = await signedIn();
    expect(await oneC.file('bomb.zip', bombBytes)).toBe('success');
    expect(await oneC.import('import.xml')).toBe('failure\nАрхив отклонён: файл import.xml сжат подозрительно сильно (похоже на zip-бомбу)');
    const folder = path.join(ctx.app.deps.config.dataDir, 'exchange-1c', 'catalog');
    expect(fs.existsSync(path.join(folder, 'import.xml'))).toBe(false);

    // yazl refuses to write `../` itself: the name is changed in the archive's bytes, as an attacker would.
    const climbing = new yazl.ZipFile();
    climbing.addBuffer(Buffer.from('<x/>'), 'xx/evil.xml');
    const bytes = await zipBytes(climbing);
    const patched = Buffer.from(bytes.toString('latin1').replaceAll('xx/evil.xml', '../evil.xml'), 'latin1');
    oneC = await signedIn();
    expect(await oneC.file('goods.zip', patched)).toBe('success');
    expect(await oneC.import('import.xml')).toBe('failure\nАрхив отклонён: недопустимое имя файла ../evil.xml');
    expect(fs.existsSync(path.join(folder, '..', 'evil.xml'))).toBe(false);
  });

  it('refuses a bomb of many small files, each under the size whose ratio is judged alone', async () => {
    const bomb = new yazl.ZipFile();
    for (let i = 0; i < 60; i++) bomb.addBuffer(Buffer.alloc(1024 * 1024 - 1), `import_files/part-${i}.xml`);
    const bombBytes = await zipBytes(bomb);
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
    const oneC = await signedIn();
    expect(await oneC.file('bomb.zip', bombBytes)).toBe('success');
    expect(await oneC.import('import.xml')).toBe('failure\nАрхив отклонён: файлы сжаты подозрительно сильно (похоже на zip-бомбу)');
    expect(fs.existsSync(path.join(ctx.app.deps.config.dataDir, 'exchange-1c', 'catalog', 'import_files'))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it("refuses a stranger's upload before reading its body: an endless one is answered, and the shop goes on", async () => {
    // 20 MB announced, a first kilobyte sent, the rest never comes: only a refusal made before reading can answer.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(1024, 0x41));
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/1c/exchange?type=catalog&mode=file&filename=import.xml',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(20 * 1024 * 1024) },
      payload: endless,
    });
    expect(answer.body).toBe('failure\nНет сеанса обмена: сначала mode=checkauth (или сеанс истёк)');
    endless.destroy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a wrong password, a call without the session cookie and an exchange switched off', async () => {
    const wrong = new OneC(ctx.app, LOGIN, 'не тот пароль');
    expect(await wrong.checkauth()).toBe('failure\nНеверный логин или пароль обмена');
    const stranger = new OneC(ctx.app, LOGIN, PASSWORD);
    expect(await stranger.init()).toBe('failure\nНет сеанса обмена: сначала mode=checkauth (или сеанс истёк)');
    expect(await stranger.file('import.xml', Buffer.from('<x/>'))).toBe('failure\nНет сеанса обмена: сначала mode=checkauth (или сеанс истёк)');
    const oneC = await signedIn();
    await saveSettings({ enabled: false });
    expect(await oneC.init()).toBe('failure\nОбмен с 1С выключен');
    await saveSettings({ enabled: true });
  });

  it('stops trying passwords after ten failures from one address', async () => {
    const guesser = new OneC(ctx.app, LOGIN, 'подбор');
    for (let i = 0; i < 10; i++) await guesser.checkauth();
    expect(await guesser.checkauth()).toMatch(/^failure\nСлишком много неудачных попыток входа\. Повторите через \d+ минут/);
    expect(await new OneC(ctx.app, LOGIN, PASSWORD).checkauth()).toMatch(/^failure\nСлишком много/);
    ctx.clock.advance(16 * 60 * 1000);
    expect(await new OneC(ctx.app, LOGIN, PASSWORD).checkauth()).toMatch(/^success\n/);
  });
});
