import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { STAND_IN_CDEK_ID, STAND_IN_CDEK_SECRET } from './tests/stand-ins/cdek.ts';
import { STAND_IN_DADATA_KEY } from './tests/stand-ins/dadata.ts';
import { STAND_IN_SECRET, STAND_IN_SHOP_ID } from './tests/stand-ins/yookassa.ts';
import { E2E_CDEK_PORT, E2E_CDEK_URL, E2E_DADATA_PORT, E2E_DADATA_URL, E2E_PORT, E2E_PRODUCT_SITE_PORT, E2E_SUPPLIER_SITE_PORT, e2eShop, type E2EShop } from './tests/e2e/env.ts';

/**
 * Chromium's headless shell when the machine has it (Debian's chromium-headless-shell, which
 * .ci/run installs): on two cores the suite took 5.8 min in it where the whole browser, headless,
 * took 8.0 (docs/decisions/026).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Specs by what they share (docs/decisions/026). Each group has a shop of its own (a server on a
 * fresh database), so no test meets another group's changes, and the groups run side by side:
 * - storefront: a customer's screens; each test makes its own accounts, carts and orders and only
 *   reads what every page shows (settings, the catalogue). Both workers.
 * - shop-wide: specs that change what every page shows while they run (the counters named in the
 *   SEO settings, whose consent banner then covers every page: seo-analytics, csp-counters; the
 *   VAT rate, the shop's and a branch's phone, the payment settings, a product's price in the
 *   staff log's test). One worker; what runs at phone width, on a shop of its own again.
 * - back office: staff screens that add, change and move products (importers, scrapers, the
 *   catalogue, the adapter, 1C). Desktop width, one worker: what one imports shows in another's
 *   lists (a price list's product pictures from the supplier's site, refused by the CSP, appeared
 *   in the web scraper's SKU search when both ran at once).
 * The one-worker groups come first: each keeps one worker busy from the start while the other
 * worker takes the storefront's files, and both workers finish the storefront's.
 */
const STOREFRONT = ['accounts', 'back-office-phone', 'catalog', 'cdek-checkout', 'catalog-filters', 'checkout', 'company-checkout', 'content-security-policy', 'favorites-compare', 'forms-before-script', 'foundation', 'order-by-sku', 'organizations', 'passwords', 'pickup', 'reviews', 'scroll', 'search-suggest', 'seo', 'storefront-phone', 'wholesale-prices'];
const SHOP_WIDE = ['admin-operations', 'branches', 'catalog-prices', 'csp-counters', 'payments', 'seo-analytics', 'staff-log', 'transfer-pickup', 'vat-rate'];
const BACK_OFFICE = ['admin-attributes', 'admin-catalog', 'back-office-staff', 'catalog-adapter', 'exchange-1c-settings', 'invoice-requisites', 'mass-scraper', 'supplier-import', 'supplier-offers', 'web-scraper'];
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);
// A spec in no group would silently not run.
const unlisted = fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts') && !specs([...STOREFRONT, ...BACK_OFFICE, ...SHOP_WIDE]).includes(f));
if (unlisted.length) throw new Error(`playwright.config.ts: put ${unlisted.join(', ')} in a group (STOREFRONT, BACK_OFFICE or SHOP_WIDE)`);

/** The shops, the first of them first: it seeds the database the others copy. */
const SHOPS = {
  storefront: e2eShop(E2E_PORT),
  backOffice: e2eShop(E2E_PORT + 20),
  shopWide: e2eShop(E2E_PORT + 40),
  shopWidePhone: e2eShop(E2E_PORT + 60),
};

// Browsers and the server run in UTC: every time shown must still be Moscow time (src/shared/dates.ts).
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined, timezoneId: 'UTC' };
const mobile = { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, channel: undefined, timezoneId: 'UTC' };
// Flows run at desktop width. At 375 px run the tests about the phone's own layout (@mobile: the
// burger menu, the filter sheet), the flows whose phone layout differs (@phone: both widths), and
// one phone pass per screen (storefront-phone, back-office-phone). @desktop is the desktop layout
// only; @back-office, a staff screen (staff work at desktops).
const desktopOnly = /@mobile/;
const atPhoneWidth = /@mobile|@phone/;

/** Where the first shop leaves its seeded database for the others to start from (tests/e2e/server.ts). */
const TEMPLATE_DIR = `${SHOPS.storefront.dataDir}-template`;

/**
 * A shop's server and the YooKassa stand-in its online payments go through, which tells it about
 * them. Playwright starts them in this order, one after another: the first shop seeds the database
 * the others copy.
 */
function shopServers(shop: E2EShop, index: number) {
  return [
    {
      command: `tsx tests/stand-ins/yookassa.ts --port ${shop.yookassaPort} --notify ${shop.url}/api/payments/yookassa`,
      url: `${shop.yookassaUrl}/__test/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'tsx tests/e2e/server.ts',
      url: `${shop.url}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        TZ: 'UTC',
        PORT: String(shop.port),
        DATA_DIR: shop.dataDir,
        E2E_TEMPLATE_DIR: TEMPLATE_DIR,
        E2E_TEMPLATE: index === 0 ? 'make' : 'copy',
        PUBLIC_URL: shop.url,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'Admin-e2e-pass-2026',
        ADMIN_EMAIL: 'admin@example.ru',
        LOG_LEVEL: 'warn',
        // Every test comes from 127.0.0.1: the per-address limits (registrations, logins) would trip across the suite.
        RATE_LIMIT_FACTOR: '50',
        // The suppliers' sites the scraper tests serve on this machine (web scraper, mass scraper).
        FETCH_ALLOW: `127.0.0.1:${E2E_SUPPLIER_SITE_PORT},127.0.0.1:${E2E_PRODUCT_SITE_PORT}`,
        YOOKASSA_SHOP_ID: STAND_IN_SHOP_ID,
        YOOKASSA_SECRET_KEY: STAND_IN_SECRET,
        YOOKASSA_API_URL: shop.yookassaUrl,
        DADATA_API_KEY: STAND_IN_DADATA_KEY,
        DADATA_API_URL: E2E_DADATA_URL,
        CDEK_CLIENT_ID: STAND_IN_CDEK_ID,
        CDEK_CLIENT_SECRET: STAND_IN_CDEK_SECRET,
        CDEK_API_URL: E2E_CDEK_URL,
      },
    },
  ];
}

/**
 * End-to-end tests drive the built app (production mode), each group of specs on a shop of its
 * own with a fresh embedded database, in the system's Chromium (its headless shell where
 * installed) at desktop and phone width.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files spread over the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'ru-RU',
    // The customer who asks for less motion: dialogs and sheets show without their animations, so
    // no click waits for one to settle (the desktop storefront's runs 115-118 s → 107 s).
    reducedMotion: 'reduce',
    // A flow runs without the service worker, which each new context would otherwise install a
    // second or two into its first page: on two cores that was 1.2 of the 2.6 CPU-seconds a fresh
    // context with the home page costs. What the worker does (the app shell and the offline page,
    // no API answers or pages kept) is tested with it in seo.spec.ts (docs/decisions/026).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'back-office', testMatch: specs(BACK_OFFICE), grepInvert: desktopOnly, use: { ...desktop, baseURL: SHOPS.backOffice.url }, workers: 1 },
    { name: 'shop-wide desktop', testMatch: specs(SHOP_WIDE), grepInvert: desktopOnly, use: { ...desktop, baseURL: SHOPS.shopWide.url }, workers: 1 },
    { name: 'shop-wide mobile', testMatch: specs(SHOP_WIDE), grep: atPhoneWidth, use: { ...mobile, baseURL: SHOPS.shopWidePhone.url }, workers: 1 },
    { name: 'desktop', testMatch: specs(STOREFRONT), grepInvert: desktopOnly, use: { ...desktop, baseURL: SHOPS.storefront.url } },
    { name: 'mobile', testMatch: specs(STOREFRONT), grep: atPhoneWidth, use: { ...mobile, baseURL: SHOPS.storefront.url } },
  ],
  webServer: [
    {
      // The organisation form's look-up by ИНН goes through the local DaData stand-in.
      command: `tsx tests/stand-ins/dadata.ts --port ${E2E_DADATA_PORT}`,
      url: `${E2E_DADATA_URL}/__test/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Delivery by СДЭК (prices, pickup points, shipments) goes through the local СДЭК stand-in;
      // its API answers 401 without a token, which is enough to know it listens.
      command: `tsx tests/stand-ins/cdek.ts --port ${E2E_CDEK_PORT}`,
      url: `${E2E_CDEK_URL}/location/cities`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...Object.values(SHOPS).flatMap(shopServers),
  ],
});
