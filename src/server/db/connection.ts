import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../core/project-root.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { drizzleClient } from './pglite-client.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either: for a write that runs alone or inside a caller's transaction (no `as unknown as Db`). */
export type DbOrTx = Db | Tx;

/** `text` matched literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const migrationsFolder = path.join(PROJECT_ROOT, 'src/server/db/migrations');

/** How many migrations this build knows (the journal drizzle-kit writes). */
export const knownMigrations = () => (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (backups dump its data folder). */
  pglite?: PGlite;
  /** PostgreSQL's connection pool, when there is one (its figures are in /metrics). */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does work of its own under this call (a PostgreSQL
   * advisory lock held for it): several processes starting at once migrate and seed one after
   * the other, never together. PGlite is one process's anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The advisory lock of start-up work (migrations, the seed): an arbitrary constant of this shop. */
const START_UP_LOCK = 73_102_026;

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir?: string; loadDataDir?: Blob | File };

/** PostgreSQL server when a URL is given, otherwise embedded PGlite (in memory without dataDir). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // A few connections stay open when idle: a new one costs a connect and a cold backend (its
    // catalogue caches empty) on the first request that needs it — a search's first computation
    // runs up to four queries at once (the change feed, the version bump, stems, product rows).
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.url, max, min: Math.min(4, max) });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
      exclusive: async (work) => {
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => undefined);
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  return pgliteDatabase(client);
}

/** The shop's handle on an embedded instance already open. */
export function pgliteDatabase(client: PGlite): Database {
  const forDrizzle = drizzleClient(client);
  return {
    db: drizzlePglite({ client: forDrizzle, schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client: forDrizzle }), { migrationsFolder }),
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}
