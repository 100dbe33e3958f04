import type { App } from '../../core/app-types.ts';
import { listBranches } from './service.ts';

/** The branches, public: every screen that names one (checkout, orders, the back office's filters) reads them here. */
export default async function branchRoutes(app: App) {
  app.get(
    '/branches',
    { config: { access: 'public' }, schema: { tags: ['Филиалы'], summary: 'Филиалы в порядке показа: адрес, телефон, часы работы, выдача заказов' } },
    async () => listBranches(app.deps.db),
  );
}
