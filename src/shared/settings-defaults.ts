/**
 * The spec's default shop and SEO settings. Kept apart from the zod schemas so that pages which
 * only need the values do not load zod.
 */
import { DEFAULT_DELIVERY_COST_RUB, DEFAULT_FREE_DELIVERY_THRESHOLD_RUB, DEFAULT_INVOICE_VALID_DAYS, DEFAULT_VAT_RATE } from './constants.ts';
import type { SeoSettings, ShopSettings } from './schemas/settings.ts';
import type { PaymentSettings } from './schemas/payments.ts';
import type { SellerRequisites } from './schemas/seller-requisites.ts';

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: 'ПрофИнструмент',
  shopDescription:
    'Профессиональный электро- и ручной инструмент DCK и P.I.T для строительства и производства: продажа, доставка и сервис.',
  contactEmail: 'info@prof-instrument.ru',
  contactPhone: '+78002503712',
  address: 'г. Волгоград, ул. Промышленная, д. 12',
  workingHours: 'Пн–Пт 8:00–18:00, Сб–Вс выходной',
  enableRegistration: true,
  enableCheckout: true,
  maintenanceMode: false,
  freeDeliveryThreshold: DEFAULT_FREE_DELIVERY_THRESHOLD_RUB,
  deliveryCost: DEFAULT_DELIVERY_COST_RUB,
  carrierMarginPercent: 0,
  carrierFreeFrom: 0,
  vatRate: DEFAULT_VAT_RATE,
  catalogPrices: 'without_vat',
};

export const DEFAULT_SEO_SETTINGS: SeoSettings = {
  siteTitle: 'ПрофИнструмент — профессиональный инструмент в Волгограде',
  metaDescription:
    'Электроинструмент и ручной инструмент DCK и P.I.T для строительства и производства в Волгограде: перфораторы, шуруповёрты, УШМ, пилы. Доставка по России.',
  metaKeywords: 'инструмент, электроинструмент, ручной инструмент, Волгоград',
  ogImage: '',
  googleAnalyticsId: '',
  yandexMetrikaId: '',
};

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  receiptsEnabled: true,
  taxSystemCode: 1,
  goodsPaymentSubject: 'commodity',
  goodsPaymentMode: 'full_prepayment',
  deliveryPaymentSubject: 'service',
  deliveryPaymentMode: 'full_prepayment',
  holdMinutes: 60,
};

/**
 * The seller's requisites start empty: the demo shop is no real company and invents none, so
 * «Оплата по счёту» is not offered until staff fill them in (tab «Реквизиты»).
 */
export const DEFAULT_SELLER_REQUISITES: SellerRequisites = {
  legalName: '',
  inn: '',
  kpp: '',
  ogrn: '',
  legalAddress: '',
  bankName: '',
  bik: '',
  account: '',
  correspondentAccount: '',
  director: '',
  chiefAccountant: '',
  invoiceValidDays: DEFAULT_INVOICE_VALID_DAYS,
};
