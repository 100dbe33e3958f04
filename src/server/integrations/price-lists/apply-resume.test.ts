import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, products, supplierImports } from '#server/db/schema.ts';
import type { ImportDetail } from '#shared/schemas/supplier-import.ts';
import { writeLargePriceList } from '../../../../scripts/make-supplier-fixtures.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { importerApi } from '../../../../tests/helpers/supplier-import.ts';

/**
 * Applying in batches of 500: staff stop it half-way and what was written stays (and can be
 * applied on or rolled back); a process that dies half-way is replaced by one that goes on
 * from the last finished batch, writing nothing twice.
 */

const ROWS = 1200;
let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let listFile: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-import-resume-'));
  listFile = path.join(dataDir, 'big.csv');
  await writeLargePriceList(listFile, ROWS, 'csv');
  ctx = await createTestApp({ DATA_DIR: dataDir });
  api = importerApi(ctx, await ctx.login());
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => ctx.database.db;
const countOf = async (code: string) => (await db().select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.supplier, code)))[0]!.n;

/** A new supplier's big list, checked: every row a new product (each test leaves the list's SKUs free again). */
async function checkedImport(code: string): Promise<ImportDetail> {
  const supplier = await api.createSupplier(code, `Поставщик ${code}`);
  const imp = await api.upload(supplier.id, listFile);
  const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: imp.options.mapping, pricing: imp.options.pricing });
  expect(detail.counts).toMatchObject({ create: ROWS, error: 0, total: ROWS });
  return detail;
}

/** Starts applying; staff's stop is already waiting for the job, so it stops after its first batch. */
async function applyUntilStopped(imp: ImportDetail): Promise<number> {
  const res = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'active' });
  expect(res.statusCode).toBe(202);
  const { jobId } = res.json() as { jobId: number };
  await db().update(jobs).set({ requested: 'stop' }).where(eq(jobs.id, jobId));
  await ctx.app.jobs.drain();
  return jobId;
}

describe('stop', () => {
  it('keeps what was applied, reports it, and goes on when applied again', async () => {
    const imp = await checkedImport('STOP');
    const jobId = await applyUntilStopped(imp);
    const job = await api.inject('GET', `/api/admin/jobs/${jobId}`);
    expect(job.json()).toMatchObject({ status: 'stopped', progressDone: 500, progressTotal: ROWS });
    const stopped = await api.detail(imp.id);
    expect(stopped).toMatchObject({ status: 'stopped', canRollBack: true, message: 'Остановлено: применено строк 500; остальное не изменено' });
    expect(await countOf('STOP')).toBe(500);

    const { detail } = await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    expect(detail).toMatchObject({ status: 'applied', counts: { create: ROWS, error: 0 } });
    expect(await countOf('STOP')).toBe(ROWS);
    // The list's SKUs are free again for the next supplier's test.
    expect((await api.rollback(imp.id)).statusCode).toBe(200);
  });

  it('a stopped import rolls back what it wrote', async () => {
    const imp = await checkedImport('STOP2');
    await applyUntilStopped(imp);
    expect(await countOf('STOP2')).toBe(500);
    const res = await api.rollback(imp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Импорт откачен: возвращены прежние значения: 0 товаров; удалены созданные: 500 товаров');
    expect(await countOf('STOP2')).toBe(0);
  });
});

describe('restart', () => {
  it('a job whose process died is claimed again and goes on from its last batch', async () => {
    const imp = await checkedImport('RESTART');
    const jobId = await applyUntilStopped(imp);
    // As if the process had died after its first batch: the job still running under a lease
    // that has run out, the import still applying.
    await db()
      .update(jobs)
      .set({ status: 'running', requested: null, lockedBy: 'dead-host:1:0', lockedUntil: sql`now() - interval '1 minute'`, finishedAt: null })
      .where(eq(jobs.id, jobId));
    await db().update(supplierImports).set({ status: 'applying', message: null, appliedAt: null }).where(eq(supplierImports.id, imp.id));
    expect(await countOf('RESTART')).toBe(500);

    expect(await ctx.app.jobs.drain()).toBe(1);
    const job = await api.inject('GET', `/api/admin/jobs/${jobId}`);
    expect(job.json()).toMatchObject({ status: 'done', progressDone: ROWS, progressTotal: ROWS });
    const [row] = await db().select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, jobId));
    expect(row!.attempts).toBe(2);
    expect(await api.detail(imp.id)).toMatchObject({ status: 'applied', counts: { create: ROWS, error: 0 } });
    expect(await countOf('RESTART')).toBe(ROWS);
    const created = await api.rows(imp.id, '?action=create&page=24');
    expect(created).toMatchObject({ total: ROWS, totalPages: 24 });
    expect(created.rows.every((r) => r.productId !== null)).toBe(true);
  });
});
