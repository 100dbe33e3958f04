import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../connection.ts';
import { categories, customerGroups, settings, users } from '../schema.ts';
import { hashPassword } from '../../core/password.ts';
import { DEFAULT_SEO_SETTINGS, DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedDemoReviews } from './demo-reviews.ts';

/**
 * First start on an empty database: the demo catalogue, the default settings, the customer
 * group «Опт» (10 % off the retail price) and an administrator (from ADMIN_* or with a random password printed once).
 */
export async function seedIfEmpty(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const [{ n }] = await db.select({ n: count() }).from(categories);
  if (n > 0) return false;
  const catalog = await seedCatalog(db);
  await db
    .insert(settings)
    .values([
      { key: 'shop', value: DEFAULT_SHOP_SETTINGS },
      { key: 'seo', value: DEFAULT_SEO_SETTINGS },
    ])
    .onConflictDoNothing();
  // A wholesale group to see customer prices work: a discount setting, nobody in it until staff put a customer there.
  await db.insert(customerGroups).values({ name: 'Опт', discountPercent: 10 }).onConflictDoNothing();
  await ensureAdmin(db, config, log);
  const reviews = await seedDemoReviews(db, new Date());
  log.info({ ...catalog, reviews }, 'demo data seeded');
  return true;
}

export async function ensureAdmin(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return;
  const username = config.admin.username ?? 'admin';
  const generated = !config.admin.password;
  const password = config.admin.password ?? randomBytes(12).toString('base64url');
  await db.insert(users).values({
    username,
    email: config.admin.email ?? null,
    passwordHash: await hashPassword(password),
    role: 'admin',
    fullName: 'Администратор',
  });
  if (generated) {
    // Printed once, on purpose: there is no other way to learn the generated password.
    console.log(`\n  Администратор создан: логин «${username}», пароль «${password}»\n  Сохраните пароль: он больше не будет показан.\n`);
  } else {
    log.info({ username }, 'administrator created from ADMIN_* settings');
  }
}
