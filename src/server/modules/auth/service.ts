import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { consents, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-slug.ts';
import { forbidden, HttpError, unauthorized } from '../../core/http-errors.ts';
import { hashPassword, verifyPassword } from '../../core/password.ts';
import { clearCounter, countEvent, enforce, ensureBelow, type RateRule } from '../rate-limits/service.ts';
import { getSettings } from '../settings/service.ts';
import { PRIVACY_POLICY_VERSION, type Role } from '#shared/constants.ts';
import type { LoginInput, RegisterInput } from '#shared/schemas/auth.ts';
import type { PublicUser } from '#shared/types.ts';
import { assertAcceptablePassword } from './password-policy.ts';

export const INVALID_LOGIN = 'Неверное имя пользователя или пароль';
export const BLOCKED = 'Учётная запись заблокирована';
export const REGISTRATION_CLOSED = 'Регистрация новых пользователей временно закрыта';
export const USERNAME_TAKEN = 'Пользователь с таким именем уже существует';
export const EMAIL_TAKEN = 'Пользователь с таким email уже зарегистрирован';

/** Where a request comes from and when: rate limits, consents, sessions. */
export type RequestMeta = { ip: string; now: Date; rateLimitFactor: number };

const MINUTE = 60 * 1000;
const LOGIN_MESSAGE = 'Слишком много неудачных попыток входа.';
const REGISTER_MESSAGE = 'Слишком много попыток регистрации.';

/** Failed logins: per account (guessing one password) and per address (trying many accounts). */
export const LOGIN_LIMITS = {
  account: { limit: 10, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  address: { limit: 30, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
} satisfies Record<string, RateRule>;

/** Registrations: per address (bulk sign-ups) and per e-mail (probing which are taken). */
export const REGISTER_LIMITS = {
  address: { limit: 10, windowMs: 60 * MINUTE, message: REGISTER_MESSAGE },
  account: { limit: 5, windowMs: 60 * MINUTE, message: REGISTER_MESSAGE },
} satisfies Record<string, RateRule>;

const lower = (s: string) => s.trim().toLowerCase();

const toPublicUser = (user: typeof users.$inferSelect): PublicUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  role: user.role as Role,
  fullName: user.fullName,
  phone: user.phone,
});

/** A hash to verify against when the user does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * The user with this name and password. A wrong name and a wrong password answer the same 401;
 * a blocked user (right password) gets 403 'Учётная запись заблокирована'.
 */
export async function authenticate(db: Db, username: string, password: string): Promise<PublicUser> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, lower(username)))
    .limit(1);
  if (!user) {
    await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_LOGIN);
  if (!user.isActive) throw new HttpError(403, BLOCKED);
  return toPublicUser(user);
}

/** Login with the failed-attempt limits: only failures count, and a success clears the account's. */
export async function login(db: Db, input: LoginInput, meta: RequestMeta): Promise<PublicUser> {
  const accountKey = `login:account:${lower(input.username)}`;
  const addressKey = `login:address:${meta.ip}`;
  await ensureBelow(db, accountKey, LOGIN_LIMITS.account, meta.now, meta.rateLimitFactor);
  await ensureBelow(db, addressKey, LOGIN_LIMITS.address, meta.now, meta.rateLimitFactor);
  try {
    const user = await authenticate(db, input.username, input.password);
    await clearCounter(db, accountKey);
    return user;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) {
      await countEvent(db, accountKey, LOGIN_LIMITS.account.windowMs, meta.now);
      await countEvent(db, addressKey, LOGIN_LIMITS.address.windowMs, meta.now);
    }
    throw error;
  }
}

export async function recordLogin(db: Db, userId: number, now: Date) {
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
}

/** The shop's switch 'Регистрация пользователей' (403 when it is off). */
export async function assertRegistrationOpen(db: Db) {
  const shop = await getSettings(db, 'shop');
  if (!shop.enableRegistration) throw forbidden(REGISTRATION_CLOSED);
}

/**
 * Which of a name and an e-mail another account already has, whatever their case (the name is
 * named first), or null when both are free. `exceptId` is the account being edited.
 */
export async function takenField(
  db: Pick<Db, 'select'>,
  username: string,
  email: string | null,
  exceptId?: number,
): Promise<'username' | 'email' | null> {
  const name = username.toLowerCase();
  const rows = await db
    .select({ nameTaken: sql<boolean>`lower(${users.username}) = ${name}` })
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.username})`, name), email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  if (rows.length === 0) return null;
  return rows.some((row) => row.nameTaken) ? 'username' : 'email';
}

/**
 * A new customer: always role `user` (whatever the body says), unique name and e-mail whatever
 * their case, a password that is not one of the most common, and the personal-data consent
 * recorded with time, address and policy version in the same transaction. The route has
 * checked that registration is open (assertRegistrationOpen) before the body was validated.
 */
export async function registerUser(db: Db, input: RegisterInput, meta: RequestMeta): Promise<PublicUser> {
  await enforce(db, `register:address:${meta.ip}`, REGISTER_LIMITS.address, meta.now, meta.rateLimitFactor);
  await enforce(db, `register:account:${lower(input.email)}`, REGISTER_LIMITS.account, meta.now, meta.rateLimitFactor);

  const username = input.username.trim();
  const email = input.email.trim();
  assertAcceptablePassword(input.password, { username, email });

  const conflictError = (nameTaken: boolean) =>
    nameTaken
      ? new HttpError(409, USERNAME_TAKEN, { username: [USERNAME_TAKEN] })
      : new HttpError(409, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const taken = await takenField(db, username, email);
  if (taken) throw conflictError(taken === 'username');

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username, email, passwordHash, role: 'user', isActive: true, createdAt: meta.now })
        .returning();
      await tx.insert(consents).values({
        purpose: 'registration',
        userId: user!.id,
        email,
        ip: meta.ip,
        policyVersion: PRIVACY_POLICY_VERSION,
        createdAt: meta.now,
      });
      return toPublicUser(user!);
    });
  } catch (error) {
    // Someone registered the same name or e-mail at the same moment.
    if (isUniqueViolation(error)) throw conflictError(!isUniqueViolation(error, 'users_email_lower_unique'));
    throw error;
  }
}
