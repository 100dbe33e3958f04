import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import type { SessionUser } from '../../app-types.ts';
import { unauthorized, HttpError } from '../../http-errors.ts';
import type { Role } from '#shared/constants.ts';
import { hashPassword, verifyPassword } from './password.ts';

const INVALID_LOGIN = 'Неверное имя пользователя или пароль';

/** A hash to verify against when the user does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

export async function authenticate(db: Db, username: string, password: string): Promise<SessionUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  if (!user) {
    await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_LOGIN);
  if (!user.isActive) throw new HttpError(403, 'Учётная запись заблокирована');
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role as Role,
    fullName: user.fullName,
    phone: user.phone,
  };
}

export async function recordLogin(db: Db, userId: number, now: Date) {
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
}
