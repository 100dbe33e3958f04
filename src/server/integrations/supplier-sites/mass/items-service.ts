import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import { HttpError, badRequest, notFound } from '../../../core/http-errors.ts';
import { pageOf } from '../../../core/paging.ts';
import { deleteStoredPicture } from '../../../core/picture-store.ts';
import { escapeLike, type Db } from '../../../db/connection.ts';
import { categories, products, scrapedItems } from '../../../db/schema.ts';
import { createProduct } from '../../../modules/products/admin-service.ts';
import { loadCatalogAdapter } from '../../../modules/catalog-adapter/adapter.ts';
import { characteristicValues } from '../../../modules/attributes/values.ts';
import { replaceProductAttributes } from '../../../modules/products/write/attributes.ts';
import { ProductSchema, type ProductData } from '#shared/schemas/product.ts';
import {
  ITEMS_PAGE_SIZE,
  type DiscardResult,
  type ItemCounts,
  type ItemDetail,
  type ItemStatus,
  type ItemView,
  type ItemsPage,
  type ItemsQuery,
  type PublishMode,
  type PublishResult,
} from '#shared/schemas/mass-scraper.ts';
import { draftOf, type ItemData } from './items.ts';
import { getRun } from './run-service.ts';

/**
 * The review list: staff read each page's result, correct a card, then publish the chosen
 * ones as products (hidden or shown) or set them aside. Only a card staff chose becomes a product.
 */

export const ITEM_NOT_FOUND = 'Страница не найдена';
const NOT_REVIEWABLE = 'Править и публиковать можно только страницы со статусом «Готов к проверке»';
const CHOOSE_CATEGORY = 'Выберите категорию: страница её не подсказала';

type ItemRow = typeof scrapedItems.$inferSelect;

/** Category names by id, for the cards that suggest one. */
async function categoryNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((row) => [row.id, row.name]));
}

function viewOf({ id, url, status, message, productId, data }: ItemRow, names: Map<number, string>): ItemView {
  const draft = data ? draftOf(data as ItemData) : null;
  return {
    id,
    url,
    status: status as ItemStatus,
    message,
    productId,
    name: draft?.name || null,
    sku: draft?.sku || null,
    price: draft ? draft.price : null,
    imageUrl: draft?.imageUrl || null,
    categoryName: draft?.categoryId ? (names.get(draft.categoryId) ?? null) : null,
  };
}

/** What staff search in: the address, the card's (or their edit's) name and SKU. */
function searchCondition(query: string): SQL {
  const pattern = `%${escapeLike(query)}%`;
  const field = (key: string) => sql`coalesce(${scrapedItems.data}->'draft'->>${key}, ${scrapedItems.data}->'page'->'card'->${key}->>'value')`;
  return or(ilike(scrapedItems.url, pattern), ilike(field('name'), pattern), ilike(field('sku'), pattern))!;
}

export async function listItems(db: Db, runId: number, query: ItemsQuery): Promise<ItemsPage> {
  const run = await getRun(db, runId);
  const conditions: SQL[] = [eq(scrapedItems.jobId, runId)];
  if (query.status) conditions.push(eq(scrapedItems.status, query.status));
  if (query.query) conditions.push(searchCondition(query.query));
  const where = and(...conditions);
  const total = await db.$count(scrapedItems, where);
  const pages = Math.max(1, Math.ceil(total / ITEMS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await pageOf(db.select().from(scrapedItems).where(where).orderBy(asc(scrapedItems.id)).$dynamic(), { page, limit: ITEMS_PAGE_SIZE });
  const names = await categoryNames(db);
  return { items: rows.map((row) => viewOf(row, names)), total, page, pages, counts: run.counts satisfies ItemCounts };
}

async function requireItem(db: Db, id: number): Promise<ItemRow> {
  const [row] = await db.select().from(scrapedItems).where(eq(scrapedItems.id, id));
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

export async function getItem(db: Db, id: number): Promise<ItemDetail> {
  const row = await requireItem(db, id);
  const data = row.data as ItemData | null;
  const view = viewOf(row, await categoryNames(db));
  return {
    ...view,
    runId: row.jobId!,
    draft: data ? draftOf(data) : emptyDraft(row.url),
    edited: Boolean(data?.draft),
    page: data?.page ?? null,
  };
}

/** A page that gave no card (failed, a repeat found before fetching) has nothing to edit: the form shows it empty. */
const emptyDraft = (url: string): ItemDetail['draft'] => ({
  name: '', slug: '', sku: '', price: 0, originalPrice: null, stock: null, categoryId: null, supplier: null, brand: '', tag: '',
  imageUrl: '', shortDescription: '', description: url, isActive: false, isFeatured: false,
});

/** `PUT …/items/:id/draft`: the product form's values, checked by the form's own rules, kept until publishing. */
export async function saveDraft(db: Db, id: number, draft: ProductData): Promise<ItemDetail> {
  const row = await requireItem(db, id);
  if (row.status !== 'extracted' || !row.data) throw new HttpError(409, NOT_REVIEWABLE);
  const data: ItemData = { ...(row.data as ItemData), draft };
  await db.update(scrapedItems).set({ data, updatedAt: sql`now()` }).where(eq(scrapedItems.id, id));
  return getItem(db, id);
}

/** The first problem zod found, as the form would show it. */
function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Некорректное значение';
}

/**
 * Publishes the chosen cards one by one: each is claimed first (so two staff publishing at once
 * never make two products of one page), then becomes a product through the shop's one way of
 * creating products (unique slug, SKU check, catalogue caches told). A card that cannot be
 * published goes back to the review list with the reason.
 */
export async function publishItems(db: Db, body: { ids: number[]; mode: PublishMode; categoryId: number | null }, now: Date): Promise<PublishResult> {
  if (body.categoryId !== null) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categoryId));
    if (!category) throw badRequest('Категория не найдена', { categoryId: ['Категория не найдена'] });
  }
  const rows = await db.select().from(scrapedItems).where(inArray(scrapedItems.id, body.ids)).orderBy(asc(scrapedItems.id));
  const result: PublishResult = { published: 0, problems: [] };
  const { normaliseText } = await loadCatalogAdapter(db);
  const problem = (row: ItemRow, message: string) => result.problems.push({ id: row.id, url: row.url, message });
  for (const row of rows) {
    if (row.status !== 'extracted' || !row.data) {
      problem(row, row.status === 'published' ? 'Уже опубликован' : NOT_REVIEWABLE);
      continue;
    }
    const draft = draftOf(row.data as ItemData);
    const categoryId = draft.categoryId ?? body.categoryId;
    if (categoryId === null) {
      problem(row, CHOOSE_CATEGORY);
      continue;
    }
    const parsed = ProductSchema.safeParse({ ...draft, categoryId, isActive: body.mode === 'active' });
    if (!parsed.success) {
      problem(row, firstIssue(parsed.error));
      continue;
    }
    const message = await publishOne(db, row, parsed.data, normaliseText, now);
    if (message) problem(row, message);
    else result.published++;
  }
  const found = new Set(rows.map((row) => row.id));
  for (const id of body.ids.filter((id) => !found.has(id))) result.problems.push({ id, url: '', message: ITEM_NOT_FOUND });
  return result;
}

/**
 * The page's «Характеристики» as the product's characteristics (docs/decisions/034): names
 * resolved through the attributes' aliases, values through the adapter's unit rules.
 */
async function writeSpecs(db: Db, productId: number, page: ItemData['page'], normaliseText: (text: string) => string, now: Date) {
  const specs = page.card.specs?.value ?? [];
  if (specs.length === 0) return;
  const { values } = await characteristicValues(db, new Map([[productId, specs]]), normaliseText);
  await replaceProductAttributes(db, values, now, { keepOthers: true });
}

/** One card → one product; answers the reason when it could not be made. */
async function publishOne(db: Db, row: ItemRow, data: ProductData, normaliseText: (text: string) => string, now: Date): Promise<string | null> {
  const [claimed] = await db
    .update(scrapedItems)
    .set({ status: 'published', updatedAt: sql`now()` })
    .where(and(eq(scrapedItems.id, row.id), eq(scrapedItems.status, 'extracted')))
    .returning({ id: scrapedItems.id });
  if (!claimed) return 'Уже опубликован';
  let product: { id: number };
  try {
    product = await createProduct(db, data, now);
    await db.update(scrapedItems).set({ productId: product.id, message: null }).where(eq(scrapedItems.id, row.id));
  } catch (error) {
    if (!(error instanceof HttpError)) {
      await db.update(scrapedItems).set({ status: 'extracted' }).where(eq(scrapedItems.id, row.id));
      throw error;
    }
    if (error.statusCode === 409) {
      // The SKU was taken after the page was read: the card is a repeat of that product now.
      const [same] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.sku, data.sku));
      const message = `В магазине уже есть товар с этим артикулом${same ? `: «${same.name}»` : ''}`;
      await db.update(scrapedItems).set({ status: 'duplicate', message, productId: same?.id ?? null }).where(eq(scrapedItems.id, row.id));
      return message;
    }
    await db.update(scrapedItems).set({ status: 'extracted' }).where(eq(scrapedItems.id, row.id));
    return error.message;
  }
  // After the product is written (and the card marked with it): a failure here leaves a product without characteristics, never a second one.
  await writeSpecs(db, product.id, (row.data as ItemData).page, normaliseText, now);
  return null;
}

/**
 * Sets the chosen pages aside (never published ones): their stored pictures are deleted, as
 * nothing in the shop shows them.
 */
export async function discardItems(db: Db, config: Config, ids: number[]): Promise<DiscardResult> {
  const rows = await db
    .update(scrapedItems)
    .set({ status: 'discarded', updatedAt: sql`now()` })
    .where(and(inArray(scrapedItems.id, ids), inArray(scrapedItems.status, ['extracted', 'duplicate', 'failed'])))
    .returning({ data: scrapedItems.data });
  const pictures = rows.flatMap((row) => (row.data as ItemData | null)?.page.pictures ?? []);
  // The pages are set aside already: a picture the bucket fails to delete only takes space, it is shown nowhere.
  await Promise.all(pictures.map((picture) => deleteStoredPicture(config, picture.url).catch(() => undefined)));
  return { discarded: rows.length };
}
