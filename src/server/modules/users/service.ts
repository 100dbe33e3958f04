/**
 * 'Управление клиентами': the administrators' list of users, creating and editing users, and
 * blocking them. The rules that keep the shop administrable live here: nobody blocks or demotes
 * themselves, the last active administrator stays, and blocking ends every session at once.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike, type Db, type Tx } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-slug.ts';
import { badRequest, HttpError, notFound } from '../../core/http-errors.ts';
import { hashPassword } from '../../core/password.ts';
import { assertAcceptablePassword } from '../../core/password-policy.ts';
import { takenField } from '../auth/service.ts';
import { endAllSessions, endOtherSessions } from '../auth/session-service.ts';
import type { Role } from '#shared/constants.ts';
import { CURRENT_PASSWORD_REQUIRED } from '#shared/schemas/own-password.ts';
import type { AdminUserCreate, AdminUserListQuery, AdminUserUpdate } from '#shared/schemas/admin-user.ts';
import type { AdminCustomerCard, AdminUser } from '#shared/types.ts';
import { listAddresses } from '../addresses/service.ts';
import { customerOrdersForStaff } from '../orders/admin-service.ts';
import { pageOf } from '../../core/paging.ts';


export const USERNAME_TAKEN = 'Пользователь с таким логином уже существует';
export const EMAIL_TAKEN = 'Пользователь с таким email уже существует';
export const SELF_BLOCK = 'Нельзя заблокировать собственную учётную запись';
export const SELF_DEMOTE = 'Нельзя снять с себя роль администратора';
export const LAST_ADMIN = 'Нельзя заблокировать или лишить прав последнего активного администратора';

/** Who is acting: the administrator's id and the hash of their current session. */
export type Actor = { id: number; sessionHash: string | null };

const orNull = (value: string | null | undefined) => (value ? value : null);

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  phone: users.phone,
  fullName: users.fullName,
  address: users.address,
  isActive: users.isActive,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
};

type Row = { [K in keyof typeof columns]: (typeof users.$inferSelect)[K] };

const toAdminUser = (row: Row): AdminUser => ({
  ...row,
  role: row.role as Role,
  createdAt: row.createdAt.toISOString(),
  lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
});

/** GET /api/admin/users: search by login, name or e-mail; role and status filters; newest first. */
export async function listUsers(db: Db, query: AdminUserListQuery): Promise<{ users: AdminUser[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  const text = query.query?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conditions.push(or(ilike(users.username, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern)));
  }
  if (query.role !== 'all') conditions.push(eq(users.role, query.role));
  if (query.isActive !== 'all') conditions.push(eq(users.isActive, query.isActive === 'true'));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    pageOf(db.select(columns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(), query),
    db.$count(users, where),
  ]);
  return { users: rows.map(toAdminUser), total };
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Пользователь не найден');
  return toAdminUser(row);
}

/** «Карточка клиента»: the account, its saved addresses, its latest orders and their sum, its customer group. */
export async function getCustomerCard(db: Db, id: number): Promise<AdminCustomerCard> {
  const user = await getUser(db, id);
  const [saved, placed, [group]] = await Promise.all([
    listAddresses(db, id),
    customerOrdersForStaff(db, id),
    db.select({ id: users.customerGroupId }).from(users).where(eq(users.id, id)),
  ]);
  return { user, addresses: saved, orders: placed, customerGroupId: group?.id ?? null };
}

/** 409 with the message on its field, so the form shows it under the login or the e-mail. */
const taken = (field: 'username' | 'email') => {
  const message = field === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN;
  return new HttpError(409, message, { [field]: [message] });
};

/** Login and e-mail are unique whatever their case. */
async function assertUnique(db: Pick<Db, 'select'>, username: string, email: string | null, exceptId?: number) {
  const field = await takenField(db, username, email, exceptId);
  if (field) throw taken(field);
}

/** A unique index may still refuse a row written by someone else at the same moment. */
function translateUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error)) throw taken(isUniqueViolation(error, 'users_email_lower_unique') ? 'email' : 'username');
  throw error;
}

export async function createUser(db: Db, input: AdminUserCreate, now: Date): Promise<AdminUser> {
  const email = orNull(input.email);
  assertAcceptablePassword(input.password, { username: input.username, email });
  await assertUnique(db, input.username, email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email,
        passwordHash,
        role: input.role,
        fullName: orNull(input.fullName),
        phone: orNull(input.phone),
        address: orNull(input.address),
        isActive: input.isActive,
        createdAt: now,
      })
      .returning(columns);
    return toAdminUser(row);
  } catch (error) {
    translateUniqueViolation(error);
  }
}

/**
 * Locks the active administrators (always first, in id order, so concurrent changes queue instead
 * of deadlocking), then the target user. Two administrators demoting each other at the same
 * moment therefore cannot both succeed: the second sees the first's change.
 */
async function lockForChange(tx: Tx, id: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  const [target] = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!target) throw notFound('Пользователь не найден');
  return { target, activeAdminIds: admins.map((a) => a.id) };
}

/**
 * The guard of every change that could take an administrator away: nobody blocks or demotes
 * themselves, and at least one other active administrator must remain.
 */
function assertAdminRemains(
  locked: Awaited<ReturnType<typeof lockForChange>>,
  next: { role: string; isActive: boolean },
  actor: Actor,
) {
  const { target, activeAdminIds } = locked;
  if (target.id === actor.id && !next.isActive) throw new HttpError(409, SELF_BLOCK);
  if (target.id === actor.id && target.role === 'admin' && next.role !== 'admin') throw new HttpError(409, SELF_DEMOTE);
  const losesAdmin = target.role === 'admin' && target.isActive && (next.role !== 'admin' || !next.isActive);
  if (losesAdmin && !activeAdminIds.some((adminId) => adminId !== target.id)) throw new HttpError(409, LAST_ADMIN);
}

/** Sessions of a user end when they are blocked or get a new password (the actor keeps theirs). */
async function endSessions(tx: Tx, userId: number, actor: Actor) {
  if (userId === actor.id && actor.sessionHash) await endOtherSessions(tx, userId, actor.sessionHash);
  else await endAllSessions(tx, userId);
}

/**
 * PATCH /api/admin/users/{id}: the fields the body has, and only those (null or '' clears an
 * optional one); an empty password keeps the old one.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: AdminUserUpdate,
  actor: Actor & { confirmPassword: () => Promise<void> },
): Promise<AdminUser> {
  const current = input.password || input.role !== undefined ? await getUser(db, id) : null;
  // A new role needs the administrator's own password in the request (ASVS re-authentication).
  const roleConfirmed = input.role !== undefined && input.role !== current!.role;
  if (roleConfirmed) await actor.confirmPassword();
  // The account rules of registration apply to a password an administrator sets.
  let passwordHash: string | undefined;
  if (input.password && current) {
    const email = input.email === undefined ? current.email : orNull(input.email);
    assertAcceptablePassword(input.password, { username: input.username ?? current.username, email });
    passwordHash = await hashPassword(input.password);
  }
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockForChange(tx, id);
      const { target } = locked;
      const next = { role: input.role ?? target.role, isActive: input.isActive ?? target.isActive };
      assertAdminRemains(locked, next, actor);
      // The role changed since it was read above, where no password was asked for.
      if (next.role !== target.role && !roleConfirmed) throw badRequest(CURRENT_PASSWORD_REQUIRED, { currentPassword: [CURRENT_PASSWORD_REQUIRED] });
      const username = input.username ?? target.username;
      const email = input.email === undefined ? target.email : orNull(input.email);
      if (input.username !== undefined || input.email !== undefined) await assertUnique(tx, username, email, id);
      const [row] = await tx
        .update(users)
        .set({
          username,
          email,
          role: next.role,
          isActive: next.isActive,
          ...(input.fullName !== undefined ? { fullName: orNull(input.fullName) } : {}),
          ...(input.phone !== undefined ? { phone: orNull(input.phone) } : {}),
          ...(input.address !== undefined ? { address: orNull(input.address) } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id))
        .returning(columns);
      if (input.isActive === false || passwordHash) await endSessions(tx, id, actor);
      return toAdminUser(row!);
    });
  } catch (error) {
    translateUniqueViolation(error);
  }
}

/** PATCH /api/admin/users/{id}/status: block (all sessions end at once) or activate. */
export async function setUserActive(db: Db, id: number, isActive: boolean, actor: Actor): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const locked = await lockForChange(tx, id);
    assertAdminRemains(locked, { role: locked.target.role, isActive }, actor);
    const [row] = await tx.update(users).set({ isActive }).where(eq(users.id, id)).returning(columns);
    if (!isActive) await endAllSessions(tx, id);
    return toAdminUser(row!);
  });
}

/**
 * The name and phone of a customer's order fill their profile where it has none, so the next
 * checkout starts with them (the session's user carries them). A name or phone already there stays.
 */
export async function rememberContactDetails(tx: Tx, userId: number, contact: { fullName: string; phone: string }): Promise<void> {
  await tx
    .update(users)
    .set({ fullName: sql`coalesce(nullif(${users.fullName}, ''), ${contact.fullName})`, phone: sql`coalesce(nullif(${users.phone}, ''), ${contact.phone})` })
    .where(eq(users.id, userId));
}
