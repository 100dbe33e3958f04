import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { Mailer } from '../../mail/transport.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { getSettings } from '../settings/service.ts';
import type { PasswordResetInput, PasswordResetRequestInput } from '#shared/schemas/auth.ts';
import { passwordResetMail } from './mails.ts';
import { hashPassword } from '../../core/password.ts';
import { assertAcceptablePassword } from '../../core/password-policy.ts';
import { endAllSessions, hashToken } from './session-service.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_LINK = 'Ссылка для восстановления пароля недействительна или истекла';
export const RESET_REQUEST_ANSWER =
  'Если этот email зарегистрирован в магазине, мы отправили на него письмо со ссылкой для восстановления пароля. Ссылка действует 1 час.';

const RESET_MESSAGE = 'Слишком много запросов на восстановление пароля.';
/** Reset requests: per e-mail (mail-bombing one person) and per address. */
export const RESET_LIMITS = {
  account: { limit: 3, windowMs: 60 * 60 * 1000, message: RESET_MESSAGE },
  address: { limit: 10, windowMs: 60 * 60 * 1000, message: RESET_MESSAGE },
} satisfies Record<string, RateRule>;

export type ResetRequestContext = RequestMeta & {
  mailer: Mailer;
  /** PUBLIC_URL: links are never built from the request's Host header. */
  publicUrl: string;
  /** Mail goes out after the answer; a failure is only logged (the answer must not differ). */
  onMailError: (error: unknown) => void;
};

/**
 * POST /api/password-reset/request. The answer is the same whether the e-mail has an account
 * or not; only the token (for the caller to expose in development) differs, and it is
 * returned to the route, never put in the answer by this function.
 */
export async function requestPasswordReset(
  db: Db,
  input: PasswordResetRequestInput,
  ctx: ResetRequestContext,
): Promise<{ token: string | null }> {
  const email = input.email.trim().toLowerCase();
  await enforce(db, `reset:address:${ctx.ip}`, RESET_LIMITS.address, ctx.now, ctx.rateLimitFactor);
  await enforce(db, `reset:account:${email}`, RESET_LIMITS.account, ctx.now, ctx.rateLimitFactor);

  const token = randomBytes(32).toString('base64url');
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.isActive, true)))
    .limit(1);
  if (!user?.email) return { token: null };

  await db.transaction(async (tx) => {
    // One live link at a time: a new request replaces the older ones.
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(ctx.now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: ctx.now,
    });
  });

  const shop = await getSettings(db, 'shop');
  const link = `${ctx.publicUrl}/password-reset/reset?token=${encodeURIComponent(token)}`;
  void ctx.mailer.send(passwordResetMail(shop, user.email, user.username, link)).catch(ctx.onMailError);
  return { token };
}

/** The live token's user, or null (unknown, used, expired, or the user is blocked). */
async function findLiveToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** GET /api/password-reset/verify: is the link still good? (400 otherwise). */
export async function verifyResetToken(db: Db, token: string, now: Date) {
  if (!(await findLiveToken(db, token, now))) throw badRequest(INVALID_RESET_LINK);
}

/**
 * POST /api/password-reset/reset: the token is used once (the conditional update wins only
 * for one of two racing requests), the password is replaced and every session of the user
 * ends, so whoever knew the old password is logged out everywhere.
 */
export async function resetPassword(db: Db, input: PasswordResetInput, now: Date): Promise<{ userId: number }> {
  const user = await findLiveToken(db, input.token, now);
  if (!user) throw badRequest(INVALID_RESET_LINK);
  const userId = user.id;
  assertAcceptablePassword(input.password, user);
  const passwordHash = await hashPassword(input.password);

  await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (used.length === 0) throw badRequest(INVALID_RESET_LINK);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.tokenHash, hashToken(input.token))));
    await endAllSessions(tx, userId);
  });
  return { userId };
}

/** Deletes the links that can no longer be used (used or expired); returns how many went. */
export async function purgeSpentResetTokens(db: Db, now: Date): Promise<number> {
  const spent = await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, now)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return spent.length;
}
