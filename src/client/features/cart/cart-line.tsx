import { CircleAlert, Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { cartLineProblem } from '#client/lib/cart.ts';
import { paths } from '#client/paths.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { formatRub } from '#shared/money.ts';
import type { CartItem } from '#shared/types.ts';

const PLACEHOLDER = '/placeholder-product.svg';

export type CartLineProps = {
  item: CartItem;
  /** The line's own action or the clear is running: its buttons are locked. */
  locked: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
};

/** One line of spec 2.7: picture, name, short text, line total, − and +, unit price 'за шт.', remove. */
export function CartLine({ item, locked, onQuantity, onRemove }: CartLineProps) {
  const { product, quantity } = item;
  const [imageFailed, setImageFailed] = useState(false);
  const price = product.price ?? 0;
  const stock = product.stock ?? 0;
  const problem = cartLineProblem(item);
  const canIncrease = product.isActive && product.price !== null && quantity < Math.min(stock, CART_QUANTITY_MAX);

  return (
    <li className="flex gap-3 py-4 sm:gap-5" aria-busy={locked || undefined} data-testid="cart-line">
      <Link
        to={paths.product(product.slug)}
        className="size-20 shrink-0 overflow-hidden rounded-md border bg-white sm:size-24"
        tabIndex={-1}
        aria-hidden
      >
        <img
          src={imageFailed || !product.imageUrl ? PLACEHOLDER : product.imageUrl}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          onError={() => setImageFailed(true)}
          className="size-full object-contain p-1"
        />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={paths.product(product.slug)} className="line-clamp-2 font-semibold break-words hover:text-primary hover:underline">
              {product.name}
            </Link>
            {product.shortDescription && (
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{product.shortDescription}</p>
            )}
          </div>
          <p className="shrink-0 text-right font-bold whitespace-nowrap tabular-nums" aria-label={`Сумма: ${formatRub(price * quantity)}`}>
            {formatRub(price * quantity)}
          </p>
        </div>

        {problem && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-destructive" role="note">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {problem}
          </p>
        )}

        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <div className="flex items-center rounded-md border" role="group" aria-label={`Количество: ${product.name}`}>
              <Button
                variant="ghost"
                size="icon-sm"
                className="rounded-r-none"
                aria-label="Уменьшить количество"
                disabled={locked || quantity <= 1}
                onClick={() => onQuantity(quantity - 1)}
              >
                <Minus aria-hidden />
              </Button>
              <span className="min-w-10 px-1 text-center font-semibold tabular-nums" aria-live="polite" data-testid="cart-line-quantity">
                {quantity}
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                className="rounded-l-none"
                aria-label="Увеличить количество"
                disabled={locked || !canIncrease}
                onClick={() => onQuantity(quantity + 1)}
              >
                <Plus aria-hidden />
              </Button>
            </div>
            {product.price !== null && (
              <span className="text-sm whitespace-nowrap text-muted-foreground">{formatRub(price)} за шт.</span>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            disabled={locked}
            onClick={onRemove}
            aria-label={`Удалить «${product.name}» из корзины`}
          >
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">Удалить</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
