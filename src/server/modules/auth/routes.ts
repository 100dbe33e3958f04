import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, SessionUser } from '../../app-types.ts';
import { cookieOptions } from '../../plugins/access.ts';
import { LoginSchema } from '#shared/schemas/auth.ts';
import { authenticate, recordLogin } from './service.ts';
import { SESSION_COOKIE, createSession, deleteSession } from './session-service.ts';

export default async function authRoutes(app: App) {
  const secure = app.deps.config.publicUrl.startsWith('https://');

  /** A new session for the user; any session the request carried is ended (rotation at login). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
    if (request.sessionHash) await deleteSession(app.deps.db, request.sessionHash);
    const now = app.deps.clock();
    const { token, expiresAt } = await createSession(app.deps.db, user.id, now, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await recordLogin(app.deps.db, user.id, now);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(secure), expires: expiresAt });
  }

  app.get('/user', { config: { access: 'public' }, schema: { tags: ['Учётная запись'] } }, async (request, reply) => {
    if (!request.user) return reply.status(401).send({ message: 'Не выполнен вход' });
    return request.user;
  });

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags: ['Учётная запись'], body: LoginSchema } },
    async (request, reply) => {
      const user = await authenticate(app.deps.db, request.body.username, request.body.password);
      await startSession(request, reply, user);
      return user;
    },
  );

  app.post('/logout', { config: { access: 'public' }, schema: { tags: ['Учётная запись'] } }, async (request, reply) => {
    if (request.sessionHash) await deleteSession(app.deps.db, request.sessionHash);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(secure));
    return { message: 'Выход выполнен' };
  });
}
