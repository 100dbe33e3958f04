import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, supplierImports } from '#server/db/schema.ts';
import type { ImportDetail } from '#shared/schemas/supplier-import.ts';
import { fixture, importerApi } from '../../../../tests/helpers/supplier-import.ts';
import { createTestApp } from '../../../../tests/helpers/test-app.ts';
import { removeOldFiles } from './scheduler.ts';
import { startBucketMachines, type BucketMachines } from '../../../../tests/helpers/two-machines.ts';
import type { S3StandIn } from '../../../../tests/stand-ins/s3.ts';

/**
 * Two machines on one database, each with its own DATA_DIR, and the closed bucket
 * (S3_PRIVATE_BUCKET, docs/decisions/039): a price list uploaded through one is checked and
 * applied by the jobs of the other.
 */

let s3: S3StandIn;
let machines: BucketMachines;
let onFirst: ReturnType<typeof importerApi>;
let onSecond: ReturnType<typeof importerApi>;

const localFiles = (dir: string) => (fs.existsSync(path.join(dir, 'imports')) ? fs.readdirSync(path.join(dir, 'imports')) : []);
const storedKeys = () => [...s3.privateObjects.keys()].filter((key) => key.startsWith('imports/'));
const retail = { mode: 'retail', markupPercent: null, ending: null } as const;

beforeAll(async () => {
  machines = await startBucketMachines('shared-import');
  s3 = machines.s3;
  const cookie = await machines.first.login();
  onFirst = importerApi(machines.first, cookie);
  onSecond = importerApi({ ...machines.first, app: machines.second }, cookie);
});

afterAll(() => machines.close());

describe('a price list received by one machine', () => {
  let imp: ImportDetail;

  it('is previewed where it arrived and kept in the closed bucket, not on that machine’s disk', async () => {
    const dck = await onFirst.supplier('DCK');
    imp = await onFirst.upload(dck.id, fixture('dck-price-1251.csv'));
    expect(imp).toMatchObject({ status: 'uploaded', fileName: 'dck-price-1251.csv' });
    expect(imp.preview).toMatchObject({ format: 'csv', encoding: 'windows-1251', delimiter: ';', headerRow: 3 });
    const [key] = storedKeys();
    expect(storedKeys()).toEqual([expect.stringMatching(/^imports\/[0-9a-f]{32}$/)]);
    expect(s3.privateObjects.get(key!)!.body.equals(fs.readFileSync(fixture('dck-price-1251.csv')))).toBe(true);
    expect(localFiles(machines.firstDir)).toEqual([]);
    // Nobody reads it without the key, unlike the pictures' bucket.
    const anonymous = await fetch(`${s3.endpoint}/${s3.privateBucket}/${key}`);
    expect(anonymous.status).toBe(403);
  });

  it('is read again on the other machine, which keeps no copy', async () => {
    const again = await onSecond.inject('POST', `/api/admin/supplier-imports/${imp.id}/preview`, { read: { headerRow: 3 } });
    expect(again.statusCode).toBe(200);
    expect(again.json().preview.headers.slice(0, 3)).toEqual(['Код', 'Артикул', 'Наименование']);
    expect(localFiles(machines.secondDir)).toEqual([]);
  });

  it('is checked and applied by the other machine’s jobs, and the object is removed once applied', async () => {
    const check = await onFirst.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: imp.options.mapping, pricing: retail });
    expect(check.statusCode).toBe(202);
    expect(await machines.second.jobs.drain()).toBe(1);
    expect(await onFirst.detail(imp.id)).toMatchObject({ status: 'previewed', counts: { create: 36, error: 5, absent: 136, total: 41 } });

    const apply = await onFirst.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'hidden' });
    expect(apply.statusCode).toBe(202);
    expect(await machines.second.jobs.drain()).toBe(1);
    const applied = await onFirst.detail(imp.id);
    expect(applied).toMatchObject({ status: 'applied', counts: { create: 36 } });
    const created = await machines.first.database.db.select({ sku: products.sku }).from(products).where(eq(products.supplierSku, '00-00010000'));
    expect(created).toEqual([{ sku: 'KJS48-24' }]);
    expect(storedKeys()).toEqual([]);
    expect(localFiles(machines.secondDir)).toEqual([]);
  });

  it('an import whose object is gone says so on either machine', async () => {
    const dck = await onFirst.supplier('DCK');
    const other = await onFirst.upload(dck.id, fixture('dck-price-1251.csv'));
    const [row] = await machines.first.database.db.select({ storedFile: supplierImports.storedFile }).from(supplierImports).where(eq(supplierImports.id, other.id));
    s3.privateObjects.delete(`imports/${row!.storedFile}`);
    const res = await onSecond.inject('POST', `/api/admin/supplier-imports/${other.id}/check`, { read: other.options.read, mapping: other.options.mapping, pricing: retail });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Файл прайс-листа больше не хранится: загрузите его снова' });
  });

  it('the week’s purge also removes copies a stopped process left on its disk', async () => {
    const imports = path.join(machines.secondDir, 'imports');
    fs.mkdirSync(imports, { recursive: true });
    const now = machines.first.clock.now();
    const weekAgo = new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000);
    fs.writeFileSync(path.join(imports, 'left.download'), 'Код;Цена');
    fs.utimesSync(path.join(imports, 'left.download'), weekAgo, weekAgo);
    fs.writeFileSync(path.join(imports, 'arriving'), 'Код;Цена');
    await removeOldFiles({ db: machines.first.database.db, config: machines.second.deps.config }, now);
    expect(localFiles(machines.secondDir)).toEqual(['arriving']);
    fs.rmSync(path.join(imports, 'arriving'));
  });

  it('a closed bucket that cannot be found refuses the upload with what to check, and nothing is kept', async () => {
    const broken = await createTestApp({ ...s3.env(), S3_PRIVATE_BUCKET: 'shop-missing', DATA_DIR: machines.firstDir });
    try {
      const api = importerApi(broken, await broken.login());
      const res = await api.uploadRaw((await api.supplier('DCK')).id, fixture('dck-price-1251.csv'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: 'Не удалось сохранить файл в хранилище S3: корзина «shop-missing» не найдена. Сообщите администратору: проверьте S3_PRIVATE_BUCKET' });
      expect(localFiles(machines.firstDir)).toEqual([]);
      expect((await api.inject('GET', '/api/admin/supplier-imports')).json()).toMatchObject({ total: 0 });
    } finally {
      await broken.close();
    }
  });
});
