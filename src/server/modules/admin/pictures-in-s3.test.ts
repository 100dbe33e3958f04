import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupFile, BackupOverview, Product } from '#shared/types.ts';
import { deleteStoredPicture, pictureStore } from '#server/core/picture-store.ts';
import { firstCategoryIds } from '../../../../tests/helpers/catalog-ids.ts';
import { sourceSsr } from '../../../../tests/helpers/ssr-source.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { testConfig } from '../../../../tests/helpers/test-config.ts';
import { startS3, type S3StandIn } from '../../../../tests/stand-ins/s3.ts';
import { JPEG, PNG, uploadPicture as upload } from '../../../../tests/helpers/pictures.ts';

/** Pictures in S3-compatible object storage (issue 29, docs/decisions/039), against the local stand-in. */

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-'));

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
    // With the closed bucket configured too, the copy and its description are kept there (decision 039).
    const description = JSON.parse(s3.privateObjects.get(`backups/${file.name}.json`)!.body.toString('utf8')) as { note: string };
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
