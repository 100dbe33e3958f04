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

/**
 * One announcement for several transactions (an import file of many batches, a re-apply of the
 * rules): each committed transaction given it marks it, and `done()` announces once at the end,
 * as these callers always did. Every change made live costs the search index a look at its
 * change feed, so a long run announcing per batch would have the index read its feed after every batch.
 */
export class CatalogAnnouncement {
  changed = false;

  done(): void {
    if (!this.changed) return;
    this.changed = false;
    catalogChanged();
  }
}

/** Transactions opened by catalogTransaction, with whether a door write ran in them. */
const scopes = new WeakMap<object, Scope>();

/**
 * Runs `work` in one transaction; the catalogue writes made in it (through this door) are
 * announced once, after the commit (or marked on `announcement`, announced by its `done()`). Inside another catalogTransaction it is a savepoint of that
 * one, announced with the outer commit.
 */
export async function catalogTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>, announcement?: CatalogAnnouncement): Promise<T> {
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
  if (outer || !scope.changed) return result;
  if (announcement) announcement.changed = true;
  else catalogChanged();
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
