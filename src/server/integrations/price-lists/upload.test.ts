import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES } from '#shared/schemas/supplier-import.ts';
import { MAX_XML_DEPTH } from '#server/core/xml-stream.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { fixture, importerApi, multipart } from '../../../../tests/helpers/supplier-import.ts';
import { closedPort, listenLocally } from '../../../../tests/helpers/local-server.ts';

/**
 * Getting a price list in: uploads streamed to disk (50 MB at most), addresses fetched by the
 * server, and everything that is refused with a Russian message and leaves no file behind.
 */

let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let feedSite: Awaited<ReturnType<typeof listenLocally>>;
let feedUrl: string;
let closedUrl: string;
let dckId: number;

const storedFiles = () => (fs.existsSync(path.join(dataDir, 'imports')) ? fs.readdirSync(path.join(dataDir, 'imports')) : []);

beforeAll(async () => {
  // A supplier's site with the feed, and the port of one that has gone away.
  feedSite = await listenLocally((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    fs.createReadStream(fixture('feed.yml')).pipe(response);
  });
  const gonePort = await closedPort();
  feedUrl = `${feedSite.origin}/feed.yml`;
  closedUrl = `http://127.0.0.1:${gonePort}/price.yml`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-import-upload-'));
  ctx = await createTestApp({ DATA_DIR: dataDir, FETCH_ALLOW: `127.0.0.1:${feedSite.port},127.0.0.1:${gonePort}` });
  api = importerApi(ctx, await ctx.login());
  dckId = (await api.supplier('DCK')).id;
});

afterAll(async () => {
  await ctx.close();
  await feedSite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('a file is streamed to the imports folder and previewed', async () => {
    const detail = await api.upload(dckId, fixture('dck-price-1251.csv'));
    expect(detail).toMatchObject({ status: 'uploaded', supplierName: 'DCK', fileName: 'dck-price-1251.csv', trigger: 'manual', counts: null, canRollBack: false });
    expect(detail.preview).toMatchObject({ format: 'csv', encoding: 'windows-1251', delimiter: ';' });
    expect(storedFiles()).toHaveLength(1);
  });

  it('a file over 50 MB is refused with 413 and nothing is kept', async () => {
    const before = storedFiles().length;
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const big = new Readable({
      read() {
        sent += chunk.length;
        this.push(sent > MAX_IMPORT_FILE_BYTES + 2 * chunk.length ? null : chunk);
      },
    });
    const form = multipart([
      { name: 'supplierId', value: String(dckId) },
      { name: 'file', fileName: 'huge.csv', content: big },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/supplier-imports', payload: form.payload, headers: { ...form.headers, cookie: api.cookie } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Файл больше 50 МБ' });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a request without a file, without a supplier, an unknown supplier and an empty file', async () => {
    const before = storedFiles().length;
    const noFile = multipart([{ name: 'supplierId', value: String(dckId) }]);
    const res1 = await ctx.app.inject({ method: 'POST', url: '/api/admin/supplier-imports', payload: noFile.payload, headers: { ...noFile.headers, cookie: api.cookie } });
    expect(res1.statusCode).toBe(400);
    expect(res1.json().message).toBe('Выберите файл прайс-листа');

    const noSupplier = multipart([{ name: 'file', fileName: 'x.csv', content: Buffer.from('Артикул;Цена\nA1;100\n') }]);
    const res2 = await ctx.app.inject({ method: 'POST', url: '/api/admin/supplier-imports', payload: noSupplier.payload, headers: { ...noSupplier.headers, cookie: api.cookie } });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().errors.supplierId).toEqual(['Выберите поставщика']);

    const unknown = await api.uploadRaw(999999, fixture('dck-price-1251.csv'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Поставщик не найден');

    const emptyPath = path.join(dataDir, 'empty.csv');
    fs.writeFileSync(emptyPath, '');
    const empty = await api.uploadRaw(dckId, emptyPath);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Файл пустой');
    expect(storedFiles()).toHaveLength(before);
  });

  it('a file read in a wrong encoding is refused with the reason; an unknown encoding is a bad request', async () => {
    const before = storedFiles().length;
    const wrong = await api.uploadRaw(dckId, fixture('dck-price-1251.csv'), { encoding: 'utf-8' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('В файле есть байты не в кодировке UTF-8: сохраните его целиком в UTF-8 или Windows-1251');
    expect(storedFiles()).toHaveLength(before);
    const badOption = await api.uploadRaw(dckId, fixture('dck-price-1251.csv'), { encoding: 'koi8' });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().errors.encoding).toEqual(['Кодировка: UTF-8 или Windows-1251']);
  });

  it('a broken file is refused with 422 and its reason, and not kept', async () => {
    const before = storedFiles().length;
    for (const name of ['broken.xlsx', 'broken.yml']) {
      const res = await api.uploadRaw(dckId, fixture(name));
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toMatch(/[а-яё]/i);
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('a feed nested without end is refused at once, and the shop keeps answering meanwhile', async () => {
    const depth = 80_000;
    const deep = path.join(dataDir, 'deep.yml');
    fs.writeFileSync(deep, `<?xml version="1.0" encoding="UTF-8"?><yml_catalog><shop>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}<offers/></shop></yml_catalog>`);
    const [res, health] = await Promise.all([api.uploadRaw(dckId, deep), ctx.app.inject({ url: '/api/health' })]);
    expect(health.statusCode).toBe(200);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`Файл не похож на YML-прайс-лист: элементы вложены глубже ${MAX_XML_DEPTH} уровней. Проверьте, что это выгрузка в формате YML`);
    fs.rmSync(deep);
  });
});

describe('addresses', () => {
  it('a feed at an address is fetched by the server and previewed', async () => {
    const res = await api.inject('POST', '/api/admin/supplier-imports', { supplierId: dckId, url: feedUrl });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'uploaded', sourceUrl: feedUrl, fileName: 'feed.yml', preview: { format: 'yml', totalRows: 300 } });
  });

  it('an address that does not answer, a private address and a bad address get Russian reasons', async () => {
    const before = storedFiles().length;
    const closed = await api.inject('POST', '/api/admin/supplier-imports', { supplierId: dckId, url: closedUrl });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toMatch(/[а-яё]/i);

    const privateAddress = await api.inject('POST', '/api/admin/supplier-imports', { supplierId: dckId, url: 'http://10.0.0.1/price.csv' });
    expect(privateAddress.statusCode).toBe(422);
    expect(privateAddress.json().message).toMatch(/[а-яё]/i);

    const bad = await api.inject('POST', '/api/admin/supplier-imports', { supplierId: dckId, url: 'ftp://example.ru/price.csv' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Укажите адрес, начинающийся с http:// или https://');
    expect(storedFiles()).toHaveLength(before);
  });
});
