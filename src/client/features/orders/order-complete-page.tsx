import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, Home, Info, Loader2, Package } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams, type LoaderFunction } from 'react-router';
import { OrderLines, orderItemLines } from '#client/components/cart/order-lines.tsx';
import { ContinueShoppingButton, OrderTotalsList } from '#client/components/cart/order-summary.tsx';
import { InvoiceLink, hasInvoice } from '#client/components/invoice-link.tsx';
import { OrderReadyBy } from '#client/components/order-ready-by.tsx';
import { PayButton, holdText, paymentStateText, paymentTone, paymentUnsettled } from '#client/components/order-payment.tsx';
import { CarrierDeliveryDetails } from '#client/components/carrier-delivery-details.tsx';
import { PickupBranchDetails } from '#client/components/pickup-branch-details.tsx';
import { TrackNumber } from '#client/components/track-number.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { RepeatOrderButton } from '#client/components/repeat-order-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { requireUser } from '#client/lib/guards.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { trackPurchase } from '#client/lib/analytics.ts';
import { orderQuery } from '#client/lib/orders.ts';
import { paths } from '#client/paths.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '#shared/constants.ts';
import { companyText } from '#shared/organizations.ts';
import { customerStatusLabel } from '#shared/delivery.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import type { OrderPayment } from '#shared/schemas/payments.ts';
import type { Order } from '#shared/types.ts';

const orderIdOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

export const meta: MetaFn = ({ params }) => ({
  title: params.id ? `Заказ № ${params.id}` : 'Заказ оформлен',
  noindex: true,
});

/** Needs a login (decisions.md): a visitor goes to /auth and comes back. The order is prefetched. */
export const loader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    if (params.id === undefined) return null;
    await requireUser(queryClient, request);
    const id = orderIdOf(params.id);
    // A failed load is the page's own state, not a route error: prefetch never throws.
    if (id) await queryClient.prefetchQuery(orderQuery(id));
    return null;
  };

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">{children}</div>;
}

function NoOrderId() {
  useEffect(() => {
    toast({ title: 'Номер заказа не указан', variant: 'destructive' });
  }, []);
  return (
    <Page>
      <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-4 py-16 text-center">
        <CircleAlert className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold">Номер заказа не указан</h1>
        <p className="max-w-md text-muted-foreground">Откройте заказ по ссылке из письма или из личного кабинета.</p>
        <Button asChild size="lg">
          <Link to={paths.home}>
            <Home aria-hidden />
            Вернуться на главную
          </Link>
        </Button>
      </div>
    </Page>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  useEffect(() => {
    toast({ title: 'Не удалось загрузить информацию о заказе', description: message, variant: 'destructive' });
  }, [message]);
  return (
    <Page>
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Не удалось загрузить информацию о заказе</AlertTitle>
        <AlertDescription>
          <p>{message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {onRetry && (
              <Button variant="outline" size="sm" onClick={onRetry}>
                Повторить
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link to={paths.profile}>Мои заказы</Link>
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    </Page>
  );
}

/** How long the return page keeps asking for the payment's outcome, and how often. */
const RETURN_WAIT_MS = 30_000;
const RETURN_CHECK_MS = 2_000;

/**
 * The online payment: its state, until when the order waits for it and «Оплатить» while it
 * can be paid. Back from YooKassa (`returned`) with no outcome yet, it says the payment is
 * being confirmed while the page asks again (`checking`), then what to do if it stays so.
 */
function PaymentPanel({ order, payment, returned, checking }: { order: Order; payment: OrderPayment; returned: boolean; checking: boolean }) {
  if (payment.state === 'not_configured') {
    return (
      <Alert className="mt-8">
        <Info aria-hidden />
        <AlertTitle>Онлайн оплата</AlertTitle>
        <AlertDescription>Ссылку на оплату мы отправим на {order.customerEmail} после подтверждения заказа менеджером.</AlertDescription>
      </Alert>
    );
  }
  const unsettled = paymentUnsettled(payment);
  if (returned && unsettled && checking) {
    return (
      <Alert className="mt-8" aria-live="polite">
        <Loader2 className="animate-spin" aria-hidden />
        <AlertTitle data-testid="payment-state">Подтверждаем оплату...</AlertTitle>
        <AlertDescription>Платёжная система сообщает магазину об оплате, обычно это занимает несколько секунд. Страница обновится сама.</AlertDescription>
      </Alert>
    );
  }
  const tone = paymentTone(payment);
  const Icon = tone === 'success' ? CircleCheck : tone === 'destructive' ? CircleAlert : tone === 'warning' ? Clock : Info;
  let details: ReactNode;
  if (payment.state === 'paid') details = `Мы получили оплату ${formatRub(payment.paidAmount)}. Спасибо!`;
  else if (payment.state === 'refunded' || payment.state === 'partially_refunded') {
    const what = payment.state === 'refunded' ? `Деньги (${formatRub(payment.refundedAmount)}) возвращены` : `Возвращено ${formatRub(payment.refundedAmount)} из ${formatRub(payment.paidAmount)}`;
    details = `${what} туда, откуда был оплачен заказ; срок зачисления зависит от банка.`;
  }
  else if (payment.state === 'waiting') details = 'Банк подтверждает платёж. Статус обновится автоматически.';
  else if (returned && unsettled) details = 'Банк ещё не подтвердил оплату. Если вы оплатили заказ, статус обновится в течение нескольких минут — обновите страницу позже. Если оплата не прошла, оплатите заказ ещё раз.';
  else if (payment.canPay) details = payment.state === 'canceled' ? 'Попробуйте оплатить ещё раз — картой или через СБП.' : 'Оплатите заказ картой или через СБП на странице ЮKassa.';
  else if (payment.state === 'canceled') details = 'Заказ не оплачен.';
  return (
    <Alert className="mt-8" variant={tone === 'default' ? 'default' : tone} role={tone === 'destructive' ? 'alert' : 'status'}>
      <Icon aria-hidden />
      <AlertTitle data-testid="payment-state">{paymentStateText(payment)}</AlertTitle>
      <AlertDescription className="grid gap-2">
        {details && <p>{details}</p>}
        {payment.canPay && payment.holdUntil && <p className="font-medium">{holdText(payment.holdUntil, order.createdAt)}</p>}
        {payment.canPay && <PayButton orderId={order.id} className="mt-1 justify-self-start max-sm:w-full" />}
      </AlertDescription>
    </Alert>
  );
}

function OrderDetails({ order, returned, checking }: { order: Order; returned: boolean; checking: boolean }) {
  // E-commerce "purchase" for the counters the visitor allowed (once per order and browser).
  useEffect(() => trackPurchase(order), [order]);
  return (
    <Page>
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success-muted">
          <CircleCheck className="size-9 text-success" aria-hidden />
        </span>
        <h1 className="text-3xl font-extrabold">Спасибо за заказ!</h1>
        <p className="text-lg">
          Заказ <strong data-testid="order-number">№ {order.id}</strong> оформлен {formatDateTime(order.createdAt)}
        </p>
        <p className="max-w-xl text-muted-foreground">
          Подтверждение отправлено на <span className="font-medium text-foreground">{order.customerEmail}</span>.{' '}
          {order.pickupBranch
            ? `Мы позвоним по телефону ${order.customerPhone}, когда заказ будет готов к выдаче в филиале.`
            : `Менеджер свяжется с вами по телефону ${order.customerPhone}, чтобы согласовать доставку.`}
        </p>
      </header>

      {order.payment && <PaymentPanel order={order} payment={order.payment} returned={returned} checking={checking} />}

      <div className="mt-8 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader className="pb-3 sm:pb-3">
            <CardTitle as="h2" className="flex items-center gap-2">
              <Package className="size-5 text-primary" aria-hidden />
              Состав заказа
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <OrderLines label="Товары заказа" lines={orderItemLines(order.items)} />
            <OrderTotalsList
              totals={{ ...order, delivery: order.delivery.price, total: order.totalAmount }}
              pickup={order.pickupBranch !== null}
              className="border-t pt-4"
            />
          </CardContent>
        </Card>

        <div className="grid gap-6">
          <Card>
            <CardHeader className="pb-3 sm:pb-3">
              <CardTitle as="h2">Заказ № {order.id}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <div>
                  <dt className="text-muted-foreground">Статус</dt>
                  <dd>
                    <Badge variant="secondary">{customerStatusLabel(order.status, order.deliveryMethod)}</Badge>
                  </dd>
                </div>
                {order.buyer.type === 'company' && (
                  <div>
                    <dt className="text-muted-foreground">Покупатель</dt>
                    <dd className="font-medium break-words">{companyText(order.buyer)}</dd>
                  </div>
                )}
                <div>
                  <dt className="text-muted-foreground">Способ оплаты</dt>
                  <dd className="font-medium">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Оплата</dt>
                  <dd className="font-medium">{order.payment ? paymentStateText(order.payment) : PAYMENT_STATUS_LABELS[order.paymentStatus]}</dd>
                </div>
              </dl>
              {hasInvoice(order) && <InvoiceLink orderId={order.id} className="mt-4 w-full" />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3 sm:pb-3">
              <CardTitle as="h2">{order.pickupBranch ? 'Самовывоз из филиала' : 'Доставка'}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {order.pickupBranch && <PickupBranchDetails branch={order.pickupBranch} />}
              <OrderReadyBy order={order} className="text-sm font-medium text-primary" />
              <address className="grid gap-1 text-sm not-italic">
                <span className="font-medium">{order.customerName}</span>
                <span>{order.customerPhone}</span>
                <span className="break-words">{order.customerEmail}</span>
              </address>
              {!order.pickupBranch && <CarrierDeliveryDetails delivery={order.delivery} city={order.city} address={order.address} postalCode={order.postalCode} />}
              {order.delivery.trackNumber && <TrackNumber trackNumber={order.delivery.trackNumber} className="text-sm" />}
              {order.notes && <p className="text-sm break-words text-muted-foreground">Комментарий: {order.notes}</p>}
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ContinueShoppingButton />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.profile}>Мои заказы</Link>
        </Button>
        <RepeatOrderButton orderId={order.id} ownerId={order.userId} size="lg" />
      </div>
    </Page>
  );
}

/** /order-complete/{id} (spec 2.9): the placed order for its owner (or staff). */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const returned = search.get('payment') === 'return';
  const id = orderIdOf(params.id);
  // Back from the payment page: the order is read again every few seconds until the payment
  // is settled or the wait is over (the server asks YooKassa when a pending order is read).
  const [openedAt] = useState(() => Date.now());
  const stillChecking = (data: Order | undefined, updatedAt: number) => returned && paymentUnsettled(data?.payment ?? null) && updatedAt - openedAt < RETURN_WAIT_MS;
  const order = useQuery({
    ...orderQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (stillChecking(query.state.data, query.state.dataUpdatedAt) ? RETURN_CHECK_MS : false),
  });

  if (params.id === undefined) return <NoOrderId />;
  if (id === null) return <LoadFailed message="Заказ не найден" />;
  if (order.data) return <OrderDetails order={order.data} returned={returned} checking={stillChecking(order.data, order.dataUpdatedAt)} />;
  if (order.isError) return <LoadFailed message={order.error.message} onRetry={() => void order.refetch()} />;
  return (
    <Page>
      <div className="flex min-h-60 items-center justify-center gap-3 text-muted-foreground">
        <Spinner label="Загрузка заказа..." />
        <span aria-hidden>Загрузка заказа...</span>
      </div>
    </Page>
  );
}
