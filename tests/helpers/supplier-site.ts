import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

const FIXTURES = path.resolve(import.meta.dirname, '../../src/server/integrations/supplier-sites/fixtures');

/** The supplier sites' product pages (fixtures), by the path this site serves them at. */
export const SUPPLIER_PAGES = {
  jsonLd: { path: '/dck/kdjz20-13-type-em/', file: 'dck-json-ld-graph.html', sku: 'KDJZ20-13EM' },
  microdata: { path: '/pit/pbh26-c1/', file: 'pit-microdata.html' },
  openGraph: { path: '/pit/pms210-c', file: 'pit-open-graph.html' },
  specTable: { path: '/dck/kmy02-185/', file: 'dck-spec-table.html' },
  /** A plain «Характеристики» table in suppliers' own spellings («Потребляемая мощность, Вт», «Вес, кг», «есть»). */
  specSpellings: { path: '/dck/kzj13/', file: 'dck-spec-table-spellings.html', sku: 'KZJ13-1100' },
  severalOffers: { path: '/dck/kdsm20-125/', file: 'dck-several-offers.html' },
  broken: { path: '/pit/piw20h-500b.html', file: 'pit-broken.html' },
  /** A dealer's Bitrix shop: one microdata property beside a plain «Характеристики» table, an SEO meta description, the product as the trail's last crumb. */
  dealerShop: { path: '/catalog/elektroinstrument/perforatory/kzc26/', file: 'shop-bitrix-microdata-table.html' },
} as const satisfies Record<string, { path: string; file: string; sku?: string }>;

/** The fixtures' own hosts: served from this site, as a real site's absolute links lead to itself. */
const FIXTURE_ORIGINS = /https:\/\/(cdn\.)?(dck|pit)-tools\.example\.ru/g;

/**
 * A local stand-in for the DCK and P.I.T sites: the fixture pages and their pictures, drawn on
 * demand (JPEG and PNG of the sizes the pages claim). `?sku=X` on a page with a `sku` renames its
 * product's SKU, so each test run can create its own product. Some addresses fail the way real
 * sites do: `*-case.jpg` is missing (404), `*-2.jpg` of the broken page is a GIF.
 */
export async function startSupplierSite(port = 0): Promise<{ origin: string; url: (path: string) => string; close: () => Promise<void> }> {
  const pictures = new Map<string, Promise<{ type: string; body: Buffer }>>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const origin = `http://${req.headers.host}`;
    const page = Object.values(SUPPLIER_PAGES).find((p) => p.path === url.pathname);
    if (page) {
      let html = fs.readFileSync(path.join(FIXTURES, page.file), 'utf8').replace(FIXTURE_ORIGINS, origin);
      const sku = url.searchParams.get('sku');
      if (sku && 'sku' in page) html = html.replaceAll(page.sku, sku);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (url.pathname === '/no-product') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h2>Доставка и оплата</h2><p>Условия доставки.</p></body></html>');
      return;
    }
    if (url.pathname === '/price-list.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      return;
    }
    if (url.pathname === '/internal-picture') {
      const jsonLd = { '@context': 'https://schema.org', '@type': 'Product', name: 'Шлифмашина DCK KSA125', sku: 'KSA125', image: ['http://169.254.169.254/latest/meta-data/x.jpg', '/upload/ksa125-main.jpg'] };
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body></body></html>`);
      return;
    }
    if (/-case\.jpg$/.test(url.pathname) || !/\.(jpe?g|png)$/.test(url.pathname)) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Страница не найдена</h1>');
      return;
    }
    if (!pictures.has(url.pathname)) pictures.set(url.pathname, drawPicture(url.pathname));
    void pictures.get(url.pathname)!.then(({ type, body }) => res.writeHead(200, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (p: string) => `${origin}${p}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A picture of the size its name says (`1600x1600`, `-main` 1600, `-side` 1200 PNG), 800×600 otherwise. */
async function drawPicture(pathname: string): Promise<{ type: string; body: Buffer }> {
  if (/piw20h-500b-2\.jpg$/.test(pathname)) return { type: 'image/gif', body: Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64') };
  const size = /(\d+)x(\d+)/.exec(pathname);
  const [width, height] = size ? [Number(size[1]), Number(size[2])] : /-main/.test(pathname) ? [1600, 1600] : /-side/.test(pathname) ? [1200, 1200] : [800, 600];
  const image = sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 20 } } });
  return pathname.endsWith('.png') ? { type: 'image/png', body: await image.png().toBuffer() } : { type: 'image/jpeg', body: await image.jpeg().toBuffer() };
}
