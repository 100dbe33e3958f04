import { idParams } from '#shared/schemas/z.ts';
import { AttributeMergeSchema, AttributePatchSchema, AttributeSchema, CategoryAttributesSchema } from '#shared/schemas/attributes.ts';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { categoryFilters, createAttribute, deleteAttribute, listAdminAttributes, mergeAttributes, requireAttribute, setCategoryFilters, updateAttribute } from './admin-service.ts';

const IdParams = idParams('Некорректный номер характеристики');
const CategoryIdParams = idParams('Некорректный номер категории');
const TAGS = ['Управление каталогом'];

/** The back office's «Характеристики» screen and the category form's «Фильтры» (docs/decisions/034). */
export default async function attributeAdminRoutes(app: App) {
  app.get(
    '/admin/attributes/:id',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Одна характеристика', params: IdParams, querystring: CacheBuster } },
    async (request) => requireAttribute(app.deps.db, request.params.id),
  );

  objectRoutes(app, {
    path: '/admin/attributes',
    params: IdParams,
    access: 'staff',
    tags: TAGS,
    log: 'attribute',
    list: { summary: 'Характеристики с написаниями поставщиков и числом товаров', querystring: CacheBuster, run: () => listAdminAttributes(app.deps.db) },
    create: { summary: 'Создать характеристику', body: AttributeSchema, run: (body) => createAttribute(app.deps.db, body, app.deps.clock()) },
    update: {
      summary: 'Изменить характеристику (вид — только если значения ему подходят)',
      body: AttributePatchSchema,
      run: ({ id }, body) => updateAttribute(app.deps.db, id, body, app.deps.clock()),
    },
    remove: { summary: 'Удалить характеристику вместе со значениями товаров', run: ({ id }) => deleteAttribute(app.deps.db, id, app.deps.clock()) },
  });

  app.post(
    '/admin/attributes/:id/merge',
    {
      config: { access: 'staff', staffLog: 'attribute.merge' },
      schema: { tags: TAGS, summary: 'Объединить: значения и написания другой характеристики переходят в эту', params: IdParams, body: AttributeMergeSchema },
    },
    async (request) => mergeAttributes(app.deps.db, request.params.id, request.body.fromId, app.deps.clock()),
  );

  app.get(
    '/admin/categories/:id/attributes',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Характеристики, по которым фильтрует категория, по порядку', params: CategoryIdParams, querystring: CacheBuster } },
    async (request) => categoryFilters(app.deps.db, request.params.id),
  );

  app.put(
    '/admin/categories/:id/attributes',
    {
      config: { access: 'staff', staffLog: 'category.filters' },
      schema: { tags: TAGS, summary: 'Задать фильтры категории по порядку', params: CategoryIdParams, body: CategoryAttributesSchema },
    },
    async (request) => setCategoryFilters(app.deps.db, request.params.id, request.body.attributeIds),
  );
}
