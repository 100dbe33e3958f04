import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange1cPictures, products, scrapedItems } from '#server/db/schema.ts';
import { S3_NOT_CONFIGURED, movePicturesToS3 } from '#server/flows/pictures-to-s3.ts';
import type { BackupFile, BackupOverview, Product } from '#shared/types.ts';
import { firstCategoryIds } from '../../../tests/helpers/catalog-ids.ts';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createAdminTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { testConfig } from '../../../tests/helpers/test-config.ts';
import { startS3, type S3StandIn } from '../../../tests/stand-ins/s3.ts';
import { deleteStoredPicture, pictureStore } from './picture-store.ts';

/** Pictures in S3-compatible object storage (issue 29, docs/decisions/039), against the local stand-in. */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-'));

function upload(ctx: TestContext, cookie: string, content: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----shoppicturesboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/admin/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie } });
}

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('with S3_* set, pictures go to the bucket', () => {
  let ctx: TestContext;
  let admin: string;
  let dataDir: string;
  let categoryId: number;

  beforeAll(async () => {
    dataDir = tempDataDir();
    ({ ctx, admin } = await createAdminTestApp({ DATA_DIR: dataDir, ...s3.env() }, { ssr: sourceSsr() }));
    [categoryId] = await firstCategoryIds(ctx.database.db, 1);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an upload is stored in the bucket, never on the disk, and the product page shows it from S3_PUBLIC_URL', async () => {
    const res = await upload(ctx, admin, PNG);
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${s3.publicUrl}/[0-9a-f]{32}\\.png$`));
    const object = s3.objects.get(keyOf(url))!;
    expect(object.body.equals(PNG)).toBe(true);
    expect(object.contentType).toBe('image/png');
    expect(object.cacheControl).toContain('max-age=31536000');
    expect(fs.existsSync(path.join(dataDir, 'uploads', keyOf(url)))).toBe(false);
    // What a visitor's browser does: reads the picture from the bucket's public address.
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'Шуруповёрт DCK KDJZ20 с картинкой в хранилище', sku: 'S3-PICTURE-1', price: 4990, categoryId, imageUrl: url, isActive: true },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<Product>();
    expect(product.imageUrl).toBe(url);
    const page = await ctx.app.inject({ url: `/product/${product.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="${url}"`);
    const imgSrc = /img-src ([^;]+)/.exec(String(page.headers['content-security-policy']))![1]!.split(' ');
    expect(imgSrc).toContain(new URL(s3.publicUrl).origin);
  });

  it('a deleted picture (a discarded scraper card) leaves the bucket; one stored on the disk before the switch leaves the disk', async () => {
    const first = (await upload(ctx, admin, PNG)).json<{ url: string }>().url;
    const second = (await upload(ctx, admin, JPEG, 'photo.jpg', 'image/jpeg')).json<{ url: string }>().url;
    expect(second).toMatch(/\.jpg$/);
    await deleteStoredPicture(ctx.app.deps.config, first);
    expect(s3.objects.has(keyOf(first))).toBe(false);
    expect(s3.objects.has(keyOf(second))).toBe(true);
    expect((await fetch(first)).status).toBe(404);

    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'old0picture.png'), PNG);
    await deleteStoredPicture(ctx.app.deps.config, '/uploads/old0picture.png');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'old0picture.png'))).toBe(false);
    // Another site's picture is not the shop's to delete.
    await deleteStoredPicture(ctx.app.deps.config, 'https://dck-tools.example/p.jpg');
  });

  it('a backup says the pictures are not in it but in the bucket: on the screen, beside the copy', async () => {
    const made = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(made.statusCode).toBe(201);
    const file = made.json<BackupFile>();
    const pictures = { storage: 's3', bucket: s3.bucket, publicUrl: s3.publicUrl };
    expect(file.pictures).toEqual(pictures);
    const overview = (await ctx.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } })).json<BackupOverview>();
    expect(overview.pictures).toEqual(pictures);
    expect(overview.backups.find((b) => b.name === file.name)?.pictures).toEqual(pictures);
    const description = JSON.parse(fs.readFileSync(path.join(dataDir, 'backups', `${file.name}.json`), 'utf8')) as { note: string };
    expect(description.note).toBe(
      `Картинки товаров не входят в копию: они хранятся в объектном хранилище, в корзине «${s3.bucket}» (${s3.publicUrl}), и остаются там.`,
    );
  });
});

describe('a bucket that refuses the access key', () => {
  let ctx: TestContext;
  let admin: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDataDir();
    ({ ctx, admin } = await createAdminTestApp({ DATA_DIR: dataDir, ...s3.env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells staff in Russian what to check and stores nothing anywhere', async () => {
    const before = s3.objects.size;
    const res = await upload(ctx, admin, PNG);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Не удалось сохранить картинку в хранилище S3: хранилище не приняло ключ доступа. Сообщите администратору: проверьте S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY',
    });
    expect(s3.objects.size).toBe(before);
    expect(fs.existsSync(path.join(dataDir, 'uploads')) ? fs.readdirSync(path.join(dataDir, 'uploads')) : []).toEqual([]);
  });

  it('an unknown key id is refused the same way', async () => {
    await expect(pictureStore(testConfig({ DATA_DIR: dataDir, ...s3.env(), S3_ACCESS_KEY_ID: 'YCAJEunknown' })).put('a1.png', PNG, 'image/png')).rejects.toThrow(
      'хранилище не приняло ключ доступа',
    );
  });
});

describe('npm run pictures:to-s3', () => {
  let ctx: TestContext;
  let admin: string;
  let dataDir: string;
  let categoryId: number;

  beforeAll(async () => {
    dataDir = tempDataDir();
    ({ ctx, admin } = await createAdminTestApp({ DATA_DIR: dataDir }));
    [categoryId] = await firstCategoryIds(ctx.database.db, 1);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const s3Config = () => testConfig({ DATA_DIR: dataDir, ...s3.env() });
  const productWith = async (sku: string, imageUrl: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: admin }, payload: { name: `Лобзик DCK ${sku}`, sku, price: 3990, categoryId, imageUrl } });
    expect(res.statusCode).toBe(201);
    return res.json<Product>().id;
  };
  const imageOf = async (id: number) => (await ctx.database.db.select({ url: products.imageUrl }).from(products).where(eq(products.id, id)))[0]!.url;

  it('without S3 the shop keeps pictures on the disk and the backups screen says to keep that folder', async () => {
    const res = await upload(ctx, admin, PNG);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.readFileSync(path.join(dataDir, url)).equals(PNG)).toBe(true);
    const overview = (await ctx.app.inject({ url: '/api/admin/backups', headers: { cookie: admin } })).json<BackupOverview>();
    expect(overview.pictures).toEqual({ storage: 'disk' });
    fs.rmSync(path.join(dataDir, url));
  });

  it('refuses to run without the S3 settings', async () => {
    await expect(movePicturesToS3(ctx.database.db, ctx.app.deps.config)).rejects.toThrow(S3_NOT_CONFIGURED);
  });

  it('moves the pictures on the disk to the bucket and rewrites every stored address; a second run changes nothing', async () => {
    const drill = (await upload(ctx, admin, PNG)).json<{ url: string }>().url;
    const scraped = (await upload(ctx, admin, JPEG, 'photo.jpg', 'image/jpeg')).json<{ url: string }>().url;
    const productId = await productWith('MOVE-1', drill);
    const lostId = await productWith('MOVE-2', '/uploads/0123456789abcdef0123456789abcdef.webp');
    const [item] = await ctx.database.db
      .insert(scrapedItems)
      .values({ url: 'https://dck-tools.example/p/1', status: 'extracted', data: { page: { pictures: [{ source: 'https://dck-tools.example/1.jpg', url: scraped }] } } })
      .returning({ id: scrapedItems.id });
    await ctx.database.db.insert(exchange1cPictures).values({ sha256: 'a'.repeat(64), url: drill });

    const counts = await movePicturesToS3(ctx.database.db, s3Config());
    expect(counts).toEqual({ uploaded: 2, alreadyInBucket: 0, products: 1, scrapedItems: 1, exchangePictures: 1, missing: 1, removedFromDisk: 2 });
    expect(await imageOf(productId)).toBe(`${s3.publicUrl}/${keyOf(drill)}`);
    expect(await imageOf(lostId)).toBe('/uploads/0123456789abcdef0123456789abcdef.webp');
    expect(s3.objects.get(keyOf(drill))!.body.equals(PNG)).toBe(true);
    expect(s3.objects.get(keyOf(scraped))!.contentType).toBe('image/jpeg');
    const [card] = await ctx.database.db.select({ data: scrapedItems.data }).from(scrapedItems).where(eq(scrapedItems.id, item!.id));
    expect(card!.data).toEqual({ page: { pictures: [{ source: 'https://dck-tools.example/1.jpg', url: `${s3.publicUrl}/${keyOf(scraped)}` }] } });
    const [remembered] = await ctx.database.db.select({ url: exchange1cPictures.url }).from(exchange1cPictures).where(eq(exchange1cPictures.sha256, 'a'.repeat(64)));
    expect(remembered!.url).toBe(`${s3.publicUrl}/${keyOf(drill)}`);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);

    const again = await movePicturesToS3(ctx.database.db, s3Config());
    expect(again).toEqual({ uploaded: 0, alreadyInBucket: 0, products: 0, scrapedItems: 0, exchangePictures: 0, missing: 1, removedFromDisk: 0 });
  });

  it('finishes a run that stopped after writing to the bucket, without writing again', async () => {
    const url = (await upload(ctx, admin, PNG)).json<{ url: string }>().url;
    const productId = await productWith('MOVE-3', url);
    s3.objects.set(keyOf(url), { body: PNG, contentType: 'image/png', cacheControl: null, etag: '"x"' });
    const puts = s3.requests.filter((r) => r.method === 'PUT').length;

    const counts = await movePicturesToS3(ctx.database.db, s3Config());
    expect(counts).toMatchObject({ uploaded: 0, alreadyInBucket: 1, products: 1, removedFromDisk: 1 });
    expect(s3.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
    expect(await imageOf(productId)).toBe(`${s3.publicUrl}/${keyOf(url)}`);
  });

  it('changes no address when the bucket refuses, and keeps the files', async () => {
    const url = (await upload(ctx, admin, PNG)).json<{ url: string }>().url;
    const productId = await productWith('MOVE-4', url);
    await expect(movePicturesToS3(ctx.database.db, testConfig({ DATA_DIR: dataDir, ...s3.env(), S3_SECRET_ACCESS_KEY: 'wrong' }))).rejects.toThrow(
      'Не удалось проверить картинку в хранилище S3: хранилище отказало в доступе к корзине «shop-pictures»',
    );
    expect(await imageOf(productId)).toBe(url);
    expect(fs.existsSync(path.join(dataDir, url))).toBe(true);
  });
});
