import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { badRequest } from '../../core/http-errors.ts';
import { hashPassword } from '../../core/password.ts';
import { passwordProblem } from '../../core/password-policy.ts';
import type { Db, Tx } from '../../db/connection.ts';
import { branches, exchange1cPriceTypes, exchange1cWarehouses, settings } from '../../db/schema.ts';
import type { Exchange1cPriceType, Exchange1cSettings, Exchange1cSettingsInput, Exchange1cSettingsView, Exchange1cWarehouse } from '#shared/schemas/exchange-1c.ts';

/**
 * The exchange's settings live in the settings table under two keys: the plain values (which
 * the staff action log keeps before and after) and, apart, the password's argon2 hash, which
 * nothing ever returns or logs.
 */
const KEY = 'exchange-1c';
const PASSWORD_KEY = 'exchange-1c-password';

type Stored = { enabled: boolean; login: string; priceType: string; mayHide: boolean };
const DEFAULTS: Stored = { enabled: false, login: '', priceType: '', mayHide: false };

export const exchangeUrlOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/1c/exchange`;

async function readKey<T>(db: Db | Tx, key: string): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row?.value as T | undefined) ?? null;
}

async function writeKey(db: Db | Tx, key: string, value: unknown, now: Date) {
  await db.insert(settings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** The plain values (no password): what the dispatcher and the imports read on every call. */
export async function readExchangeSettings(db: Db | Tx): Promise<Stored> {
  return { ...DEFAULTS, ...((await readKey<Partial<Stored>>(db, KEY)) ?? {}) };
}

export async function readPasswordHash(db: Db | Tx): Promise<string | null> {
  return (await readKey<{ hash?: string }>(db, PASSWORD_KEY))?.hash ?? null;
}

export async function listWarehouses(db: Db | Tx): Promise<Exchange1cWarehouse[]> {
  return db
    .select({ id: exchange1cWarehouses.id, name: exchange1cWarehouses.name, branchId: exchange1cWarehouses.branchId })
    .from(exchange1cWarehouses)
    .orderBy(asc(exchange1cWarehouses.name), asc(exchange1cWarehouses.id));
}

export async function listPriceTypes(db: Db | Tx): Promise<Exchange1cPriceType[]> {
  return db.select({ id: exchange1cPriceTypes.id, name: exchange1cPriceTypes.name }).from(exchange1cPriceTypes).orderBy(asc(exchange1cPriceTypes.name));
}

export async function getExchangeSettings(db: Db): Promise<Exchange1cSettings> {
  const [stored, hash, warehouses] = await Promise.all([readExchangeSettings(db), readPasswordHash(db), listWarehouses(db)]);
  return { ...stored, passwordSet: hash !== null, warehouses };
}

export async function getExchangeSettingsView(db: Db, config: Config): Promise<Exchange1cSettingsView> {
  const [current, priceTypes] = await Promise.all([getExchangeSettings(db), listPriceTypes(db)]);
  return { settings: current, exchangeUrl: exchangeUrlOf(config), priceTypes };
}

/**
 * Saves the settings. Switching the exchange on needs a login and a password; a warehouse can
 * only go to an existing branch.
 */
/** Saves the settings and answers them as `GET` does. */
export async function saveExchangeSettings(db: Db, config: Config, input: Exchange1cSettingsInput, now: Date): Promise<Exchange1cSettingsView> {
  const password = input.password ?? '';
  const hadPassword = (await readPasswordHash(db)) !== null;
  const errors: Record<string, string[]> = {};
  if (input.enabled && input.login === '') errors.login = ['Укажите логин обмена'];
  if (input.enabled && password === '' && !hadPassword) errors.password = ['Задайте пароль обмена'];
  // The shop's one password policy: not a common password, not the login.
  const problem = password === '' ? null : passwordProblem(password, { username: input.login });
  if (problem) errors.password = [problem];
  const branchIds = [...new Set(input.warehouses.flatMap((w) => (w.branchId === null ? [] : [w.branchId])))];
  if (branchIds.length > 0) {
    const found = await db.select({ id: branches.id }).from(branches).where(inArray(branches.id, branchIds));
    if (found.length !== branchIds.length) errors.warehouses = ['Выбранный филиал не найден'];
  }
  if (Object.keys(errors).length > 0) throw badRequest('Проверьте настройки обмена', errors);
  const hash = password === '' ? null : await hashPassword(password);
  await db.transaction(async (tx) => {
    const stored: Stored = { enabled: input.enabled, login: input.login, priceType: input.priceType, mayHide: input.mayHide };
    await writeKey(tx, KEY, stored, now);
    if (hash !== null) await writeKey(tx, PASSWORD_KEY, { hash }, now);
    if (input.warehouses.length > 0) {
      const json = JSON.stringify(input.warehouses.map((w) => ({ id: w.id, branch_id: w.branchId })));
      await tx.execute(sql`
        update ${exchange1cWarehouses} set branch_id = v.branch_id
        from jsonb_to_recordset(${json}::jsonb) as v(id text, branch_id int)
        where ${exchange1cWarehouses.id} = v.id`);
    }
  });
  return getExchangeSettingsView(db, config);
}

/** Remembers the warehouses an offers.xml listed; a new one waits for staff to pick its branch. */
export async function rememberWarehouses(db: Db | Tx, seen: { id: string; name: string }[]) {
  if (seen.length === 0) return;
  await db
    .insert(exchange1cWarehouses)
    .values(seen.map((w) => ({ id: w.id, name: w.name || w.id })))
    .onConflictDoUpdate({ target: exchange1cWarehouses.id, set: { name: sql`excluded.name`, lastSeenAt: sql`now()` } });
}

/** The price types of the last offers.xml that listed any: the choice in the settings. */
export async function rememberPriceTypes(db: Db | Tx, seen: { id: string; name: string }[]) {
  if (seen.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.delete(exchange1cPriceTypes);
    await tx.insert(exchange1cPriceTypes).values(seen.map((p) => ({ id: p.id, name: p.name || p.id })));
  });
}
