/**
 * "The catalogue changed": called after every product or category write, delete and import,
 * so cached public catalogue answers are dropped.
 */
const listeners = new Set<() => void>();

export function onCatalogChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogChanged(): void {
  for (const listener of listeners) listener();
}
