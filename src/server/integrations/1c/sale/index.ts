/**
 * The order half of «Обмен с 1С» (`type=sale`), called by the exchange's dispatcher once 1C has
 * logged in: `query` gives 1C the orders new or changed since it last confirmed, `success`
 * confirms them, `file` applies 1C's changes to orders. Each step goes to the exchange log.
 */
import path from 'node:path';
import type { Db } from '../../../db/connection.ts';
import { logExchange } from '../log.ts';
import { applyDocuments } from './apply-changes.ts';
import { saleDocument } from './document.ts';
import { confirmSent, markSent, unconfirmedOrders } from './outbox.ts';
import { readDocuments, SaleFileError } from './read-documents.ts';

export type SaleDeps = { db: Db };

/** `sale&mode=query`: the CommerceML document with the orders 1C has not confirmed yet. */
export async function saleQuery(deps: SaleDeps, now: Date): Promise<string> {
  const sales = await unconfirmedOrders(deps.db);
  const xml = saleDocument(sales, now);
  await markSent(
    deps.db,
    sales.map((s) => ({ id: s.order.id, version: s.order.exchangeVersion })),
  );
  await logExchange(deps.db, { type: 'sale', mode: 'query', counts: { sent: sales.length }, status: 'success', startedAt: now });
  return xml;
}

/** `sale&mode=success`: 1C loaded what the last query sent. */
export async function saleSuccess(deps: SaleDeps, now: Date): Promise<void> {
  const confirmed = await confirmSent(deps.db);
  await logExchange(deps.db, { type: 'sale', mode: 'success', counts: { confirmed }, status: 'success', startedAt: now });
}

/**
 * What a file did: orders changed and the problems of single documents; `refused` when the file
 * as a whole could not be read (broken XML, not CommerceML), then nothing was changed.
 */
export type SaleFileResult = { changed: number; errors: string[]; refused: string | null };

/** `sale&mode=file`: 1C's changes to orders, from the file the dispatcher stored. */
export async function applySaleFile(deps: SaleDeps, filePath: string, now: Date): Promise<SaleFileResult> {
  const fileName = path.basename(filePath);
  let result: SaleFileResult;
  try {
    result = { ...(await applyDocuments(deps.db, await readDocuments(filePath, fileName), now)), refused: null };
  } catch (error) {
    if (!(error instanceof SaleFileError)) throw error;
    await logExchange(deps.db, { type: 'sale', mode: 'file', files: [fileName], errors: [error.message], status: 'failure', startedAt: now });
    return { changed: 0, errors: [error.message], refused: error.message };
  }
  await logExchange(deps.db, {
    type: 'sale',
    mode: 'file',
    files: [fileName],
    counts: { changed: result.changed },
    errors: result.errors,
    status: 'success',
    startedAt: now,
  });
  return result;
}
