import { compileRegex } from '../catalog-adapter.ts';
import { splitSpellings } from '../unit-spellings.ts';
import { alongsideFieldErrors, requiredText, z } from './z.ts';
import { labelledValues } from '../labelled-values.ts';

/**
 * The catalogue adapter's forms (`/admin/catalog-adapter`) and the shapes its API answers with:
 * category rules, brand spellings, unit rules.
 */

/** A supplier category, a word in the name, or a regular expression over the name. */
export const { values: RULE_KINDS, labels: RULE_KIND_LABELS } = labelledValues({ category: 'Категория поставщика', name_contains: 'Слово в названии', name_pattern: 'Шаблон названия' });
export type RuleKind = (typeof RULE_KINDS)[number];
const PATTERN_REQUIRED: Record<RuleKind, string> = {
  category: 'Укажите категорию поставщика',
  name_contains: 'Укажите слово или фразу',
  name_pattern: 'Укажите регулярное выражение',
};

export const DEFAULT_RULE_PRIORITY = 100;
const PRIORITY_MESSAGE = 'Приоритет: целое число от 0 до 1000';

/** '' or null (a form's «любой поставщик») is no supplier; anything else a supplier's id. */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number({ error: message }).int(message).positive(message).nullable());

const categoryRuleShape = {
  kind: z.enum(RULE_KINDS, { error: 'Выберите вид правила' }),
  supplierId: optionalId('Выберите поставщика'),
  pattern: z.string({ error: 'Обязательное поле' }).trim().max(300, 'Не длиннее 300 символов'),
  categoryId: z.coerce.number({ error: 'Выберите категорию магазина' }).int('Выберите категорию магазина').positive('Выберите категорию магазина'),
  priority: z.coerce
    .number({ error: PRIORITY_MESSAGE })
    .int(PRIORITY_MESSAGE)
    .min(0, PRIORITY_MESSAGE)
    .max(1000, PRIORITY_MESSAGE)
    .default(DEFAULT_RULE_PRIORITY),
};

/**
 * A pattern is required; a regular expression must compile. Checked even when other fields are
 * wrong, so the form shows every error at once.
 */
function checkPattern(rule: { kind: RuleKind; pattern: string }, ctx: z.RefinementCtx) {
  const kind = RULE_KINDS.includes(rule.kind) ? rule.kind : 'category';
  if (typeof rule.pattern !== 'string') return;
  if (!rule.pattern.trim()) {
    ctx.addIssue({ code: 'custom', path: ['pattern'], message: PATTERN_REQUIRED[kind] });
    return;
  }
  if (kind !== 'name_pattern') return;
  const compiled = compileRegex(rule.pattern);
  if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['pattern'], message: compiled.message });
}

export const CategoryRuleSchema = z.object(categoryRuleShape).superRefine(checkPattern, alongsideFieldErrors);
export type CategoryRuleInput = z.input<typeof CategoryRuleSchema>;
export type CategoryRuleData = z.output<typeof CategoryRuleSchema>;

/** A rule being created (no id) or edited (its id), not yet saved: what it would move. */
export const RulePreviewSchema = z.object({ ...categoryRuleShape, id: z.number().int().positive().optional() }).superRefine(checkPattern, alongsideFieldErrors);
export type RulePreviewData = z.output<typeof RulePreviewSchema>;

export const BrandAliasSchema = z.object({
  alias: requiredText('Укажите написание бренда').pipe(z.string().max(100, 'Не длиннее 100 символов')),
  brand: requiredText('Укажите бренд').pipe(z.string().max(100, 'Не длиннее 100 символов')),
});
export type BrandAliasData = z.output<typeof BrandAliasSchema>;

export const UnitRuleSchema = z.object({
  pattern: requiredText('Укажите регулярное выражение').superRefine((pattern, ctx) => {
    const compiled = compileRegex(pattern);
    if (!compiled.ok) ctx.addIssue({ code: 'custom', message: compiled.message });
  }),
  /** Not trimmed: a space may be part of it (`$1 Вт`). */
  replacement: z.string({ error: 'Обязательное поле' }).max(100, 'Не длиннее 100 символов'),
  /** Rules apply in this order; a new rule without one goes last. */
  sortOrder: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'Порядок: целое число от 0 до 100000' }).int('Порядок: целое число от 0 до 100000').min(0, 'Порядок: целое число от 0 до 100000').max(100_000, 'Порядок: целое число от 0 до 100000').optional(),
  ),
});
export type UnitRuleInput = z.input<typeof UnitRuleSchema>;

/** A unit rule as plain fields: «w, watt, ватт» → «Вт»; the server makes the expression (unitRuleOf). */
export const UnitSpellingsSchema = z.object({
  spellings: z
    .string({ error: 'Укажите написания через запятую' })
    .max(300, 'Не длиннее 300 символов')
    .transform(splitSpellings)
    .pipe(z.array(z.string().max(30, 'Каждое написание не длиннее 30 символов')).min(1, 'Укажите написания через запятую')),
  unit: requiredText('Укажите единицу').pipe(z.string().max(20, 'Не длиннее 20 символов').refine((unit) => !unit.includes('$'), 'Единица без знака $')),
  sortOrder: UnitRuleSchema.shape.sortOrder,
});
export type UnitSpellingsInput = z.input<typeof UnitSpellingsSchema>;
export type UnitSpellingsData = z.output<typeof UnitSpellingsSchema>;
export type UnitRuleData = z.output<typeof UnitRuleSchema>;

export const AwaitingQuerySchema = z.object({
  page: z.coerce.number({ error: 'Некорректный номер страницы' }).int('Некорректный номер страницы').min(1, 'Некорректный номер страницы').max(100_000, 'Некорректный номер страницы').default(1),
  t: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers

export type AdapterSupplier = { id: number; code: string; name: string };

export type CategoryRuleView = {
  id: number;
  kind: RuleKind;
  supplierId: number | null;
  /** Null: any supplier. */
  supplierName: string | null;
  pattern: string;
  categoryId: number;
  categoryName: string;
  priority: number;
};

/** A suggestion this sure (share of the group's names matched) is accepted in one click. */
export const SUGGESTION_CONFIDENT_SHARE = 0.6;

/** One category name a supplier's files used, how many products carry it, where it goes. */
export type SupplierCategoryRow = {
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  name: string;
  productCount: number;
  /** Of them, waiting in «Без категории». */
  awaitingCount: number;
  /** The category rule that maps it; `anySupplier` when the rule is for every supplier. */
  mapping: { ruleId: number; categoryId: number; categoryName: string; anySupplier: boolean } | null;
  /**
   * Unmapped only: the shop category whose products are most like it, when search finds one;
   * `confidence` is the share (0–1) of the group's product names its products match, `confident`
   * when that reaches SUGGESTION_CONFIDENT_SHARE (only then is it offered in one click).
   */
  suggestion: { categoryId: number; categoryName: string; confidence: number; confident: boolean } | null;
};

/** A product a rule (or applying all rules) moves; `from` null is «Без категории». */
export type ProductMove = { productId: number; name: string; from: string | null; to: string };

/** What saving a rule, or applying all rules, would do to the products. */
export type MovePlan = {
  /** Products that would change category. */
  moves: number;
  /** Of them, waiting in «Без категории» now: they would be shown in the shop. */
  fromAwaiting: number;
  /** The first few. */
  examples: ProductMove[];
};

/** What applying the saved rules would do now. */
export type ReapplyPlan = MovePlan & {
  /** Waiting in «Без категории» with no rule to place them. */
  stillAwaiting: number;
};

export type ReapplyResult = {
  /** Products with a supplier category or waiting for one. */
  checked: number;
  moved: number;
  /** Moved out of «Без категории» and shown in the shop. */
  activated: number;
  /** Moved out of «Без категории» and kept hidden: imported «Скрытыми, для проверки», they wait for staff to publish them. */
  keptHidden: number;
  /** Still waiting: no rule maps them. */
  stillAwaiting: number;
};

/** A product waiting in «Без категории». Price in roubles. */
export type AwaitingProduct = {
  id: number;
  name: string;
  sku: string;
  supplier: string | null;
  supplierCategory: string | null;
  price: number | null;
  imageUrl: string | null;
  createdAt: string;
};

export type AwaitingList = { products: AwaitingProduct[]; total: number; page: number; totalPages: number };

export type BrandAliasView = { alias: string; brand: string };

export type UnitRuleView = { id: number; pattern: string; replacement: string; sortOrder: number };
