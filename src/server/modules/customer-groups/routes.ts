import { idParams } from '#shared/schemas/z.ts';
import { CustomerGroupInputSchema, MyPricesQuerySchema, UserCustomerGroupSchema } from '#shared/schemas/customer-groups.ts';
import type { App } from '../../core/app-types.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { myPrices } from './prices.ts';
import { createCustomerGroup, deleteCustomerGroup, listCustomerGroups, setCustomerGroup, updateCustomerGroup } from './service.ts';

const GroupParams = idParams('Некорректный номер группы');
const UserParams = idParams('Некорректный номер пользователя');
const TAGS = ['Группы покупателей (администратор)'];

/**
 * Customer groups and their prices (issue 27): «Группы покупателей» for administrators, who also
 * put customers in them, and the customer's own prices, answered privately.
 */
export default async function customerGroupRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/prices/mine',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Каталог'],
        summary: 'Мои цены: цены группы покупателя на эти товары (только отличные от розничных); пусто для гостя и «Розницы»; не кэшируется',
        querystring: MyPricesQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myPrices(db, request.user?.id, request.query.ids);
    },
  );

  objectRoutes(app, {
    path: '/admin/customer-groups',
    params: GroupParams,
    access: 'admin',
    tags: TAGS,
    log: 'customer-group',
    list: { summary: 'Группы покупателей с числом покупателей и типы цен 1С для выбора', run: () => listCustomerGroups(db) },
    create: { summary: 'Создать группу', body: CustomerGroupInputSchema, run: (body) => createCustomerGroup(db, body, app.deps.clock()) },
    update: { method: 'put', summary: 'Изменить группу', body: CustomerGroupInputSchema, run: ({ id }, body) => updateCustomerGroup(db, id, body, app.deps.clock()) },
    remove: { summary: 'Удалить группу (только без покупателей)', run: ({ id }) => deleteCustomerGroup(db, id) },
  });

  app.put(
    '/admin/users/:id/customer-group',
    {
      config: { access: 'admin', staffLog: 'user.customer-group' },
      schema: { tags: TAGS, summary: 'Перевести покупателя в группу (null — «Розница»)', params: UserParams, body: UserCustomerGroupSchema },
    },
    async (request) => setCustomerGroup(db, request.params.id, request.body.groupId),
  );
}
