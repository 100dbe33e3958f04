import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/core/app-types.ts';
import { products } from '#server/db/schema.ts';
import { EXCHANGE_1C_LOGIN as LOGIN, EXCHANGE_1C_PASSWORD as PASSWORD, enableExchange } from '../../../../tests/helpers/exchange-1c.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { startBucketMachines, type BucketMachines } from '../../../../tests/helpers/two-machines.ts';
import type { S3StandIn } from '../../../../tests/stand-ins/s3.ts';
import { OneC, exportZip } from './fixtures/one-c.ts';

/**
 * The catalogue exchange on two machines with their own DATA_DIR, on one database, with the
 * closed bucket (S3_PRIVATE_BUCKET, docs/decisions/039): the balancer sends 1C's calls to either,
 * the import runs in the job of either, and neither keeps the files.
 */

let s3: S3StandIn;
let first: TestContext;
let second: App;
let machines: BucketMachines;

const exchangeObjects = () => [...s3.privateObjects.keys()].filter((key) => key.startsWith('exchange-1c/'));
/** The exchange's files left on a machine's disk, job folders included. */
const leftOnDisk = (dir: string) =>
  fs.existsSync(path.join(dir, 'exchange-1c')) ? fs.readdirSync(path.join(dir, 'exchange-1c'), { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory() || entry.name.startsWith('job-')) : [];

beforeAll(async () => {
  machines = await startBucketMachines('shared-1c');
  ({ s3, first, second } = machines);
  await enableExchange(first, await first.login());
});

afterAll(() => machines.close());

describe('1C exchange files shared by two machines', () => {
  it('joins a zip whose parts reached either machine, and imports it in the other machine’s jobs', async () => {
    const onFirst = new OneC(first.app, LOGIN, PASSWORD);
    expect(await onFirst.checkauth()).toMatch(/^success\n/);
    const onSecond = new OneC(second, LOGIN, PASSWORD);
    onSecond.cookie = onFirst.cookie;
    expect(await onSecond.init()).toMatch(/^zip=yes\n/);

    const zip = await exportZip();
    const third = Math.ceil(zip.length / 3);
    expect(await onFirst.file('goods.zip', zip.subarray(0, third))).toBe('success');
    expect(await onSecond.file('goods.zip', zip.subarray(third, 2 * third))).toBe('success');
    expect(await onFirst.file('goods.zip', zip.subarray(2 * third))).toBe('success');
    expect(exchangeObjects()).toEqual(['exchange-1c/catalog/goods.zip/000001', 'exchange-1c/catalog/goods.zip/000002', 'exchange-1c/catalog/goods.zip/000003']);

    // A job folder a stopped process left two days ago on the second machine.
    const left = path.join(machines.secondDir, 'exchange-1c', 'job-left');
    fs.mkdirSync(left, { recursive: true });
    fs.writeFileSync(path.join(left, 'import.xml'), '<КоммерческаяИнформация/>');
    const twoDaysAgo = new Date(first.clock.now().getTime() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(left, twoDaysAgo, twoDaysAgo);

    const catalog = await onFirst.importUntilDone('import.xml', () => second.jobs.drain());
    expect(catalog.answers).toEqual(['progress', 'success']);
    const offers = await onSecond.importUntilDone('offers.xml', () => first.app.jobs.drain());
    expect(offers.answers.at(-1)).toBe('success');
    // Whether an archive holds a file is known once the job unpacked it: 1C hears it on its next ask.
    const missing = await onFirst.importUntilDone('prices.xml', () => second.jobs.drain());
    expect(missing.answers).toEqual(['progress', 'failure\nФайл prices.xml не получен: сначала mode=file']);

    const [drill] = await first.database.db.select().from(products).where(eq(products.sku, 'KJZ06-13'));
    expect(drill).toMatchObject({ name: 'Дрель ударная DCK KJZ06-13', exchange1cId: '5a1b2c3d-9e8f-11e8-80c2-00155d0a6402' });
    // The picture came out of the archive on the job's machine and went to the pictures' bucket.
    expect(drill!.imageUrl).toMatch(new RegExp(`^${s3.publicUrl}/[0-9a-f]{32}\\.webp$`));
    expect(leftOnDisk(machines.firstDir)).toEqual([]);
    expect(leftOnDisk(machines.secondDir)).toEqual([]);
  });

  it('refuses to import a file neither machine received, and the next exchange starts clean', async () => {
    const oneC = new OneC(second, LOGIN, PASSWORD);
    expect(await oneC.checkauth()).toMatch(/^success\n/);
    expect(await oneC.init()).toMatch(/^zip=yes\n/);
    expect(exchangeObjects()).toEqual([]);
    expect(await oneC.import('import.xml')).toBe('failure\nФайл import.xml не получен: сначала mode=file');
  });

  it('tells 1C what to check when the closed bucket cannot be found', async () => {
    const { ctx: broken, admin } = await createAdminTestApp({ ...s3.env(), S3_PRIVATE_BUCKET: 'shop-missing', DATA_DIR: machines.firstDir });
    try {
      await enableExchange(broken, admin);
      const oneC = new OneC(broken.app, LOGIN, PASSWORD);
      expect(await oneC.checkauth()).toMatch(/^success\n/);
      expect(await oneC.init()).toBe(
        'failure\nНе удалось прочитать список файлов в хранилище S3: корзина «shop-missing» не найдена. Сообщите администратору: проверьте S3_PRIVATE_BUCKET',
      );
    } finally {
      await broken.close();
    }
  });
});
