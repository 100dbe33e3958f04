import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/connection.ts';
import { catalogChanged } from '../catalog-events.ts';

/**
 * The door's announcement: every write of `products` says "the catalogue changed" itself, once
 * per transaction and only after it committed (a cache filled from the old rows in between
 * would otherwise outlive the change). A write on the plain database handle is its own
 * transaction and is announced at once.
 */

type Scope = { changed: boolean };

/** Transactions opened by catalogTransaction, with whether a door write ran in them. */
const scopes = new WeakMap<object, Scope>();

/**
 * Runs `work` in one transaction; the catalogue writes made in it (through this door) are
 * announced once, after the commit. Inside another catalogTransaction it is a savepoint of that
 * one, announced with the outer commit.
 */
export async function catalogTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = scopes.get(db);
  const scope: Scope = outer ?? { changed: false };
  const result = await db.transaction(async (tx) => {
    scopes.set(tx, scope);
    try {
      return await work(tx);
    } finally {
      scopes.delete(tx);
    }
  });
  if (!outer && scope.changed) catalogChanged();
  return result;
}

/**
 * Called by each door write after its statements ran. A transaction the door did not open would
 * be announced before its commit: refused, so a caller cannot get the order wrong silently.
 */
export function noteCatalogWrite(handle: DbOrTx): void {
  const scope = scopes.get(handle);
  if (scope) {
    scope.changed = true;
    return;
  }
  if (handle instanceof PgTransaction) {
    throw new Error('A catalogue write inside a transaction not opened by catalogTransaction: its change would be announced before the commit');
  }
  catalogChanged();
}
