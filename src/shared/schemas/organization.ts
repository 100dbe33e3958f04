import { requisitesProblems } from '../requisites.ts';
import { idParams, z } from './z.ts';

export const ORGANIZATIONS_MAX = 20;

const optionalDigits = (length: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^(\\d{${length}})?$`), message)
    .nullish()
    .transform((value) => value || null);

/** An organisation of the customer (issue 27). */
const fields = {
  name: z.string({ error: 'Введите название организации' }).trim().min(2, 'Введите название организации').max(300, 'Не длиннее 300 символов'),
  inn: z.string({ error: 'ИНН: 10 цифр для организации или 12 для ИП' }).trim().regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 цифр для организации или 12 для ИП'),
  kpp: z
    .string({ error: 'КПП: 9 символов' })
    .trim()
    .regex(/^(\d{4}[\dA-Z]{2}\d{3})?$/, 'КПП: 9 символов')
    .nullish()
    .transform((value) => value || null),
  ogrn: z.string({ error: 'ОГРН: 13 цифр, ОГРНИП: 15 цифр' }).trim().regex(/^(\d{13}|\d{15})$/, 'ОГРН: 13 цифр, ОГРНИП: 15 цифр'),
  legalAddress: z.string({ error: 'Введите юридический адрес' }).trim().min(5, 'Введите юридический адрес').max(500, 'Не длиннее 500 символов'),
  bik: optionalDigits(9, 'БИК: 9 цифр'),
  account: optionalDigits(20, 'Расчётный счёт: 20 цифр'),
  correspondentAccount: optionalDigits(20, 'Корреспондентский счёт: 20 цифр'),
};

/** The fields' formats, then the check digits and what the ИНН's kind asks for (`src/shared/requisites.ts`). */
export const OrganizationSchema = z.object(fields).superRefine((value, ctx) => {
  for (const [field, message] of Object.entries(requisitesProblems(value))) ctx.addIssue({ code: 'custom', path: [field], message });
});
export type OrganizationInput = z.input<typeof OrganizationSchema>;
export type OrganizationValues = z.output<typeof OrganizationSchema>;

/** PATCH /api/organizations/{id}: any of the fields; the result is checked whole again. */
export const OrganizationPatchSchema = z.object(fields).partial();
export type OrganizationPatch = z.infer<typeof OrganizationPatchSchema>;

/** GET /api/organizations/lookup: a ИНН whose check digits match, so a typo never reaches the register. */
export const OrganizationLookupQuerySchema = z.object({ inn: fields.inn }).superRefine((value, ctx) => {
  const problem = requisitesProblems({ inn: value.inn }).inn;
  if (problem) ctx.addIssue({ code: 'custom', path: ['inn'], message: problem });
});

export const OrganizationIdParamsSchema = idParams('Организация не найдена');
