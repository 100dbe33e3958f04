import path from 'node:path';
import fs from 'node:fs';
import { pinnedBuild } from './core/build-folder.ts';
import { PROJECT_ROOT } from './core/project-root.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './core/log.ts';
import { openDatabase } from './db/connection.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { createMailer } from './mail/transport.ts';
import { builtSsrSource, type SsrSource } from './plugins/ssr.ts';

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

/** SIGTERM to exit: new requests refused (503), those in flight finished, jobs handed back, the pool closed. */
const STOP_DEADLINE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel, pretty: config.env === 'development' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  await database.migrate(() => seedIfEmpty(database.db, config, log));

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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    // A balancer or systemd waits this long at most; whatever still hangs is cut off.
    setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await app.close();
    await dev?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Магазин работает: ${config.publicUrl}\n  База данных: ${database.kind === 'pglite' ? `PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
