import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Cart } from '#shared/types.ts';
import { cartQueryKey, putCart } from './cart.ts';

const CART_ID = '6f1c2f3e-8a5b-4c4d-9e7f-0a1b2c3d4e5f';
const cartWith = (quantity: number) => ({ cartId: CART_ID, itemCount: quantity }) as unknown as Cart;

describe('putCart', () => {
  it('keeps the changed cart when a read that started before the change answers after it', async () => {
    const queryClient = new QueryClient();
    let answerOldRead: (cart: Cart) => void = () => {};
    // The cart page's refetch on mount: under way, to answer with the cart as it was.
    const oldRead = queryClient.fetchQuery({ queryKey: cartQueryKey(CART_ID), queryFn: () => new Promise<Cart>((resolve) => (answerOldRead = resolve)) }).catch(() => null);

    await putCart(queryClient, cartWith(2));
    answerOldRead(cartWith(1));
    await oldRead;

    expect(queryClient.getQueryData<Cart>(cartQueryKey(CART_ID))?.itemCount).toBe(2);
  });
});
