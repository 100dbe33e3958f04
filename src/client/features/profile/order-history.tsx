import { orderReadyByText } from '#shared/transfers.ts';
import { useQuery } from '@tanstack/react-query';
import { PackageOpen } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CarrierDeliveryDetails } from '#client/components/carrier-delivery-details.tsx';
import { OrderLines, orderItemLines } from '#client/components/cart/order-lines.tsx';
import { InvoiceLink, hasInvoice } from '#client/components/invoice-link.tsx';
import { PayButton, holdText, paymentStateText } from '#client/components/order-payment.tsx';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { RepeatOrderButton } from '#client/components/repeat-order-button.tsx';
import { TrackNumber } from '#client/components/track-number.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { AccountList } from './account-list.tsx';
import { myOrdersQuery } from './api.ts';
import { paths } from '#client/paths.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '#shared/constants.ts';
import { companyText } from '#shared/organizations.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import type { Order } from '#shared/types.ts';

const LOAD_ERROR = 'Не удалось загрузить историю заказов';

function OrderCard({ order }: { order: Order }) {
  const units = order.items.reduce((sum, i) => sum + i.quantity, 0);
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b bg-muted/40">
        <div>
          <CardTitle as="h3">
            <Link to={paths.orderComplete(order.id)} className="hover:text-primary hover:underline">
              Заказ № {order.id}
            </Link>
          </CardTitle>
          <p className="text-sm text-muted-foreground">{formatDateTime(order.createdAt)}</p>
        </div>
        <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
      </CardHeader>
      <CardContent className="grid gap-3 pt-4 sm:pt-4">
        <OrderLines label={`Товары заказа № ${order.id}`} lines={orderItemLines(order.items)} />
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          {order.buyer.type === 'company' && (
            <div className="sm:col-span-2">
              <dt className="inline text-muted-foreground">Покупатель: </dt>
              <dd className="inline break-words">{companyText(order.buyer)}</dd>
            </div>
          )}
          <div>
            <dt className="inline text-muted-foreground">Оплата: </dt>
            <dd className="inline">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">Статус оплаты: </dt>
            <dd className="inline" data-testid="order-payment-state">
              {order.payment ? paymentStateText(order.payment) : PAYMENT_STATUS_LABELS[order.paymentStatus]}
            </dd>
          </div>
          {order.payment?.canPay && order.payment.holdUntil && (
            <div className="sm:col-span-2">
              <dt className="sr-only">Срок оплаты</dt>
              <dd className="font-medium">{holdText(order.payment.holdUntil, order.createdAt)}</dd>
            </div>
          )}
          {order.pickupBranch ? (
            <div className="sm:col-span-2">
              <dt className="inline text-muted-foreground">Самовывоз: </dt>
              <dd className="inline">
                {order.pickupBranch.city}, {order.pickupBranch.address}
              </dd>
              {orderReadyByText(order) && (
                <dd className="font-medium text-primary" data-testid="order-ready-by">
                  {orderReadyByText(order)}
                </dd>
              )}
            </div>
          ) : (
            <div className="sm:col-span-2">
              <dt className="sr-only">Доставка</dt>
              <dd>
                <CarrierDeliveryDetails delivery={order.delivery} city={order.city} address={order.address} postalCode={order.postalCode} />
              </dd>
            </div>
          )}
          {order.delivery.trackNumber && (
            <div className="sm:col-span-2">
              <dt className="sr-only">Отслеживание</dt>
              <dd>
                <TrackNumber trackNumber={order.delivery.trackNumber} />
              </dd>
            </div>
          )}
        </dl>
      </CardContent>
      <CardFooter className="flex flex-wrap items-center justify-between gap-3 border-t pt-4 sm:pt-4">
        <span className="text-sm text-muted-foreground">
          {units} {pluralRu(units, 'товар', 'товара', 'товаров')}
        </span>
        <span className="flex flex-wrap items-center gap-3 max-sm:w-full max-sm:justify-between">
          <span className="text-lg font-bold">
            Итого: <span className="whitespace-nowrap">{formatRub(order.totalAmount)}</span>
          </span>
          {order.payment?.canPay && <PayButton orderId={order.id} size="sm" className="max-sm:w-full" />}
          {hasInvoice(order) && <InvoiceLink orderId={order.id} size="sm" className="max-sm:w-full" />}
          <RepeatOrderButton orderId={order.id} ownerId={order.userId} size="sm" className="max-sm:w-full" />
        </span>
      </CardFooter>
    </Card>
  );
}

/** 'История заказов' of the personal account: the user's own orders, newest first. */
export function OrderHistory() {
  const orders = useQuery(myOrdersQuery());

  useEffect(() => {
    if (orders.isError) toast({ title: LOAD_ERROR, description: orders.error.message, variant: 'destructive' });
  }, [orders.isError, orders.error]);

  return (
    <AccountList
      query={orders}
      items={orders.data ?? []}
      loading={{ label: 'Загрузка заказов', height: 'h-48' }}
      errorTitle={LOAD_ERROR}
      errorText="Проверьте подключение к интернету и попробуйте ещё раз."
      empty={{
        icon: PackageOpen,
        title: 'У вас пока нет заказов',
        text: 'Выберите инструмент в каталоге — оформленные заказы появятся здесь вместе со статусами.',
        action: (
          <Button asChild>
            <Link to={paths.products}>Перейти в каталог</Link>
          </Button>
        ),
      }}
      listLabel="Заказы"
      renderCard={(order) => <OrderCard order={order} />}
    />
  );
}
