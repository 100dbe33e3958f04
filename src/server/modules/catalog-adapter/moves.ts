import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { categories } from '../../db/schema.ts';
import type { MovePlan, ProductMove, ReapplyPlan, ReapplyResult } from '#shared/schemas/catalog-adapter.ts';
import { CatalogAnnouncement, catalogTransaction } from '../products/write/announce.ts';
import { moveToCategory, placeAwaiting } from '../products/write/batch.ts';
import { readRuleRows } from './adapter.ts';
import { RuleSet } from './rules.ts';

/**
 * Which products the rules move, and moving them. The rules apply to products that came from a
 * supplier's category or wait for one («Без категории»); products made in the shop by hand keep
 * the category staff gave them. A product no rule matches stays where it is.
 */

/** A product the rules apply to, with its supplier's id (null when its code is not a kept supplier). */
export type ScopedProduct = {
  id: number;
  name: string;
  supplierId: number | null;
  supplierCategory: string | null;
  categoryId: number | null;
  awaiting: boolean;
};

const SCAN_BATCH = 2000;
const EXAMPLES = 5;

/** Every product in the rules' scope, batch by batch in the order of ids. */
async function scanScope(db: Db, onBatch: (batch: ScopedProduct[]) => Promise<void> | void): Promise<void> {
  let after = 0;
  for (;;) {
    const batch = rowsOf<ScopedProduct>(
      await db.execute(sql`
        select p.id, p.name, s.id as "supplierId", p.supplier_category as "supplierCategory",
          p.category_id as "categoryId", p.awaiting_category as awaiting
        from products p left join suppliers s on s.code = p.supplier
        where (p.supplier_category is not null or p.awaiting_category) and p.id > ${after}
        order by p.id limit ${SCAN_BATCH}`),
    );
    if (batch.length === 0) return;
    await onBatch(batch);
    if (batch.length < SCAN_BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}

/** Whether sending the product to `target` changes it: another category, or out of «Без категории». */
const moves = (product: ScopedProduct, target: number | null): target is number =>
  target !== null && (target !== product.categoryId || product.awaiting);

async function categoryNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * What sending each product in scope to `targetOf(product)` (null: leave it) would do, and how
 * many products waiting in «Без категории» it leaves waiting.
 */
export async function planMoves(db: Db, targetOf: (product: ScopedProduct) => number | null): Promise<MovePlan & { stillAwaiting: number }> {
  const names = await categoryNames(db);
  const plan = { moves: 0, fromAwaiting: 0, examples: [] as ProductMove[], stillAwaiting: 0 };
  await scanScope(db, (batch) => {
    for (const product of batch) {
      const target = targetOf(product);
      if (!moves(product, target)) {
        if (product.awaiting) plan.stillAwaiting++;
        continue;
      }
      plan.moves++;
      if (product.awaiting) plan.fromAwaiting++;
      if (plan.examples.length < EXAMPLES) plan.examples.push(exampleOf(product, target, names));
    }
  });
  return plan;
}

function exampleOf(product: ScopedProduct, target: number, names: Map<number, string>): ProductMove {
  const from = product.awaiting || product.categoryId === null ? null : (names.get(product.categoryId) ?? null);
  return { productId: product.id, name: product.name, from, to: names.get(target) ?? '' };
}

const ruleInput = (product: ScopedProduct) => ({ supplierId: product.supplierId, supplierCategory: product.supplierCategory, name: product.name });

/** The saved rules' target for each product. */
export async function currentTargets(db: Db): Promise<(product: ScopedProduct) => number | null> {
  const rules = new RuleSet(await readRuleRows(db));
  return (product) => rules.match(ruleInput(product))?.categoryId ?? null;
}

/** What applying the saved rules to the products would do now. */
export async function planReapply(db: Db): Promise<ReapplyPlan> {
  return planMoves(db, await currentTargets(db));
}

/**
 * Applies the saved rules to every product in scope: each goes to the category its first
 * matching rule names; one waiting in «Без категории» is shown in the shop once it has one only
 * when its import asked for products on sale (one imported hidden waits for staff to publish it).
 */
export async function reapplyRules(db: Db, now: Date): Promise<ReapplyResult> {
  const targetOf = await currentTargets(db);
  const result: ReapplyResult = { checked: 0, moved: 0, activated: 0, keptHidden: 0, stillAwaiting: 0 };
  const announcement = new CatalogAnnouncement();
  await scanScope(db, async (batch) => {
    result.checked += batch.length;
    const placed = new Map<number, number[]>();
    const leaving = new Map<number, number[]>();
    for (const product of batch) {
      const target = targetOf(product);
      if (!moves(product, target)) {
        if (product.awaiting) result.stillAwaiting++;
        continue;
      }
      const group = product.awaiting ? leaving : placed;
      const ids = group.get(target);
      if (ids) ids.push(product.id);
      else group.set(target, [product.id]);
      result.moved++;
    }
    await catalogTransaction(
      db,
      async (tx) => {
        for (const [categoryId, ids] of placed) await moveToCategory(tx, ids, categoryId, now);
        for (const [categoryId, ids] of leaving) {
          const onSale = await placeAwaiting(tx, ids, categoryId, now);
          result.activated += onSale;
          result.keptHidden += ids.length - onSale;
        }
      },
      announcement,
    );
  });
  // The run's moves, announced once (the catalogue's door marked them).
  announcement.done();
  return result;
}
