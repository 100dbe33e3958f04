import { ADMIN_PAGE_SIZE } from '../constants.ts';
import { isValidDay } from '../dates.ts';
import { STAFF_ACTION_KINDS } from '../staff-actions.ts';
import { z } from './z.ts';

const day = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isValidDay(v), message)
    .optional();

/**
 * GET /api/admin/staff-actions: who (a user id, or a deleted user's username), which kind, a
 * range of shop days, the page; newest first.
 */
export const StaffActionListQuerySchema = z
  .object({
    userId: z.coerce.number({ error: 'Некорректный сотрудник' }).int('Некорректный сотрудник').positive('Некорректный сотрудник').optional(),
    username: z.string().trim().max(50, 'Логин не длиннее 50 символов').optional(),
    kind: z.enum(STAFF_ACTION_KINDS, { error: 'Некорректный вид действия' }).optional(),
    startDate: day('Некорректная дата начала'),
    endDate: day('Некорректная дата окончания'),
    page: z.coerce.number().int().min(1, 'Номер страницы начинается с 1').default(1),
    limit: z.coerce.number().int().min(1).max(100, 'Не больше 100 на странице').default(ADMIN_PAGE_SIZE),
    t: z.string().optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'Дата начала позже даты окончания',
    path: ['endDate'],
  });
export type StaffActionListQuery = z.output<typeof StaffActionListQuerySchema>;
