import fs from 'node:fs';
import { badRequest } from '../../core/http-errors.ts';

/** The data file beside this module: the most common passwords, refused at registration and reset. */
const COMMON = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export const COMMON_PASSWORD_MESSAGE = 'Этот пароль слишком простой и часто встречается. Придумайте другой';
export const PASSWORD_LIKE_NAME_MESSAGE = 'Пароль не должен совпадать с именем пользователя или email';

export const isCommonPassword = (password: string) => {
  const p = password.trim().toLowerCase();
  return COMMON.has(p) || new Set(p).size === 1;
};

/**
 * Why a new password is refused (beyond the schema's length), or null. The spec's 6-character
 * minimum stays; on top of it the most common passwords and the user's own name or e-mail are refused.
 */
export function passwordProblem(password: string, who: { username?: string | null; email?: string | null } = {}): string | null {
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const p = password.trim().toLowerCase();
  if ((who.username && p === who.username.trim().toLowerCase()) || (who.email && p === who.email.trim().toLowerCase())) {
    return PASSWORD_LIKE_NAME_MESSAGE;
  }
  return null;
}

/** Throws 400 with the message on the `password` field when the password is refused. */
export function assertAcceptablePassword(password: string, who: { username?: string | null; email?: string | null } = {}) {
  const problem = passwordProblem(password, who);
  if (problem) throw badRequest(problem, { password: [problem] });
}
