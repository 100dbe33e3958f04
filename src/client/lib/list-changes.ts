import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '#client/components/ui/toast-store.ts';
import type { ListKind, ListsSummary } from '#shared/product-lists.ts';
import { apiRequest } from './api.ts';
import { listsQuery } from './lists.ts';

const EMPTY_LISTS: ListsSummary = { favorites: [], compare: [] };

export const useLists = (): ListsSummary => useQuery(listsQuery()).data ?? EMPTY_LISTS;

/** A list page's products query key: refreshed after each change of that list. */
export const listProductsKey = (kind: ListKind) => ['lists', kind] as const;

/**
 * Changes made and not answered yet, per query client. Each answer is the lists as the server had
 * them when it took that change, so the first of two quick changes is answered without the
 * second: its answer must not take the second product back off the counter.
 */
const unanswered = new WeakMap<QueryClient, { count: number; overlapped: boolean }>();

/**
 * The browser's list changes go to the server one after another. A first visit has no `visitor`
 * cookie until its first change is answered: a second change sent meanwhile made a second
 * visitor, whose cookie replaced the first, and the first product was lost (a heart, then two
 * «Сравнить» tapped quickly).
 */
let lastChange: Promise<unknown> = Promise.resolve();
function inTurn<T>(send: () => Promise<T>): Promise<T> {
  const sent = lastChange.then(send);
  lastChange = sent.catch(() => undefined);
  return sent;
}

/**
 * Adds or removes the product: the change shows at once and is taken back with a toast when
 * the server refuses it (a full list, a product gone); the list's page follows the answer. While
 * other changes are on their way the shown lists stay as changed here; once the last is answered
 * they are the server's: that answer when it was the only one, else read again.
 */
export function toggleListed(queryClient: QueryClient, kind: ListKind, productId: number, listed: boolean) {
  const key = listsQuery().queryKey;
  const before = queryClient.getQueryData(key) ?? EMPTY_LISTS;
  const others = before[kind].filter((id) => id !== productId);
  queryClient.setQueryData(key, { ...before, [kind]: listed ? others : [...others, productId] });
  const changes = unanswered.get(queryClient) ?? { count: 0, overlapped: false };
  changes.count += 1;
  changes.overlapped ||= changes.count > 1;
  unanswered.set(queryClient, changes);
  const settle = (answer: ListsSummary) => {
    changes.count -= 1;
    if (changes.count > 0) return;
    unanswered.delete(queryClient);
    // Overlapping changes may be of both lists: the counters and every list page are read again.
    if (changes.overlapped) return void queryClient.invalidateQueries({ queryKey: key });
    queryClient.setQueryData(key, answer);
    void queryClient.invalidateQueries({ queryKey: listProductsKey(kind) });
  };
  inTurn(() =>
    apiRequest<ListsSummary>(
      listed ? `/api/lists/${kind}/${productId}` : `/api/lists/${kind}`,
      listed ? { method: 'DELETE' } : { method: 'POST', body: { productId } },
    ),
  ).then(settle, (error: Error) => {
    toast({ title: 'Ошибка', description: error.message, variant: 'destructive' });
    settle(before);
  });
}

/** Whether the product is in the list, and its toggle. */
export function useListToggle(kind: ListKind, productId: number): [boolean, () => void] {
  const queryClient = useQueryClient();
  const listed = useLists()[kind].includes(productId);
  return [listed, () => toggleListed(queryClient, kind, productId, listed)];
}

/** The key the old hearts kept their ids under in this browser. */
const LEGACY_KEY = 'favorites';

function readLegacyFavorites(): unknown {
  try {
    const raw = localStorage.getItem(LEGACY_KEY);
    localStorage.removeItem(LEGACY_KEY);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null; // storage disabled or the value unreadable: nothing to send
  }
}

/**
 * Favourites this browser kept in localStorage before they moved to the server: sent once on the
 * first load with the script (the key goes first, so never twice), then the lists are read again.
 */
export function useLegacyFavorites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ids = readLegacyFavorites();
    if (!Array.isArray(ids)) return;
    void (async () => {
      for (const productId of ids.filter(Number.isInteger)) {
        // A product gone from the shop, or a full list: the rest still go.
        await inTurn(() => apiRequest('/api/lists/favorites', { method: 'POST', body: { productId } })).catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: listsQuery().queryKey });
    })();
  }, [queryClient]);
}
