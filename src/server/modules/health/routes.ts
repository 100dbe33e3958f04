import type { App } from '../../core/app-types.ts';
import { databaseAnswers } from './service.ts';

export default async function healthRoutes(app: App) {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    if (await databaseAnswers(app.deps.db)) return { status: 'ok', database: app.deps.database.kind };
    return reply.status(503).send({ status: 'error', message: 'База данных недоступна' });
  });
}
