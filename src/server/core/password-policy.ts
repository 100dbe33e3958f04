import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '#shared/constants.ts';
import { PASSWORD_MIN_MESSAGE } from '#shared/schemas/auth.ts';
import { badRequest } from './http-errors.ts';

/** How many of the package's ranked leaked passwords are refused (ASVS 6.2.4: the 10 000 most common). */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * zxcvbn-ts keeps its list of leaked passwords most common first, in lower case. Server-only: the
 * list never goes into a client bundle, the client mirrors the length rule alone.
 */
const COMMON = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));

export const COMMON_PASSWORD_MESSAGE = 'Этот пароль слишком простой, выберите другой';
export const PASSWORD_LIKE_NAME_MESSAGE = 'Пароль не должен совпадать с именем пользователя или email';

type Owner = { username?: string | null; email?: string | null };

const isCommonPassword = (password: string) => {
  const p = password.trim().toLowerCase();
  return COMMON.has(p) || new Set(p).size === 1;
};

/**
 * Why a new password is refused, or null: shorter than the minimum (the schemas say so first;
 * this covers ADMIN_PASSWORD, which no schema sees), among the most common or one repeated
 * character, or the owner's own name or e-mail.
 */
export function passwordProblem(password: string, owner: Owner = {}): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_MIN_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const p = password.trim().toLowerCase();
  const same = (value?: string | null) => !!value && p === value.trim().toLowerCase();
  if (same(owner.username) || same(owner.email)) return PASSWORD_LIKE_NAME_MESSAGE;
  return null;
}

/** Throws 400 with the message on `field` (the form's name for the new password) when it is refused. */
export function assertAcceptablePassword(password: string, owner: Owner = {}, field = 'password') {
  const problem = passwordProblem(password, owner);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}
