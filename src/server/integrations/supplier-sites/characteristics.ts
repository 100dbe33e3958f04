import type { DbOrTx } from '../../db/connection.ts';
import { resolveCharacteristics } from '../../modules/attributes/values.ts';
import type { AttributeKind } from '#shared/attributes.ts';
import type { ProductSpec, ScrapedCharacteristic } from '#shared/schemas/web-scraper.ts';

/**
 * The page's «Характеристики» as rows of the product form: names and values read as every import
 * reads them (`resolveCharacteristics`: the suppliers' spellings, the adapter's unit rules), so
 * «Товар по ссылке» fills the same attributes the mass scraper's publishing writes.
 */
export async function formCharacteristics(db: DbOrTx, specs: ProductSpec[], normaliseText: (text: string) => string): Promise<ScrapedCharacteristic[]> {
  const resolved = await resolveCharacteristics(db, specs, normaliseText);
  const filled = new Set<number>();
  return specs.flatMap((spec, i) => {
    const { attribute, text, parsed } = resolved[i]!;
    // A name that is only a unit or punctuation names no attribute.
    if (!attribute) return [];
    // The form holds one value per attribute: the page's first row for it.
    const repeated = filled.has(attribute.id);
    filled.add(attribute.id);
    return [
      {
        name: spec.name,
        value: spec.value,
        attribute: { id: attribute.id, name: attribute.name, unit: attribute.unit, kind: attribute.kind as AttributeKind },
        formValue: repeated ? null : (parsed?.value ?? text),
        fits: parsed !== null,
      },
    ];
  });
}
