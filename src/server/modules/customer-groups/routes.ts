import { idParams } from '#shared/schemas/z.ts';
import { CustomerGroupInputSchema, MyPricesQuerySchema, UserCustomerGroupSchema } from '#shared/schemas/customer-groups.ts';
import type { App } from '../../core/app-types.ts';
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

  app.get(
    '/admin/customer-groups',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Группы покупателей с числом покупателей и типы цен 1С для выбора' } },
    async () => listCustomerGroups(db),
  );

  app.post(
    '/admin/customer-groups',
    { config: { access: 'admin', staffLog: 'customer-group.create' }, schema: { tags: TAGS, summary: 'Создать группу', body: CustomerGroupInputSchema } },
    async (request, reply) => reply.status(201).send(await createCustomerGroup(db, request.body, app.deps.clock())),
  );

  app.put(
    '/admin/customer-groups/:id',
    {
      config: { access: 'admin', staffLog: 'customer-group.update' },
      schema: { tags: TAGS, summary: 'Изменить группу', params: GroupParams, body: CustomerGroupInputSchema },
    },
    async (request) => updateCustomerGroup(db, request.params.id, request.body, app.deps.clock()),
  );

  app.delete(
    '/admin/customer-groups/:id',
    {
      config: { access: 'admin', staffLog: 'customer-group.delete' },
      schema: { tags: TAGS, summary: 'Удалить группу (только без покупателей)', params: GroupParams },
    },
    async (request, reply) => {
      await deleteCustomerGroup(db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/admin/users/:id/customer-group',
    {
      config: { access: 'admin', staffLog: 'user.customer-group' },
      schema: { tags: TAGS, summary: 'Перевести покупателя в группу (null — «Розница»)', params: UserParams, body: UserCustomerGroupSchema },
    },
    async (request) => setCustomerGroup(db, request.params.id, request.body.groupId),
  );
}
