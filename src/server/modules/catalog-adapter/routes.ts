import { idParams, z } from '#shared/schemas/z.ts';
import {
  AwaitingQuerySchema,
  BrandAliasSchema,
  CategoryRuleSchema,
  RulePreviewSchema,
  UnitRuleSchema,
  UnitSpellingsSchema,
} from '#shared/schemas/catalog-adapter.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { catalogSearchOf } from '../products/search/catalog-search.ts';
import {
  createBrandAlias,
  createUnitRule,
  deleteBrandAlias,
  unitRuleFromSpellings,
  deleteUnitRule,
  listBrandAliases,
  listUnitRules,
  updateBrandAlias,
  updateUnitRule,
} from './dictionary-service.ts';
import { planReapply, reapplyRules } from './moves.ts';
import { createRule, deleteRule, listRules, previewRule, updateRule } from './rules-service.ts';
import { listAwaiting, listSupplierCategories, listSuppliers } from './supplier-categories-service.ts';

const TAGS = ['Адаптер каталога'];
const PREFIX = '/admin/catalog-adapter';
const RuleId = idParams('Некорректный номер правила');
const AliasParams = z.object({ alias: z.string().min(1, 'Не указано написание бренда') });

/**
 * The catalogue adapter (`/admin/catalog-adapter`, staff): supplier categories and the rules that
 * map them, «Без категории», brand spellings, unit rules, the preview of a rule before it is saved
 * and re-applying the rules to the products.
 */
export default async function catalogAdapterRoutes(app: App) {
  const { db } = app.deps;
  const staff = { access: 'staff' as const };
  const logged = (staffLog: StaffActionKind) => ({ ...staff, staffLog });
  const search = () => catalogSearchOf(db, (error) => app.log.warn({ err: error }, 'search index not rebuilt'));

  app.get(
    `${PREFIX}/suppliers`,
    { config: staff, schema: { tags: TAGS, summary: 'Поставщики (для выбора в правилах)', querystring: CacheBuster } },
    async () => listSuppliers(db),
  );

  app.get(
    `${PREFIX}/supplier-categories`,
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Категории поставщиков: товары, категория магазина по правилу, предложение для неразмеченных',
        querystring: CacheBuster,
      },
    },
    async () => listSupplierCategories(db, search()),
  );

  app.get(
    `${PREFIX}/awaiting`,
    { config: staff, schema: { tags: TAGS, summary: 'Товары «Без категории» (скрыты до сопоставления)', querystring: AwaitingQuerySchema } },
    async (request) => listAwaiting(db, request.query.page),
  );

  app.post(
    `${PREFIX}/rules/preview`,
    {
      config: { ...staff, staffLog: false },
      schema: { tags: TAGS, summary: 'Сколько товаров переместит правило (новое или изменённое) — до сохранения', body: RulePreviewSchema },
    },
    async (request) => previewRule(db, request.body),
  );

  objectRoutes(app, {
    path: `${PREFIX}/rules`,
    params: RuleId,
    access: 'staff',
    tags: TAGS,
    log: 'adapter.rule',
    list: { summary: 'Правила категорий в порядке применения', querystring: CacheBuster, run: () => listRules(db) },
    create: { summary: 'Создать правило', body: CategoryRuleSchema, run: (body) => createRule(db, body, app.deps.clock()) },
    update: { summary: 'Изменить правило', body: CategoryRuleSchema, run: ({ id }, body) => updateRule(db, id, body) },
    remove: { summary: 'Удалить правило (товары остаются на местах)', run: ({ id }) => deleteRule(db, id) },
  });

  app.get(
    `${PREFIX}/reapply`,
    { config: staff, schema: { tags: TAGS, summary: 'Что сделает применение правил к товарам', querystring: CacheBuster } },
    async () => planReapply(db),
  );

  app.post(
    `${PREFIX}/reapply`,
    { config: logged('adapter.reapply'), schema: { tags: TAGS, summary: 'Применить правила к товарам поставщиков и «Без категории»' } },
    async () => reapplyRules(db, app.deps.clock()),
  );

  objectRoutes(app, {
    path: `${PREFIX}/brand-aliases`,
    params: AliasParams,
    access: 'staff',
    tags: TAGS,
    log: 'adapter.alias',
    list: { summary: 'Написания брендов', querystring: CacheBuster, run: () => listBrandAliases(db) },
    create: { summary: 'Добавить написание бренда', body: BrandAliasSchema, run: (body) => createBrandAlias(db, body, app.deps.clock()) },
    update: { summary: 'Изменить написание бренда', body: BrandAliasSchema, run: ({ alias }, body) => updateBrandAlias(db, alias, body) },
    remove: { summary: 'Удалить написание бренда', run: ({ alias }) => deleteBrandAlias(db, alias) },
  });

  objectRoutes(app, {
    path: `${PREFIX}/unit-rules`,
    params: RuleId,
    access: 'staff',
    tags: TAGS,
    log: 'adapter.unit',
    list: { summary: 'Правила единиц в порядке применения', querystring: CacheBuster, run: () => listUnitRules(db) },
    create: { summary: 'Добавить правило единиц', body: UnitRuleSchema, run: (body) => createUnitRule(db, body, app.deps.clock()) },
    update: { summary: 'Изменить правило единиц', body: UnitRuleSchema, run: ({ id }, body) => updateUnitRule(db, id, body) },
    remove: { summary: 'Удалить правило единиц', run: ({ id }) => deleteUnitRule(db, id) },
  });

  // The same rule as plain fields, spellings → unit; the server makes its expression.
  app.post(
    `${PREFIX}/unit-rules/spellings`,
    { config: logged('adapter.unit.create'), schema: { tags: TAGS, summary: 'Добавить правило единиц: написания → единица', body: UnitSpellingsSchema } },
    async (request, reply) => reply.status(201).send(await createUnitRule(db, unitRuleFromSpellings(request.body), app.deps.clock())),
  );

  app.patch(
    `${PREFIX}/unit-rules/:id/spellings`,
    { config: logged('adapter.unit.update'), schema: { tags: TAGS, summary: 'Изменить правило единиц: написания → единица', params: RuleId, body: UnitSpellingsSchema } },
    async (request) => updateUnitRule(db, request.params.id, unitRuleFromSpellings(request.body)),
  );
}
