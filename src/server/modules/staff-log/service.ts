/**
 * The staff action log (docs/decisions/017): writing an entry, reading the log with its filters,
 * and the daily purge of entries past their keeping time.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { staffActions } from '../../db/schema.ts';
import { shopDayEnd, shopDayStart } from '#shared/dates.ts';
import type { StaffActionListQuery } from '#shared/schemas/staff-action.ts';
import type { StaffAction, StaffActionKind, StaffActionPerson } from '#shared/staff-actions.ts';
import { PASSWORD_FIELD, type Snapshot } from './snapshots.ts';
import { DAY_MS } from '../../core/time.ts';
import { pageOf } from '../../core/paging.ts';

/** Entries are kept this long; the database refuses to delete them before 400 days. */
export const KEEP_DAYS = 730;

export type StaffActor = { userId: number; username: string; ip: string };
export type StaffEntry = {
  kind: StaffActionKind;
  objectId: string | null;
  objectName: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
  details: unknown;
};

const MAX_TEXT = 2000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 8;
/** Keys whose values are secrets wherever they appear in a body or an answer. */
const SECRET_KEY = /password|token|secret|hash|cookie|session/i;

/**
 * A value made fit for the log: plain JSON, no secrets (secret keys dropped, credentials in
 * addresses masked), long texts and lists cut so one entry stays small.
 */
export function logValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    const masked = value.replace(/(\/\/)[^/@\s]+@/g, '$1***@');
    return masked.length > MAX_TEXT ? `${masked.slice(0, MAX_TEXT)}…` : masked;
  }
  if (typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => logValue(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `… и ещё ${value.length - MAX_ITEMS}`] : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && !SECRET_KEY.test(key)) out[key] = logValue(item, depth + 1);
  }
  return out;
}

/**
 * Before and after of one change: the fields that differ when both sides exist, the whole
 * object on a creation (after only) or a deletion (before only). A password shows only as
 * changed; its fingerprint stays out of the log.
 */
export function changesOf(before: Snapshot | null, after: Snapshot | null): { before: Snapshot | null; after: Snapshot | null } {
  if (!before || !after) {
    const strip = (side: Snapshot | null) => {
      if (!side) return null;
      const { [PASSWORD_FIELD]: _password, ...rest } = side;
      return rest;
    };
    return { before: strip(before), after: strip(after) };
  }
  const was: Snapshot = {};
  const now: Snapshot = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDeepStrictEqual(before[key], after[key])) continue;
    const secret = key === PASSWORD_FIELD;
    was[key] = secret ? 'прежний' : (before[key] ?? null);
    now[key] = secret ? 'новый' : (after[key] ?? null);
  }
  return { before: was, after: now };
}

/** Snapshots are compared as the log keeps them (dates as text, no secret keys, cut texts). */
const asLogged = (snapshot: Snapshot | null) => (snapshot ? ({ ...(logValue(snapshot) as Snapshot), ...passwordOf(snapshot) }) : null);
const passwordOf = (snapshot: Snapshot) => (PASSWORD_FIELD in snapshot ? { [PASSWORD_FIELD]: snapshot[PASSWORD_FIELD] } : {});

export async function recordStaffAction(db: Db, actor: StaffActor, entry: StaffEntry, now: Date): Promise<void> {
  const { before, after } = changesOf(asLogged(entry.before), asLogged(entry.after));
  const details = logValue(entry.details);
  await db.insert(staffActions).values({
    createdAt: now,
    userId: actor.userId,
    username: actor.username,
    ip: actor.ip,
    kind: entry.kind,
    objectId: entry.objectId,
    objectName: entry.objectName,
    before,
    after,
    details: details !== null && typeof details === 'object' && Object.keys(details).length > 0 ? details : null,
  });
}

function conditionsOf(query: StaffActionListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(eq(staffActions.userId, query.userId));
  else if (query.username) conditions.push(and(isNull(staffActions.userId), eq(staffActions.username, query.username))!);
  if (query.kind) conditions.push(eq(staffActions.kind, query.kind));
  if (query.startDate) conditions.push(gte(staffActions.createdAt, shopDayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(staffActions.createdAt, shopDayEnd(query.endDate)));
  return conditions.length ? and(...conditions) : undefined;
}

/** GET /api/admin/staff-actions: newest first, one page and the total. */
export async function listStaffActions(db: Db, query: StaffActionListQuery): Promise<{ actions: StaffAction[]; total: number }> {
  const where = conditionsOf(query);
  const [rows, total] = await Promise.all([
    pageOf(db.select().from(staffActions).where(where).orderBy(desc(staffActions.createdAt), desc(staffActions.id)).$dynamic(), query),
    db.$count(staffActions, where),
  ]);
  return {
    total,
    actions: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      kind: row.kind as StaffActionKind,
      before: row.before as Snapshot | null,
      after: row.after as Snapshot | null,
      details: row.details as Snapshot | null,
    })),
  };
}

/**
 * Everyone with entries, for the person filter: each user once under their latest username; a
 * deleted user (no id any more) under the username the entries kept.
 */
export async function listStaffActionPeople(db: Db): Promise<StaffActionPerson[]> {
  const result = await db.execute(sql`
    select distinct on (coalesce(user_id::text, 'deleted:' || username)) user_id as "userId", username
    from staff_actions
    order by coalesce(user_id::text, 'deleted:' || username), created_at desc`);
  return rowsOf<StaffActionPerson>(result).sort((a, b) => a.username.localeCompare(b.username, 'ru'));
}

/** Drops the entries older than KEEP_DAYS; returns how many. */
export async function purgeStaffActions(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(staffActions)
    .where(lt(staffActions.createdAt, new Date(now.getTime() - KEEP_DAYS * DAY_MS)))
    .returning({ id: staffActions.id });
  return removed.length;
}
