/**
 * `npm run worker`: the shop's background work in a process of its own — jobs (price-list imports,
 * 1C exchanges, scrapes, mail) and clock work (backups, scheduled imports, purges) — while the
 * serving processes, started with BACKGROUND_WORK=worker, only answer visitors. It builds the same
 * application (every module registers its job kinds) and never listens. Several workers may run:
 * jobs are claimed with FOR UPDATE SKIP LOCKED, clock slots in scheduled_runs. PostgreSQL only:
 * the embedded PGlite belongs to one process.
 */
import { buildApp } from './app.ts';
import { loadWorkerConfig } from './config.ts';
import { createLogger } from './core/log.ts';
import { createMailer } from './mail/transport.ts';
import { openShopDatabase, stopOnSignals } from './start-up.ts';

async function worker() {
  const config = loadWorkerConfig();
  const log = createLogger({ level: config.logLevel });
  const database = await openShopDatabase(config, log);
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
    logger: log,
  });
  // Ready without listening: the job runner and the clock work start on the ready hook.
  await app.ready();
  // SIGTERM: running jobs yield and go back to the queue, then the pool closes.
  stopOnSignals(log, async () => {
    await app.close();
    await database.close();
  });
  console.log('\n  Фоновые задачи магазина выполняются в этом процессе (PostgreSQL)\n');
}

worker().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
