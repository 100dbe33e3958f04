import path from 'node:path';
import fs from 'node:fs';
import { pinnedBuild } from './core/build-folder.ts';
import { PROJECT_ROOT } from './core/project-root.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './core/log.ts';
import { createMailer } from './mail/transport.ts';
import { builtSsrSource, type SsrSource } from './plugins/ssr.ts';
import { openShopDatabase, stopOnSignals } from './start-up.ts';

async function devSsrSource(): Promise<{ source: SsrSource; middleware: unknown; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
  const raw = fs.readFileSync(path.join(PROJECT_ROOT, 'index.html'), 'utf8');
  return {
    source: {
      template: (url) => vite.transformIndexHtml(url, raw),
      render: async () => (await vite.ssrLoadModule('/src/client/entry-server.tsx')).render,
    },
    middleware: vite.middlewares,
    close: () => vite.close(),
  };
}

async function main() {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel, pretty: config.env === 'development' });
  const database = await openShopDatabase(config, log);

  const dev = config.env === 'development' ? await devSsrSource() : undefined;
  const distDir = path.resolve(PROJECT_ROOT, config.distDir);
  // Production (the default) serves the build; without one there is nothing to serve.
  if (!dev && !fs.existsSync(path.join(distDir, 'client/index.html'))) {
    throw new Error(`Сборка не найдена в ${distDir}: выполните npm run build (или npm run dev для разработки)`);
  }
  const build = dev ? undefined : pinnedBuild(distDir);
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
    ssr: dev?.source ?? builtSsrSource(build!.dir),
    staticRoot: build && path.join(build.dir, 'client'),
    otherAssetRoots: build?.otherAssets,
    logger: log,
  });
  if (dev) {
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    app.use(dev.middleware as never);
  }

  // SIGTERM: new requests refused (503), those in flight finished, jobs handed back, the pool closed.
  stopOnSignals(log, async () => {
    await app.close();
    await dev?.close();
    await database.close();
  });

  await app.ready();
  await Promise.all(app.warmUps);
  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Магазин работает: ${config.publicUrl}\n  База данных: ${database.kind === 'pglite' ? `PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
