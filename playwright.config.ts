import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { STAND_IN_CDEK_ID, STAND_IN_CDEK_SECRET } from './tests/stand-ins/cdek.ts';
import { STAND_IN_DADATA_KEY } from './tests/stand-ins/dadata.ts';
import { STAND_IN_SECRET, STAND_IN_SHOP_ID } from './tests/stand-ins/yookassa.ts';
import { E2E_CDEK_PORT, E2E_CDEK_URL, E2E_DADATA_PORT, E2E_DADATA_URL, E2E_DATA_DIR, E2E_PORT, E2E_PRODUCT_SITE_PORT, E2E_SUPPLIER_SITE_PORT, E2E_YOOKASSA_PORT, E2E_YOOKASSA_URL } from './tests/e2e/env.ts';

const PORT = E2E_PORT;
/**
 * Chromium's headless shell when the machine has it (Debian's chromium-headless-shell, which
 * .ci/run installs): on two cores the suite took 5.8 min in it where the whole browser, headless,
 * took 8.0 (docs/decisions/026).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Specs by what they share on the one server and database (docs/decisions/026). Each group runs
 * after the one before (project dependencies), so a test never meets another group's changes
 * half made:
 * - storefront: a customer's screens; each test makes its own accounts, carts and orders and only
 *   reads what every page shows (settings, the catalogue). Two workers.
 * - shop-wide: specs that change what every page shows while they run (the counters named in the
 *   SEO settings, whose consent banner then covers every page: seo-analytics, csp-counters; the VAT rate, the shop's and a branch's phone, the payment settings, a product's
 *   price in the staff log's test). One worker, desktop width, then what runs at phone width.
 * - back office: staff screens that add, change and move products (importers, scrapers, the
 *   catalogue, the adapter, 1C). Desktop width, one worker: what one imports shows in another's
 *   lists (a price list's product pictures from the supplier's site, refused by the CSP, appeared
 *   in the web scraper's SKU search when both ran at once). Last: the staff log's first page
 *   (checked with axe) must not list their long before/after values yet, whose <pre> blocks scroll.
 */
const STOREFRONT = ['accounts', 'back-office-phone', 'catalog', 'cdek-checkout', 'catalog-filters', 'checkout', 'company-checkout', 'content-security-policy', 'favorites-compare', 'forms-before-script', 'foundation', 'order-by-sku', 'organizations', 'passwords', 'pickup', 'reviews', 'scroll', 'search-suggest', 'seo', 'storefront-phone', 'wholesale-prices'];
const SHOP_WIDE = ['admin-operations', 'branches', 'catalog-prices', 'csp-counters', 'payments', 'seo-analytics', 'staff-log', 'transfer-pickup', 'vat-rate'];
const BACK_OFFICE = ['admin-attributes', 'admin-catalog', 'back-office-staff', 'catalog-adapter', 'exchange-1c-settings', 'invoice-requisites', 'mass-scraper', 'supplier-import', 'supplier-offers', 'web-scraper'];
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);
// A spec in no group would silently not run.
const unlisted = fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts') && !specs([...STOREFRONT, ...BACK_OFFICE, ...SHOP_WIDE]).includes(f));
if (unlisted.length) throw new Error(`playwright.config.ts: put ${unlisted.join(', ')} in a group (STOREFRONT, BACK_OFFICE or SHOP_WIDE)`);

// Browsers and the server run in UTC: every time shown must still be Moscow time (src/shared/dates.ts).
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined, timezoneId: 'UTC' };
const mobile = { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, channel: undefined, timezoneId: 'UTC' };
// Flows run at desktop width. At 375 px run the tests about the phone's own layout (@mobile: the
// burger menu, the filter sheet), the flows whose phone layout differs (@phone: both widths), and
// one phone pass per screen (storefront-phone, back-office-phone). @desktop is the desktop layout
// only; @back-office, a staff screen (staff work at desktops).
const desktopOnly = /@mobile/;
const atPhoneWidth = /@mobile|@phone/;

/**
 * End-to-end tests drive the built app (production mode) on a fresh embedded database,
 * in the system's Chromium (its headless shell where installed) at desktop and phone width.
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
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    // The customer who asks for less motion: dialogs and sheets show without their animations, so
    // no click waits for one to settle (the desktop storefront's runs 115-118 s → 107 s).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', testMatch: specs(STOREFRONT), grepInvert: desktopOnly, use: desktop },
    { name: 'mobile', testMatch: specs(STOREFRONT), grep: atPhoneWidth, use: mobile },
    { name: 'shop-wide desktop', testMatch: specs(SHOP_WIDE), grepInvert: desktopOnly, use: desktop, workers: 1, dependencies: ['desktop', 'mobile'] },
    { name: 'shop-wide mobile', testMatch: specs(SHOP_WIDE), grep: atPhoneWidth, use: mobile, workers: 1, dependencies: ['shop-wide desktop'] },
    { name: 'back-office', testMatch: specs(BACK_OFFICE), grepInvert: desktopOnly, use: desktop, workers: 1, dependencies: ['shop-wide mobile'] },
  ],
  webServer: [
    {
      // Online payment goes through the local YooKassa stand-in, which tells the app about payments.
      command: `tsx tests/stand-ins/yookassa.ts --port ${E2E_YOOKASSA_PORT} --notify http://localhost:${PORT}/api/payments/yookassa`,
      url: `${E2E_YOOKASSA_URL}/__test/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
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
    {
      command: 'tsx tests/e2e/server.ts',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        TZ: 'UTC',
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://localhost:${PORT}`,
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
        YOOKASSA_API_URL: E2E_YOOKASSA_URL,
        DADATA_API_KEY: STAND_IN_DADATA_KEY,
        DADATA_API_URL: E2E_DADATA_URL,
        CDEK_CLIENT_ID: STAND_IN_CDEK_ID,
        CDEK_CLIENT_SECRET: STAND_IN_CDEK_SECRET,
        CDEK_API_URL: E2E_CDEK_URL,
      },
    },
  ],
});
