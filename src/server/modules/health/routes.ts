import { sql } from 'drizzle-orm';
import type { App } from '../../app-types.ts';

export default async function healthRoutes(app: App) {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok', database: app.deps.database.kind };
    } catch {
      return reply.status(503).send({ status: 'error', message: 'База данных недоступна' });
    }
  });
}
