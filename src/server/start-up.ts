import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { seedIfEmpty } from './db/seed/seed.ts';

/**
 * The shop's database, migrated and seeded, for a serving process (main.ts) or the worker
 * (worker.ts). Processes starting together (several instances, machines) migrate and seed one at
 * a time.
 */
export async function openShopDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
  await database.exclusive(async () => {
    await database.migrate();
    await seedIfEmpty(database.db, config, log);
  });
  return database;
}

/** SIGTERM and SIGINT run `stop` once; what still hangs after 10 s is cut off (a balancer or systemd waits that long). */
export function stopOnSignals(log: FastifyBaseLogger, stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing work in flight');
    setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

const STOP_DEADLINE_MS = 10_000;
