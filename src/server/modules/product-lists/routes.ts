import { localPath } from '#shared/local-path.ts';
import { LIST_PAGES, type ListFormError } from '#shared/product-lists.ts';
import { AddToListSchema, ListFormSchema, ListItemParams, ListKindParams } from '#shared/schemas/product-lists.ts';
import type { App } from '../../core/app-types.ts';
import { plainFormRoutes } from '../../core/plain-form.ts';
import { HttpError } from '../../core/http-errors.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { addToList, clearList, listProducts, listsSummary, removeFromList } from './service.ts';
import { ownerForChange, ownerOf } from './visitor.ts';

const tags = ['Избранное и сравнение'];

/**
 * The page a plain form was sent from, by its Referer (same-origin forms send the whole address):
 * the cards' forms carry no field for it, which keeps every page's HTML and script smaller.
 */
function refererPath(referer: string | undefined, host: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === host ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
const config = { access: 'public' } as const;

/** What a refused plain form's redirect tells the list's page (`?error=`), by the API's status. */
const FORM_ERRORS: Partial<Record<number, ListFormError>> = { 409: 'limit', 404: 'missing', 429: 'limited' };

/**
 * Favourites and comparison (issue 26): a visitor's kept by the `visitor` cookie, a customer's in
 * the account. Answers are private: `Cache-Control: no-store`.
 */
export default async function productListRoutes(app: App) {
  const secure = app.deps.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/lists', { config, schema: { tags, summary: 'Товары в избранном и в сравнении: их номера (счётчики в шапке, состояние кнопок)' } }, async (request) =>
    listsSummary(app.deps.db, ownerOf(request)),
  );

  app.get(
    '/lists/:kind',
    { config, schema: { tags, summary: 'Товары списка; в сравнении — с характеристиками', params: ListKindParams } },
    async (request) => ({ products: await listProducts(app.deps.db, ownerOf(request), request.params.kind) }),
  );

  app.post(
    '/lists/:kind',
    {
      config,
      schema: { tags, summary: 'Добавить товар (избранное — до 100, сравнение — до 20 товаров)', params: ListKindParams, body: AddToListSchema },
    },
    async (request, reply) => {
      const { owner, newVisitor, keep } = ownerForChange(request, reply, secure);
      const summary = await addToList(app.deps.db, owner, request.params.kind, request.body.productId, { newVisitor, meta: requestMeta(app, request) });
      keep();
      return reply.status(201).send(summary);
    },
  );

  app.delete(
    '/lists/:kind/:productId',
    { config, schema: { tags, summary: 'Убрать товар из списка', params: ListItemParams } },
    async (request) => removeFromList(app.deps.db, ownerOf(request), request.params.kind, request.params.productId),
  );

  app.delete('/lists/:kind', { config, schema: { tags, summary: 'Очистить список', params: ListKindParams } }, async (request) =>
    clearList(app.deps.db, ownerOf(request), request.params.kind),
  );

  // The heart, «Сравнить» and «Очистить» before the page's script loads: a plain form, then back to the page.
  plainFormRoutes(app, (form) =>
    form.post(
      '/lists/:kind/form',
      {
        config,
        schema: {
          tags,
          summary:
            'Добавить или убрать товар, очистить список обычной формой и вернуться на страницу (back или Referer этого сайта; 303); отказ — на страницу списка с причиной',
          params: ListKindParams,
          body: ListFormSchema,
        },
      },
      async (request, reply) => {
        const { kind } = request.params;
        const { body } = request;
        const back = body.back ?? refererPath(request.headers.referer, request.host);
        try {
          if (body.action === 'add') {
            const { owner, newVisitor, keep } = ownerForChange(request, reply, secure);
            await addToList(app.deps.db, owner, kind, body.productId, { newVisitor, meta: requestMeta(app, request) });
            keep();
          } else if (body.action === 'remove') {
            await removeFromList(app.deps.db, ownerOf(request), kind, body.productId);
          } else {
            await clearList(app.deps.db, ownerOf(request), kind);
          }
        } catch (error) {
          // A full list, a product gone, too many new lists from this address: the list's page says
          // which (a form has no answer of its own to show), with the list at hand to make room.
          const reason = error instanceof HttpError ? FORM_ERRORS[error.statusCode] : undefined;
          if (!reason) throw error;
          return reply.redirect(`${LIST_PAGES[kind]}?error=${reason}`, 303);
        }
        // Only a path on this site: the form must not become an open redirect.
        return reply.redirect(localPath(back) ?? LIST_PAGES[kind], 303);
      },
    ),
  );
}
