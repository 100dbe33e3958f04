import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { settings } from '../../db/schema.ts';
import { SeoSettingsSchema, ShopSettingsSchema, type PublicSettings, type SeoSettings, type ShopSettings } from '#shared/schemas/settings.ts';
import { DEFAULT_SEO_SETTINGS, DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';

const SCHEMAS = { shop: ShopSettingsSchema, seo: SeoSettingsSchema } as const;
const DEFAULTS = { shop: DEFAULT_SHOP_SETTINGS, seo: DEFAULT_SEO_SETTINGS } as const;
type Kind = keyof typeof SCHEMAS;
type ValueOf<K extends Kind> = K extends 'shop' ? ShopSettings : SeoSettings;

/** Settings are read from the database on every use, so a change takes effect at once everywhere. */
export async function getSettings<K extends Kind>(db: Db, kind: K): Promise<ValueOf<K>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, kind));
  const merged = { ...DEFAULTS[kind], ...((row?.value as object | undefined) ?? {}) };
  const parsed = SCHEMAS[kind].safeParse(merged);
  return (parsed.success ? parsed.data : DEFAULTS[kind]) as ValueOf<K>;
}

export async function saveSettings<K extends Kind>(db: Db, kind: K, value: ValueOf<K>, now: Date): Promise<ValueOf<K>> {
  await db
    .insert(settings)
    .values({ key: kind, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return value;
}

export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const [shop, seo] = await Promise.all([getSettings(db, 'shop'), getSettings(db, 'seo')]);
  return { shop, seo };
}
