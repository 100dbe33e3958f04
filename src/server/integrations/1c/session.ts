import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { verifyPassword } from '../../core/password.ts';
import type { Db } from '../../db/connection.ts';
import { exchange1cSessions } from '../../db/schema.ts';
import { clearCounter, countEvent } from '../../modules/rate-limits/service.ts';
import { pluralRu } from '#shared/plural.ts';
import { readExchangeSettings, readPasswordHash } from './settings.ts';

/**
 * The exchange's own sign-in: 1C sends the exchange account with HTTP Basic on `checkauth` and
 * gets a cookie name and value, which it sends with every later call of the exchange. The
 * cookie is not the shop's session: it opens the exchange and nothing else.
 */
export const EXCHANGE_COOKIE = 'exchange_1c';
/** A large catalogue can take hours to send and import; 1C signs in again on its next run. */
const SESSION_MS = 12 * 60 * 60 * 1000;
/** Wrong passwords per address before it waits (the account is a machine's, tried rarely). */
const AUTH_LIMIT = 10;
const AUTH_WINDOW_MS = 15 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Login and password of an `Authorization: Basic …` header, or null. */
export function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export type CheckAuth = { ok: true; token: string } | { ok: false; reason: string };

/**
 * `checkauth`: the exchange account's login and password, at most AUTH_LIMIT failures per
 * address in AUTH_WINDOW_MS (counted in the shared rate-limit table), then a new session.
 */
export async function checkAuth(db: Db, header: string | undefined, ip: string, now: Date, limitFactor = 1): Promise<CheckAuth> {
  const key = `exchange-1c-auth:${ip}`;
  const counter = await countEvent(db, key, AUTH_WINDOW_MS, now);
  if (counter.count > Math.round(AUTH_LIMIT * limitFactor)) {
    const minutes = Math.max(1, Math.ceil((counter.resetAt.getTime() - now.getTime()) / 60_000));
    return { ok: false, reason: `Слишком много неудачных попыток входа. Повторите через ${minutes} ${pluralRu(minutes, 'минуту', 'минуты', 'минут')}.` };
  }
  const credentials = basicCredentials(header);
  if (!credentials) return { ok: false, reason: 'Не переданы логин и пароль обмена (HTTP Basic)' };
  const [stored, hash] = await Promise.all([readExchangeSettings(db), readPasswordHash(db)]);
  const loginOk = stored.login !== '' && sameText(credentials.login, stored.login);
  // The hash is checked whatever the login, so a wrong login takes as long as a wrong password.
  const passwordOk = hash !== null && (await verifyPassword(hash, credentials.password));
  if (!loginOk || !passwordOk) return { ok: false, reason: 'Неверный логин или пароль обмена' };
  await clearCounter(db, key);
  const token = randomBytes(32).toString('hex');
  await db.delete(exchange1cSessions).where(lt(exchange1cSessions.expiresAt, now));
  await db.insert(exchange1cSessions).values({ idHash: hashOf(token), createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) });
  return { ok: true, token };
}

export type ExchangeSession = { idHash: string; initAt: Date | null };

/** The live session the cookie names, or null. */
export async function findExchangeSession(db: Db, token: string | undefined, now: Date): Promise<ExchangeSession | null> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return null;
  const [row] = await db
    .select({ idHash: exchange1cSessions.idHash, initAt: exchange1cSessions.initAt })
    .from(exchange1cSessions)
    .where(and(eq(exchange1cSessions.idHash, hashOf(token)), gt(exchange1cSessions.expiresAt, now)));
  return row ?? null;
}

export async function markInit(db: Db, session: ExchangeSession, now: Date) {
  await db.update(exchange1cSessions).set({ initAt: now }).where(eq(exchange1cSessions.idHash, session.idHash));
}
