import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../config.ts';
import type { App } from '../../core/app-types.ts';
import { HttpError } from '../../core/http-errors.ts';
import { sessionCookie } from '../../core/session-cookie.ts';
import { LoginSchema, PasswordResetRequestSchema, PasswordResetSchema, PasswordResetVerifySchema, RegisterSchema } from '#shared/schemas/auth.ts';
import { ProfilePasswordSchema } from '#shared/schemas/own-password.ts';
import type { PublicUser } from '#shared/types.ts';
import { requestPasswordReset, resetPassword, RESET_REQUEST_ANSWER, verifyResetToken } from './password-reset-service.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { assertRegistrationOpen, login, recordLogin, registerUser } from './service.ts';
import { changeOwnPassword, PASSWORD_CHANGED } from './own-password.ts';
import { registerSessionPurge } from './purge.ts';
import { createSession, deleteSession } from './session-service.ts';
import { mergeVisitorLists } from '../product-lists/service.ts';
import { visitorHashOf } from '../product-lists/visitor.ts';

const TAGS = ['Учётная запись'];

export default async function authRoutes(app: App) {
  const { config } = app.deps;
  const cookie = sessionCookie(config.publicUrl);
  /**
   * The reset token may be shown only to a developer with no mail transport (decisions.md), on a
   * server nobody else can reach: development asked for explicitly and loopback only.
   */
  const exposeResetToken = config.env === 'development' && !config.smtpUrl && isLoopbackHost(config.host);
  registerSessionPurge(app);

  /** A new session for the user; any session the request carried is ended (rotation at login). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: PublicUser) {
    if (request.sessionHash) await deleteSession(app.deps.db, request.sessionHash);
    const now = app.deps.clock();
    const { token, expiresAt } = await createSession(app.deps.db, user, now, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await recordLogin(app.deps.db, user.id, now);
    // What the visitor saved before logging in (favourites, comparison) joins the account.
    const visitorHash = visitorHashOf(request);
    if (visitorHash) await mergeVisitorLists(app.deps.db, visitorHash, user.id);
    reply.setCookie(cookie.name, token, { ...cookie.options, expires: expiresAt });
  }

  app.get('/user', { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Текущий пользователь (401, если вход не выполнен)' } }, async (request, reply) => {
    if (!request.user) return reply.status(401).send({ message: 'Не выполнен вход' });
    return request.user;
  });

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Вход', body: LoginSchema } },
    async (request, reply) => {
      const user = await login(app.deps.db, request.body, requestMeta(app, request));
      await startSession(request, reply, user);
      return user;
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Регистрация покупателя (с согласием на обработку персональных данных)', body: RegisterSchema },
      // A closed registration answers 403 whatever the body.
      preValidation: async () => assertRegistrationOpen(app.deps.db),
    },
    async (request, reply) => {
      const user = await registerUser(app.deps.db, request.body, requestMeta(app, request));
      await startSession(request, reply, user);
      return reply.status(201).send(user);
    },
  );

  app.post('/logout', { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Выход' } }, async (request, reply) => {
    if (request.sessionHash) await deleteSession(app.deps.db, request.sessionHash);
    reply.clearCookie(cookie.name, cookie.options);
    return { message: 'Выход выполнен' };
  });

  app.post(
    '/password-reset/request',
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Запросить письмо для восстановления пароля', body: PasswordResetRequestSchema } },
    async (request) => {
      const { token } = await requestPasswordReset(app.deps.db, request.body, {
        ...requestMeta(app, request),
        mailer: app.deps.mailer,
        publicUrl: config.publicUrl,
        onMailError: (error) => request.log.error({ err: error }, 'password reset mail failed'),
      });
      const answer = { success: true, message: RESET_REQUEST_ANSWER };
      if (exposeResetToken) {
        return { ...answer, note: 'Режим разработки без SMTP: токен показан в ответе, письмо сохранено в папке mail', token };
      }
      return answer;
    },
  );

  app.get(
    '/password-reset/verify',
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Проверить ссылку восстановления пароля', querystring: PasswordResetVerifySchema } },
    async (request, reply) => {
      try {
        await verifyResetToken(app.deps.db, request.query.token, app.deps.clock());
      } catch (error) {
        // The spec's shape on failure too: { success: false, message }.
        if (error instanceof HttpError) return reply.status(error.statusCode).send({ success: false, message: error.message });
        throw error;
      }
      return { success: true, message: 'Ссылка действительна' };
    },
  );

  app.post(
    '/password-reset/reset',
    { config: { access: 'public' }, schema: { tags: TAGS, summary: 'Задать новый пароль по ссылке из письма', body: PasswordResetSchema } },
    async (request, reply) => {
      const { userId } = await resetPassword(app.deps.db, request.body, app.deps.clock());
      // Every session of the user has ended, the caller's own included.
      if (request.user?.id === userId) reply.clearCookie(cookie.name, cookie.options);
      return { success: true, message: 'Пароль успешно изменён. Теперь вы можете войти с новым паролем.' };
    },
  );

  app.post(
    '/profile/password',
    {
      config: { access: 'user' },
      schema: { tags: TAGS, summary: 'Сменить свой пароль (нужен текущий; другие сеансы завершаются)', body: ProfilePasswordSchema },
    },
    async (request) => {
      await changeOwnPassword(app.deps.db, request.user!, request.sessionHash!, request.body, requestMeta(app, request));
      return { success: true, message: PASSWORD_CHANGED };
    },
  );
}
