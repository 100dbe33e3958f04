import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { branches, settings } from '../../db/schema.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import { SeoSettingsSchema, ShopSettingsSchema, type PublicSettings, type SeoSettings, type ShopSettings } from '#shared/schemas/settings.ts';
import { PaymentSettingsSchema, type PaymentSettings } from '#shared/schemas/payments.ts';
import { SellerRequisitesSchema, sellerRequisitesMissing, type SellerRequisites } from '#shared/schemas/seller-requisites.ts';
import { DEFAULT_PAYMENT_SETTINGS, DEFAULT_SELLER_REQUISITES, DEFAULT_SEO_SETTINGS, DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';

const SCHEMAS = { shop: ShopSettingsSchema, seo: SeoSettingsSchema, payment: PaymentSettingsSchema, requisites: SellerRequisitesSchema } as const;
const DEFAULTS = { shop: DEFAULT_SHOP_SETTINGS, seo: DEFAULT_SEO_SETTINGS, payment: DEFAULT_PAYMENT_SETTINGS, requisites: DEFAULT_SELLER_REQUISITES } as const;
export type SettingsKind = keyof typeof SCHEMAS;
export type SettingsValue<K extends SettingsKind> = K extends 'shop' ? ShopSettings : K extends 'seo' ? SeoSettings : K extends 'payment' ? PaymentSettings : SellerRequisites;

/** Settings are read from the database on every use, so a change takes effect at once everywhere. */
export async function getSettings<K extends SettingsKind>(db: Db, kind: K): Promise<SettingsValue<K>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, kind));
  const value = readStored(kind, { ...DEFAULTS[kind], ...((row?.value as object | undefined) ?? {}) }) as SettingsValue<K>;
  if (kind !== 'shop') return value;
  const hours = await headOfficeHours(db);
  return (hours === null ? value : { ...value, workingHours: hours }) as SettingsValue<K>;
}

/**
 * Stored settings through their schema. A text saved before a rule for it existed (a phone typed
 * some way migration 0015 could not read) stays as it was instead of every setting falling back
 * to the defaults; saving the form again asks for it in the checked form.
 */
function readStored(kind: SettingsKind, merged: Record<string, unknown>): unknown {
  const parsed = SCHEMAS[kind].safeParse(merged);
  if (parsed.success) return parsed.data;
  const defaults: Record<string, unknown> = DEFAULTS[kind];
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = [...refused].filter((key) => typeof merged[key] === 'string' && typeof defaults[key] === 'string');
  const rest = SCHEMAS[kind].safeParse({ ...merged, ...Object.fromEntries([...refused].map((key) => [key, defaults[key]])) });
  return rest.success ? { ...rest.data, ...Object.fromEntries(kept.map((key) => [key, merged[key]])) } : defaults;
}

/**
 * The shop's hours are the head office's (one source: the pages that show the shop's hours and
 * the ones that list the branches never disagree); saving them in the settings edits the branch.
 */
async function headOfficeHours(db: Db): Promise<string | null> {
  const [row] = await db.select({ hours: branches.workingHours }).from(branches).where(eq(branches.slug, HEAD_BRANCH_SLUG));
  return row?.hours ?? null;
}

export async function saveSettings<K extends SettingsKind>(db: Db, kind: K, value: SettingsValue<K>, now: Date): Promise<SettingsValue<K>> {
  await db
    .insert(settings)
    .values({ key: kind, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  if (kind === 'shop') {
    maintenanceCache.delete(db);
    const { workingHours } = value as ShopSettings;
    if (workingHours) await db.update(branches).set({ workingHours, updatedAt: now }).where(eq(branches.slug, HEAD_BRANCH_SLUG));
  }
  return getSettings(db, kind);
}

/**
 * The maintenance switch is checked on every API call, so it is remembered for one second per
 * process: a change is seen at once by the process that saved it and within a second by the others.
 */
const MAINTENANCE_TTL_MS = 1000;
const maintenanceCache = new WeakMap<Db, { value: boolean; until: number }>();

export async function isMaintenanceMode(db: Db): Promise<boolean> {
  const cached = maintenanceCache.get(db);
  if (cached && cached.until > Date.now()) return cached.value;
  const { maintenanceMode } = await getSettings(db, 'shop');
  maintenanceCache.set(db, { value: maintenanceMode, until: Date.now() + MAINTENANCE_TTL_MS });
  return maintenanceMode;
}

/**
 * Without waiting: true only while the remembered switch (above) is fresh and off. Whoever gets
 * false takes the full path, whose maintenance check refreshes what is remembered.
 */
export function maintenanceKnownOff(db: Db): boolean {
  const cached = maintenanceCache.get(db);
  return cached !== undefined && cached.until > Date.now() && !cached.value;
}

export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const [shop, seo, requisites] = await Promise.all([getSettings(db, 'shop'), getSettings(db, 'seo'), getSettings(db, 'requisites')]);
  return { shop, seo, invoiceAvailable: sellerRequisitesMissing(requisites).length === 0 };
}

/** The seller's requisites when an invoice can be issued with them, else null (tab «Реквизиты» incomplete). */
export async function invoiceRequisites(db: Db): Promise<SellerRequisites | null> {
  const requisites = await getSettings(db, 'requisites');
  return sellerRequisitesMissing(requisites).length === 0 ? requisites : null;
}
