import { z } from './z.ts';

/**
 * «Обмен с 1С» (CommerceML 2, docs/decisions/023): the exchange account, the switch, the price
 * type that gives the retail price, whether 1C may hide products, and 1C's warehouses mapped to
 * the shop's branches.
 */

export const EXCHANGE_1C_LOGIN_MAX = 64;
export const EXCHANGE_1C_PASSWORD_MIN = 8;
export const EXCHANGE_1C_PASSWORD_MAX = 128;

export type Exchange1cWarehouse = {
  /** 1C's Ид of the Склад. */
  id: string;
  name: string;
  /** The shop branch its stock goes to; null until staff map it (its stock is then skipped). */
  branchId: number | null;
};

export type Exchange1cSettings = {
  enabled: boolean;
  login: string;
  /** Read-only: a password is set (it is stored as an argon2 hash and never returned). */
  passwordSet: boolean;
  /** The Ид of the 1C ТипЦены used for the retail price; '' until chosen. */
  priceType: string;
  /** A full export may hide the products it no longer lists. */
  mayHide: boolean;
  warehouses: Exchange1cWarehouse[];
};

export const Exchange1cSettingsInputSchema = z.object({
  enabled: z.boolean({ error: 'Укажите, включён ли обмен' }),
  login: z
    .string({ error: 'Укажите логин обмена' })
    .trim()
    .max(EXCHANGE_1C_LOGIN_MAX, `Логин не длиннее ${EXCHANGE_1C_LOGIN_MAX} символов`)
    .regex(/^[^:\s]*$/, 'Логин без пробелов и двоеточий'),
  /** A new password; absent or '' keeps the one set. */
  password: z
    .string()
    .max(EXCHANGE_1C_PASSWORD_MAX, `Пароль не длиннее ${EXCHANGE_1C_PASSWORD_MAX} символов`)
    .refine((value) => value === '' || value.length >= EXCHANGE_1C_PASSWORD_MIN, `Пароль не короче ${EXCHANGE_1C_PASSWORD_MIN} символов`)
    .optional(),
  priceType: z.string({ error: 'Выберите тип цен' }).trim().max(100, 'Некорректный тип цен'),
  mayHide: z.boolean({ error: 'Укажите, может ли 1С скрывать товары' }),
  warehouses: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'Некорректный склад'),
        branchId: z.number().int().positive('Выберите филиал').nullable(),
      }),
    )
    .max(500, 'Слишком много складов'),
});
export type Exchange1cSettingsInput = z.infer<typeof Exchange1cSettingsInputSchema>;

export type Exchange1cPriceType = { id: string; name: string };

/** `GET /api/admin/settings/exchange-1c`. */
export type Exchange1cSettingsView = {
  settings: Exchange1cSettings;
  /** What to paste into 1C: `${publicUrl}/api/1c/exchange`. */
  exchangeUrl: string;
  /** The price types the last offers.xml listed. */
  priceTypes: Exchange1cPriceType[];
};

export const EXCHANGE_1C_TYPES = ['catalog', 'sale'] as const;
export type Exchange1cType = (typeof EXCHANGE_1C_TYPES)[number];
export const EXCHANGE_1C_STATUSES = ['progress', 'success', 'failure'] as const;
export type Exchange1cStatus = (typeof EXCHANGE_1C_STATUSES)[number];

/** One exchange as the log keeps it. Counts: created, updated, hidden, prices, stock, skipped, … */
export type Exchange1cLogItem = {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  type: Exchange1cType;
  mode: string;
  files: string[];
  counts: Record<string, number>;
  errors: string[];
  status: Exchange1cStatus;
};

/** `GET /api/admin/exchange-1c/log?page=`: newest first. */
export type Exchange1cLogPage = { items: Exchange1cLogItem[]; total: number };

export const Exchange1cLogQuerySchema = z.object({
  page: z.coerce.number({ error: 'Некорректный номер страницы' }).int('Некорректный номер страницы').min(1, 'Некорректный номер страницы').default(1),
});

/** The log's counts in Russian, in the order the log shows them. */
export const EXCHANGE_1C_COUNT_LABELS: Record<string, string> = {
  created: 'Создано',
  updated: 'Обновлено',
  hidden: 'Скрыто',
  prices: 'Цен',
  stock: 'Остатков',
  skipped: 'Пропущено',
  pictures: 'Картинок',
  groups: 'Групп',
  sent: 'Отправлено заказов',
  confirmed: 'Подтверждено заказов',
  changed: 'Изменено заказов',
  attributeValues: 'Значений характеристик',
  attributeValuesSkipped: 'Значений характеристик пропущено',
};
