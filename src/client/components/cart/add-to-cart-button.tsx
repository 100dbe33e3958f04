import { ShoppingCart } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

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

/** Present but disabled until the cart is connected (the cart issue makes it work). */
export function AddToCartButton({ product, size = 'card', buyNow = false, className }: AddToCartButtonProps) {
  const inStock = (product.stock ?? 0) > 0;
  return (
    <Button size={size === 'page' ? 'lg' : 'sm'} variant={buyNow ? 'outline' : 'default'} disabled className={className}>
      {!buyNow && <ShoppingCart aria-hidden />}
      {buyNow ? 'Купить сейчас' : inStock ? 'Добавить в корзину' : 'Нет в наличии'}
    </Button>
  );
}
