import { CircleAlert, Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { cartLineProblem } from '#client/lib/cart-lines.ts';
import { paths } from '#client/paths.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
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
  const stock = product.stock ?? 0;
  const problem = cartLineProblem(item);
  const canIncrease = product.isActive && hasPrice(product.price) && quantity < Math.min(stock, CART_QUANTITY_MAX);

  return (
    <li
      className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-x-3 gap-y-3 py-4 sm:grid-cols-[6rem_minmax(0,1fr)] sm:gap-x-5"
      aria-busy={locked || undefined}
      data-testid="cart-line"
    >
      <Link
        to={paths.product(product.slug)}
        className="size-16 overflow-hidden rounded-md border bg-white sm:row-span-2 sm:size-24"
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

      <div className="grid min-w-0 gap-1">
        <Link to={paths.product(product.slug)} className="line-clamp-2 font-semibold break-words hover:text-primary hover:underline">
          {product.name}
        </Link>
        {product.shortDescription && <p className="line-clamp-2 text-sm text-muted-foreground">{product.shortDescription}</p>}
        {hasPrice(product.price) && (
          <p className="text-sm whitespace-nowrap text-muted-foreground">
            {product.retailPrice !== null && <span className="font-semibold text-primary">Ваша цена </span>}
            <span className="font-medium text-foreground">{formatRub(product.price)}</span> за шт.
          </p>
        )}
        {product.retailPrice !== null && hasPrice(product.price) && (
          <p className="text-xs text-muted-foreground">
            Розничная цена: <span className="tabular-nums">{formatRub(product.retailPrice)}</span>
          </p>
        )}
        {problem && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-destructive" role="note">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {problem}
          </p>
        )}
      </div>

      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:col-start-2">
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
        <div className="flex items-center gap-1 sm:gap-3">
          <p className="text-lg font-bold whitespace-nowrap tabular-nums" data-testid="cart-line-total">
            <span className="sr-only">Сумма: </span>
            {formatRub(item.totalPrice)}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="px-2 text-muted-foreground hover:text-destructive sm:px-3"
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
