import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { brandAliases, categoryRules, supplierCategories, suppliers, unitRules } from '../../db/schema.ts';
import { compileUnitRules, normaliseName } from '#shared/catalog-adapter.ts';
import type { RuleKind } from '#shared/schemas/catalog-adapter.ts';
import { RuleSet, type RuleInput, type RuleRow } from './rules.ts';

/**
 * The catalogue adapter as imports use it: the rules read once, then asked per row where a
 * product goes, which supplier a brand spelling means and how its units are written.
 */
export type CatalogAdapter = {
  /** The shop category the first matching rule gives, or null (the product waits in «Без категории»). */
  categoryFor(input: RuleInput): number | null;
  /** The supplier code a brand spelling means (`Dck`, `DCK Tools`, `ДЦК` → `DCK`), or null. */
  brandFor(text: string): string | null;
  /** The text with the unit rules applied in their order (`800W` → `800 Вт`). */
  normaliseText(text: string): string;
};

/** Every category rule as the rule set takes them. */
export async function readRuleRows(db: Db): Promise<RuleRow[]> {
  const rows = await db
    .select({
      id: categoryRules.id,
      kind: categoryRules.kind,
      supplierId: categoryRules.supplierId,
      pattern: categoryRules.pattern,
      categoryId: categoryRules.categoryId,
      priority: categoryRules.priority,
    })
    .from(categoryRules);
  return rows.map((row) => ({ ...row, kind: row.kind as RuleKind }));
}

/** Brand spellings, supplier codes and supplier names, each normalised, to the supplier code. */
async function readBrands(db: Db): Promise<Map<string, string>> {
  const [aliases, known] = await Promise.all([
    db.select({ alias: brandAliases.alias, code: brandAliases.supplierCode }).from(brandAliases),
    db.select({ code: suppliers.code, name: suppliers.name }).from(suppliers),
  ]);
  const brands = new Map<string, string>();
  // The supplier's own name and code win over an alias spelled the same.
  for (const { alias, code } of aliases) brands.set(normaliseName(alias), code);
  for (const { code, name } of known) brands.set(normaliseName(name), code);
  for (const { code } of known) brands.set(normaliseName(code), code);
  return brands;
}

export async function readUnitRules(db: Db) {
  return db
    .select({ id: unitRules.id, pattern: unitRules.pattern, replacement: unitRules.replacement, sortOrder: unitRules.sortOrder })
    .from(unitRules)
    .orderBy(asc(unitRules.sortOrder), asc(unitRules.id));
}

export async function loadCatalogAdapter(db: Db): Promise<CatalogAdapter> {
  const [rules, brands, units] = await Promise.all([readRuleRows(db), readBrands(db), readUnitRules(db)]);
  const ruleSet = new RuleSet(rules);
  const rewrite = compileUnitRules(units);
  return {
    categoryFor: (input) => ruleSet.match(input)?.categoryId ?? null,
    brandFor: (text) => brands.get(normaliseName(text)) ?? null,
    normaliseText: rewrite,
  };
}

/** Names per insert: well under PostgreSQL's limit of bound parameters. */
const RECORD_BATCH = 1000;

/**
 * Remembers the category names a supplier's file used (the adapter lists them with their
 * products); names seen before get a new `lastSeenAt`.
 */
export async function recordSupplierCategories(db: Db, supplierId: number, names: string[]): Promise<void> {
  const cleaned = [...new Set(names.map((name) => name.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  for (let i = 0; i < cleaned.length; i += RECORD_BATCH) {
    await db
      .insert(supplierCategories)
      .values(cleaned.slice(i, i + RECORD_BATCH).map((name) => ({ supplierId, name })))
      .onConflictDoUpdate({ target: [supplierCategories.supplierId, supplierCategories.name], set: { lastSeenAt: sql`now()` } });
  }
}
