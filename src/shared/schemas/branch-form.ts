import { shopPhoneField } from './phone.ts';
import { z } from './z.ts';

/**
 * The back office's branch form (`/api/admin/branches`). Apart from branches.ts, which the
 * storefront's first load imports: zod stays out of it.
 */

const branchText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Не длиннее ${max} символов`);

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

/** The branch form (`POST` and `PUT /api/admin/branches`). The slug is given once: the city cookie names it. */
export const BranchSchema = z.object({
  city: branchText('Укажите город', 80),
  cityIn: branchText('Укажите город после «в»: например, «Ростове-на-Дону»', 80),
  address: branchText('Укажите адрес', 300),
  phone: shopPhoneField('Укажите телефон'),
  workingHours: branchText('Укажите режим работы: например, «Пн–Пт 8:00–18:00, Сб–Вс выходной»', 200),
  pickup: z.boolean({ error: 'Некорректное значение' }),
  latitude: coordinate(-90, 90, 'Широта: число от −90 до 90'),
  longitude: coordinate(-180, 180, 'Долгота: число от −180 до 180'),
  sortOrder: z.coerce.number({ error: 'Порядок: целое число' }).int('Порядок: целое число').min(0, 'Порядок: не меньше 0').max(1000, 'Порядок: не больше 1000'),
});
export type BranchData = z.output<typeof BranchSchema>;
export type BranchInput = z.input<typeof BranchSchema>;

export const NewBranchSchema = BranchSchema.extend({
  slug: z
    .string({ error: 'Укажите slug: латиница, цифры и дефисы' })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Укажите slug: латиница, цифры и дефисы')
    .max(60, 'Не длиннее 60 символов'),
});
export type NewBranchData = z.output<typeof NewBranchSchema>;
