import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { products, suppliers } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import {
  DEFAULT_SUPPLIER_SETTINGS,
  SupplierSettingsSchema,
  type CreateSupplierSchema,
  type PatchSupplierSchema,
  type Supplier,
  type SupplierSettings,
} from '#shared/schemas/supplier-import.ts';
import type { z } from '#shared/schemas/z.ts';
import { lastImports } from './summaries.ts';
import { claimPastSlot } from './schedule.ts';

/**
 * Suppliers kept in the back office: name, code (what products.supplier holds), the price-list
 * address and daily time of a scheduled import, and the settings remembered between imports.
 */

const NOT_FOUND = 'Поставщик не найден';
const CODE_TAKEN = 'Поставщик с таким кодом уже есть';

export type SupplierRow = typeof suppliers.$inferSelect;

/**
 * The stored settings over the defaults, key by key: a key that is missing or no longer valid
 * (an older shape) takes its default, so a supplier always has complete settings.
 */
export function settingsOf(stored: unknown): SupplierSettings {
  const value = (stored ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...DEFAULT_SUPPLIER_SETTINGS };
  for (const [key, schema] of Object.entries(SupplierSettingsSchema.shape)) {
    const parsed = (schema as z.ZodType).safeParse(value[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as SupplierSettings;
}

export async function requireSupplier(db: Db, id: number): Promise<SupplierRow> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** `GET /api/admin/suppliers`, and the answer of the writes (one supplier). */
async function describeSuppliers(db: Db, rows: SupplierRow[]): Promise<Supplier[]> {
  if (rows.length === 0) return [];
  const codes = rows.map((r) => r.code);
  const counted = await db
    .select({ code: products.supplier, n: count() })
    .from(products)
    .where(inArray(products.supplier, codes))
    .groupBy(products.supplier);
  const counts = new Map(counted.map((c) => [c.code, c.n]));
  const last = await lastImports(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    sourceUrl: row.sourceUrl,
    scheduleTime: row.scheduleTime,
    settings: settingsOf(row.settings),
    productCount: counts.get(row.code) ?? 0,
    lastImport: last.get(row.id) ?? null,
  }));
}

export async function listSuppliers(db: Db): Promise<Supplier[]> {
  return describeSuppliers(db, await db.select().from(suppliers).orderBy(asc(suppliers.name), asc(suppliers.id)));
}

export async function getSupplier(db: Db, id: number): Promise<Supplier> {
  const [supplier] = await describeSuppliers(db, [await requireSupplier(db, id)]);
  return supplier!;
}

/** A new supplier with default settings; codes are compared without regard to case (DCK = dck). */
export async function createSupplier(db: Db, input: z.output<typeof CreateSupplierSchema>, now: Date): Promise<Supplier> {
  const [taken] = await db.select({ id: suppliers.id }).from(suppliers).where(sql`lower(${suppliers.code}) = lower(${input.code})`);
  if (taken) throw conflict(CODE_TAKEN);
  const [row] = await db
    .insert(suppliers)
    .values({ code: input.code, name: input.name, settings: DEFAULT_SUPPLIER_SETTINGS, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: suppliers.id });
  if (!row) throw conflict(CODE_TAKEN);
  return getSupplier(db, row.id);
}

/**
 * Name, address, schedule and any of the settings (each given key replaces the stored one). A new
 * schedule (or address) starts with the next time it names: the slot already past today is marked
 * as taken.
 */
export async function patchSupplier(db: Db, id: number, input: z.output<typeof PatchSupplierSchema>, now: Date): Promise<Supplier> {
  const current = await requireSupplier(db, id);
  const values: Partial<typeof suppliers.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) values.name = input.name;
  if (input.sourceUrl !== undefined) values.sourceUrl = input.sourceUrl;
  if (input.scheduleTime !== undefined) values.scheduleTime = input.scheduleTime;
  if (input.settings !== undefined) values.settings = { ...settingsOf(current.settings), ...input.settings };
  await db.update(suppliers).set(values).where(eq(suppliers.id, id));
  const scheduleTime = values.scheduleTime === undefined ? current.scheduleTime : values.scheduleTime;
  const sourceUrl = values.sourceUrl === undefined ? current.sourceUrl : values.sourceUrl;
  const newSchedule = scheduleTime !== current.scheduleTime || sourceUrl !== current.sourceUrl;
  if (scheduleTime && sourceUrl && newSchedule) await claimPastSlot(db, id, scheduleTime, now);
  return getSupplier(db, id);
}

/** Remembers what a dry run was started with, so the next file of this supplier starts from it. */
export async function rememberChoices(db: Db, supplier: SupplierRow, choices: Partial<SupplierSettings>, now: Date): Promise<void> {
  await db
    .update(suppliers)
    .set({ settings: { ...settingsOf(supplier.settings), ...choices }, updatedAt: now })
    .where(eq(suppliers.id, supplier.id));
}
