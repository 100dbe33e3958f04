import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';

export const TEST_ADMIN = { username: 'admin', password: 'Admin-test-pass-2026', email: 'admin@example.ru' };
/**
 * Names of this run's template database and PGlite dump. The global setup picks them once and
 * passes them to the test workers through the environment, so parallel runs never collide.
 */
export const templateNames = () => ({
  db: process.env.TEST_TEMPLATE_DB ?? 'shop_test_template',
  dump: process.env.TEST_PGLITE_DUMP ?? path.join(os.tmpdir(), 'shop-test-template.tar.gz'),
});

/**
 * The data folder (uploads, imports, 1C exchange files) of this test worker: files of two
 * workers run at once, so each worker has its own, under the run's folder the global setup
 * makes and removes (a worker runs its files one after another).
 */
export const testDataDir = () =>
  path.join(process.env.TEST_DATA_ROOT ?? path.join(os.tmpdir(), 'shop-test-data'), `worker-${process.env.VITEST_POOL_ID ?? '0'}`);

export const testConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDataDir(),
    PUBLIC_URL: 'http://shop.test',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    LOG_LEVEL: 'silent',
    ...overrides,
  });

/** URL of another database on the same server as TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
