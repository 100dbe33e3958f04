import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import type { ApplyImportInput, CheckImportInput, ImportDetail, ImportRowsPage, Supplier } from '#shared/schemas/supplier-import.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The price lists the parsers' tests read too, as suppliers send them. */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../src/server/integrations/price-lists/sources/fixtures');
export const fixture = (name: string) => path.join(FIXTURES_DIR, name);

const BOUNDARY = '----shoptestimportboundary9Qx2';

type Part = { name: string; value: string } | { name: string; fileName: string; content: Buffer | Readable };

/** A multipart/form-data body from text fields and files (a file's content may be a stream: a large upload never sits in memory). */
export function multipart(parts: Part[]): { payload: Readable; headers: Record<string, string> } {
  async function* body() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
        continue;
      }
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      if (Buffer.isBuffer(part.content)) yield part.content;
      else for await (const chunk of part.content) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** The importer's calls as staff make them, for one logged-in user. */
export function importerApi(ctx: TestContext, cookie: string) {
  const { app } = ctx;
  const headers = { cookie };
  const json = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, payload, headers });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const api = {
    cookie,
    suppliers: () => json<Supplier[]>('GET', '/api/admin/suppliers'),
    supplier: async (code: string) => (await api.suppliers()).find((s) => s.code === code)!,
    createSupplier: (code: string, name: string) => json<Supplier>('POST', '/api/admin/suppliers', { code, name }, 201),
    patchSupplier: (id: number, body: object) => json<Supplier>('PATCH', `/api/admin/suppliers/${id}`, body),
    /** Uploads a file (a fixture's name or a path) with the given form fields; answers the raw response. */
    uploadRaw: (supplierId: number, filePath: string, fields: Record<string, string> = {}, fileName = path.basename(filePath)) => {
      const form = multipart([
        { name: 'supplierId', value: String(supplierId) },
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'file', fileName, content: fs.createReadStream(filePath) },
      ]);
      return app.inject({ method: 'POST', url: '/api/admin/supplier-imports', payload: form.payload, headers: { ...headers, ...form.headers } });
    },
    upload: async (supplierId: number, filePath: string, fields: Record<string, string> = {}) => {
      const res = await api.uploadRaw(supplierId, filePath, fields);
      if (res.statusCode !== 201) throw new Error(`upload ${filePath}: ${res.statusCode} ${res.body}`);
      return res.json() as ImportDetail;
    },
    detail: (id: number) => json<ImportDetail>('GET', `/api/admin/supplier-imports/${id}`),
    rows: (id: number, query = '') => json<ImportRowsPage>('GET', `/api/admin/supplier-imports/${id}/rows${query}`),
    /** Starts the dry run and runs the job to its end. */
    check: async (id: number, body: CheckImportInput) => {
      const { jobId } = await json<{ jobId: number }>('POST', `/api/admin/supplier-imports/${id}/check`, body, 202);
      await app.jobs.drain();
      return { jobId, detail: await api.detail(id) };
    },
    /** Starts applying and runs the job to its end. */
    apply: async (id: number, body: ApplyImportInput) => {
      const { jobId } = await json<{ jobId: number }>('POST', `/api/admin/supplier-imports/${id}/apply`, body, 202);
      await app.jobs.drain();
      return { jobId, detail: await api.detail(id) };
    },
    rollback: (id: number) => app.inject({ method: 'POST', url: `/api/admin/supplier-imports/${id}/rollback`, headers }),
    inject: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => app.inject({ method, url, payload, headers }),
  };
  return api;
}

/** Prices as the supplier lists them. */
export const RETAIL_PRICING = { mode: 'retail', markupPercent: null, ending: null } as const;

export type ImporterShop = { ctx: TestContext; api: ReturnType<typeof importerApi>; dataDir: string };

/**
 * A test file's shop with a data folder of its own (removed after the file), and the importer's
 * calls as the administrator, handed to `opened` before the file's tests run.
 */
export function importerShop(folderPrefix: string, opened: (shop: ImporterShop) => void) {
  let shop: ImporterShop | undefined;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
    const ctx = await createTestApp({ DATA_DIR: dataDir });
    shop = { ctx, api: importerApi(ctx, await ctx.login()), dataDir };
    opened(shop);
  });
  afterAll(async () => {
    await shop?.ctx.close();
    if (shop) fs.rmSync(shop.dataDir, { recursive: true, force: true });
  });
}

/** A file written into a folder (a price list as the supplier sent it); its path. */
export function writeFileIn(dir: string, name: string, content: Buffer | string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}
