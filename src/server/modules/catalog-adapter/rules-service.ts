import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories, categoryRules, suppliers } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import type { CategoryRuleData, CategoryRuleView, MovePlan, RuleKind, RulePreviewData } from '#shared/schemas/catalog-adapter.ts';
import { readRuleRows } from './adapter.ts';
import { planMoves } from './moves.ts';
import { RuleSet, compareRules, type RuleRow } from './rules.ts';

/**
 * Category rules: the list in the order they are tried, saving with the checks the form shows
 * (category and supplier exist, no second rule for the same thing), and the preview of what a
 * rule not yet saved would move. Saving moves nothing: re-applying the rules does (moves.ts).
 */

const RULE_NOT_FOUND = 'Правило не найдено';
const CATEGORY_NOT_FOUND = 'Категория не найдена';
const SUPPLIER_NOT_FOUND = 'Поставщик не найден';
const DUPLICATE = 'Такое правило уже есть';

export async function listRules(db: Db): Promise<CategoryRuleView[]> {
  const rows = await db
    .select({
      id: categoryRules.id,
      kind: categoryRules.kind,
      supplierId: categoryRules.supplierId,
      supplierName: suppliers.name,
      pattern: categoryRules.pattern,
      categoryId: categoryRules.categoryId,
      categoryName: categories.name,
      priority: categoryRules.priority,
    })
    .from(categoryRules)
    .innerJoin(categories, eq(categories.id, categoryRules.categoryId))
    .leftJoin(suppliers, eq(suppliers.id, categoryRules.supplierId));
  return rows.map((row) => ({ ...row, kind: row.kind as RuleKind })).sort(compareRules);
}

async function requireRule(db: Db, id: number): Promise<CategoryRuleView> {
  const rule = (await listRules(db)).find((r) => r.id === id);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  return rule;
}

/** What two rules compare by: the same kind, supplier and pattern (names as the rules compare them). */
const sameTarget = (a: Pick<RuleRow, 'kind' | 'supplierId' | 'pattern'>, b: Pick<RuleRow, 'kind' | 'supplierId' | 'pattern'>) =>
  a.kind === b.kind &&
  a.supplierId === b.supplierId &&
  (a.kind === 'name_pattern' ? a.pattern === b.pattern : normaliseName(a.pattern) === normaliseName(b.pattern));

/** The checks beyond the form's own: the category and supplier exist, the rule is not there already. */
async function checkRule(db: Db, rule: CategoryRuleData, rows: RuleRow[], exceptId?: number) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, rule.categoryId));
  if (!category) throw badRequest(CATEGORY_NOT_FOUND, { categoryId: [CATEGORY_NOT_FOUND] });
  if (rule.supplierId !== null) {
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, rule.supplierId));
    if (!supplier) throw badRequest(SUPPLIER_NOT_FOUND, { supplierId: [SUPPLIER_NOT_FOUND] });
  }
  if (rows.some((row) => row.id !== exceptId && sameTarget(row, rule))) throw new HttpError(409, DUPLICATE, { pattern: [DUPLICATE] });
}

const valuesOf = (rule: CategoryRuleData) => ({
  kind: rule.kind,
  supplierId: rule.supplierId,
  pattern: rule.pattern,
  categoryId: rule.categoryId,
  priority: rule.priority,
});

export async function createRule(db: Db, rule: CategoryRuleData, now: Date): Promise<CategoryRuleView> {
  await checkRule(db, rule, await readRuleRows(db));
  const [row] = await db.insert(categoryRules).values({ ...valuesOf(rule), createdAt: now }).returning({ id: categoryRules.id });
  return requireRule(db, row!.id);
}

export async function updateRule(db: Db, id: number, rule: CategoryRuleData): Promise<CategoryRuleView> {
  const rows = await readRuleRows(db);
  if (!rows.some((row) => row.id === id)) throw notFound(RULE_NOT_FOUND);
  await checkRule(db, rule, rows, id);
  await db.update(categoryRules).set(valuesOf(rule)).where(eq(categoryRules.id, id));
  return requireRule(db, id);
}

/** Products the rule placed stay where they are; later imports and re-applying no longer use it. */
export async function deleteRule(db: Db, id: number): Promise<{ success: true; message: string }> {
  const [row] = await db.delete(categoryRules).where(eq(categoryRules.id, id)).returning({ pattern: categoryRules.pattern });
  if (!row) throw notFound(RULE_NOT_FOUND);
  return { success: true, message: `Правило «${row.pattern}» удалено` };
}

/**
 * What saving this rule (a new one, or rule `id` changed) would move once the rules are applied:
 * products whose target it changes and that are not in that category already.
 */
export async function previewRule(db: Db, data: RulePreviewData): Promise<MovePlan> {
  const { id, ...rule } = data;
  const rows = await readRuleRows(db);
  if (id !== undefined && !rows.some((row) => row.id === id)) throw notFound(RULE_NOT_FOUND);
  await checkRule(db, rule, rows, id);
  // A new rule is the newest: it comes after every saved rule it ties with.
  const candidate: RuleRow = { ...valuesOf(rule), id: id ?? Number.MAX_SAFE_INTEGER };
  const before = new RuleSet(rows);
  const after = new RuleSet([...rows.filter((row) => row.id !== id), candidate]);
  const { moves, fromAwaiting, examples } = await planMoves(db, (product) => {
    const input = { supplierId: product.supplierId, supplierCategory: product.supplierCategory, name: product.name };
    const next = after.match(input)?.categoryId ?? null;
    return next === (before.match(input)?.categoryId ?? null) ? null : next;
  });
  return { moves, fromAwaiting, examples };
}
