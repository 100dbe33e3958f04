import { givingWay } from '../../jobs/give-way.ts';
import type { Collected, XmlNode } from './commerceml/xml-stream.ts';
import type { ImportReport } from './report.ts';

/** How far a file's import has come: plans applied of the file's total. */
export type FileProgress = (done: number, total: number) => Promise<void>;

/** Plans applied in one transaction: large enough to be quick, small enough not to hold locks for long. */
const BATCH = 500;

/**
 * A file's plans (products of import.xml, offers of offers.xml) applied a batch at a time: each
 * full batch is applied, counted towards the progress and followed by a pause that gives way to the storefront.
 */
function planBatches<T>(apply: (plans: T[]) => Promise<void>, progress: FileProgress, total: number) {
  let batch: T[] = [];
  let done = 0;
  const giveWay = givingWay();
  const flush = async () => {
    await apply(batch);
    done += batch.length;
    batch = [];
    await progress(done, total);
    await giveWay();
  };
  return {
    add: async (plan: T) => {
      batch.push(plan);
      if (batch.length >= BATCH) await flush();
    },
    /** Applies the last, partial batch. */
    finish: async () => {
      if (batch.length > 0) await flush();
    },
  };
}

/** A characteristic's Ид is `товар#вариант`: a variant the shop has no place for yet. */
const isCharacteristicId = (id1c: string) => id1c.includes('#');

/** How a file's elements become plans, and what its report says of those it skips. */
export type FilePlans<T extends { id1c: string }> = {
  plan: (node: XmlNode) => T;
  apply: (plans: T[]) => Promise<void>;
  progress: FileProgress;
  /** The file's plans, as its first reading counted them. */
  total: number;
  /** The report's line for a plan without Ид, when it says one. */
  missingId?: (plan: T) => string;
  /** Sees every Ид, the characteristics' too. */
  seen?: (id1c: string) => void;
  /** Why a plan with an Ид is skipped, or null to apply it. */
  refusal?: (plan: T) => string | null;
  /** The report's line for the characteristics skipped, in the file's own words. */
  characteristics: (count: number) => string;
};

/**
 * Applies a file's plans (products of import.xml, offers of offers.xml) a batch at a time. A plan
 * without Ид is skipped, and a characteristic too: it would be a product of its own.
 */
export async function applyFilePlans<T extends { id1c: string }>(elements: AsyncIterable<Collected>, report: ImportReport, file: FilePlans<T>) {
  const batches = planBatches(file.apply, file.progress, file.total);
  let characteristics = 0;
  for await (const { node } of elements) {
    const plan = file.plan(node);
    if (!plan.id1c) {
      report.add('skipped');
      if (file.missingId) report.error(file.missingId(plan));
      continue;
    }
    file.seen?.(plan.id1c);
    if (isCharacteristicId(plan.id1c)) {
      characteristics++;
      continue;
    }
    const refusal = file.refusal?.(plan);
    if (refusal) {
      report.add('skipped');
      report.error(refusal);
      continue;
    }
    await batches.add(plan);
  }
  await batches.finish();
  if (characteristics > 0) {
    report.add('skipped', characteristics);
    report.error(file.characteristics(characteristics));
  }
}
