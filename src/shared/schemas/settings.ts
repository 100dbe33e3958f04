import { CATALOG_PRICES, DEFAULT_DELIVERY_COST_RUB, DEFAULT_FREE_DELIVERY_THRESHOLD_RUB, DEFAULT_VAT_RATE, META_DESCRIPTION_MAX, VAT_RATES } from '../constants.ts';
import { shopPhoneField } from './phone.ts';
import { requiredText, z } from './z.ts';

/** A whole, non-negative number of roubles typed in a settings form. */
const rubles = () =>
  z.coerce.number({ error: 'Укажите сумму в рублях' }).int('Укажите целое число рублей').min(0, 'Сумма не может быть отрицательной');

export const ShopSettingsSchema = z.object({
  shopName: requiredText('Название магазина обязательно'),
  shopDescription: z.string().trim().default(''),
  contactEmail: z
    .string({ error: 'Email обязателен' })
    .trim()
    .min(1, 'Email обязателен')
    .pipe(z.email('Введите корректный email')),
  contactPhone: shopPhoneField('Телефон обязателен'),
  address: requiredText('Адрес обязателен'),
  workingHours: z.string().trim().default(''),
  enableRegistration: z.boolean().default(true),
  enableCheckout: z.boolean().default(true),
  maintenanceMode: z.boolean().default(false),
  freeDeliveryThreshold: rubles().default(DEFAULT_FREE_DELIVERY_THRESHOLD_RUB),
  /** The shop's own delivery below the free threshold, roubles (spec: 500 ₽). */
  deliveryCost: rubles().default(DEFAULT_DELIVERY_COST_RUB),
  /** What is added to the carrier's price (СДЭК), percent: packing, insurance, the shop's work. */
  carrierMarginPercent: z.coerce
    .number({ error: 'Укажите процент' })
    .int('Укажите целое число процентов')
    .min(0, 'Процент не может быть отрицательным')
    .max(100, 'Не больше 100 %')
    .default(0),
  /** Carrier delivery is free from this order amount, roubles; 0: never free. */
  carrierFreeFrom: rubles().default(0),
  vatRate: z.literal(VAT_RATES, { error: 'Выберите ставку НДС: 20 %, 22 %, 10 % или «Без НДС»' }).default(DEFAULT_VAT_RATE),
  catalogPrices: z.enum(CATALOG_PRICES, { error: 'Выберите, как указаны цены в каталоге: без НДС или с НДС' }).default('without_vat'),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

export const SeoSettingsSchema = z.object({
  siteTitle: requiredText('Title обязателен'),
  metaDescription: z.string().trim().max(META_DESCRIPTION_MAX, 'Описание должно быть не более 160 символов').default(''),
  metaKeywords: z.string().trim().default(''),
  ogImage: z.union([z.literal(''), z.url('Укажите корректный URL')]).default(''),
  googleAnalyticsId: z
    .string()
    .trim()
    .regex(/^(G-[A-Z0-9]{4,}|)$/, 'Идентификатор Google Analytics имеет вид G-XXXXXXXXXX')
    .default(''),
  yandexMetrikaId: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Номер счётчика Яндекс Метрики состоит из цифр')
    .default(''),
});
export type SeoSettings = z.infer<typeof SeoSettingsSchema>;

/**
 * What every storefront page needs to know about the shop (no secrets). `invoiceAvailable`: the
 * seller's requisites are complete, so checkout may offer «Оплата по счёту» to an organisation.
 */
export type PublicSettings = { shop: ShopSettings; seo: SeoSettings; invoiceAvailable: boolean };
