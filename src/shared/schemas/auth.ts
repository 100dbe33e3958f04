import { EMAIL_MAX, PASSWORD_MIN, USERNAME_MIN } from '../constants.ts';
import { z } from './z.ts';

const USERNAME_MESSAGE = 'Имя пользователя должно содержать не менее 3 символов';
/** decisions.md, Accounts: an empty registration field shows this, whichever it is. */
export const FILL_ALL_FIELDS_MESSAGE = 'Заполните все поля';
export const CONSENT_MESSAGE = 'Необходимо согласие на обработку персональных данных';
export const USERNAME_MAX = 50;
export const PASSWORD_MAX = 200;
/** decisions.md, password policy: registration, profile and the admin user form ... */
export const PASSWORD_MIN_MESSAGE = `Пароль должен содержать не менее ${PASSWORD_MIN} символов`;
/** ... and the reset form, each with the spec's own wording. */
const RESET_PASSWORD_MESSAGE = `Пароль должен содержать минимум ${PASSWORD_MIN} символов`;
/** Under every new-password field; the common-password check is the server's (its list stays off the client). */
export const NEW_PASSWORD_HINT = `Не менее ${PASSWORD_MIN} символов. Слишком простые пароли вроде 12345678 или qwerty123 не подойдут.`;
export const PASSWORDS_DIFFER = 'Пароли не совпадают';

/** The required consent to personal-data processing (152-FZ): only `true` passes (registration, checkout). */
export const consentGiven = () => z.boolean({ error: CONSENT_MESSAGE }).refine((v) => v === true, CONSENT_MESSAGE);

const USERNAME_MAX_MESSAGE = `Имя пользователя должно быть не длиннее ${USERNAME_MAX} символов`;
const PASSWORD_MAX_MESSAGE = `Пароль должен быть не длиннее ${PASSWORD_MAX} символов`;

/** Login: the first reading of spec 5, bounded like registration (no account has longer ones). */
export const LoginSchema = z.object({
  username: z.string({ error: USERNAME_MESSAGE }).trim().min(USERNAME_MIN, USERNAME_MESSAGE).max(USERNAME_MAX, USERNAME_MAX_MESSAGE),
  password: z.string({ error: 'Пожалуйста, введите пароль' }).min(1, 'Пожалуйста, введите пароль').max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** A required registration field: empty -> 'Заполните все поля', before its own rule. */
const filled = () => z.string({ error: FILL_ALL_FIELDS_MESSAGE }).trim().min(1, { error: FILL_ALL_FIELDS_MESSAGE, abort: true });

/**
 * Registration: the first schema of spec 5, used by the auth page, the checkout dialog and
 * POST /api/register. `consent` is the personal-data consent (152-FZ): it must be `true`.
 * The role is not part of it: a registered user is always a customer.
 */
export const RegisterSchema = z.object({
  username: filled()
    .min(USERNAME_MIN, USERNAME_MESSAGE)
    .max(USERNAME_MAX, USERNAME_MAX_MESSAGE),
  email: filled().max(EMAIL_MAX, 'Пожалуйста, введите корректный email').pipe(z.email('Пожалуйста, введите корректный email')),
  password: z
    .string({ error: FILL_ALL_FIELDS_MESSAGE })
    .min(1, { error: FILL_ALL_FIELDS_MESSAGE, abort: true })
    .min(PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE),
  consent: consentGiven(),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

const INVALID_LINK_MESSAGE = 'Ссылка для восстановления пароля недействительна или истекла';

/** Spec 5, password reset: the request form. */
export const PasswordResetRequestSchema = z.object({
  email: z
    .string({ error: 'Введите корректный email' })
    .trim()
    .min(1, { error: 'Введите корректный email', abort: true })
    .max(EMAIL_MAX, 'Введите корректный email')
    .pipe(z.email('Введите корректный email')),
});
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>;

const resetToken = () => z.string({ error: INVALID_LINK_MESSAGE }).trim().min(16, INVALID_LINK_MESSAGE).max(200, INVALID_LINK_MESSAGE);
export const newPassword = (message = RESET_PASSWORD_MESSAGE) =>
  z.string({ error: message }).min(PASSWORD_MIN, message).max(PASSWORD_MAX, PASSWORD_MAX_MESSAGE);

export const PasswordResetVerifySchema = z.object({ token: resetToken() });

/** POST /api/password-reset/reset. */
export const PasswordResetSchema = z.object({ token: resetToken(), password: newPassword() });
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>;

/** The new-password form: password and its confirmation (spec 5). */
export const NewPasswordFormSchema = z
  .object({
    password: newPassword(),
    confirmPassword: z.string({ error: 'Подтвердите пароль' }).min(1, 'Подтвердите пароль'),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });
export type NewPasswordFormInput = z.infer<typeof NewPasswordFormSchema>;
