import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ArrowLeft, PauseCircle, ShoppingCart, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CartLoadError } from '#client/components/cart/cart-load-error.tsx';
import { OrderLines } from '#client/components/cart/order-lines.tsx';
import { OrderTotalsList, SummaryNotes } from '#client/components/cart/order-summary.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useCart } from '#client/lib/cart.ts';
import { cartLineProblem } from '#client/lib/cart-lines.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { paths } from '#client/paths.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
import type { DeliveryMethod, DeliveryOption } from '#shared/delivery.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Cart } from '#shared/types.ts';
import { cartPickupQuery } from './api.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { telHref } from '#client/lib/utils.ts';

export const meta: MetaFn = () => ({ title: 'Оформление заказа', noindex: true });


/** enableCheckout off: the page says so instead of offering a form the server would refuse. */
function CheckoutPaused({ shop }: { shop: ShopSettings }) {
  return (
    <Alert variant="warning" className="max-w-2xl">
      <PauseCircle aria-hidden />
      <AlertTitle>Приём заказов на сайте временно приостановлен</AlertTitle>
      <AlertDescription>
        <p>
          Оформить заказ через сайт сейчас нельзя. Позвоните нам по телефону{' '}
          <a href={telHref(shop.contactPhone)} className="whitespace-nowrap">{shop.contactPhone}</a> или напишите на{' '}
          <a href={`mailto:${shop.contactEmail}`}>{shop.contactEmail}</a> — менеджер примет заказ. Товары в корзине
          сохранятся.
        </p>
        <p>
          <Link to={paths.cart}>Вернуться в корзину</Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Prices first seen on this page, per product: when the refetched cart differs, the customer
 * is told before confirming (the order always uses the current prices).
 */
function usePriceChanges(cart: Cart | undefined) {
  const [seen] = useState(() => new Map<number, number | null>());
  const changes: Array<{ name: string; from: number | null; to: number | null }> = [];
  for (const item of cart?.items ?? []) {
    if (!seen.has(item.product.id)) continue;
    const before = seen.get(item.product.id)!;
    if (before !== item.product.price) changes.push({ name: item.product.name, from: before, to: item.product.price });
  }
  useEffect(() => {
    for (const item of cart?.items ?? []) if (!seen.has(item.product.id)) seen.set(item.product.id, item.product.price);
  }, [cart, seen]);
  return changes;
}

/** The order as it stands: lines, and the totals of the chosen way (pickup: no delivery cost). */
function CartReview({ cart, pickup, carrier, threshold }: { cart: Cart; pickup: CartPickup | undefined; carrier: DeliveryOption | undefined; threshold: number }) {
  const changes = usePriceChanges(cart);
  return (
    <Card className="lg:sticky lg:top-32">
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle as="h2">Ваш заказ</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {changes.length > 0 && (
          <Alert variant="warning">
            <TriangleAlert aria-hidden />
            <AlertTitle>Цены изменились</AlertTitle>
            <AlertDescription>
              {changes.map((c) => (
                <p key={c.name}>
                  «{c.name}»: было {hasPrice(c.from) ? formatRub(c.from) : 'по запросу'}, стало {hasPrice(c.to) ? formatRub(c.to) : 'по запросу'}
                </p>
              ))}
              <p>Заказ будет оформлен по текущим ценам — проверьте сумму.</p>
            </AlertDescription>
          </Alert>
        )}
        <OrderLines
          label="Товары заказа"
          lines={cart.items.map((item) => ({
            id: item.id,
            name: item.product.name,
            // No links here: the customer stays on the checkout page.
            slug: null,
            quantity: item.quantity,
            unitPrice: item.product.price,
            retailUnitPrice: item.product.retailPrice,
            total: item.totalPrice,
            problem: cartLineProblem(item),
          }))}
        />
        <OrderTotalsList
          totals={pickup ?? (carrier ? { ...cart, delivery: carrier.price, total: carrier.total, vatInTotal: carrier.vatInTotal } : cart)}
          pickup={Boolean(pickup)}
          className="border-t pt-4"
        />
        <Button asChild variant="link" className="justify-self-start">
          <Link to={paths.cart}>
            <ArrowLeft aria-hidden />
            Изменить корзину
          </Link>
        </Button>
        <SummaryNotes freeDeliveryThreshold={threshold} />
      </CardContent>
    </Card>
  );
}

/** Checkout (spec 2.8): open to visitors; placing the order needs a login (the dialog). */
export function Component() {
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const cart = useCart();
  const placed = useRef(false);
  const isEmpty = cart.data !== undefined && cart.data.items.length === 0;
  const threshold = settings.shop.freeDeliveryThreshold;
  const [method, setMethod] = useState<DeliveryMethod>('delivery');
  const [carrier, setCarrier] = useState<DeliveryOption | undefined>(undefined);
  const onDeliveryChange = useCallback((next: DeliveryMethod, option: DeliveryOption | undefined) => {
    setMethod(next);
    setCarrier(option);
  }, []);
  const pickup = useQuery(cartPickupQuery(cart.cartId ?? '', method === 'pickup' && cart.cartId !== null));
  const pickupTotals = method === 'pickup' ? pickup.data : undefined;

  useEffect(() => {
    if (isEmpty && !placed.current && settings.shop.enableCheckout) {
      toast({ title: 'Корзина пуста', description: 'Добавьте товары в корзину перед оформлением заказа', variant: 'destructive' });
    }
  }, [isEmpty, settings.shop.enableCheckout]);

  let body;
  if (!settings.shop.enableCheckout) {
    body = <CheckoutPaused shop={settings.shop} />;
  } else if (cart.isError && !cart.data) {
    body = <CartLoadError onRetry={() => void cart.refetch()} />;
  } else if (!cart.data) {
    body = (
      <div className="flex min-h-60 items-center justify-center gap-3 text-muted-foreground">
        <Spinner label="Загрузка корзины..." />
        <span aria-hidden>Загрузка корзины...</span>
      </div>
    );
  } else if (isEmpty) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-4 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-muted">
          <ShoppingCart className="size-8 text-muted-foreground" aria-hidden />
        </span>
        <h2 className="text-xl font-bold">Корзина пуста</h2>
        <p className="max-w-md text-muted-foreground">Добавьте товары в корзину перед оформлением заказа.</p>
        <Button asChild size="lg">
          <Link to={paths.home}>Перейти к покупкам</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="order-2 lg:order-1">
          <CheckoutForm cart={cart.data} pickup={pickupTotals} onDeliveryChange={onDeliveryChange} onPlaced={() => (placed.current = true)} />
        </div>
        <div className="order-1 lg:order-2">
          <CartReview cart={cart.data} pickup={pickupTotals} carrier={carrier} threshold={threshold} />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Корзина', to: paths.cart }, { label: 'Оформление заказа' }]} />
      <h1 className="mt-4 mb-6 text-3xl font-extrabold">Оформление заказа</h1>
      {body}
    </div>
  );
}
