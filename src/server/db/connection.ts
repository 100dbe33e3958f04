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
  /**
   * Brings the schema up to this build's, then runs `seed` (filling an empty database). On a
   * PostgreSQL server both happen under an advisory lock: several processes starting at once
   * on one database (a deploy) migrate and seed one after the other, the later ones finding the
   * work done, instead of each applying the same migrations and demo data.
   */
  migrate(seed?: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
};

/** The advisory lock key of migrating and seeding (any constant the shop uses for nothing else). */
const SET_UP_LOCK = 290_001;

/** `work` while this connection holds the set-up lock; a session lock, so taken and given back on one connection. */
async function underSetUpLock(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SET_UP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SET_UP_LOCK]);
    }
  } finally {
    client.release();
  }
}

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
      migrate: (seed) =>
        underSetUpLock(pool, async () => {
          await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
          await seed?.();
        }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // One process owns a PGlite data folder: nothing to lock.
    migrate: async (seed) => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      await seed?.();
    },
    close: () => client.close(),
  };
}
