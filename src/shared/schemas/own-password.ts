/**
 * The signed-in person's own password: asked again before a grave step, and the profile's change
 * of password. Apart from auth.ts so the storefront's first load does not carry them.
 */
import { newPassword, PASSWORD_MAX, PASSWORD_MIN_MESSAGE, PASSWORDS_DIFFER } from './auth.ts';
import { z } from './z.ts';

export const CURRENT_PASSWORD_REQUIRED = 'Введите текущий пароль';
export const WRONG_CURRENT_PASSWORD = 'Неверный текущий пароль';

/**
 * The signed-in staff member's or customer's own password, asked again before a grave step
 * (changing one's password, downloading a backup, changing a role, deleting every product).
 */
export const currentPassword = () =>
  z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX, WRONG_CURRENT_PASSWORD);

/**
 * The body of a request that must carry the staff member's password (backup download, deleting
 * all products). No body at all is read as an empty one, so it too gets the field's message.
 */
export const CurrentPasswordSchema = z.preprocess((body) => body ?? {}, z.object({ currentPassword: currentPassword() }));
export type CurrentPasswordInput = z.infer<typeof CurrentPasswordSchema>;

/** POST /api/profile/password: the signed-in user's new password. */
export const ProfilePasswordSchema = z.object({
  currentPassword: currentPassword(),
  newPassword: newPassword(PASSWORD_MIN_MESSAGE),
});
export type ProfilePasswordInput = z.infer<typeof ProfilePasswordSchema>;

/** The profile's form: the body above plus the confirmation. */
export const ProfilePasswordFormSchema = ProfilePasswordSchema.extend({
  confirmPassword: z.string({ error: 'Подтвердите пароль' }).min(1, 'Подтвердите пароль'),
}).refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
});
export type ProfilePasswordFormInput = z.infer<typeof ProfilePasswordFormSchema>;
