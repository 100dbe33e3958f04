import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowLeft, ListPlus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { CartLoadError } from '#client/components/cart/cart-load-error.tsx';
import { ContinueShoppingButton, OrderSummary } from '#client/components/cart/order-summary.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCart } from '#client/lib/cart.ts';
import { cartLineProblem, useCartActivity, useClearCart, useRemoveCartItem, useUpdateCartItem } from '#client/lib/cart-lines.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { paths } from '#client/paths.ts';
import { CartLine } from './cart-line.tsx';

export const meta: MetaFn = () => ({ title: 'Корзина', noindex: true });

function ContinueShopping({ className }: { className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <Link to={paths.home}>
        <ArrowLeft aria-hidden />
        Продолжить покупки
      </Link>
    </Button>
  );
}

/** Many SKUs at once: «Заказ по артикулам». */
function OrderBySkuLink({ className, size }: { className?: string; size?: 'lg' }) {
  return (
    <Button asChild variant="outline" size={size} className={className}>
      <Link to={paths.orderBySku}>
        <ListPlus aria-hidden />
        Заказ по артикулам
      </Link>
    </Button>
  );
}

/** The cart (spec 2.7): client-only data, so the server renders the loading state. */
export function Component() {
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const cart = useCart();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const { busyItemIds, clearing } = useCartActivity();
  const threshold = settings.shop.freeDeliveryThreshold;

  let body;
  if (cart.isError && !cart.data) {
    body = <CartLoadError onRetry={() => void cart.refetch()} />;
  } else if (!cart.data) {
    body = (
      <div className="flex min-h-60 items-center justify-center gap-3 text-muted-foreground" role="status">
        <Spinner label="Загрузка корзины..." />
        <span aria-hidden>Загрузка корзины...</span>
      </div>
    );
  } else if (cart.data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-4 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-muted">
          <ShoppingCart className="size-8 text-muted-foreground" aria-hidden />
        </span>
        <h2 className="text-xl font-bold">Ваша корзина пуста</h2>
        <p className="max-w-md text-muted-foreground">
          Загляните в каталог: товары, которые вы добавите, сохранятся в корзине в этом браузере.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <ContinueShoppingButton />
          <OrderBySkuLink size="lg" />
        </div>
      </div>
    );
  } else {
    const { items, itemCount } = cart.data;
    const blocked = items.some((item) => cartLineProblem(item) !== null);
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 border-b py-3 sm:py-4">
              <CardTitle as="h2">Товары ({itemCount})</CardTitle>
              <Button
                variant="ghost"
                size="sm"
                className="text-muted-foreground hover:text-destructive"
                disabled={clearing}
                onClick={() => clear.mutate()}
              >
                <Trash2 aria-hidden />
                {clearing ? 'Очистка...' : 'Очистить корзину'}
              </Button>
            </CardHeader>
            <CardContent className="py-0 sm:py-0">
              <ul className="divide-y" aria-label="Товары в корзине">
                {items.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    locked={clearing || busyItemIds.has(item.id)}
                    onQuantity={(quantity) => update.mutate({ itemId: item.id, quantity })}
                    onRemove={() => remove.mutate({ itemId: item.id })}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
          <div className="flex flex-wrap gap-3">
            <ContinueShopping className="w-full sm:w-fit" />
            <OrderBySkuLink className="w-full sm:w-fit" />
          </div>
        </div>

        <OrderSummary totals={cart.data} freeDeliveryThreshold={threshold} className="lg:sticky lg:top-32">
          {blocked && (
            <p className="text-sm font-medium text-destructive" role="note">
              Некоторые товары недоступны в нужном количестве. Измените количество или удалите их, чтобы оформить заказ.
            </p>
          )}
          {blocked ? (
            <Button size="lg" className="w-full" disabled>
              Оформить заказ
            </Button>
          ) : (
            <Button asChild size="lg" className="w-full">
              <Link to={paths.checkout}>Оформить заказ</Link>
            </Button>
          )}
        </OrderSummary>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Корзина' }]} />
      <h1 className="mt-4 mb-6 text-3xl font-extrabold">Корзина</h1>
      {body}
    </div>
  );
}
