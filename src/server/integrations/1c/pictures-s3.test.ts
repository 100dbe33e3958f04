import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/connection.ts';
import { openTestDatabase } from '../../../../tests/helpers/test-app.ts';
import { testConfig } from '../../../../tests/helpers/test-config.ts';
import { startS3, type S3StandIn } from '../../../../tests/stand-ins/s3.ts';
import { storeExchangePicture } from './pictures.ts';

/** The pictures 1C sends, with S3_* set (docs/decisions/039): converted, stored in the bucket once. */

let s3: S3StandIn;
let database: Database;
let folder: string;
beforeAll(async () => {
  s3 = await startS3();
  database = await openTestDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-1c-pictures-'));
  fs.mkdirSync(path.join(folder, 'import_files'));
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer();
  fs.writeFileSync(path.join(folder, 'import_files', 'drill.png'), png);
});
afterAll(async () => {
  await s3.stop();
  await database.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('storeExchangePicture into the bucket', () => {
  it('stores the picture as WebP under S3_PUBLIC_URL, and the same file sent again is not stored twice', async () => {
    const config = testConfig(s3.env());
    const first = await storeExchangePicture(database.db, config, folder, 'import_files/drill.png');
    expect(first).toEqual({ url: expect.stringMatching(new RegExp(`^${s3.publicUrl}/[0-9a-f]{32}\\.webp$`)) });
    const { url } = first as { url: string };
    expect(s3.objects.get(url.slice(s3.publicUrl.length + 1))!.contentType).toBe('image/webp');
    const puts = s3.requests.filter((r) => r.method === 'PUT').length;
    expect(await storeExchangePicture(database.db, config, folder, 'import_files/drill.png')).toEqual({ url });
    expect(s3.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
  });

  it('reports a bucket that refuses the key for that picture; the product goes on without it', async () => {
    fs.writeFileSync(path.join(folder, 'import_files', 'saw.png'), await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } }).png().toBuffer());
    const result = await storeExchangePicture(database.db, testConfig({ ...s3.env(), S3_ACCESS_KEY_ID: 'YCAJEwrong' }), folder, 'import_files/saw.png');
    expect(result).toEqual({
      message: 'Картинка import_files/saw.png: не удалось сохранить картинку в хранилище S3: хранилище не приняло ключ доступа. Сообщите администратору: проверьте S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY',
    });
  });
});
