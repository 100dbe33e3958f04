import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { consents, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-slug.ts';
import { forbidden, HttpError, unauthorized } from '../../core/http-errors.ts';
import { hashPassword, verifyPassword } from '../../core/password.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearCounter, countEvent, enforce, refundEvent, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { getSettings } from '../settings/service.ts';
import { PRIVACY_POLICY_VERSION, type Role } from '#shared/constants.ts';
import type { LoginInput, RegisterInput } from '#shared/schemas/auth.ts';
import type { PublicUser } from '#shared/types.ts';
import { assertAcceptablePassword } from '../../core/password-policy.ts';

export const INVALID_LOGIN = 'Неверное имя пользователя или пароль';
export const BLOCKED = 'Учётная запись заблокирована';
export const REGISTRATION_CLOSED = 'Регистрация новых пользователей временно закрыта';
export const USERNAME_TAKEN = 'Пользователь с таким именем уже существует';
export const EMAIL_TAKEN = 'Пользователь с таким email уже зарегистрирован';


const MINUTE = 60 * 1000;
const LOGIN_MESSAGE = 'Слишком много неудачных попыток входа.';
const REGISTER_MESSAGE = 'Слишком много попыток регистрации.';

/**
 * Failed logins, refused with 429: per account and address (guessing one password) and per
 * address (trying many accounts). Nothing refuses an account as such: failures from one
 * address must not lock the owner out from another.
 */
export const LOGIN_LIMITS = {
  accountAddress: { limit: 10, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
  address: { limit: 30, windowMs: 15 * MINUTE, message: LOGIN_MESSAGE },
} satisfies Record<string, RateRule>;

/**
 * Failures for one account from all addresses together: past `after` in the window, every
 * attempt on it waits `delayMs` before its password is checked, so guessing from many addresses
 * is slow while the owner still gets in.
 */
export const LOGIN_ACCOUNT_SLOWDOWN = { after: 10, windowMs: 15 * MINUTE, delayMs: 1000 };

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

/**
 * Login with the failed-attempt limits. Every attempt is counted before its password is
 * checked, each counter in one atomic statement, so parallel attempts cannot all slip past a
 * check made before any of them was counted. An attempt that is not a failure (right password)
 * gives its count back and starts its account afresh.
 */
export async function login(db: Db, input: LoginInput, meta: RequestMeta): Promise<PublicUser> {
  const account = lower(input.username);
  const keys = {
    address: `login:address:${meta.ip}`,
    accountAddress: `login:account-address:${account}:${meta.ip}`,
    account: `login:account:${account}`,
  };
  await enforce(db, keys.address, LOGIN_LIMITS.address, meta.now, meta.rateLimitFactor);
  await enforce(db, keys.accountAddress, LOGIN_LIMITS.accountAddress, meta.now, meta.rateLimitFactor);
  const accountFailures = await countEvent(db, keys.account, LOGIN_ACCOUNT_SLOWDOWN.windowMs, meta.now);
  if (accountFailures.count > Math.round(LOGIN_ACCOUNT_SLOWDOWN.after * meta.rateLimitFactor)) await sleep(LOGIN_ACCOUNT_SLOWDOWN.delayMs);
  try {
    const user = await authenticate(db, input.username, input.password);
    await notAFailure();
    return user;
  } catch (error) {
    // A blocked user with the right password (403) did not guess wrong either.
    if (error instanceof HttpError && error.statusCode === 403) await notAFailure();
    throw error;
  }

  async function notAFailure() {
    await refundEvent(db, keys.address);
    await clearCounter(db, keys.accountAddress);
    await clearCounter(db, keys.account);
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
