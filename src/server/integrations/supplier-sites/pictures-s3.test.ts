import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/helpers/test-config.ts';
import { startS3, type S3StandIn } from '../../../../tests/stand-ins/s3.ts';
import type { PageFetch } from './page-fetch.ts';
import { storePictures } from './pictures.ts';

/** A supplier's pictures with S3_* set (docs/decisions/039): converted, then stored in the bucket. */

let s3: S3StandIn;
let jpeg: Buffer;
beforeAll(async () => {
  s3 = await startS3();
  jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 90, b: 10 } } }).jpeg().toBuffer();
});
afterAll(() => s3.stop());

/** The supplier's site: every address answers the same photo. */
const site: PageFetch = async (url) => ({ url, status: 200, contentType: 'image/jpeg', body: jpeg });

describe('storePictures into the bucket', () => {
  it('stores each picture as WebP at most 1200 px under S3_PUBLIC_URL', async () => {
    const result = await storePictures(['https://dck-tools.example/1.jpg'], testConfig(s3.env()), site);
    expect(result.errors).toEqual([]);
    const [picture] = result.pictures;
    expect(picture!.url).toMatch(new RegExp(`^${s3.publicUrl}/[0-9a-f]{32}\\.webp$`));
    const object = s3.objects.get(picture!.url.slice(s3.publicUrl.length + 1))!;
    expect(object.contentType).toBe('image/webp');
    expect(await sharp(object.body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 675 });
  });

  it('reports a bucket that refuses beside each picture, and stores nothing', async () => {
    const before = s3.objects.size;
    const result = await storePictures(['https://dck-tools.example/2.jpg'], testConfig({ ...s3.env(), S3_BUCKET: 'no-such-bucket' }), site);
    expect(result.pictures).toEqual([]);
    expect(result.errors).toEqual([
      {
        source: 'https://dck-tools.example/2.jpg',
        message: 'Не удалось сохранить картинку в хранилище S3: корзина «no-such-bucket» не найдена. Сообщите администратору: проверьте S3_BUCKET',
      },
    ]);
    expect(s3.objects.size).toBe(before);
  });
});
