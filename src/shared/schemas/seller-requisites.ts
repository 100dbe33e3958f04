/**
 * The shop's own requisites (issue 27, settings tab «Реквизиты»): the seller of an invoice. Every
 * field may be saved empty (a new shop has none, and the demo invents no company), but what is
 * typed is checked with the same check digits as a customer's organisation. An invoice is issued
 * only once they are complete (`sellerRequisitesMissing`).
 */
import { DEFAULT_INVOICE_VALID_DAYS } from '../constants.ts';
import { requisitesProblems } from '../requisites.ts';
import { alongsideFieldErrors, z } from './z.ts';

export const INVOICE_VALID_DAYS_MIN = 1;
export const INVOICE_VALID_DAYS_MAX = 30;
const VALID_DAYS_MESSAGE = `Укажите целое число банковских дней от ${INVOICE_VALID_DAYS_MIN} до ${INVOICE_VALID_DAYS_MAX}`;

const text = (max: number) => z.string().trim().max(max, `Не длиннее ${max} символов`).default('');
const digitsOrEmpty = (pattern: RegExp, message: string) => z.string({ error: message }).trim().regex(pattern, message).default('');

const fields = {
  legalName: text(300),
  inn: digitsOrEmpty(/^(\d{10}|\d{12})?$/, 'ИНН: 10 цифр для организации или 12 для ИП'),
  kpp: digitsOrEmpty(/^(\d{4}[\dA-Z]{2}\d{3})?$/, 'КПП: 9 символов'),
  ogrn: digitsOrEmpty(/^(\d{13}|\d{15})?$/, 'ОГРН: 13 цифр, ОГРНИП: 15 цифр'),
  legalAddress: text(500),
  bankName: text(300),
  bik: digitsOrEmpty(/^(\d{9})?$/, 'БИК: 9 цифр'),
  account: digitsOrEmpty(/^(\d{20})?$/, 'Расчётный счёт: 20 цифр'),
  correspondentAccount: digitsOrEmpty(/^(\d{20})?$/, 'Корреспондентский счёт: 20 цифр'),
  director: text(200),
  chiefAccountant: text(200),
  invoiceValidDays: z.coerce
    .number({ error: VALID_DAYS_MESSAGE })
    .int(VALID_DAYS_MESSAGE)
    .min(INVOICE_VALID_DAYS_MIN, VALID_DAYS_MESSAGE)
    .max(INVOICE_VALID_DAYS_MAX, VALID_DAYS_MESSAGE)
    .default(DEFAULT_INVOICE_VALID_DAYS),
};

/** Problems of the ИНН's kind (КПП, ОГРН) are judged only once there is an ИНН; accounts always against the БИК. */
const IDENTITY_FIELDS = new Set(['inn', 'kpp', 'ogrn']);

/** A field whose own format failed already has its message; its check digits are not judged. */
const formatOk = (field: string, value: unknown) => fields[field as keyof typeof fields].safeParse(value).success;

/**
 * The check digits run alongside the fields' own errors, so a field may still hold what was sent
 * (a number, a list): only text is judged, anything else counts as empty (its format error says it).
 */
const textOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : null])) as T;

export const SellerRequisitesSchema = z.object(fields).superRefine((sent, ctx) => {
  const value = textOnly(sent);
  const problems = requisitesProblems({ ...value, inn: value.inn ?? '', kpp: value.kpp || null, ogrn: value.ogrn || null });
  for (const [field, message] of Object.entries(problems)) {
    if (!value.inn && IDENTITY_FIELDS.has(field)) continue;
    if (!formatOk(field, sent[field as keyof typeof sent])) continue;
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}, alongsideFieldErrors);
export type SellerRequisites = z.output<typeof SellerRequisitesSchema>;

export const SELLER_REQUISITES_LABELS: Record<Exclude<keyof SellerRequisites, 'invoiceValidDays'>, string> = {
  legalName: 'Полное наименование',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН или ОГРНИП',
  legalAddress: 'Юридический адрес',
  bankName: 'Банк',
  bik: 'БИК',
  account: 'Расчётный счёт',
  correspondentAccount: 'Корреспондентский счёт',
  director: 'Руководитель',
  chiefAccountant: 'Главный бухгалтер',
};

/**
 * The fields an invoice still needs, by label; empty when one can be issued. An individual
 * entrepreneur (12-digit ИНН) has no КПП and signs alone, without a chief accountant.
 */
export function sellerRequisitesMissing(value: SellerRequisites): string[] {
  const entrepreneur = value.inn.length === 12;
  const needed = (Object.keys(SELLER_REQUISITES_LABELS) as (keyof typeof SELLER_REQUISITES_LABELS)[]).filter(
    (field) => !(entrepreneur && (field === 'kpp' || field === 'chiefAccountant')),
  );
  return needed.filter((field) => !value[field]).map((field) => SELLER_REQUISITES_LABELS[field]);
}

/** GET and PUT /api/admin/settings/requisites: the values and what an invoice still needs. */
export type SellerRequisitesAnswer = { settings: SellerRequisites; missing: string[] };
