import fs from 'node:fs';
import { articles } from '#shared/articles.ts';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/project-root.ts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { productHasPrice } from '../../db/price-rule.ts';
import { categories, products } from '../../db/schema.ts';
import { listBranches } from '../branches/service.ts';
import { getSettings } from '../settings/service.ts';
import { COURIER_DELIVERY_DAYS, ORDER_BEFORE_HOUR, PICKUP_READY_DAYS } from '#shared/delivery.ts';
import { vatOnTopKopecks } from '#shared/money.ts';
import {
  SITEMAP_MAX_URLS,
  URLSET_CLOSE,
  URLSET_OPEN,
  YML_TAIL,
  sitemapIndex,
  sitemapUrl,
  ymlHead,
  ymlOffer,
  ymlPrice,
  type SitemapUrl,
} from './xml.ts';

/**
 * Storefront pages that are not catalogue entries (paths of src/client/paths.ts; the server
 * never imports client code). Private pages (cart, checkout, profile, auth) are left out.
 */
export const STATIC_PAGES = [
  '/about',
  '/contacts',
  '/publications',
  '/order-by-sku',
  '/faq',
  '/shipping',
  '/returns',
  '/warranty',
  '/privacy',
  '/terms',
  '/cookies',
  '/sitemap',
] as const;

/** What robots may not crawl: private and transactional pages and the API. */
export const ROBOTS_DISALLOW = ['/admin', '/cart', '/checkout', '/profile', '/auth', '/api', '/order-complete', '/password-reset'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Rows read per query while a large document is written: memory stays flat at 100 000 products. */
const BATCH = 2000;

/**
 * A short summary of everything the sitemap and the feed show: it changes when a product or
 * category is added, removed, renamed, re-priced, restocked, moved or (de)activated, or when
 * the shop settings change. One pass over the products table, no text columns beyond the short ones.
 */
export async function catalogueFingerprint(db: Db): Promise<string> {
  const result = await db.execute(sql`
    select
      (select concat_ws(':', count(*), max(updated_at), sum(hashtext(concat_ws('|', id, slug, name, sku, image_url,
         price_kopecks, original_price_kopecks, stock, category_id, brand, is_active)))) from products) as p,
      (select concat_ws(':', count(*), max(updated_at), sum(hashtext(concat_ws('|', id, slug, name, description, parent_id))))
         from categories) as c,
      (select concat_ws(':', max(updated_at), sum(hashtext(value::text))) from settings) as s,
      -- The feed's pickup flags: which branches hand out orders and which of them hold what.
      (select concat_ws(':', count(*), sum(hashtext(concat_ws('|', id, pickup)))) from branches) as b,
      (select concat_ws(':', count(*), sum(hashtext(concat_ws('|', product_id, branch_id)))) from product_stock where quantity > 0) as h`);
  const [row] = rowsOf<{ p: string | null; c: string | null; s: string | null; b: string | null; h: string | null }>(result);
  return `${row?.p ?? ''}/${row?.c ?? ''}/${row?.s ?? ''}/${row?.b ?? ''}/${row?.h ?? ''}`;
}

export async function countActiveProducts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.isActive, true));
  return row?.n ?? 0;
}

/** Newest change among active products: the catalogue pages' lastmod. */
async function latestProductChange(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${products.updatedAt})` })
    .from(products)
    .where(eq(products.isActive, true));
  return row?.at ? new Date(row.at) : null;
}

/** Categories with their lastmod: their own change or their newest active product's, whichever is later. */
async function sitemapCategories(db: Db): Promise<{ slug: string; lastmod: Date }[]> {
  const rows = await db
    .select({
      slug: categories.slug,
      updatedAt: categories.updatedAt,
      productsAt: sql<string | null>`(select max(p.updated_at) from products p where p.category_id = categories.id and p.is_active)`,
      // Literal `categories.id`: Drizzle writes a column of a one-table select unqualified, which here would mean p.id.
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((r) => {
    const own = new Date(r.updatedAt);
    const latest = r.productsAt ? new Date(r.productsAt) : null;
    return { slug: r.slug, lastmod: latest && latest > own ? latest : own };
  });
}

/** When the deployed storefront was built (its page template): lastmod of the static pages. */
export function buildTime(distDir: string): Date | null {
  try {
    return fs.statSync(path.resolve(PROJECT_ROOT, distDir, 'client/index.html')).mtime;
  } catch {
    return null;
  }
}

export type SitemapContext = { db: Db; publicUrl: string; builtAt: Date | null };

/** Home, product list, categories and the static pages. */
async function pageUrls({ db, publicUrl, builtAt }: SitemapContext): Promise<SitemapUrl[]> {
  const [latest, cats] = await Promise.all([latestProductChange(db), sitemapCategories(db)]);
  const catalogueAt = latest && builtAt ? (latest > builtAt ? latest : builtAt) : (latest ?? builtAt);
  return [
    { loc: `${publicUrl}/`, lastmod: catalogueAt },
    { loc: `${publicUrl}/products`, lastmod: catalogueAt },
    ...cats.map((c) => ({ loc: `${publicUrl}/category/${encodeURIComponent(c.slug)}`, lastmod: c.lastmod })),
    ...STATIC_PAGES.map((p) => ({ loc: `${publicUrl}${p}`, lastmod: builtAt })),
    ...articles.map((a) => ({ loc: `${publicUrl}/publication/${a.id}`, lastmod: new Date(`${a.date}T00:00:00Z`) })),
  ];
}

/** Active products in id order, `limit` of them after the first `offset`, read in batches. */
async function* productUrls({ db, publicUrl }: SitemapContext, offset: number, limit: number): AsyncGenerator<string> {
  // Find the id just before the window once; then walk by id (keyset), not by growing offsets.
  let afterId = 0;
  if (offset > 0) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .offset(offset - 1)
      .limit(1);
    if (!row) return;
    afterId = row.id;
  }
  let left = limit;
  while (left > 0) {
    const rows = await db
      .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.id, afterId)))
      .orderBy(asc(products.id))
      .limit(Math.min(BATCH, left));
    if (rows.length === 0) return;
    yield rows.map((r) => sitemapUrl({ loc: `${publicUrl}/product/${encodeURIComponent(r.slug)}`, lastmod: new Date(r.updatedAt) })).join('');
    left -= rows.length;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** How the sitemap is laid out for the current catalogue: one file, or an index and parts. */
export async function sitemapLayout(db: Db, maxUrls = SITEMAP_MAX_URLS) {
  const productCount = await countActiveProducts(db);
  const pagesCount = 2 + STATIC_PAGES.length + articles.length + (await db.select({ n: sql<number>`count(*)::int` }).from(categories))[0]!.n;
  return { single: productCount + pagesCount <= maxUrls, productParts: Math.max(1, Math.ceil(productCount / maxUrls)) };
}

/** /sitemap.xml: every URL when they fit one file, otherwise the index of the parts. */
export async function* sitemapDocument(ctx: SitemapContext, maxUrls = SITEMAP_MAX_URLS): AsyncGenerator<string> {
  const layout = await sitemapLayout(ctx.db, maxUrls);
  if (layout.single) {
    yield URLSET_OPEN;
    yield (await pageUrls(ctx)).map(sitemapUrl).join('');
    yield* productUrls(ctx, 0, Number.MAX_SAFE_INTEGER);
    yield URLSET_CLOSE;
    return;
  }
  const latest = await latestProductChange(ctx.db);
  yield sitemapIndex([
    { loc: `${ctx.publicUrl}/sitemap-pages.xml`, lastmod: latest },
    ...Array.from({ length: layout.productParts }, (_, i) => ({ loc: `${ctx.publicUrl}/sitemap-products-${i + 1}.xml`, lastmod: latest })),
  ]);
}

export async function* sitemapPagesDocument(ctx: SitemapContext): AsyncGenerator<string> {
  yield URLSET_OPEN;
  yield (await pageUrls(ctx)).map(sitemapUrl).join('');
  yield URLSET_CLOSE;
}

/** Part `part` (from 1) of the products: null when there is no such part. */
export async function sitemapProductsPart(ctx: SitemapContext, part: number, maxUrls = SITEMAP_MAX_URLS): Promise<AsyncGenerator<string> | null> {
  const layout = await sitemapLayout(ctx.db, maxUrls);
  if (part < 1 || part > layout.productParts) return null;
  return (async function* () {
    yield URLSET_OPEN;
    yield* productUrls(ctx, (part - 1) * maxUrls, maxUrls);
    yield URLSET_CLOSE;
  })();
}

/**
 * The Yandex Market YML feed: the shop, roubles, every category with its parent, and an offer
 * per active product with a price (price on request cannot be sold through the feed) and a category.
 */
export async function* ymlDocument(db: Db, publicUrl: string, now: Date): AsyncGenerator<string> {
  const shop = await getSettings(db, 'shop');
  const cats = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const pickupOffered = (await listBranches(db)).some((b) => b.pickup);
  const courier = (cost: number) => ({ cost, days: COURIER_DELIVERY_DAYS, orderBefore: ORDER_BEFORE_HOUR });
  const receiving = {
    delivery: courier(shop.deliveryCost),
    pickup: pickupOffered ? { cost: 0, days: PICKUP_READY_DAYS, orderBefore: ORDER_BEFORE_HOUR } : null,
  };
  yield ymlHead({ name: shop.shopName, company: shop.shopName, url: `${publicUrl}/`, date: now }, cats, receiving);
  // Pickup per offer: some branch that hands out orders holds the product.
  // Qualified by hand: drizzle leaves the columns of a single-table select unqualified.
  const atPickupBranch = sql<boolean>`exists (select 1 from product_stock ps join branches b on b.id = ps.branch_id
    where ps.product_id = "products"."id" and ps.quantity > 0 and b.pickup)`;

  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);
  // What the customer pays for one: the cart adds VAT to catalogue prices «без НДС» (docs/decisions/030).
  const paid = (kopecks: number) => (shop.catalogPrices === 'with_vat' ? kopecks : kopecks + vatOnTopKopecks(kopecks, shop.vatRate));
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        sku: products.sku,
        imageUrl: products.imageUrl,
        price: products.priceKopecks,
        originalPrice: products.originalPriceKopecks,
        stock: products.stock,
        shortDescription: products.shortDescription,
        description: products.description,
        categoryId: products.categoryId,
        brand: products.brand,
        pickup: atPickupBranch,
      })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          gt(products.id, afterId),
          productHasPrice,
          sql`${products.categoryId} is not null`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    yield rows
      .map((p) =>
        ymlOffer({
          id: p.id,
          available: (p.stock ?? 0) > 0,
          url: `${publicUrl}/product/${encodeURIComponent(p.slug)}`,
          price: ymlPrice(paid(p.price!)),
          oldprice: p.originalPrice && p.originalPrice > p.price! ? ymlPrice(paid(p.originalPrice)) : null,
          categoryId: p.categoryId!,
          picture: p.imageUrl ? absolute(p.imageUrl) : null,
          name: p.name,
          vendor: p.brand,
          vendorCode: p.sku,
          description: p.description || p.shortDescription,
          pickup: p.pickup,
          // One product at the free-delivery threshold already ships free.
          freeDelivery: p.price! >= shop.freeDeliveryThreshold * 100 ? courier(0) : null,
        }),
      )
      .join('');
    afterId = rows[rows.length - 1]!.id;
  }
  yield YML_TAIL;
}
