import { compileRegex, normaliseName } from '#shared/catalog-adapter.ts';
import type { RuleKind } from '#shared/schemas/catalog-adapter.ts';

/**
 * Category rules in the order they are tried, and the first one a product matches: pure, so the
 * adapter, a rule's preview (the rules with one changed) and re-applying share it.
 */

export type RuleRow = { id: number; kind: RuleKind; supplierId: number | null; pattern: string; categoryId: number; priority: number };

/** What a rule is matched against. */
export type RuleInput = { supplierId: number | null; supplierCategory?: string | null; name: string };

/** Supplier categories before words in the name, words before patterns (at the same priority). */
const KIND_ORDER: Record<RuleKind, number> = { category: 0, name_contains: 1, name_pattern: 2 };

/**
 * Lower priority first, then by kind, a supplier's own rule before one for every supplier, then
 * the older rule.
 */
export function compareRules(a: RuleRow, b: RuleRow): number {
  return (
    a.priority - b.priority ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    Number(a.supplierId === null) - Number(b.supplierId === null) ||
    a.id - b.id
  );
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the (normalised) phrase stands in the (normalised) text as whole words. */
export function containsWords(text: string, phrase: string): boolean {
  if (!phrase) return false;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const before = text[at - 1];
    const after = text[at + phrase.length];
    if ((before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after))) return true;
  }
  return false;
}

type CompiledRule = { row: RuleRow; test: (name: string, normalisedName: string, normalisedCategory: string) => boolean };

function compile(row: RuleRow): CompiledRule | null {
  if (row.kind === 'name_pattern') {
    const compiled = compileRegex(row.pattern);
    // Checked on save; one saved before RE2 ran the rules may not compile: it matches nothing.
    if (!compiled.ok) return null;
    return { row, test: (name) => compiled.pattern.test(name) };
  }
  const pattern = normaliseName(row.pattern);
  if (row.kind === 'category') return { row, test: (_name, _normalised, category) => category !== '' && category === pattern };
  return { row, test: (_name, normalised) => containsWords(normalised, pattern) };
}

export class RuleSet {
  private readonly rules: CompiledRule[];

  constructor(rows: readonly RuleRow[]) {
    this.rules = [...rows]
      .sort(compareRules)
      .map(compile)
      .filter((rule) => rule !== null);
  }

  /** The first rule that sends this product somewhere, or null. */
  match(input: RuleInput): RuleRow | null {
    const normalisedName = normaliseName(input.name);
    const normalisedCategory = input.supplierCategory ? normaliseName(input.supplierCategory) : '';
    for (const { row, test } of this.rules) {
      if (row.supplierId !== null && row.supplierId !== input.supplierId) continue;
      if (test(input.name, normalisedName, normalisedCategory)) return row;
    }
    return null;
  }

  /** The category rule that maps this supplier category, whatever the product's name. */
  categoryRule(supplierId: number, supplierCategory: string): RuleRow | null {
    const normalised = normaliseName(supplierCategory);
    for (const { row, test } of this.rules) {
      if (row.kind !== 'category' || (row.supplierId !== null && row.supplierId !== supplierId)) continue;
      if (test('', '', normalised)) return row;
    }
    return null;
  }
}
