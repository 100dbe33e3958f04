import { PASSWORD_MIN, USERNAME_MIN } from '../constants.ts';
import { z } from './z.ts';

const USERNAME_MESSAGE = 'Имя пользователя должно содержать не менее 3 символов';

/** Login: the first reading of spec 5. */
export const LoginSchema = z.object({
  username: z.string({ error: USERNAME_MESSAGE }).trim().min(USERNAME_MIN, USERNAME_MESSAGE),
  password: z.string({ error: 'Пожалуйста, введите пароль' }).min(1, 'Пожалуйста, введите пароль'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** Registration: the first schema of spec 5, used by the auth page and the checkout dialog. */
export const RegisterSchema = z.object({
  username: z.string({ error: USERNAME_MESSAGE }).trim().min(USERNAME_MIN, USERNAME_MESSAGE).max(50, 'Не длиннее 50 символов'),
  email: z.string({ error: 'Пожалуйста, введите корректный email' }).trim().pipe(z.email('Пожалуйста, введите корректный email')),
  password: z
    .string({ error: 'Пароль должен содержать не менее 6 символов' })
    .min(PASSWORD_MIN, 'Пароль должен содержать не менее 6 символов')
    .max(200, 'Пароль не длиннее 200 символов'),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;
