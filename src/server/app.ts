import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { App, AppDeps } from './app-types.ts';
import { registerAccessControl, registerSession } from './plugins/access.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSsr, type SsrSource } from './plugins/ssr.ts';
import authRoutes from './modules/auth/routes.ts';
import categoryRoutes from './modules/categories/routes.ts';
import contactRoutes from './modules/contact/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';

export type BuildOptions = AppDeps & {
  /** Pages: the built bundle, the Vite dev server, or none (API tests). */
  ssr?: SsrSource;
  /** Folder of built static files (dist/client) served with long cache headers. */
  staticRoot?: string;
  /** The process's pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
};

const API_MODULES = [healthRoutes, settingsRoutes, authRoutes, categoryRoutes, contactRoutes];

/** The whole application without listening: main.ts serves it, tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database, mailer } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.decorate('deps', { config, database, db: database.db, mailer, clock: options.clock ?? (() => new Date()) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'API интернет-магазина инструмента', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerSecurity(app);
  registerSession(app);
  registerAccessControl(app);

  await app.register(
    async (api) => {
      for (const mod of API_MODULES) await api.register(mod);
    },
    { prefix: '/api' },
  );

  fs.mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });
  if (options.staticRoot) {
    await app.register(fastifyStatic, {
      root: options.staticRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      setHeaders: (res, filePath) => {
        const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  if (options.ssr) registerSsr(app, options.ssr);
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Не найдено' }));
  return app;
}
