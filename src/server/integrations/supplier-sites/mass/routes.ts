import { ProductSchema } from '#shared/schemas/product.ts';
import { DiscardSchema, ItemParams, ItemsQuerySchema, PublishSchema, RunParams, StartRunSchema } from '#shared/schemas/mass-scraper.ts';
import type { App } from '../../../core/app-types.ts';
import { discardItems, getItem, listItems, publishItems, saveDraft } from './items-service.ts';
import { SiteGate } from './polite/site-gate.ts';
import { registerRunJob } from './run-job.ts';
import { getRun, listRuns, payloadOf, startRun } from './run-service.ts';

const TAGS = ['Массовая загрузка товаров'];

/**
 * «Массовая загрузка» (/admin/mass-scraper), staff only: start a run over product pages, follow
 * it (stop, pause and resume are the job engine's routes), review what it found and publish it.
 */
export default async function massScraperRoutes(app: App) {
  const { db, config } = app.deps;
  // One gate for the process: two runs over one site still send it one request at a time.
  registerRunJob(app.jobs, { db, config, gate: new SiteGate(), log: app.log });

  app.get(
    '/admin/mass-scraper/runs',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Последние запуски с итогами по страницам' } },
    async () => listRuns(db),
  );

  app.post(
    '/admin/mass-scraper/runs',
    {
      config: { access: 'staff', staffLog: 'mass-scraper.start' },
      schema: { tags: TAGS, summary: 'Запустить загрузку: список ссылок или страница категории / sitemap.xml', body: StartRunSchema },
    },
    async (request, reply) => reply.status(201).send(await startRun(db, app.jobs, payloadOf(request.body), request.user?.id ?? null)),
  );

  app.get(
    '/admin/mass-scraper/runs/:id',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Ход запуска и итоги по страницам', params: RunParams } },
    async (request) => getRun(db, request.params.id),
  );

  app.get(
    '/admin/mass-scraper/runs/:id/items',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Страницы запуска: фильтр по статусу, поиск', params: RunParams, querystring: ItemsQuerySchema } },
    async (request) => listItems(db, request.params.id, request.query),
  );

  app.get(
    '/admin/mass-scraper/items/:id',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Карточка страницы для проверки', params: ItemParams } },
    async (request) => getItem(db, request.params.id),
  );

  app.put(
    '/admin/mass-scraper/items/:id/draft',
    { config: { access: 'staff', staffLog: 'mass-scraper.draft' }, schema: { tags: TAGS, summary: 'Сохранить правки карточки до публикации', params: ItemParams, body: ProductSchema } },
    async (request) => saveDraft(db, request.params.id, request.body),
  );

  app.post(
    '/admin/mass-scraper/items/publish',
    { config: { access: 'staff', staffLog: 'mass-scraper.publish' }, schema: { tags: TAGS, summary: 'Опубликовать отмеченные карточки товарами (скрытыми или в каталоге)', body: PublishSchema } },
    async (request) => publishItems(db, request.body, app.deps.clock()),
  );

  app.post(
    '/admin/mass-scraper/items/discard',
    { config: { access: 'staff', staffLog: 'mass-scraper.discard' }, schema: { tags: TAGS, summary: 'Отклонить отмеченные страницы', body: DiscardSchema } },
    async (request) => discardItems(db, config, request.body.ids),
  );
}
