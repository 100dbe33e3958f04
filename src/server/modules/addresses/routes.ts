import type { App } from '../../core/app-types.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { AddressIdParamsSchema, AddressPatchSchema, AddressSchema } from '#shared/schemas/address.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const TAGS = ['Личный кабинет: адреса доставки'];

/** The personal account's delivery addresses: each user sees and changes only their own. */
export default async function addressRoutes(app: App) {
  objectRoutes(app, {
    path: '/addresses',
    params: AddressIdParamsSchema,
    access: 'user',
    tags: TAGS,
    list: { summary: 'Мои адреса доставки', run: async (request) => ({ addresses: await listAddresses(app.deps.db, request.user!.id) }) },
    create: { summary: 'Добавить адрес', body: AddressSchema, run: (body, request) => createAddress(app.deps.db, request.user!.id, body, app.deps.clock()) },
    update: {
      summary: 'Изменить адрес или сделать его основным (isDefault: true)',
      body: AddressPatchSchema,
      run: ({ id }, body, request) => updateAddress(app.deps.db, request.user!.id, id, body),
    },
    remove: { summary: 'Удалить адрес', run: ({ id }, request) => deleteAddress(app.deps.db, request.user!.id, id) },
  });
}
