import { ADMIN_PAGE_SIZE } from '../constants.ts';
import { isValidDay } from '../dates.ts';
import { z } from './z.ts';

/** The paging of a back-office list: page, page size, and the cache-busting `t`. */
export const adminPageFields = {
  page: z.coerce.number().int().min(1, 'Номер страницы начинается с 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'Не больше 100 на странице').default(ADMIN_PAGE_SIZE),
  t: z.string().optional(),
};

/** A shop day (YYYY-MM-DD) of a list's period, or empty for none. */
const day = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isValidDay(v), message)
    .optional();

export const periodFields = {
  startDate: day('Некорректная дата начала'),
  endDate: day('Некорректная дата окончания'),
};

/** The period's start comes no later than its end: `.refine(periodIsOrdered, PERIOD_ORDER_ERROR)`. */
export const periodIsOrdered = (q: { startDate?: string; endDate?: string }) => !q.startDate || !q.endDate || q.startDate <= q.endDate;
export const PERIOD_ORDER_ERROR = { message: 'Дата начала позже даты окончания', path: ['endDate'] };
