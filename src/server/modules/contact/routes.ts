import { ContactMessageSchema, NewsletterSchema } from '#shared/schemas/contact.ts';
import type { App } from '../../core/app-types.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { submitContactMessage, subscribeToNewsletter } from './service.ts';

export default async function contactRoutes(app: App) {
  app.post(
    '/contact',
    { config: { access: 'public' }, schema: { tags: ['Обратная связь'], body: ContactMessageSchema } },
    async (request, reply) => {
      const { id } = await submitContactMessage(app.deps.db, app.deps.mailer, request.body, requestMeta(app, request));
      return reply.status(201).send({ id, message: 'Сообщение отправлено' });
    },
  );

  app.post(
    '/newsletter',
    { config: { access: 'public' }, schema: { tags: ['Обратная связь'], body: NewsletterSchema } },
    async (request, reply) => {
      await subscribeToNewsletter(app.deps.db, request.body, requestMeta(app, request));
      return reply.status(201).send({ message: 'Вы подписаны на рассылку' });
    },
  );
}
