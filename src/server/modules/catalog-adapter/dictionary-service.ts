import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { brandAliases, unitRules } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../core/http-errors.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import { UnitRuleSchema, type BrandAliasData, type BrandAliasView, type UnitRuleData, type UnitRuleView, type UnitSpellingsData } from '#shared/schemas/catalog-adapter.ts';
import { unitRuleOf } from '#shared/unit-spellings.ts';
import { readUnitRules } from './adapter.ts';

/**
 * The adapter's dictionaries staff keep: brand spellings (to the brand) and unit rules (regular
 * expressions applied to names and parameters in their order).
 */

const ALIAS_NOT_FOUND = 'Написание бренда не найдено';
const ALIAS_TAKEN = 'Такое написание уже есть';
const UNIT_RULE_NOT_FOUND = 'Правило единиц не найдено';

export async function listBrandAliases(db: Db): Promise<BrandAliasView[]> {
  return db.select({ alias: brandAliases.alias, brand: brandAliases.brand }).from(brandAliases).orderBy(asc(brandAliases.brand), asc(brandAliases.alias));
}

async function aliasView(db: Db, alias: string): Promise<BrandAliasView> {
  const row = (await listBrandAliases(db)).find((a) => a.alias === alias);
  if (!row) throw notFound(ALIAS_NOT_FOUND);
  return row;
}

/** Kept as the adapter compares them: lower case, `ё` as `е`, spaces collapsed. */
export async function createBrandAlias(db: Db, data: BrandAliasData, now: Date): Promise<BrandAliasView> {
  const alias = normaliseName(data.alias);
  const [row] = await db
    .insert(brandAliases)
    .values({ alias, brand: data.brand, createdAt: now })
    .onConflictDoNothing()
    .returning({ alias: brandAliases.alias });
  if (!row) throw new HttpError(409, ALIAS_TAKEN, { alias: [ALIAS_TAKEN] });
  return aliasView(db, alias);
}

/** Changes the spelling, the brand, or both. */
export async function updateBrandAlias(db: Db, current: string, data: BrandAliasData): Promise<BrandAliasView> {
  const alias = normaliseName(data.alias);
  const key = normaliseName(current);
  return db.transaction(async (tx) => {
    if (alias !== key) {
      const [taken] = await tx.select({ alias: brandAliases.alias }).from(brandAliases).where(eq(brandAliases.alias, alias));
      if (taken) throw new HttpError(409, ALIAS_TAKEN, { alias: [ALIAS_TAKEN] });
    }
    const [row] = await tx
      .update(brandAliases)
      .set({ alias, brand: data.brand })
      .where(eq(brandAliases.alias, key))
      .returning({ alias: brandAliases.alias });
    if (!row) throw notFound(ALIAS_NOT_FOUND);
    return aliasView(tx, alias);
  });
}

export async function deleteBrandAlias(db: Db, alias: string): Promise<{ success: true; message: string }> {
  const [row] = await db.delete(brandAliases).where(eq(brandAliases.alias, normaliseName(alias))).returning({ alias: brandAliases.alias });
  if (!row) throw notFound(ALIAS_NOT_FOUND);
  return { success: true, message: `Написание «${row.alias}» удалено` };
}

export async function listUnitRules(db: Db): Promise<UnitRuleView[]> {
  return readUnitRules(db);
}

async function unitRuleView(db: Db, id: number): Promise<UnitRuleView> {
  const row = (await readUnitRules(db)).find((r) => r.id === id);
  if (!row) throw notFound(UNIT_RULE_NOT_FOUND);
  return row;
}

/** A new rule without an order goes last. */
/**
 * The expression of plain spellings, checked as a hand-written one is (length, engine): a list
 * too long for one expression is refused on the spellings field.
 */
export function unitRuleFromSpellings(data: UnitSpellingsData): UnitRuleData {
  const parsed = UnitRuleSchema.safeParse({ ...unitRuleOf(data), sortOrder: data.sortOrder });
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Некорректное значение';
  throw badRequest(message, { spellings: [message] });
}

export async function createUnitRule(db: Db, data: UnitRuleData, now: Date): Promise<UnitRuleView> {
  const [row] = await db
    .insert(unitRules)
    .values({
      pattern: data.pattern,
      replacement: data.replacement,
      sortOrder: data.sortOrder ?? sql`(select coalesce(max(${unitRules.sortOrder}), 0) + 10 from ${unitRules})`,
      createdAt: now,
    })
    .returning({ id: unitRules.id });
  return unitRuleView(db, row!.id);
}

export async function updateUnitRule(db: Db, id: number, data: UnitRuleData): Promise<UnitRuleView> {
  const values: Partial<typeof unitRules.$inferInsert> = { pattern: data.pattern, replacement: data.replacement };
  if (data.sortOrder !== undefined) values.sortOrder = data.sortOrder;
  const [row] = await db.update(unitRules).set(values).where(eq(unitRules.id, id)).returning({ id: unitRules.id });
  if (!row) throw notFound(UNIT_RULE_NOT_FOUND);
  return unitRuleView(db, id);
}

export async function deleteUnitRule(db: Db, id: number): Promise<{ success: true; message: string }> {
  const [row] = await db.delete(unitRules).where(eq(unitRules.id, id)).returning({ pattern: unitRules.pattern });
  if (!row) throw notFound(UNIT_RULE_NOT_FOUND);
  return { success: true, message: `Правило «${row.pattern}» удалено` };
}
