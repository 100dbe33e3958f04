import { useSyncExternalStore } from 'react';
import type { SeoSettings } from '#shared/schemas/settings.ts';

/**
 * Web analytics with consent (152-FZ): Google Analytics (gtag.js) and Yandex Metrika load only
 * after the visitor accepts the cookie banner, and only those whose ID is set in the SEO settings.
 * E-commerce events go to Metrika's data layer (and to GA4 as its own events) when enabled;
 * before the visitor has decided they wait in a short queue, and are dropped if nothing loads.
 */

// ---------------------------------------------------------------------------------------------
// Consent

export const CONSENT_STORAGE_KEY = 'cookieConsent';
/** A choice is remembered for a year; then the banner asks again. */
export const CONSENT_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export type ConsentChoice = 'accepted' | 'declined';
/** 'unknown' on the server and until the browser storage has been read; 'ask' when no valid choice. */
export type ConsentState = ConsentChoice | 'ask' | 'unknown';

let consent: ConsentState = 'unknown';
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The stored choice, or 'ask' when there is none or it is older than a year. */
export function readStoredConsent(now = Date.now()): ConsentChoice | 'ask' {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { choice?: unknown; at?: unknown }) : null;
    if (!parsed || (parsed.choice !== 'accepted' && parsed.choice !== 'declined') || typeof parsed.at !== 'number') return 'ask';
    return now - parsed.at < CONSENT_TTL_MS ? parsed.choice : 'ask';
  } catch {
    return 'ask';
  }
}

/** Reads the stored choice (effects only). */
export function loadConsent() {
  const next = readStoredConsent();
  if (next !== consent) {
    consent = next;
    emit();
  }
}

/** Remembers the visitor's choice for a year. */
export function saveConsent(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Storage blocked: the choice holds for this page view.
  }
  consent = choice;
  emit();
}

export const useConsent = () => useSyncExternalStore(subscribe, () => consent, () => 'unknown' as const);

/** Whether the cookie banner is on screen (other bottom banners wait for it). */
let consentBannerOpen = false;
export function setConsentBannerOpen(open: boolean) {
  if (open !== consentBannerOpen) {
    consentBannerOpen = open;
    emit();
  }
}
export const useConsentBannerOpen = () => useSyncExternalStore(subscribe, () => consentBannerOpen, () => false);

// ---------------------------------------------------------------------------------------------
// Counters

type Gtag = (...args: unknown[]) => void;
type Ym = ((...args: unknown[]) => void) & { a?: unknown[]; l?: number };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    ym?: Ym;
  }
}

export const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';
export const METRIKA_SRC = 'https://mc.yandex.ru/metrika/tag.js';

/**
 * Query parameters that are secrets: the password-reset link's token. Counters record the
 * page's address and the previous one, so they never start on, nor hear of, an address with one.
 */
const SECRET_PARAMS = ['token'];

const parse = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

/** Whether an absolute address carries a secret in its query. */
export const carriesSecret = (url: string) => SECRET_PARAMS.some((name) => parse(url)?.searchParams.has(name) ?? false);

/** The address without its secrets ('' for what is no absolute address, e.g. no referrer). */
export function withoutSecrets(url: string): string {
  const parsed = parse(url);
  if (!parsed) return '';
  for (const name of SECRET_PARAMS) parsed.searchParams.delete(name);
  return parsed.href;
}

type Counters = { ga: string | null; metrika: number | null };
/** null until the counters are decided (consent read and settings known). */
let active: Counters | null = null;
/** The address the counters last counted (their start counts the page they start on). */
let countedUrl: string | null = null;
const queue: (() => void)[] = [];
const QUEUE_LIMIT = 20;

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * Loads the counters whose IDs are set; call only after consent. Idempotent. Then sends the
 * events that were waiting for the decision. Not on an address with a secret: call again after
 * the next navigation.
 */
export function startAnalytics(seo: Pick<SeoSettings, 'googleAnalyticsId' | 'yandexMetrikaId'>) {
  if (active || carriesSecret(window.location.href)) return;
  countedUrl = window.location.href;
  const ga = seo.googleAnalyticsId.trim() || null;
  const metrika = /^\d+$/.test(seo.yandexMetrikaId.trim()) ? Number(seo.yandexMetrikaId.trim()) : null;
  active = { ga, metrika };
  if (ga || metrika) window.dataLayer = window.dataLayer ?? [];
  if (metrika) {
    const ym: Ym = (...args: unknown[]) => void (ym.a = ym.a ?? []).push(args);
    ym.l = Date.now();
    window.ym = window.ym ?? ym;
    addScript(`${METRIKA_SRC}?id=${metrika}`);
    window.ym(metrika, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, ecommerce: 'dataLayer' });
  }
  if (ga) {
    addScript(`${GTAG_SRC}?id=${encodeURIComponent(ga)}`);
    // gtag.js reads the arguments objects themselves, as Google's snippet pushes them.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', ga);
  }
  queue.splice(0).forEach((send) => send());
}

/** No consent or no counters: nothing loads, and waiting events are dropped. */
export function disableAnalytics() {
  if (active) return;
  active = { ga: null, metrika: null };
  queue.length = 0;
}

/** Runs `send` now when the counters are decided, or once they are. */
function whenDecided(send: () => void) {
  if (active) send();
  else if (queue.length < QUEUE_LIMIT) queue.push(send);
}

/**
 * A client-side navigation: Metrika counts it as a hit (gtag does so from history changes
 * itself). An address with a secret is not counted, and a previous one is given without it.
 */
export function trackPageView(url: string, referrer: string) {
  // Not queued: the counter's own start counts the page it starts on.
  if (!active?.metrika || !window.ym || url === countedUrl || carriesSecret(url)) return;
  countedUrl = url;
  window.ym(active.metrika, 'hit', url, { title: document.title, referer: withoutSecrets(referrer) });
}

// ---------------------------------------------------------------------------------------------
// E-commerce

/** What the events need to know about a product (the catalogue's product shape fits). */
export type AnalyticsProduct = {
  id: number;
  name: string;
  /** Roubles; null or 0 for price on request. */
  price: number | null;
  sku?: string | null;
  /** The maker; a supplier's code is never sent as the brand. */
  brand?: string | null;
  category?: { name: string } | null;
  categoryName?: string | null;
};

/** An order as the API returns it (the snapshot lines of `Order`). */
export type AnalyticsOrder = {
  id: number;
  totalAmount: number;
  items: { productId: number | null; productName: string; productSku?: string | null; productPrice: number; quantity: number }[];
};

const CURRENCY = 'RUB';

const categoryOf = (p: AnalyticsProduct) => p.category?.name ?? p.categoryName ?? undefined;

const ymProduct = (p: AnalyticsProduct, quantity?: number) => ({
  id: String(p.id),
  name: p.name,
  price: p.price ?? 0,
  brand: p.brand ?? undefined,
  category: categoryOf(p),
  ...(quantity ? { quantity } : {}),
});

const gaItem = (p: AnalyticsProduct, quantity = 1) => ({
  item_id: p.sku || String(p.id),
  item_name: p.name,
  item_brand: p.brand ?? undefined,
  item_category: categoryOf(p),
  price: p.price ?? 0,
  quantity,
});

function send(ecommerce: Record<string, unknown>, gaEvent: string, gaParams: Record<string, unknown>) {
  whenDecided(() => {
    if (!active) return;
    if (active.metrika) (window.dataLayer ??= []).push({ ecommerce: { currencyCode: CURRENCY, ...ecommerce } });
    if (active.ga && window.gtag) window.gtag('event', gaEvent, { currency: CURRENCY, ...gaParams });
  });
}

/** The product page was shown. */
export function trackProductView(product: AnalyticsProduct) {
  send({ detail: { products: [ymProduct(product)] } }, 'view_item', { value: product.price ?? 0, items: [gaItem(product)] });
}

/** The product was added to the cart. */
export function trackAddToCart(product: AnalyticsProduct, quantity: number) {
  send({ add: { products: [ymProduct(product, quantity)] } }, 'add_to_cart', {
    value: (product.price ?? 0) * quantity,
    items: [gaItem(product, quantity)],
  });
}

const TRACKED_ORDERS_KEY = 'analyticsOrders';

/** Orders already reported from this browser: reopening the order page does not count twice. */
function trackedOrders(): number[] {
  try {
    const ids = JSON.parse(window.localStorage.getItem(TRACKED_ORDERS_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((x) => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function markTracked(id: number) {
  try {
    window.localStorage.setItem(TRACKED_ORDERS_KEY, JSON.stringify([...trackedOrders(), id].slice(-50)));
  } catch {
    // Storage blocked: the order may be counted again on a reload.
  }
}

/** The order was placed (the order-complete page); each order is reported once per browser. */
export function trackPurchase(order: AnalyticsOrder) {
  const lineId = (i: AnalyticsOrder['items'][number]) => (i.productId === null ? i.productSku || i.productName : String(i.productId));
  whenDecided(() => {
    if (!active || (!active.metrika && !active.ga) || trackedOrders().includes(order.id)) return;
    markTracked(order.id);
    const products = order.items.map((i) => ({ id: lineId(i), name: i.productName, price: i.productPrice, quantity: i.quantity }));
    if (active.metrika) {
      (window.dataLayer ??= []).push({
        ecommerce: { currencyCode: CURRENCY, purchase: { actionField: { id: String(order.id), revenue: order.totalAmount }, products } },
      });
    }
    if (active.ga && window.gtag) {
      window.gtag('event', 'purchase', {
        currency: CURRENCY,
        transaction_id: String(order.id),
        value: order.totalAmount,
        items: order.items.map((i) => ({ item_id: i.productSku || lineId(i), item_name: i.productName, price: i.productPrice, quantity: i.quantity })),
      });
    }
  });
}

/** For tests: forget what was decided. */
export function resetAnalyticsForTests() {
  active = null;
  countedUrl = null;
  queue.length = 0;
  consent = 'unknown';
  consentBannerOpen = false;
}
