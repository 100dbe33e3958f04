import { useCartCount } from '#client/lib/cart.ts';
import { paths } from '#client/paths.ts';
import { CartCountBadge, CountLink } from './count-link.tsx';

/**
 * The cart's count reads the cart itself: the cart id and the cart come after hydration, and only
 * these small parts re-render then, not the whole shell.
 */
export function CartLink() {
  return <CountLink to={paths.cart} icon="shopping-cart" label="Корзина" count={useCartCount()} />;
}

export function CartBadge() {
  return <CartCountBadge count={useCartCount()} />;
}
