import type { App } from '../../core/app-types.ts';
import { AddressIdParamsSchema, AddressPatchSchema, AddressSchema } from '#shared/schemas/address.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const TAGS = ['Личный кабинет: адреса доставки'];

/** The personal account's delivery addresses: each user sees and changes only their own. */
export default async function addressRoutes(app: App) {
  app.get('/addresses', { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Мои адреса доставки' } }, async (request) => ({
    addresses: await listAddresses(app.deps.db, request.user!.id),
  }));

  app.post(
    '/addresses',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Добавить адрес', body: AddressSchema } },
    async (request, reply) => reply.status(201).send(await createAddress(app.deps.db, request.user!.id, request.body, app.deps.clock())),
  );

  app.patch(
    '/addresses/:id',
    {
      config: { access: 'user' },
      schema: { tags: TAGS, summary: 'Изменить адрес или сделать его основным (isDefault: true)', params: AddressIdParamsSchema, body: AddressPatchSchema },
    },
    async (request) => updateAddress(app.deps.db, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Удалить адрес', params: AddressIdParamsSchema } },
    async (request, reply) => {
      await deleteAddress(app.deps.db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
