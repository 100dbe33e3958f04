import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
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
import type { App, AppDeps } from './core/app-types.ts';
import { apiDocsPolicy, staticPagePolicy } from './core/content-security-policy.ts';
import { transportSecurityHeaders } from './core/security-headers.ts';
import { registerAccessControl, registerSession } from './plugins/access.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { JobRunner } from './jobs/runner.ts';
import { FrontDoor } from './plugins/front-door.ts';
import { registerMaintenance } from './plugins/maintenance.ts';
import { frameworkErrors, registerRequestText } from './plugins/request-text.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSsr, type SsrSource } from './plugins/ssr.ts';
import { registerStaffLog } from './modules/staff-log/route-log.ts';
import addressRoutes from './modules/addresses/routes.ts';
import organizationRoutes from './modules/organizations/routes.ts';
import customerGroupRoutes from './modules/customer-groups/routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import backupRoutes from './modules/backups/routes.ts';
import branchRoutes from './modules/branches/routes.ts';
import webScraperRoutes from './integrations/supplier-sites/routes.ts';
import cartRoutes from './modules/cart/routes.ts';
import catalogAdapterRoutes from './modules/catalog-adapter/routes.ts';
import categoryAdminRoutes from './modules/categories/admin-routes.ts';
import attributeAdminRoutes from './modules/attributes/admin-routes.ts';
import contactRoutes from './modules/contact/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import { createShopMetrics } from './core/metrics.ts';
import { namedPlugin } from './core/named-plugin.ts';
import metricsRoutes, { registerRequestTiming } from './modules/health/metrics-routes.ts';
import jobRoutes from './modules/jobs/routes.ts';
import massScraperRoutes from './integrations/supplier-sites/mass/routes.ts';
import orderAdminRoutes from './modules/orders/admin-routes.ts';
import orderRoutes from './modules/orders/routes.ts';
import invoiceRoutes from './modules/invoices/routes.ts';
import paymentRoutes from './integrations/yookassa/routes.ts';
import dadataRoutes from './integrations/dadata/routes.ts';
import cdekRoutes from './integrations/cdek/routes.ts';
import deliveryRoutes from './modules/delivery/routes.ts';
import productAdminRoutes from './modules/products/admin-routes.ts';
import productRoutes from './modules/products/routes.ts';
import reviewRoutes from './modules/reviews/routes.ts';

import productListRoutes from './modules/product-lists/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';
import staffLogRoutes from './modules/staff-log/routes.ts';
import supplierImportRoutes from './integrations/price-lists/routes.ts';
import exchange1cRoutes from './integrations/1c/routes.ts';
import seoRoutes from './modules/seo/routes.ts';
import userAdminRoutes from './modules/users/routes.ts';
import { maintenanceKnownOff } from './modules/settings/service.ts';

export type BuildOptions = AppDeps & {
  /** Pages: the built bundle, the Vite dev server, or none (API tests). */
  ssr?: SsrSource;
  /** Folder of built static files (dist/client) served with long cache headers. */
  staticRoot?: string;
  /** Other builds' asset folders (core/build-folder.ts): their pages' scripts stay served. */
  otherAssetRoots?: string[];
  /** The process's pino logger; tests run without one. */
  logger?: FastifyBaseLogger;
};

// One module per line: modules are added by separate pieces of work.
const API_MODULES = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
  addressRoutes,
  organizationRoutes,
  dadataRoutes,
  branchRoutes,
  contactRoutes,
  cartRoutes,
  deliveryRoutes,
  cdekRoutes,
  orderRoutes,
  invoiceRoutes,
  paymentRoutes,
  productRoutes,
  productListRoutes,
  productAdminRoutes,
  reviewRoutes,
  categoryAdminRoutes,
  attributeAdminRoutes,
  adminRoutes,
  orderAdminRoutes,
  userAdminRoutes,
  customerGroupRoutes,
  backupRoutes,
  jobRoutes,
  webScraperRoutes,
  catalogAdapterRoutes,
  massScraperRoutes,
  supplierImportRoutes,
  staffLogRoutes,
  exchange1cRoutes,
].map((plugin) => namedPlugin(plugin));

/**
 * Background jobs run where BACKGROUND_WORK says: in every serving process (the default), or
 * only in `npm run worker`. Tests run them with `app.jobs.drain()` so each step is theirs to see.
 */
function registerJobWorker(app: App) {
  if (app.deps.config.env === 'test' || app.deps.config.backgroundWork !== 'here') return;
  app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => app.jobs.close());
}

/** Static pages (the offline page) run their own inline parts only; read once per file. */
const staticPolicies = new Map<string, string>();
const staticFilePolicy = (file: string) => {
  let policy = staticPolicies.get(file);
  if (policy === undefined) staticPolicies.set(file, (policy = staticPagePolicy(fs.readFileSync(file, 'utf8'))));
  return policy;
};

/** Cache and type headers of the build's files: fingerprinted assets for a year, the rest revalidated or kept an hour. */
function builtFileHeaders(reply: FastifyReply, filePath: string) {
  const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
  // The service worker and the manifest are checked on every visit, so an update reaches everyone.
  const revalidate = /[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath);
  reply.header('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=3600');
  // JavaScript's registered type (RFC 9239), which service worker registration checks too.
  if (/\.m?js(\.br|\.gz)?$/.test(filePath)) reply.header('content-type', 'text/javascript; charset=utf-8');
  if (filePath.endsWith('.html')) reply.header('content-security-policy', staticFilePolicy(filePath));
}

/** The whole application without listening: main.ts serves it, tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database, mailer } = options;
  const frontDoor = new FrontDoor(() => maintenanceKnownOff(database.db), transportSecurityHeaders(config.publicUrl));
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    serverFactory: frontDoor.serverFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Product slugs run to 120 characters; the router's default of 100 answered longer path
    // parameters with a 400 before any route could say «Товар не найден».
    routerOptions: { maxParamLength: 1000 },
    // Our own id for every request's log lines; a client's X-Request-Id is not believed.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.decorate('deps', { config, database, db: database.db, mailer, clock: options.clock ?? (() => new Date()) });
  app.decorate('frontDoor', frontDoor);
  app.decorate('jobs', new JobRunner(database.db, options.logger));
  app.decorate('metrics', createShopMetrics(database, { processFigures: config.env !== 'test' }));
  app.decorate('warmUps', []);
  registerJobWorker(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestText(app);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'API интернет-магазина инструмента', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', validatorUrl: null }, staticCSP: apiDocsPolicy() });

  registerRequestTiming(app);
  registerSecurity(app);
  registerSession(app);
  registerMaintenance(app);
  registerAccessControl(app);
  registerStaffLog(app);

  await app.register(
    namedPlugin(async (api: App) => {
      for (const mod of API_MODULES) await api.register(mod);
    }, 'api'),
    { prefix: '/api' },
  );
  // robots.txt, sitemaps and the market feed live at the site root, not under /api; /metrics too.
  await app.register(namedPlugin(seoRoutes));
  await app.register(namedPlugin(metricsRoutes));

  // Pictures on the disk (the default). With S3 the folder is served only while it still holds
  // pictures written before the switch, until `npm run pictures:to-s3` moves them (docs/decisions/039).
  if (!config.s3) fs.mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  if (fs.existsSync(path.join(config.dataDir, 'uploads'))) {
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'uploads'),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }
  if (options.staticRoot) {
    await app.register(fastifyStatic, {
      root: options.staticRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      // The build writes .br and .gz beside each asset (scripts/build.ts).
      preCompressed: true,
      setHeaders: builtFileHeaders,
    });
  }
  if (options.otherAssetRoots?.length) {
    // Looked up per request, after this build's own files (exact routes win over the wildcard).
    await app.register(fastifyStatic, {
      root: options.otherAssetRoots,
      prefix: '/assets/',
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: builtFileHeaders,
    });
  }
  if (options.ssr) registerSsr(app, options.ssr);
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Не найдено' }));
  return app;
}
