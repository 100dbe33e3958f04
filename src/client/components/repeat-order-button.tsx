import { useMutation, useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { apiRequest } from '#client/lib/api.ts';
import { ensureCartId, useCartCache, useCartId } from '#client/lib/cart.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { paths } from '#client/paths.ts';
import { pluralRu } from '#shared/plural.ts';
import { cartLinesNotes, type CartLinesResult } from '#shared/schemas/sku-list.ts';

/** A notice with what was left out stays longer than the usual toast: there is more to read. */
const NOTES_TOAST_MS = 12_000;

/** POST /api/orders/{id}/repeat with the browser's cart; the header's count follows the answer's cart. */
function useRepeatOrder(orderId: number) {
  const cache = useCartCache();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<CartLinesResult>(`/api/orders/${orderId}/repeat`, { method: 'POST', body: { cartId: ensureCartId() } }),
    onSuccess: (result) => {
      cache.set(result.cart);
      const count = result.added.length;
      const notes = cartLinesNotes(result);
      toast({
        title: count > 0 ? `Добавлено в корзину: ${count} ${pluralRu(count, 'товар', 'товара', 'товаров')}` : 'Ничего не добавлено в корзину',
        description: notes.length > 0 ? notes.join('. ') : 'Товары заказа в корзине по сегодняшним ценам',
        variant: count > 0 ? 'success' : 'destructive',
        duration: notes.length > 0 ? NOTES_TOAST_MS : undefined,
        action: count > 0 ? { label: 'В корзину', altText: 'Перейти в корзину', onClick: () => navigate(paths.cart) } : undefined,
      });
    },
    onError: (error) => toast({ title: 'Ошибка', description: `Не удалось повторить заказ. ${error.message}`, variant: 'destructive' }),
  });
}

/**
 * «Повторить заказ»: the order's lines back in the cart at today's prices, for the customer who
 * placed it (staff looking at a customer's order do not see it). It needs the browser's cart,
 * so it waits for the page's script.
 */
export function RepeatOrderButton({ orderId, ownerId, ...props }: { orderId: number; ownerId: number | null } & Pick<ButtonProps, 'size' | 'className'>) {
  const { data: user } = useQuery(sessionQuery());
  const ready = useCartId() !== null;
  const repeat = useRepeatOrder(orderId);
  if (!user || user.id !== ownerId) return null;
  return (
    <Button variant="outline" disabled={!ready || repeat.isPending} aria-busy={repeat.isPending || undefined} onClick={() => repeat.mutate()} {...props}>
      <RotateCcw aria-hidden />
      {repeat.isPending ? 'Добавление...' : 'Повторить заказ'}
    </Button>
  );
}
