import { nextTurn } from '../../jobs/next-turn.ts';
import type { ImportReport } from './report.ts';

/** How far a file's import has come: plans applied of the file's total. */
export type FileProgress = (done: number, total: number) => Promise<void>;

/** Plans applied in one transaction: large enough to be quick, small enough not to hold locks for long. */
const BATCH = 500;

/**
 * A file's plans (products of import.xml, offers of offers.xml) applied a batch at a time: each
 * full batch is applied, counted towards the progress and followed by a turn for other requests.
 */
export function planBatches<T>(apply: (plans: T[]) => Promise<void>, progress: FileProgress, total: number) {
  let batch: T[] = [];
  let done = 0;
  const flush = async () => {
    await apply(batch);
    done += batch.length;
    batch = [];
    await progress(done, total);
    await nextTurn();
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
export const isCharacteristicId = (id1c: string) => id1c.includes('#');

/** Counts the skipped characteristics and says so in the report, in the file's own words. */
export function reportSkippedCharacteristics(report: ImportReport, count: number, message: (count: number) => string) {
  if (count === 0) return;
  report.add('skipped', count);
  report.error(message(count));
}
