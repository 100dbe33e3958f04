import { STAFF_ACTION_KINDS } from '../staff-actions.ts';
import { adminPageFields, PERIOD_ORDER_ERROR, periodFields, periodIsOrdered } from './admin-list-query.ts';
import { z } from './z.ts';

/**
 * GET /api/admin/staff-actions: who (a user id, or a deleted user's username), which kind, a
 * range of shop days, the page; newest first.
 */
export const StaffActionListQuerySchema = z
  .object({
    userId: z.coerce.number({ error: 'Некорректный сотрудник' }).int('Некорректный сотрудник').positive('Некорректный сотрудник').optional(),
    username: z.string().trim().max(50, 'Логин не длиннее 50 символов').optional(),
    kind: z.enum(STAFF_ACTION_KINDS, { error: 'Некорректный вид действия' }).optional(),
    ...periodFields,
    ...adminPageFields,
  })
  .refine(periodIsOrdered, PERIOD_ORDER_ERROR);
export type StaffActionListQuery = z.output<typeof StaffActionListQuerySchema>;
