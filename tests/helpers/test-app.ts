import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuildOptions } from '#server/app.ts';
import type { App } from '#server/core/app-types.ts';
import { openDatabase, type Database } from '#server/db/connection.ts';
import type { MailMessage, Mailer } from '#server/mail/transport.ts';
import { cookieOf } from './accounts.ts';
import { openPgliteCopy } from './pglite-copies.ts';
import { TEST_ADMIN, databaseUrl, templateNames, testConfig } from './test-config.ts';

export const dbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/** Drops a test database on the PostgreSQL server, once the connections closed to it are gone. */
export async function dropTestDatabase(name: string) {
  const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await cleanup.connect();
  // pool.end() resolves before every socket is closed; a forced drop would then kill
  // connections that are still saying goodbye (unhandled 57P01 errors). Wait for them.
  for (let i = 0; i < 100; i++) {
    const { rows } = await cleanup.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
}

/** A fresh copy of the seeded database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  if (dbKind === 'postgres') {
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateNames().db}`);
    await admin.end();
    // Parallel requests get parallel connections, but a few test files at once must stay well under
    // the server's max_connections (100): 60 per file ran out and answered 500 in CI.
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 16 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await dropTestDatabase(name);
      },
    };
  }
  return openPgliteCopy();
}

export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (d: Date) => void };

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms), set: (d) => (current = d.getTime()) };
}

export type TestContext = {
  app: App;
  database: Database;
  mails: MailMessage[];
  clock: TestClock;
  /** Logs in and returns the Cookie header value. */
  login: (username?: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

/** The whole API on a fresh database copy, with captured mail and a controllable clock; `options.ssr` adds the pages, `options.staticRoot` the static files. */
export async function createTestApp(
  configOverrides: Record<string, string> = {},
  options: Pick<BuildOptions, 'ssr' | 'logger' | 'staticRoot' | 'otherAssetRoots'> = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const mails: MailMessage[] = [];
  const mailer: Mailer = { kind: 'file', send: async (m) => void mails.push(m) };
  const clock = createClock();
  const app = await buildApp({ config: testConfig(configOverrides), database, mailer, clock: clock.now, ...options });
  await app.ready();
  const login = async (username = TEST_ADMIN.username, password = TEST_ADMIN.password) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
    return cookieOf(res)!;
  };
  return {
    app,
    database,
    mails,
    clock,
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** createTestApp with the admin signed in: the context and the admin's Cookie header. */
export async function createAdminTestApp(...args: Parameters<typeof createTestApp>): Promise<{ ctx: TestContext; admin: string }> {
  const ctx = await createTestApp(...args);
  return { ctx, admin: await ctx.login() };
}
