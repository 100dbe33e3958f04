/**
 * Re-authentication (ASVS level 2): grave steps carry the signed-in person's own password in
 * the request, so a session left open or stolen is not enough for them. Wrong passwords are
 * counted per account like failed logins, so a session cannot be used to guess the password.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { badRequest, HttpError } from '../../core/http-errors.ts';
import { verifyPassword } from '../../core/password.ts';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/schema.ts';
import { CURRENT_PASSWORD_REQUIRED, WRONG_CURRENT_PASSWORD } from '#shared/schemas/own-password.ts';
import { clearCounter, enforce, requestMeta, type RateRule, type RequestMeta } from '../rate-limits/service.ts';

/** Wrong current passwords per account before 429: the failed-login allowance. */
export const CURRENT_PASSWORD_LIMIT = {
  limit: 10,
  windowMs: 15 * 60 * 1000,
  message: 'Слишком много попыток ввести пароль.',
} satisfies RateRule;

/** 400 when the password is missing, 403 when it is not the user's; both on the `currentPassword` field. */
export async function assertCurrentPassword(db: Db, userId: number, password: string | undefined, meta: RequestMeta) {
  if (!password) throw badRequest(CURRENT_PASSWORD_REQUIRED, { currentPassword: [CURRENT_PASSWORD_REQUIRED] });
  const key = `current-password:${userId}`;
  await enforce(db, key, CURRENT_PASSWORD_LIMIT, meta.now, meta.rateLimitFactor);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new HttpError(403, WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  // The right password: earlier slips are forgiven, as after a login.
  await clearCounter(db, key);
}

/** The signed-in user's `currentPassword` from the validated body, checked (see assertCurrentPassword). */
export const confirmCurrentPassword = (app: App, request: FastifyRequest) =>
  assertCurrentPassword(app.deps.db, request.user!.id, (request.body as { currentPassword?: string } | undefined)?.currentPassword, requestMeta(app, request));

/** A route's preHandler for steps that always need the password (backup download, deleting every product). */
export const requireCurrentPassword = (app: App) => (request: FastifyRequest) => confirmCurrentPassword(app, request);
