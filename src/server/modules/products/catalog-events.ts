/**
 * "The catalogue changed": announced by the catalogue's door (products/write/, once the
 * transaction of a products write commits) and by the services that write categories and branches
 * once their write is done; "these products' stock changed" by the checkout after it took stock.
 * The caches derived from the catalogue (answers, search) follow.
 */

/**
 * What changed: anything (`catalogue`), or only the stock and sales counts of these products
 * (`stock`: an order took them), which leaves the answers that do not show them as they were.
 */
export type CatalogChange = { kind: 'catalogue' } | { kind: 'stock'; productIds: readonly number[] };

const listeners = new Set<(change: CatalogChange) => void>();

export function onCatalogChange(listener: (change: CatalogChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogChanged(): void {
  tell({ kind: 'catalogue' });
}

/** An order took (or gave back) these products' stock: nothing else of theirs changed. */
export function catalogStockChanged(productIds: readonly number[]): void {
  tell({ kind: 'stock', productIds });
}

function tell(change: CatalogChange) {
  for (const listener of listeners) listener(change);
}
