import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { sessions, users } from '../../db/schema.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../core/session-cookie.ts';
import type { Role } from '#shared/constants.ts';
import type { PublicUser } from '#shared/types.ts';

/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session: 256 random bits in the cookie, only their hash in the database. */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The user of a live session (not expired, not idle, user active), or null. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<{ user: PublicUser; idHash: string } | null> {
  const idHash = hashToken(token);
  const [row] = await db
    .select({
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
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return { user: { ...user, role: user.role as Role }, idHash };
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user at once (blocking, password reset). */
export async function endAllSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
