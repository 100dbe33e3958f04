import { defineConfig, devices } from '@playwright/test';
import { STAND_IN_SECRET, STAND_IN_SHOP_ID } from './tests/stand-ins/yookassa.ts';
import { E2E_DATA_DIR, E2E_PORT, E2E_PRODUCT_SITE_PORT, E2E_SUPPLIER_SITE_PORT, E2E_YOOKASSA_PORT, E2E_YOOKASSA_URL } from './tests/e2e/env.ts';

const PORT = E2E_PORT;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * End-to-end tests drive the built app (production mode) on a fresh embedded database,
 * in the system Chromium at desktop and phone width.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    // A test tagged @desktop or @mobile is about that layout only (the dropdown menu, the burger menu).
    { name: 'desktop', grepInvert: /@mobile/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined } },
    { name: 'mobile', grepInvert: /@desktop/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, channel: undefined } },
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
      command: 'tsx tests/e2e/server.ts',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
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
      },
    },
  ],
});
