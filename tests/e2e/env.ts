import os from 'node:os';
import path from 'node:path';

/** The first end-to-end shop's port; the others, the stand-ins and the suppliers' sites are numbered from it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * One shop of the end-to-end run: the production server on a fresh data folder (mail files
 * included) and the local YooKassa stand-in that tells this server about its payments
 * (tests/stand-ins/yookassa.ts); its checkout page is what the browser sees.
 */
export type E2EShop = { port: number; url: string; dataDir: string; mailDir: string; yookassaPort: number; yookassaUrl: string };

export function e2eShop(port: number): E2EShop {
  // Outside test-results/, which Playwright empties when a run starts.
  const dataDir = path.resolve(os.tmpdir(), `shop-e2e-data-${port}`);
  const yookassaPort = port + 2;
  return { port, url: `http://localhost:${port}`, dataDir, mailDir: path.join(dataDir, 'mail'), yookassaPort, yookassaUrl: `http://127.0.0.1:${yookassaPort}` };
}

/** The shop a test's baseURL names. */
export const shopAt = (baseURL: string) => e2eShop(Number(new URL(baseURL).port));

/** The local stand-in for the suppliers' sites (web scraper tests); the server may fetch from it (FETCH_ALLOW). */
export const E2E_SUPPLIER_SITE_PORT = E2E_PORT + 1000;
/** The local supplier site of the mass scraper's tests (tests/helpers/product-site.ts); the server may fetch from it (FETCH_ALLOW). */
export const E2E_PRODUCT_SITE_PORT = E2E_PORT + 1001;
/** The local stand-in of DaData's «Подсказки» API (tests/stand-ins/dadata.ts): the organisation form's look-up by ИНН. */
export const E2E_DADATA_PORT = E2E_PORT + 5;
export const E2E_DADATA_URL = `http://127.0.0.1:${E2E_DADATA_PORT}`;
/** The local stand-in of СДЭК's API v2 (tests/stand-ins/cdek.ts): delivery prices, pickup points and shipments at checkout. */
export const E2E_CDEK_PORT = E2E_PORT + 6;
export const E2E_CDEK_URL = `http://127.0.0.1:${E2E_CDEK_PORT}/v2`;
