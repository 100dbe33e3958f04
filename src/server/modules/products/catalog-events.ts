/**
 * "The catalogue changed": announced by the services that write products and categories
 * (products/admin-service.ts, categories/admin-service.ts) once their write is done, and by the
 * checkout after it took stock, so the caches derived from the catalogue (answers, search) follow.
 */
const listeners = new Set<() => void>();

export function onCatalogChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogChanged(): void {
  for (const listener of listeners) listener();
}
