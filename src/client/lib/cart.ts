import { queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError, apiRequest } from './api.ts';
import { putQueryData } from './query-client.ts';
import type { Cart } from '#shared/types.ts';

/**
 * The cart of spec 3/4: a random UUID v4 kept in localStorage under `cartId`, so a visitor has a
 * cart without an account. The id is read or created only in effects and handlers; the server
 * render (which cannot know it) and the first client render show no cart, the counts appear
 * after mount, so hydration never mismatches.
 */
export const CART_STORAGE_KEY = 'cartId';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** crypto.randomUUID, or the same from crypto.getRandomValues where randomUUID is missing (plain http). */
function newCartId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let currentCartId: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The browser's cart id, read from localStorage or created. Only in effects and event handlers. */
export function ensureCartId(): string {
  if (currentCartId) return currentCartId;
  let id: string | null = null;
  try {
    id = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode settings): the cart lives for this page view.
  }
  if (!id || !UUID_V4.test(id)) {
    id = newCartId();
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, id);
    } catch {
      // see above
    }
  }
  currentCartId = id;
  for (const listener of listeners) listener();
  return id;
}

/** The cart id once the component has mounted in the browser; null on the server and at hydration. */
export function useCartId(): string | null {
  const id = useSyncExternalStore(subscribe, () => currentCartId, () => null);
  useEffect(() => {
    ensureCartId();
  }, []);
  return id;
}

export const cartQueryKey = (cartId: string | null) => ['cart', cartId] as const;

/** GET /api/cart/{cartId}: always refetched on mount, so the cart and checkout show current prices. */
export const cartQuery = (cartId: string | null) =>
  queryOptions({
    queryKey: cartQueryKey(cartId),
    queryFn: cartId ? ({ signal, client }) => apiRequest<Cart>(`/api/cart/${cartId}`, { signal, client }) : skipToken,
    staleTime: 0,
  });

/** The cart (client-only data). `isPending` stays true until the id is known and the cart loaded. */
export function useCart() {
  const cartId = useCartId();
  const query = useQuery(cartQuery(cartId));
  return { ...query, cartId };
}

/**
 * Units in the cart for the header and the mobile bar: 0 until mounted and loaded. Only the count is
 * read, so the badge alone re-renders when the cart id appears and the cart arrives after hydration.
 */
export function useCartCount(): number {
  const cartId = useCartId();
  return useQuery({ ...cartQuery(cartId), select: (cart) => cart.itemCount }).data ?? 0;
}

/** The key every cart mutation starts with: the cart page locks a line while its change runs. */
export const CART_MUTATION = 'cart';

/** The spec's failure text, with the server's reason when it has one the customer can act on. */
export function cartFailure(description: string, error: Error) {
  const reason = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : '';
  toast({ title: 'Ошибка', description: reason ? `${description}. ${reason}` : description, variant: 'destructive' });
}

/** The cart as a change answered it (a read of the cart under way, such as the page's refetch on mount, is dropped). */
export const putCart = (queryClient: QueryClient, cart: Cart) => putQueryData(queryClient, cartQueryKey(cart.cartId), cart);

export function useCartCache() {
  const queryClient = useQueryClient();
  return {
    set: (cart: Cart) => putCart(queryClient, cart),
    refresh: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  };
}

type AddVariables = { productId: number; quantity?: number };

/** POST /api/cart/items with the spec's toasts; `onAdded` runs after the cart is updated. */
export function useAddToCart(options: { onAdded?: (cart: Cart) => void } = {}) {
  const cache = useCartCache();
  return useMutation({
    mutationKey: [CART_MUTATION, 'add'],
    mutationFn: ({ productId, quantity = 1 }: AddVariables) =>
      apiRequest<Cart>('/api/cart/items', { method: 'POST', body: { cartId: ensureCartId(), productId, quantity } }),
    onSuccess: (cart, { productId, quantity = 1 }) => {
      cache.set(cart);
      const line = cart.items.find((item) => item.product.id === productId);
      // Analytics code loads with the first purchase intent, not with every page.
      if (line) void import('./analytics.ts').then((a) => a.trackAddToCart(line.product, quantity));
      toast({ title: 'Добавлено в корзину', description: 'Товар успешно добавлен в вашу корзину', variant: 'success' });
      options.onAdded?.(cart);
    },
    onError: (error) => {
      cartFailure('Не удалось добавить товар в корзину', error);
      void cache.refresh();
    },
  });
}
