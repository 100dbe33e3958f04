import { useMutation, useMutationState } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { hasPrice } from '#shared/money.ts';
import type { Cart } from '#shared/types.ts';
import { apiRequest } from './api.ts';
import { CART_MUTATION, cartFailure, ensureCartId, useCartCache } from './cart.ts';

/**
 * What the cart page does to its lines (quantity, removal, clearing) and why a line cannot be
 * ordered: apart from cart.ts, which every page loads for the header's count and «В корзину».
 */

/** A change that failed says so and reads the cart again: the server's cart may differ from the page's. */
const failedAndReread = (cache: ReturnType<typeof useCartCache>, message: string) => (error: Error) => {
  cartFailure(message, error);
  void cache.refresh();
};

type LineVariables = { itemId: number; quantity: number };

/** PATCH /api/cart/items/{itemId}. */
export function useUpdateCartItem() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: [CART_MUTATION, 'update'],
    mutationFn: ({ itemId, quantity }: LineVariables) =>
      apiRequest<Cart>(`/api/cart/items/${itemId}`, { method: 'PATCH', body: { quantity, cartId: ensureCartId() } }),
    onSuccess: (cart) => cache.set(cart),
    onError: failedAndReread(cache, 'Не удалось обновить количество товара'),
  });
}

/** DELETE /api/cart/items/{itemId}; a line already gone counts as removed (spec 7). */
export function useRemoveCartItem() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: [CART_MUTATION, 'remove'],
    mutationFn: ({ itemId }: { itemId: number }) =>
      apiRequest<Cart | { alreadyDeleted: true }>(`/api/cart/items/${itemId}?cartId=${ensureCartId()}`, { method: 'DELETE' }),
    onSuccess: (result) => {
      if ('alreadyDeleted' in result) void cache.refresh();
      else cache.set(result);
      toast({ title: 'Товар удален', description: 'Товар был удален из вашей корзины' });
    },
    onError: failedAndReread(cache, 'Не удалось удалить товар из корзины'),
  });
}

/** DELETE /api/cart/{cartId}. */
export function useClearCart() {
  const cache = useCartCache();
  return useMutation({
    mutationKey: [CART_MUTATION, 'clear'],
    mutationFn: () => apiRequest<Cart>(`/api/cart/${ensureCartId()}`, { method: 'DELETE' }),
    onSuccess: (cart) => {
      if (cart && 'items' in cart) cache.set(cart);
      else void cache.refresh();
      toast({ title: 'Корзина очищена', description: 'Все товары удалены из корзины' });
    },
    onError: failedAndReread(cache, 'Не удалось очистить корзину'),
  });
}

/** Lines whose action is running (their buttons are locked) and whether the clear is running. */
export function useCartActivity(): { busyItemIds: ReadonlySet<number>; clearing: boolean } {
  const running = useMutationState({
    filters: { mutationKey: [CART_MUTATION], status: 'pending' },
    select: (m) => ({ kind: m.options.mutationKey?.[1], variables: m.state.variables as { itemId?: number } | undefined }),
  });
  const busyItemIds = new Set<number>();
  let clearing = false;
  for (const m of running) {
    if (m.kind === 'clear') clearing = true;
    if (typeof m.variables?.itemId === 'number') busyItemIds.add(m.variables.itemId);
  }
  return { busyItemIds, clearing };
}

/** Why a cart line cannot be ordered as it is (the server refuses it at checkout), or null. */
export function cartLineProblem(item: Cart['items'][number]): string | null {
  const { product, quantity } = item;
  if (!product.isActive) return 'Товар снят с продажи — удалите его из корзины';
  if (!hasPrice(product.price)) return 'Цена по запросу — этот товар нельзя заказать на сайте';
  const stock = product.stock ?? 0;
  if (stock <= 0) return 'Нет в наличии — удалите товар из корзины';
  if (quantity > stock) return `В наличии только ${stock} шт. — уменьшите количество`;
  return null;
}
