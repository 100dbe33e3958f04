import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange1cPictures, products, scrapedItems } from '#server/db/schema.ts';
import type { BackupOverview, Product } from '#shared/types.ts';
import { firstCategoryIds } from '../tests/helpers/catalog-ids.ts';
import { JPEG, PNG, uploadPicture as upload } from '../tests/helpers/pictures.ts';
import { createAdminTestApp, type TestContext } from '../tests/helpers/test-app.ts';
import { testConfig } from '../tests/helpers/test-config.ts';
import { startS3, type S3StandIn } from '../tests/stand-ins/s3.ts';
import { S3_NOT_CONFIGURED, movePicturesToS3 } from './pictures-to-s3.ts';

/** `npm run pictures:to-s3` (docs/decisions/039) against the local S3 stand-in. */

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('npm run pictures:to-s3', () => {
  let ctx: TestContext;
  let admin: string;
  let dataDir: string;
  let categoryId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-move-'));
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
