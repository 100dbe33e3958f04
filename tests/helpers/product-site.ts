import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A supplier's site on 127.0.0.1 for the mass scraper's tests (Vitest and Playwright): product
 * pages written as shops write them (JSON-LD Product with an offer and breadcrumbs, a picture),
 * a sitemap index, a paged category, robots.txt, a page that is busy once (429) and one that
 * always fails (500). It records every request with its arrival and end times, so a test can
 * check the scraper's manners from the site's side.
 */

/** A request as the site saw it: arrival and end (performance.now()), the status it answered. */
export type SiteRequest = { path: string; at: number; end: number; status: number };

export type ProductSite = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`: what FETCH_ALLOW takes. */
  host: string;
  requests: SiteRequest[];
  /** The most requests the site was answering at one moment. */
  maxInFlight: () => number;
  /** Called as each request arrives (a test pauses or stops a run at a chosen page). */
  onRequest: (path: string) => void;
  productUrl: (n: number) => string;
  close: () => Promise<void>;
};

export type ProductSiteOptions = {
  /** Product pages /product/1 … /product/N. */
  products: number;
  /** robots.txt as served; null answers 404. */
  robots: string | null;
  /** Every page answers 500 (robots.txt aside): a site that stopped working. */
  broken?: boolean;
  /** Product page numbers whose page says this SKU instead of their own. */
  skuOverrides?: Record<number, string>;
  /** Product page numbers that redirect (301) to another product page. */
  redirects?: Record<number, number>;
  /** Product page numbers that share one name (their slugs must differ once published). */
  sameName?: number[];
  /** SKUs are `<prefix>-0001`…; another prefix makes another supplier's range. Default FX. */
  skuPrefix?: string;
  /** A fixed port (the end-to-end server's FETCH_ALLOW names it); 0 picks a free one. */
  port?: number;
};

export const skuOf = (n: number, prefix = 'FX') => `${prefix}-${String(n).padStart(4, '0')}`;
export const nameOf = (n: number, prefix = 'FX') => `Перфоратор тестовый ${prefix}-${n}`;
export const priceOf = (n: number) => 1000 + n * 10;

const picture = sharp({ create: { width: 480, height: 360, channels: 3, background: '#e30613' } }).png().toBuffer();

function productPage(site: string, n: number, options: ProductSiteOptions): string {
  const name = options.sameName?.includes(n) ? 'Шуруповёрт одинаковый' : nameOf(n, options.skuPrefix);
  const sku = options.skuOverrides?.[n] ?? skuOf(n, options.skuPrefix);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Главная', item: `${site}/` },
          { '@type': 'ListItem', position: 2, name: 'Перфораторы', item: `${site}/catalog` },
          { '@type': 'ListItem', position: 3, name },
        ],
      },
      {
        '@type': 'Product',
        name,
        sku,
        brand: { '@type': 'Brand', name: 'DCK' },
        description: `${name}: мощный инструмент для сверления и долбления бетона. Подходит для профессиональной работы.`,
        image: [`${site}/img/${n}.png`],
        offers: { '@type': 'Offer', price: String(priceOf(n)), priceCurrency: 'RUB', availability: 'https://schema.org/InStock', url: `${site}/product/${n}` },
      },
    ],
  };
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${name} — купить</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><header><nav class="nav-products"><a href="/catalog">Каталог</a><a href="/about">О компании</a></nav></header>
<main><h1>${name}</h1><img src="/img/${n}.png" alt="${name}"><p>Артикул: ${sku}</p>
<table class="specs"><tr><th>Мощность</th><td>800 Вт</td></tr><tr><th>Энергия удара</th><td>2,7 Дж</td></tr></table></main></body></html>`;
}

/** Category pages of 24 products, rel="next" to the following one. */
function categoryPage(site: string, page: number, total: number, prefix?: string): string {
  const first = (page - 1) * 24 + 1;
  const last = Math.min(total, page * 24);
  const cards = [];
  for (let n = first; n <= last; n++) {
    cards.push(`<div class="product-card"><a href="/product/${n}"><img src="/img/${n}.png" alt=""></a><a href="/product/${n}">${nameOf(n, prefix)}</a></div>`);
  }
  const next = last < total ? `<link rel="next" href="${site}/catalog?page=${page + 1}">` : '';
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Перфораторы</title>${next}</head>
<body><nav class="menu"><a href="/">Главная</a><a href="/about">О компании</a><a href="/delivery">Доставка</a></nav>
<main><h1>Перфораторы</h1><div class="catalog-grid">${cards.join('')}</div></main><footer><a href="/contacts">Контакты</a></footer></body></html>`;
}

/** A sitemap index of two sitemaps listing the given paths. */
function sitemaps(site: string, paths: string[]): Record<string, string> {
  const half = Math.ceil(paths.length / 2);
  const urlset = (part: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${part.map((p) => `<url><loc>${site}${p}</loc></url>`).join('')}</urlset>`;
  return {
    '/sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site}/sitemap-1.xml</loc></sitemap><sitemap><loc>${site}/sitemap-2.xml</loc></sitemap><sitemap><loc>https://elsewhere.example/sitemap.xml</loc></sitemap></sitemapindex>`,
    '/sitemap-1.xml': urlset(paths.slice(0, half)),
    '/sitemap-2.xml': urlset(paths.slice(half)),
  };
}

/** The paths the sitemap lists: 196 products, two pages robots.txt closes, the busy page and the broken one. */
export const SITEMAP_PATHS = [...Array.from({ length: 196 }, (_, i) => `/product/${i + 1}`), '/closed/1', '/closed/2', '/busy/product', '/broken/product'];

export async function startProductSite(options: ProductSiteOptions): Promise<ProductSite> {
  const requests: SiteRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let busyAnswered = false;
  let origin = '';
  const image = await picture;
  const site: ProductSite = {
    origin: '',
    host: '',
    requests,
    maxInFlight: () => maxInFlight,
    onRequest: () => {},
    productUrl: (n) => `${origin}/product/${n}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const record: SiteRequest = { path: url.pathname + url.search, at: performance.now(), end: 0, status: 0 };
    requests.push(record);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight--;
      record.end = performance.now();
    });
    site.onRequest(record.path);
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    const html = (body: string) => send(200, 'text/html; charset=utf-8', body);
    const path = url.pathname;

    if (path === '/robots.txt') return options.robots === null ? send(404, 'text/plain', 'Не найдено') : send(200, 'text/plain', options.robots);
    if (options.broken) return send(500, 'text/html', '<h1>Внутренняя ошибка</h1>');
    const xml = sitemaps(origin, SITEMAP_PATHS)[path];
    if (xml) return send(200, 'application/xml', xml);
    if (path === '/catalog') return html(categoryPage(origin, Number(url.searchParams.get('page') ?? 1), options.products, options.skuPrefix));
    const product = /^\/(?:product|closed)\/(\d+)$/.exec(path);
    if (product) {
      const n = Number(product[1]);
      if (n < 1 || n > options.products) return send(404, 'text/html', '<h1>Нет такой страницы</h1>');
      const target = options.redirects?.[n];
      if (target) return send(301, 'text/html', '', { location: `/product/${target}` });
      return html(productPage(origin, n, options));
    }
    if (path === '/busy/product') {
      if (!busyAnswered) {
        busyAnswered = true;
        return send(429, 'text/html', '<h1>Слишком много запросов</h1>', { 'retry-after': '0' });
      }
      return html(productPage(origin, options.products + 1, options));
    }
    if (path === '/broken/product') return send(500, 'text/html', '<h1>Внутренняя ошибка</h1>');
    const img = /^\/img\/\d+\.png$/.exec(path);
    if (img) return send(200, 'image/png', image);
    return send(404, 'text/html', '<h1>Нет такой страницы</h1>');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  site.origin = origin;
  site.host = `127.0.0.1:${port}`;
  return site;
}
