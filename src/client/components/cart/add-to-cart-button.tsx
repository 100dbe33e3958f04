import { Icon } from '#client/components/ui/icon.tsx';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useAddToCart } from '#client/lib/cart.ts';
import { paths } from '#client/paths.ts';
import { hasPrice } from '#shared/money.ts';

/** What the button needs to know about a product to decide whether it can be bought. */
export type BuyableProduct = { id: number; price: number | null; stock: number | null; isActive?: boolean };

export type AddToCartButtonProps = {
  product: BuyableProduct;
  /** 'card' is compact for product cards; 'page' is the large button of the product page. */
  size?: 'card' | 'page';
  /** 'Купить сейчас': add, then go to /checkout. */
  buyNow?: boolean;
  className?: string;
};

/**
 * Adds one unit to the cart with the spec's toasts. Out of stock (stock 0 or null) or inactive:
 * disabled 'Нет в наличии'. Price on request: 'Запросить цену', a link to the contacts page
 * (decisions.md); its 'Купить сейчас' twin is disabled. 'Купить сейчас' adds, then opens /checkout.
 */
export function AddToCartButton({ product, size = 'card', buyNow = false, className }: AddToCartButtonProps) {
  const navigate = useNavigate();
  const add = useAddToCart({ onAdded: buyNow ? () => navigate(paths.checkout) : undefined });
  const inStock = (product.stock ?? 0) > 0 && product.isActive !== false;
  const priced = hasPrice(product.price);
  const buttonSize = size === 'page' ? 'lg' : 'sm';

  if (!priced && !buyNow) {
    return (
      <Button asChild size={buttonSize} variant="outline" className={className}>
        <Link to={paths.contacts}>
          <Icon name="message-square" />
          Запросить цену
        </Link>
      </Button>
    );
  }

  const disabled = !inStock || !priced || add.isPending;
  const label = buyNow ? 'Купить сейчас' : inStock ? 'Добавить в корзину' : 'Нет в наличии';
  return (
    <Button
      size={buttonSize}
      variant={buyNow ? 'outline' : 'default'}
      disabled={disabled}
      aria-busy={add.isPending || undefined}
      onClick={(event) => {
        // A card may sit inside a link to the product: the click adds, it does not navigate.
        event.preventDefault();
        add.mutate({ productId: product.id, quantity: 1 });
      }}
      className={className}
    >
      {add.isPending ? <Icon name="loader-circle" className="animate-spin" /> : buyNow ? <Icon name="zap" /> : <Icon name="shopping-cart" />}
      {label}
    </Button>
  );
}
