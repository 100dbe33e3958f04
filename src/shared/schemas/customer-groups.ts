import { alongsideFieldErrors, z } from './z.ts';
import { labelledValues } from '../labelled-values.ts';
import { MY_PRICES_MAX_IDS } from '../constants.ts';

/** «Розница»: everyone's group unless staff put them in another; it has no row and cannot be edited. */
export const RETAIL_GROUP_NAME = 'Розница';
export const DISCOUNT_MAX_PERCENT = 90;
export const CUSTOMER_GROUP_NAME_MAX = 100;

export const { values: CUSTOMER_GROUP_PRICINGS, labels: CUSTOMER_GROUP_PRICING_LABELS } = labelledValues({ price_type: 'Тип цен 1С', discount: 'Скидка от розничной цены, %' });
export type CustomerGroupPricing = (typeof CUSTOMER_GROUP_PRICINGS)[number];

export const GROUP_NAME_REQUIRED = 'Укажите название группы';
export const GROUP_NAME_RESERVED = `«${RETAIL_GROUP_NAME}» — группа по умолчанию, выберите другое название`;
export const GROUP_NAME_TAKEN = 'Группа с таким названием уже есть';
export const PRICE_TYPE_REQUIRED = 'Выберите тип цен 1С';
export const PRICE_TYPE_UNKNOWN = 'Такого типа цен 1С нет среди полученных при обмене';
export const DISCOUNT_MESSAGE = `Скидка — целое число от 0 до ${DISCOUNT_MAX_PERCENT} %`;

/**
 * A customer group as staff create and edit it: a name and how it is priced, by a 1C price type
 * or by a percent off the retail price. The field of the other way is ignored.
 */
export const CustomerGroupInputSchema = z
  .object({
    name: z
      .string({ error: GROUP_NAME_REQUIRED })
      .trim()
      .min(1, GROUP_NAME_REQUIRED)
      .max(CUSTOMER_GROUP_NAME_MAX, `Название не длиннее ${CUSTOMER_GROUP_NAME_MAX} символов`)
      .refine((name) => name.toLocaleLowerCase('ru') !== RETAIL_GROUP_NAME.toLocaleLowerCase('ru'), GROUP_NAME_RESERVED),
    pricing: z.enum(CUSTOMER_GROUP_PRICINGS, { error: 'Выберите, как считать цены группы' }),
    priceTypeId: z.string().trim().max(100, PRICE_TYPE_UNKNOWN).nullish(),
    // The form sends what was typed («10», «» for none); the API may send a number.
    discountPercent: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim().replace(',', '.'))) : v),
      z.number({ error: DISCOUNT_MESSAGE }).int(DISCOUNT_MESSAGE).min(0, DISCOUNT_MESSAGE).max(DISCOUNT_MAX_PERCENT, DISCOUNT_MESSAGE).nullish(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.pricing === 'price_type' && !value.priceTypeId) ctx.addIssue({ code: 'custom', path: ['priceTypeId'], message: PRICE_TYPE_REQUIRED });
    if (value.pricing === 'discount' && (value.discountPercent === null || value.discountPercent === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: DISCOUNT_MESSAGE });
    }
  }, alongsideFieldErrors);
export type CustomerGroupInput = z.input<typeof CustomerGroupInputSchema>;
export type CustomerGroupValues = z.output<typeof CustomerGroupInputSchema>;

/** A group in the back office: how it is priced and how many customers are in it. */
export type CustomerGroup = {
  id: number;
  name: string;
  pricing: CustomerGroupPricing;
  priceTypeId: string | null;
  /** The price type's name as 1C sent it; null when priced by a discount or the type is gone. */
  priceTypeName: string | null;
  discountPercent: number | null;
  customers: number;
};

/** A price type the catalogue received from 1C. */
export type PriceType = { id: string; name: string };

export type CustomerGroupList = { groups: CustomerGroup[]; priceTypes: PriceType[] };

/** PUT /api/admin/users/{id}/customer-group: null puts the customer back in «Розница». */
export const UserCustomerGroupSchema = z.object({
  groupId: z.number({ error: 'Выберите группу покупателя' }).int('Выберите группу покупателя').positive('Выберите группу покупателя').nullable(),
});
export type UserCustomerGroupInput = z.infer<typeof UserCustomerGroupSchema>;

export const MyPricesQuerySchema = z.object({
  ids: z
    .string({ error: 'Укажите товары' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Некорректный список товаров')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MY_PRICES_MAX_IDS, `Не больше ${MY_PRICES_MAX_IDS} товаров за раз`),
});

/**
 * The customer's own prices (roubles) of the products asked for, only those that differ from the
 * retail price; empty for a guest and for «Розница». Private: never cached.
 */
export type MyPrices = {
  prices: Record<string, { price: number; retailPrice: number }>;
  group: { name: string } | null;
};
