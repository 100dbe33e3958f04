import fs from 'node:fs';
import path from 'node:path';
import type { ImportDetail, Supplier } from '../../src/shared/schemas/supplier-import.ts';

/** Staff at the shop's HTTP API, as the back office calls it: logged in, JSON in and out. */
export async function staffSession(base: string, account: { username: string; password: string }) {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const call = async <T>(method: string, url: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}${url}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  /** Uploads a price list of DCK's as the importer's first step does; the import as the shop answered. */
  const uploadPriceList = async (file: string): Promise<{ detail: ImportDetail; supplierId: number }> => {
    const dck = (await call<Supplier[]>('GET', '/api/admin/suppliers')).find((s) => s.code === 'DCK')!;
    const form = new FormData();
    form.set('supplierId', String(dck.id));
    form.set('file', await fs.openAsBlob(file), path.basename(file));
    const uploaded = await fetch(`${base}/api/admin/supplier-imports`, { method: 'POST', headers: { cookie }, body: form });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    return { detail: (await uploaded.json()) as ImportDetail, supplierId: dck.id };
  };

  /** Queues the check of an uploaded price list with the options the upload proposed; the job's id. */
  const checkPriceList = async (detail: ImportDetail) => {
    const { read, mapping, pricing } = detail.options;
    return (await call<{ jobId: number }>('POST', `/api/admin/supplier-imports/${detail.id}/check`, { read, mapping, pricing })).jobId;
  };

  /** Queues the apply of a checked price list (absent products left alone, new ones on sale); the job's id. */
  const applyPriceList = async (importId: number) =>
    (await call<{ jobId: number }>('POST', `/api/admin/supplier-imports/${importId}/apply`, { absent: 'leave', newProducts: 'active' })).jobId;

  return { cookie, call, uploadPriceList, checkPriceList, applyPriceList };
}
