import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { sessions, users } from '../../db/schema.ts';
import { CUSTOMER_SESSION, sessionLimits, STAFF_SESSION } from '../../core/session-cookie.ts';
import { STAFF_ROLES, type Role } from '#shared/constants.ts';
import type { PublicUser } from '#shared/types.ts';

/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session: 256 random bits in the cookie, only their hash in the database; it lives as long as the role allows. */
export async function createSession(
  db: Db,
  user: { id: number; role: Role },
  now: Date,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + sessionLimits(user.role).absoluteMs);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/**
 * The user of a live session (not expired, not idle, user active), or null. The limits are those
 * of the user's role now, so a promotion to staff shortens a session already open.
 */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<{ user: PublicUser; idHash: string } | null> {
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      fullName: users.fullName,
      phone: users.phone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), eq(users.isActive, true)))
    .limit(1);
  if (!row) return null;
  const limits = sessionLimits(row.role as Role);
  const idle = now.getTime() - row.lastSeenAt.getTime();
  if (idle > limits.idleMs || now.getTime() - row.createdAt.getTime() > limits.absoluteMs) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (idle > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const { createdAt: _created, lastSeenAt: _seen, ...user } = row;
  return { user: { ...user, role: user.role as Role }, idHash };
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user at once (blocking, password reset). */
export async function endAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but the one in use (a new password set by its owner). */
export async function endOtherSessions(db: Db, userId: number, keepIdHash: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Deletes the sessions that can no longer be used (expired, idle past their role's limit), so
 * the table holds only live ones. Returns how many went.
 */
export async function purgeEndedSessions(db: Db, now: Date): Promise<number> {
  const staffIds = db.select({ id: users.id }).from(users).where(inArray(users.role, [...STAFF_ROLES]));
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lte(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, ago(now, CUSTOMER_SESSION.idleMs)),
        lt(sessions.createdAt, ago(now, CUSTOMER_SESSION.absoluteMs)),
        and(
          inArray(sessions.userId, staffIds),
          or(lt(sessions.lastSeenAt, ago(now, STAFF_SESSION.idleMs)), lt(sessions.createdAt, ago(now, STAFF_SESSION.absoluteMs))),
        ),
      ),
    )
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
