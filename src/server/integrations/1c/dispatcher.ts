import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExchangeDeps } from './deps.ts';
import { EXCHANGE_COOKIE, checkAuth, findExchangeSession, markInit, type ExchangeSession } from './session.ts';
import { ExchangeFileError, FILE_LIMIT, appendPart, exchangeFolder, resetFolder, resolveInFolder } from './files.ts';
import { importMode } from './import-job.ts';
import { clearShared, sharedExchange, storeSharedPart } from './shared-files.ts';
import { failure, success, type ModeHandler } from './mode.ts';
import { logExchange } from './log.ts';
import { readExchangeSettings } from './settings.ts';
import { applySaleFile, saleQuery, saleSuccess } from './sale/index.ts';
import type { Exchange1cType } from '#shared/schemas/exchange-1c.ts';

/**
 * The site's side of 1C's «Обмен с сайтом» (CommerceML 2): one address, `type` and `mode` in
 * the query, plain-text answers whose first line is `success`, `progress` or `failure` and the
 * next lines the details (docs/decisions/023).
 */

/** `init`: a new exchange starts clean; 1C may send zip archives in parts of FILE_LIMIT bytes. */
const init: ModeHandler = async (deps, call) => {
  await resetFolder(exchangeFolder(deps.config.dataDir, call.type));
  const shared = sharedExchange(deps.config, call.type);
  if (shared) await clearShared(shared, call.type);
  await markInit(deps.db, call.session, call.now);
  return `zip=yes\nfile_limit=${FILE_LIMIT}`;
};

/** `file`: the body is appended to the named file (1C sends a large file in several parts). */
const file: ModeHandler = async (deps, call) => {
  if (!call.filename) return failure('Не указано имя файла (filename)');
  const shared = sharedExchange(deps.config, call.type);
  try {
    if (shared) await storeSharedPart(shared, call.type, call.filename, call.body ?? Buffer.alloc(0));
    else await appendPart(exchangeFolder(deps.config.dataDir, call.type), call.filename, call.body ?? Buffer.alloc(0));
  } catch (error) {
    if (!(error instanceof ExchangeFileError)) throw error;
    await logExchange(deps.db, { type: call.type, mode: 'file', files: [path.basename(call.filename).slice(0, 200)], errors: [error.message], status: 'failure', sessionHash: call.session.idHash, startedAt: call.now });
    return failure(error.message);
  }
  return success();
};

/** The order exchange's `init`: 1C's order files are small and applied as they come, so never zipped. */
const saleInit: ModeHandler = async (deps, call) => {
  await resetFolder(exchangeFolder(deps.config.dataDir, call.type));
  await markInit(deps.db, call.session, call.now);
  return `zip=no\nfile_limit=${FILE_LIMIT}`;
};

/** The order exchange's `file`: stored as any file, applied at once, then removed (its name may come again). */
const saleFile: ModeHandler = async (deps, call) => {
  const stored = await file(deps, call);
  if (!stored.startsWith('success')) return stored;
  const target = resolveInFolder(exchangeFolder(deps.config.dataDir, call.type), call.filename!);
  const result = await applySaleFile(deps, target, call.now);
  await fs.rm(target, { force: true });
  return result.refused === null ? success() : failure(result.refused);
};

/**
 * The modes of each exchange type. `checkauth` is answered before any of them (it opens the
 * session the others need).
 */
export const MODES: Partial<Record<Exchange1cType, Record<string, ModeHandler>>> = {
  catalog: { init, file, import: importMode },
  sale: {
    init: saleInit,
    file: saleFile,
    query: (deps, call) => saleQuery(deps, call.now),
    success: async (deps, call) => {
      await saleSuccess(deps, call.now);
      return success();
    },
  },
};

export type DispatchRequest = {
  type: string | undefined;
  mode: string | undefined;
  filename: string | undefined;
  authorization: string | undefined;
  cookie: string | undefined;
  ip: string;
  body: Buffer | undefined;
};

type Admitted = { checkauth: true } | { checkauth: false; type: Exchange1cType; mode: string; handler: ModeHandler; session: ExchangeSession };

/** Whether the call may go on (exchange on, known type and mode, a live session), or the failure to answer. */
async function admit(deps: ExchangeDeps, request: Omit<DispatchRequest, 'body'>, now: Date): Promise<Admitted | string> {
  const settings = await readExchangeSettings(deps.db);
  if (!settings.enabled) return failure('Обмен с 1С выключен');
  const modes = MODES[request.type as Exchange1cType];
  if (!modes) return failure(`Неизвестный тип обмена: ${String(request.type ?? '').slice(0, 50) || 'не указан'}`);
  if (request.mode === 'checkauth') return { checkauth: true };
  const handler = request.mode === undefined ? undefined : Object.hasOwn(modes, request.mode) ? modes[request.mode] : undefined;
  if (!handler) return failure(`Неизвестный режим обмена: ${String(request.mode ?? '').slice(0, 50) || 'не указан'}`);
  const session = await findExchangeSession(deps.db, request.cookie, now);
  if (!session) return failure('Нет сеанса обмена: сначала mode=checkauth (или сеанс истёк)');
  return { checkauth: false, type: request.type as Exchange1cType, mode: request.mode!, handler, session };
}

/** The failure a call gets before its body is read (a file part is up to FILE_LIMIT bytes), or null when it may send it. */
export async function refusalBeforeBody(deps: ExchangeDeps, request: Omit<DispatchRequest, 'body'>): Promise<string | null> {
  const admitted = await admit(deps, request, deps.clock());
  if (typeof admitted === 'string') return admitted;
  return admitted.checkauth ? failure('Режим checkauth принимается без тела запроса') : null;
}

/** Answers one call of the exchange. */
export async function dispatch(deps: ExchangeDeps, request: DispatchRequest): Promise<string> {
  const now = deps.clock();
  const admitted = await admit(deps, request, now);
  if (typeof admitted === 'string') return admitted;
  if (admitted.checkauth) {
    const result = await checkAuth(deps.db, request.authorization, request.ip, now, deps.config.rateLimitFactor);
    return result.ok ? success(EXCHANGE_COOKIE, result.token) : failure(result.reason);
  }
  return admitted.handler(deps, { type: admitted.type, mode: admitted.mode, filename: request.filename, session: admitted.session, body: request.body, now });
}
