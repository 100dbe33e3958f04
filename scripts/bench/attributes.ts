import type { Db } from '../../src/server/db/connection.ts';
import { benchAttributeValues, insertBenchAttributes } from '../../src/server/db/seed/bench-attributes.ts';
import { replaceProductAttributes } from '../../src/server/modules/products/write/attributes.ts';

/**
 * Replaces the attributes with the benchmark's 30 and gives these products their values, through
 * the catalogue's door (which the seed's database layer may not import); logs every 20 000 products.
 */
export async function giveBenchAttributes(db: Db, productIds: number[], seed: number, log: (line: string) => void) {
  const attributeIds = await insertBenchAttributes(db, seed);
  let done = 0;
  for (const values of benchAttributeValues(productIds, attributeIds, seed)) {
    await replaceProductAttributes(db, values, new Date());
    done += values.size;
    if (done % 20_000 === 0 || done === productIds.length) log(`  ${done} of ${productIds.length} products`);
  }
}
