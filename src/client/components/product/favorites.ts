import { useCallback, useSyncExternalStore } from 'react';

/** Favourite products, remembered in this browser (decisions.md): ids under one localStorage key. */
const KEY = 'favorites';
let cache: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();

function read(): ReadonlySet<number> {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    cache = new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
  } catch {
    cache = new Set();
  }
  return cache;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    cache = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function toggle(id: number) {
  const next = new Set(read());
  if (next.has(id)) next.delete(id);
  else next.add(id);
  cache = next;
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...next]));
  } catch {
    // Storage full or disabled: the heart still works for this visit.
  }
  for (const listener of listeners) listener();
}

/** Whether the product is a favourite, and a toggle; the server renders every heart empty. */
export function useFavorite(id: number): [boolean, () => void] {
  const favorite = useSyncExternalStore(
    subscribe,
    () => read().has(id),
    () => false,
  );
  return [favorite, useCallback(() => toggle(id), [id])];
}
