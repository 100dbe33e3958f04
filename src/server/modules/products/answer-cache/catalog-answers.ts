import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaff } from '#shared/constants.ts';
import type { App } from '../../../core/app-types.ts';
import type { CachedBody } from '../../../core/http-cache.ts';
import { notFound } from '../../../core/http-errors.ts';
import { onCatalogChange, type CatalogChange } from '../catalog-events.ts';
import { CatalogMemo, stockTags, type StockShown } from './memo.ts';
import { CatalogVersionWatch, bumpCatalogVersion, noteStockChange, readCatalogNotices } from './version-watch.ts';

/** The options of a route answered from the cache: public, and not compressed again (the cache keeps each encoding). */
export const CACHED_ROUTE = { config: { access: 'public' }, compress: false } as const;

/** The answer of products shown with their stock (a product page: one; a list: its cards). */
export const showsProducts = (products: readonly { id: number }[], byAvailability = false): StockShown => ({
  productIds: products.map((p) => p.id),
  byAvailability,
});

/** An answer that shows no stock (categories, search suggestions): an order leaves it be. */
export const showsNoStock = (): StockShown => ({ productIds: [], byAvailability: false });

/** The public catalogue's answer cache as the routes use it. */
export type CatalogAnswers = {
  memo: CatalogMemo;
  /**
   * Sends the answer kept under `key`, made by `load` when there is none, once the memo is known
   * current (another process's change is looked for at most once a second, and the request waits
   * for that look); the body in the best encoding the client accepts, or 304. `load` giving null is
   * a 404 with `missing` (nothing is kept). `shows` says whose stock the answer shows.
   */
  answer: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<T | null>,
    shows: (answer: T) => StockShown,
    missing?: string,
  ) => Promise<FastifyReply>;
};

/**
 * Sets up the answer cache of the public catalogue (docs/decisions/006, 012): the memo, dropped
 * on every change announced in this process (`catalogChanged()`) or noticed in another one (the
 * shared version counter, PostgreSQL only) — only the answers showing their stock when an order
 * took some products' (`catalogStockChanged()`, the shared stock notices) —, and the front door
 * that answers repeated anonymous requests from it before routing. `onChange` hears of every
 * such change too, and whether this process made it.
 */
export function registerCatalogAnswers(app: App, onChange: (change: CatalogChange, here: boolean) => void): CatalogAnswers {
  const { db, database } = app.deps;
  const memo = new CatalogMemo((hit) => app.metrics.catalogueCache.inc({ result: hit ? 'hit' : 'miss' }));
  const follow = (change: CatalogChange, here: boolean) => {
    if (change.kind === 'stock') memo.dropStockOf(change.productIds);
    else memo.invalidate();
    onChange(change, here);
  };
  const watch =
    database.kind === 'postgres'
      ? new CatalogVersionWatch(
          {
            bump: () => bumpCatalogVersion(db),
            bumpStock: (productIds) => noteStockChange(db, productIds),
            read: () => readCatalogNotices(db),
            onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
          },
          (change) => follow(change, false),
        )
      : null;
  const check = () => watch?.check() ?? null;
  // Repeated anonymous requests are answered before routing; while a look at other processes'
  // changes is due, that path steps aside and the route waits for the look.
  app.frontDoor.add({ prefix: '/api/products', cache: memo.responses, mayAnswer: () => check() === null });
  const unsubscribe = onCatalogChange((change) => {
    follow(change, true);
    watch?.announce(change);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await watch?.settled();
  });

  /**
   * A cached public answer; its URL is remembered for the front door unless staff asked: staff may pass parameters (a
   * larger limit) that the public is refused.
   */
  const send = (request: FastifyRequest, reply: FastifyReply, key: string, body: CachedBody) => {
    if (!isStaff(request.user?.role)) memo.responses.rememberUrl(request.url, key);
    const { status, headers, payload } = memo.responses.answer(body, {
      ifNoneMatch: request.headers['if-none-match'],
      acceptEncoding: request.headers['accept-encoding'],
    });
    return reply.code(status).headers(headers).send(payload ?? undefined);
  };

  const answer: CatalogAnswers['answer'] = async (request, reply, key, load, shows, missing = 'Не найдено') => {
    await check();
    const body = await memo.responses.get(key, load, (value) => stockTags(shows(value)));
    if (!body) throw notFound(missing);
    return send(request, reply, key, body);
  };

  return { memo, answer };
}
