import { PASSWORD_MIN, ROLES, USERNAME_MIN } from '../constants.ts';
import { PASSWORD_MIN_MESSAGE } from './auth.ts';
import { currentPassword } from './own-password.ts';
import { adminPageFields } from './admin-list-query.ts';
import { z } from './z.ts';

/** Spec 5, 'Admin user form': the messages of the back office's user dialogs. */
export const ADMIN_USERNAME_MESSAGE = 'Логин должен содержать не менее 3 символов';
export const ADMIN_EMAIL_MESSAGE = 'Укажите правильный email';

const isEmail = (value: string) => z.email().safeParse(value).success;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullish();

const fields = {
  username: z
    .string({ error: ADMIN_USERNAME_MESSAGE })
    .trim()
    .min(USERNAME_MIN, ADMIN_USERNAME_MESSAGE)
    .max(50, 'Логин не длиннее 50 символов'),
  /** The back office may keep a user without e-mail ('Не указан'); a given one must be valid. */
  email: z
    .string({ error: ADMIN_EMAIL_MESSAGE })
    .trim()
    .max(200, 'Email не длиннее 200 символов')
    .refine((v) => v === '' || isEmail(v), ADMIN_EMAIL_MESSAGE)
    .nullish(),
  fullName: optionalText(200, 'Имя не длиннее 200 символов'),
  phone: optionalText(50, 'Телефон не длиннее 50 символов'),
  address: optionalText(500, 'Адрес не длиннее 500 символов'),
  role: z.enum(ROLES, { error: 'Выберите роль' }),
  isActive: z.boolean({ error: 'Некорректное значение' }),
};

/** 'Создание нового пользователя': a password is needed, or the account could never log in. */
export const AdminUserCreateSchema = z.object({
  ...fields,
  role: fields.role.default('user'),
  isActive: fields.isActive.default(true),
  password: z
    .string({ error: PASSWORD_MIN_MESSAGE })
    .min(PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
    .max(200, 'Пароль не длиннее 200 символов'),
});
export type AdminUserCreateInput = z.input<typeof AdminUserCreateSchema>;
export type AdminUserCreate = z.output<typeof AdminUserCreateSchema>;

/**
 * 'Редактирование пользователя': only the fields sent change (no defaults: a missing role is not
 * 'user'); null or '' clears an optional one. An empty or missing password keeps the old one.
 * A new role needs the administrator's own `currentPassword` (checked by the server).
 */
export const AdminUserUpdateSchema = z.object({
  ...fields,
  username: fields.username.optional(),
  role: fields.role.optional(),
  isActive: fields.isActive.optional(),
  password: z
    .string()
    .max(200, 'Пароль не длиннее 200 символов')
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
    .nullish(),
  currentPassword: currentPassword().optional(),
});
export type AdminUserUpdateInput = z.input<typeof AdminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof AdminUserUpdateSchema>;

export const AdminUserStatusSchema = z.object({
  isActive: z.boolean({ error: 'Укажите статус пользователя' }),
});
export type AdminUserStatusInput = z.infer<typeof AdminUserStatusSchema>;

export const USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export const USER_STATUS_FILTERS = ['all', 'true', 'false'] as const;

/** GET /api/admin/users: query, role, isActive, page, limit (spec 7). */
export const AdminUserListQuerySchema = z.object({
  query: z.string().trim().max(200, 'Запрос не длиннее 200 символов').optional(),
  role: z.enum(USER_ROLE_FILTERS, { error: 'Некорректная роль' }).default('all'),
  isActive: z.enum(USER_STATUS_FILTERS, { error: 'Некорректный статус' }).default('all'),
  ...adminPageFields,
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;
