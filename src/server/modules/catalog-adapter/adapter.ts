import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { brandAliases, categoryRules, supplierCategories, unitRules } from '../../db/schema.ts';
import { compileUnitRules, normaliseName } from '#shared/catalog-adapter.ts';
import type { RuleKind } from '#shared/schemas/catalog-adapter.ts';
import { RuleSet, type RuleInput, type RuleRow } from './rules.ts';

/**
 * The catalogue adapter as imports use it: the rules read once, then asked per row where a
 * product goes, how a brand is written and how its units are written.
 */
export type CatalogAdapter = {
  /** The shop category the first matching rule gives, or null (the product waits in «Без категории»). */
  categoryFor(input: RuleInput): number | null;
  /**
   * The brand as the shop writes it: a known spelling (`Dck`, `DCK Tools`, `ДЦК` → `DCK`), else
   * the text itself on one line; null for an empty text.
   */
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

/** Brand spellings, and each brand's own spelling, normalised, to the brand. */
async function readBrands(db: Db): Promise<Map<string, string>> {
  const aliases = await db.select({ alias: brandAliases.alias, brand: brandAliases.brand }).from(brandAliases);
  const brands = new Map<string, string>();
  for (const { alias, brand } of aliases) brands.set(normaliseName(alias), brand);
  // A brand written in another case (`dck`) is that brand, whatever an alias says.
  for (const { brand } of aliases) brands.set(normaliseName(brand), brand);
  return brands;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

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
    brandFor: (text) => brands.get(normaliseName(text)) ?? (oneLine(text) || null),
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
