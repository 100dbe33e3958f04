import type { FilterColumns } from './filter-columns.ts';

/**
 * How near each candidate is to the product in `slot` («Похожие товары», catalog/similar.ts),
 * summed over the attributes both have: an equal text or yes/no value counts 1, two numbers
 * 1 − their difference over the larger of them (750 and 1100 Вт: 0.68). One pass per attribute
 * of the product over the candidates' columns, as the facet counts are taken (facet-scan.ts).
 */
export function nearness(columns: FilterColumns, slot: number, candidates: ArrayLike<number>): Float64Array {
  const scores = new Float64Array(candidates.length);
  for (const { codes, numbers } of columns.attributes.values()) {
    const code = codes[slot]!;
    if (code === 0) continue;
    const own = numbers ? numbers[slot]! : NaN;
    for (let i = 0; i < candidates.length; i++) {
      const other = candidates[i]!;
      if (codes[other] === 0) continue;
      const number = numbers ? numbers[other]! : NaN;
      if (!Number.isNaN(own) && !Number.isNaN(number)) {
        scores[i]! += 1 - Math.min(1, Math.abs(number - own) / Math.max(Math.abs(number), Math.abs(own), 1e-9));
      } else if (codes[other] === code) scores[i]! += 1;
    }
  }
  return scores;
}
