/**
 * "The catalogue changed": announced by the catalogue's door (products/write/, once the
 * transaction of a products write commits), by the services that write categories and branches
 * once their write is done, and by the checkout after it took stock, so the caches derived from
 * the catalogue (answers, search) follow.
 */
const listeners = new Set<() => void>();

export function onCatalogChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogChanged(): void {
  for (const listener of listeners) listener();
}
