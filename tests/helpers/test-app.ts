import { buildApp, type BuildOptions } from '#server/app.ts';
import type { App } from '#server/core/app-types.ts';
import type { Database } from '#server/db/connection.ts';
import type { MailMessage, Mailer } from '#server/mail/transport.ts';
import { cookieOf } from './accounts.ts';
import { openPgliteCopy, openServerCopy } from './database-copies.ts';
import { TEST_ADMIN, testConfig } from './test-config.ts';

export const dbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/** A copy of the seeded database for one test file, in the state the seed left it; `close` when done. */
export const openTestDatabase = (): Promise<Database> => (dbKind === 'postgres' ? openServerCopy() : openPgliteCopy());

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
