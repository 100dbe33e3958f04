import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig, loadWorkerConfig } from './config.ts';

describe('loadConfig fails closed', () => {
  it('runs as production without NODE_ENV, listening as production does', () => {
    for (const env of [{}, { NODE_ENV: '' }]) {
      const config = loadConfig(env);
      expect(config.env).toBe('production');
      expect(config.host).toBe('0.0.0.0');
    }
  });

  it('is development only when asked, and then listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ env: 'development', host: '127.0.0.1' });
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('is asked for by npm run dev, and the other ways to serve say production', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.dev).toMatch(/^cross-env NODE_ENV=development /);
    expect(scripts.start).toContain('NODE_ENV=production');
    expect(fs.readFileSync(path.join(root, 'playwright.config.ts'), 'utf8')).toContain("NODE_ENV: 'production'");
  });

  it('refuses an unknown NODE_ENV instead of guessing', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });
});

describe('pictures in object storage (S3_*)', () => {
  const S3 = {
    S3_ENDPOINT: 'https://storage.yandexcloud.net',
    S3_REGION: 'ru-central1',
    S3_BUCKET: 'shop-pictures',
    S3_ACCESS_KEY_ID: 'YCAJEexample',
    S3_SECRET_ACCESS_KEY: 'YCexample-secret',
    S3_PUBLIC_URL: 'https://storage.yandexcloud.net/shop-pictures/',
  };

  it('keeps pictures on the disk without them', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '' }).s3).toBeNull();
  });

  it('takes all six, the public address without its trailing slash', () => {
    expect(loadConfig(S3).s3).toEqual({
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      bucket: 'shop-pictures',
      accessKeyId: 'YCAJEexample',
      secretAccessKey: 'YCexample-secret',
      publicUrl: 'https://storage.yandexcloud.net/shop-pictures',
      privateBucket: null,
    });
  });

  it('takes a closed bucket for price lists and 1C files beside them, and not without them', () => {
    expect(loadConfig({ ...S3, S3_PRIVATE_BUCKET: 'shop-files' }).s3?.privateBucket).toBe('shop-files');
    expect(() => loadConfig({ S3_PRIVATE_BUCKET: 'shop-files' })).toThrow(
      'S3_PRIVATE_BUCKET: needs the other S3 settings too (S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL)',
    );
  });

  it('refuses to start with part of them, naming what is missing', () => {
    const { S3_SECRET_ACCESS_KEY: _secret, S3_PUBLIC_URL: _public, ...partial } = S3;
    expect(() => loadConfig(partial)).toThrow(
      'S3: set all of S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL or none (pictures then stay on the local disk); missing: S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL',
    );
    expect(() => loadConfig({ ...S3, S3_PUBLIC_URL: 'storage/shop' })).toThrow(/S3_PUBLIC_URL/);
  });
});

describe('background work apart (BACKGROUND_WORK=worker)', () => {
  const refusal = 'BACKGROUND_WORK: фоновая работа в отдельном процессе (npm run worker) требует PostgreSQL: задайте DATABASE_URL (встроенная база PGlite принадлежит одному процессу) или BACKGROUND_WORK=here';

  it('refuses to serve without DATABASE_URL, since no worker can open the embedded PGlite', () => {
    expect(() => loadConfig({ BACKGROUND_WORK: 'worker' })).toThrow(refusal);
    expect(() => loadConfig({ BACKGROUND_WORK: 'worker', DATABASE_URL: '' })).toThrow(refusal);
  });

  it('starts with PostgreSQL, and keeps the work in the serving process by default', () => {
    expect(loadConfig({ BACKGROUND_WORK: 'worker', DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' }).backgroundWork).toBe('worker');
    expect(loadConfig({}).backgroundWork).toBe('here');
  });

  it('npm run worker refuses to start without DATABASE_URL, and runs the work itself with it', () => {
    expect(() => loadWorkerConfig({})).toThrow('npm run worker работает только с PostgreSQL: задайте DATABASE_URL (встроенная база PGlite принадлежит одному процессу)');
    expect(loadWorkerConfig({ BACKGROUND_WORK: 'worker', DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' }).backgroundWork).toBe('here');
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback interfaces from ones others can reach', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.10.0.1', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'shop.example.ru', '', '127.0.0.1.example.ru']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('DaData', () => {
  it('is configured by its key alone, at DaData’s suggestions API unless told otherwise', () => {
    expect(loadConfig({}).dadata).toBeNull();
    expect(loadConfig({ DADATA_API_KEY: ' ' }).dadata).toBeNull();
    expect(loadConfig({ DADATA_API_KEY: 'key' }).dadata).toEqual({ apiKey: 'key', apiUrl: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs' });
    expect(loadConfig({ DADATA_API_KEY: 'key', DADATA_API_URL: 'http://127.0.0.1:3999/' }).dadata).toEqual({ apiKey: 'key', apiUrl: 'http://127.0.0.1:3999' });
    expect(() => loadConfig({ DADATA_API_URL: 'not a url' })).toThrow(/DADATA_API_URL/);
  });
});
