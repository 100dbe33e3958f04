import { eq } from 'drizzle-orm';
import { assertAcceptablePassword } from '../../core/password-policy.ts';
import { hashPassword } from '../../core/password.ts';
import type { Db } from '../../db/connection.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import type { ProfilePasswordInput } from '#shared/schemas/own-password.ts';
import type { PublicUser } from '#shared/types.ts';
import type { RequestMeta } from '../rate-limits/service.ts';
import { assertCurrentPassword } from './current-password.ts';
import { endOtherSessions } from './session-service.ts';

export const PASSWORD_CHANGED = 'Пароль изменён';

/**
 * POST /api/profile/password: the signed-in user replaces their password, knowing the current
 * one. Every other session of theirs ends (whoever else knew the old password is logged out) and
 * pending reset links die; the session in use stays.
 */
export async function changeOwnPassword(db: Db, user: PublicUser, sessionHash: string, input: ProfilePasswordInput, meta: RequestMeta) {
  assertAcceptablePassword(input.newPassword, user, 'newPassword');
  await assertCurrentPassword(db, user.id, input.currentPassword, meta);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await endOtherSessions(tx, user.id, sessionHash);
  });
}
