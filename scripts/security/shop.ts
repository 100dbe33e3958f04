import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import type { Access, App } from '#server/core/app-types.ts';
import { hashPassword } from '#server/core/password.ts';
import { sessionCookie } from '#server/core/session-cookie.ts';
import { openDatabase, type Database } from '#server/db/connection.ts';
import { users } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/db/seed/seed.ts';
import { builtSsrSource } from '#server/plugins/ssr.ts';
import { createSession, findSessionUser } from '#server/modules/auth/session-service.ts';
import { testConfig } from '../../tests/helpers/test-config.ts';
import { buildIsFresh } from '../build-freshness.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The callers the figures speak for, lowest first. */
export const ROLES = ['anonymous', 'customer', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The lowest role a route's access lets in. */
export const LOWEST_ALLOWED: Record<Access, Role> = { public: 'anonymous', user: 'customer', staff: 'manager', admin: 'admin' };

export const rank = (role: Role) => ROLES.indexOf(role);

/**
 * The production bundles in DIST_DIR, built first unless a build newer than every source file
 * is there already: the pages are judged as `npm start` serves them, never from a stale build.
 */
export function ensureBuild(distDir: string): { built: boolean } {
  if (buildIsFresh(distDir)) return { built: false };
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DIST_DIR: distDir } });
  return { built: true };
}

/** A migrated, seeded database of its own in memory: the run changes nothing anyone keeps. */
export async function openShopDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  await seedIfEmpty(database.db, testConfig(), { info: () => {}, warn: () => {} });
  return database;
}

export type Shop = {
  app: App;
  /** The Cookie header of each signed-in role's current session. */
  cookies: Record<Exclude<Role, 'anonymous'>, string>;
  userIds: Record<Exclude<Role, 'anonymous'>, number>;
  /**
   * A fresh session for a role whose session a request ended (logout, password change);
   * `restore` also gives the account back its role and activity, which an administrator's
   * requests may legitimately have changed.
   */
  renewSession: (role: Exclude<Role, 'anonymous'>, restore?: boolean) => Promise<void>;
  /** Whether the role's session still signs in its account with its role. */
  signedIn: (role: Exclude<Role, 'anonymous'>) => Promise<boolean>;
  close: () => Promise<void>;
};

const DB_ROLE = { customer: 'user', manager: 'manager', admin: 'admin' } as const;

/**
 * The whole shop in this process, as test-app.ts builds it, with the production pages of
 * `distDir` and one account per role. `publicUrl` decides http or https behaviour (HSTS, cookie name).
 */
export async function openShop(database: Database, options: { distDir: string; publicUrl: string; dataDir: string }): Promise<Shop> {
  const config = testConfig({ PUBLIC_URL: options.publicUrl, DATA_DIR: options.dataDir });
  const app = await buildApp({
    config,
    database,
    mailer: { kind: 'file', send: async () => {} },
    ssr: builtSsrSource(path.resolve(root, options.distDir)),
    staticRoot: path.resolve(root, options.distDir, 'client'),
  });
  await app.ready();
  const cookieName = sessionCookie(options.publicUrl).name;
  const passwordHash = await hashPassword('Security-figures-1');
  const userIds = {} as Shop['userIds'];
  const cookies = {} as Shop['cookies'];
  for (const role of ['customer', 'manager', 'admin'] as const) {
    const username = `figures_${role}_${randomBytes(4).toString('hex')}`;
    const [row] = await database.db
      .insert(users)
      .values({ username, email: `${username}@example.ru`, passwordHash, role: DB_ROLE[role], fullName: 'Проверка безопасности' })
      .returning({ id: users.id });
    userIds[role] = row!.id;
  }
  const renewSession: Shop['renewSession'] = async (role, restore = false) => {
    if (restore) await database.db.update(users).set({ role: DB_ROLE[role], isActive: true }).where(eq(users.id, userIds[role]));
    const { token } = await createSession(database.db, { id: userIds[role], role: DB_ROLE[role] }, new Date(), {});
    cookies[role] = `${cookieName}=${token}`;
  };
  const signedIn: Shop['signedIn'] = async (role) => {
    const found = await findSessionUser(database.db, cookies[role].slice(cookieName.length + 1), new Date());
    return found?.user.role === DB_ROLE[role];
  };
  for (const role of ['customer', 'manager', 'admin'] as const) await renewSession(role);
  return { app, cookies, userIds, renewSession, signedIn, close: () => app.close() };
}

/** A data folder (uploads, backups) for one run, removed after it. */
export const temporaryDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-security-'));
