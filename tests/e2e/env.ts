import os from 'node:os';
import path from 'node:path';

/** Where the end-to-end server listens and keeps its data (mail files included). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Outside test-results/, which Playwright empties when a run starts.
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `shop-e2e-data-${E2E_PORT}`));
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
/** The local stand-in for the suppliers' sites (web scraper tests); the server may fetch from it (FETCH_ALLOW). */
export const E2E_SUPPLIER_SITE_PORT = E2E_PORT + 1000;
/** The local supplier site of the mass scraper's tests (tests/helpers/product-site.ts); the server may fetch from it (FETCH_ALLOW). */
export const E2E_PRODUCT_SITE_PORT = E2E_PORT + 1001;
/** The local stand-in of the YooKassa API (tests/stand-ins/yookassa.ts) the app pays through; its checkout page is what the browser sees. */
export const E2E_YOOKASSA_PORT = E2E_PORT + 2;
export const E2E_YOOKASSA_URL = `http://127.0.0.1:${E2E_YOOKASSA_PORT}`;
/** The local stand-in of DaData's «Подсказки» API (tests/stand-ins/dadata.ts): the organisation form's look-up by ИНН. */
export const E2E_DADATA_PORT = E2E_PORT + 5;
export const E2E_DADATA_URL = `http://127.0.0.1:${E2E_DADATA_PORT}`;
/** The local stand-in of СДЭК's API v2 (tests/stand-ins/cdek.ts): delivery prices, pickup points and shipments at checkout. */
export const E2E_CDEK_PORT = E2E_PORT + 6;
export const E2E_CDEK_URL = `http://127.0.0.1:${E2E_CDEK_PORT}/v2`;
