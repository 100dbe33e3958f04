import type { App } from '../../app-types.ts';
import { getPublicSettings } from './service.ts';

export default async function settingsRoutes(app: App) {
  app.get('/settings/public', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getPublicSettings(app.deps.db);
  });
}
