import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '#shared/constants.ts';
import { CompanyBuyer } from './company-buyer.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import type { AdminOrderDetail } from '#shared/types.ts';
import { adminOrderQuery } from './api.ts';
import { OrderTotals } from './order-totals.tsx';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-0.5 break-inside-avoid">
      <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase print:text-black">{title}</h2>
      {children}
    </section>
  );
}

function PrintedOrder({ order }: { order: AdminOrderDetail }) {
  return (
    <article className="grid gap-5 rounded-lg border bg-card p-4 text-sm sm:p-6 print:border-0 print:p-0 print:text-black">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-3">
        <h1 className="text-2xl font-bold">Заказ №{order.id}</h1>
        <p>от {formatDateTime(order.createdAt)}</p>
        <p className="w-full text-muted-foreground print:text-black">
          {ORDER_STATUS_LABELS[order.status]} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}, {PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Block title="Покупатель">
          {order.buyer.type === 'company' && <CompanyBuyer buyer={order.buyer} />}
          <p className="font-medium break-words">{order.customerName}</p>
          <p className="break-all">{order.customerEmail}</p>
          <p>{order.customerPhone}</p>
        </Block>
        {order.pickupBranch ? (
          <Block title="Самовывоз из филиала">
            <p>
              {order.pickupBranch.city}, {order.pickupBranch.address}
            </p>
            <p>{order.pickupBranch.workingHours}</p>
          </Block>
        ) : (
          <Block title="Доставка">
            <p className="break-words">
              {order.postalCode}, {order.city}, {order.address}
            </p>
          </Block>
        )}
      </div>
      {order.notes && (
        <Block title="Комментарий покупателя">
          <p className="break-words whitespace-pre-line">{order.notes}</p>
        </Block>
      )}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Товары заказа</caption>
          <thead>
            <tr className="border-b">
              <th className="py-1.5 pr-2 font-semibold">№</th>
              <th className="py-1.5 pr-2 font-semibold">Товар</th>
              <th className="py-1.5 pr-2 text-right font-semibold">Цена</th>
              <th className="py-1.5 pr-2 text-right font-semibold">Кол-во</th>
              <th className="py-1.5 text-right font-semibold">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={item.id} className="border-b align-top">
                <td className="py-1.5 pr-2 tabular-nums">{index + 1}</td>
                <td className="py-1.5 pr-2 break-words">
                  {item.productName}
                  {item.productSku && <span className="block text-xs text-muted-foreground print:text-black">Арт. {item.productSku}</span>}
                </td>
                <td className="py-1.5 pr-2 text-right whitespace-nowrap tabular-nums">{formatRub(item.productPrice)}</td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{item.quantity}</td>
                <td className="py-1.5 text-right whitespace-nowrap tabular-nums">{formatRub(item.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OrderTotals order={order} className="ml-auto max-w-xs" />
    </article>
  );
}

/** /admin/orders/{id}/print: the order on one sheet; printing leaves the back office's menu and buttons out. */
export default function OrderPrintPage() {
  const id = Number(useParams().id);
  useAdminTitle(`Заказ №${id} — печать`);
  const order = useQuery({ ...adminOrderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <div className="flex justify-end print:hidden">
        <Button onClick={() => window.print()} disabled={!order.data}>
          <Printer aria-hidden />
          Печать
        </Button>
      </div>
      {order.data ? (
        <PrintedOrder order={order.data} />
      ) : order.isError ? (
        <LoadError title="Не удалось загрузить заказ" error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <div className="grid gap-3" aria-busy="true" aria-label="Загрузка заказа">
          <Skeleton className="h-10 w-48" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  );
}
