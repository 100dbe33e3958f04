import { labelledValues } from './labelled-values.ts';

/** Business constants of spec section 9, in one place for client and server. */
export const CATALOG_PAGE_SIZE = 12;
export const CATALOG_SKELETON_COUNT = 8;
export const CATALOG_MAX_PAGE_BUTTONS = 7;
/**
 * GET /api/prices/mine?ids=1,2,3: at most this many products at once (a page of the catalogue and more).
 * Here, not with its schema: every product card reads it, and the schema would bring the validation
 * library into the catalogue's first load.
 */
export const MY_PRICES_MAX_IDS = 100;
/** Longest search text and highest page number the catalogue accepts. */
export const SEARCH_QUERY_MAX = 200;
export const CATALOG_MAX_PAGE = 100_000;
export const PUBLIC_MAX_LIMIT = 48;
export const STAFF_MAX_LIMIT = 100;
export const FOOTER_CATEGORY_COUNT = 5;
export const LOW_STOCK_THRESHOLD = 5;
export const SHORT_TEXT_FALLBACK_LENGTH = 120;
export const BREADCRUMB_NAME_LIMIT = 30;

/**
 * VAT on top of the goods, in percent, as the shop setting allows it: 20 (the spec's default),
 * 22 (the standard rate in Russia since 1 January 2026), 10, or 0 for «Без НДС».
 */
export const VAT_RATES = [20, 22, 10, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 20;
export const VAT_RATE_LABELS: Record<VatRate, string> = { 20: '20 %', 22: '22 %', 10: '10 %', 0: 'Без НДС' };
/** The summary line of an amount charged at `rate`; null when nothing is charged («Без НДС»). */
export const vatLineLabel = (rate: number) => (rate === 0 ? null : `НДС (${rate}%)`);
/** The summary line of the VAT a total contains (goods and delivery); null «Без НДС». */
export const vatInTotalLabel = (rate: number) => (rate === 0 ? null : `в т. ч. НДС (${rate}%)`);
/**
 * How catalogue prices relate to VAT (decisions.md): without it, VAT added in the cart (the spec's
 * rule and the default), or with it, the total being what the prices add up to.
 */
export const CATALOG_PRICES = ['without_vat', 'with_vat'] as const;
export type CatalogPrices = (typeof CATALOG_PRICES)[number];
export const CATALOG_PRICES_LABELS: Record<CatalogPrices, string> = { without_vat: 'без НДС, НДС начисляется в корзине', with_vat: 'с НДС' };
export const DEFAULT_DELIVERY_COST_RUB = 500;
export const DEFAULT_FREE_DELIVERY_THRESHOLD_RUB = 7500;

export const RETURN_DAYS = 30;

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_MAX_PAGE_BUTTONS = 5;
export const ADMIN_PRODUCTS_REFRESH_MS = 30_000;

export const USERNAME_MIN = 3;
/** The longest e-mail address there can be (RFC 5321). */
export const EMAIL_MAX = 254;
/** OWASP ASVS level 2 (decisions.md): every new password has at least this many characters. */
export const PASSWORD_MIN = 8;
export const META_DESCRIPTION_MAX = 160;
export const CART_QUANTITY_MAX = 999;

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const MOBILE_BREAKPOINT_PX = 768;

export const ORDER_AUTO_SUBMIT_DELAY_MS = 500;
export const RESET_REDIRECT_DELAY_MS = 1500;
export const IMPORT_BANNER_MS = 5000;
export const INSTALL_BANNER_SILENCE_MS = 3 * 24 * 60 * 60 * 1000;

/** Version of the personal-data policy a consent refers to (152-FZ). */
export const PRIVACY_POLICY_VERSION = '2026-11-01';

export const SUPPLIERS = ['DCK', 'P.I.T'] as const;
export type Supplier = (typeof SUPPLIERS)[number];

export const { values: ROLES, labels: ROLE_LABELS } = labelledValues({ user: 'Пользователь', admin: 'Администратор', manager: 'Менеджер' });
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['admin', 'manager'];
export const isStaff = (role: string | undefined | null) => role === 'admin' || role === 'manager';

export const SORTS = ['featured', 'price-low', 'price-high', 'newest', 'popular'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  featured: 'Рекомендуемые',
  'price-low': 'Сначала дешевле',
  'price-high': 'Сначала дороже',
  newest: 'Новинки',
  popular: 'Популярные',
};

/** `ready` is a pickup order's (waiting at its branch), `shipped` a delivery's (shared/delivery.ts `orderStatusesFor`). */
export const { values: ORDER_STATUSES, labels: ORDER_STATUS_LABELS } = labelledValues({
  pending: 'Ожидает обработки',
  processing: 'В обработке',
  ready: 'Готов к выдаче',
  shipped: 'Отправлен',
  delivered: 'Доставлен',
  cancelled: 'Отменен',
});
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const { values: PAYMENT_METHODS, labels: PAYMENT_METHOD_LABELS } = labelledValues({
  cash: 'Наличными при получении',
  card: 'Картой при получении',
  online: 'Онлайн оплата',
  invoice: 'Оплата по счёту',
});
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How many banking days an invoice stays valid unless the shop's «Реквизиты» say otherwise (issue 27). */
export const DEFAULT_INVOICE_VALID_DAYS = 5;

export const { values: PAYMENT_STATUSES, labels: PAYMENT_STATUS_LABELS } = labelledValues({ pending: 'Ожидает оплаты', paid: 'Оплачен', refunded: 'Возвращён', failed: 'Ошибка оплаты' });
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
