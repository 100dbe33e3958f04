import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { goToPayment, startOrderPayment } from '#client/lib/orders.ts';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
// Types only: the storefront's order pages do not load the schemas (zod) for a few labels.
import type { OrderPayment, OrderPaymentState } from '#shared/schemas/payments.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

export type PaymentTone = 'success' | 'warning' | 'destructive' | 'default';

const TONE: Record<OrderPaymentState, PaymentTone> = {
  not_configured: 'default',
  pending: 'warning',
  waiting: 'warning',
  paid: 'success',
  canceled: 'destructive',
  refunded: 'default',
  partially_refunded: 'default',
};

/** The payment's state in the customer's words: «Оплачен», «Оплата отменена: <причина>», «Частично возвращён: 500 ₽». */
export function paymentStateText(payment: OrderPayment): string {
  switch (payment.state) {
    case 'paid':
      return 'Оплачен';
    case 'waiting':
      return 'Оплата подтверждается';
    case 'canceled':
      return payment.cancellationReason ? `Оплата отменена: ${payment.cancellationReason}` : 'Оплата отменена';
    case 'refunded':
      return 'Возвращён';
    case 'partially_refunded':
      return `Частично возвращён: ${formatRub(payment.refundedAmount)}`;
    case 'pending':
    case 'not_configured':
      return 'Ожидает оплаты';
  }
}

export const paymentTone = (payment: OrderPayment): PaymentTone => TONE[payment.state];

/** Whether the bank may still answer: the return page keeps asking while so. */
export const paymentUnsettled = (payment: OrderPayment | null) => payment?.state === 'pending' || payment?.state === 'waiting';

/**
 * «Заказ ждёт оплаты до 14:05»: the time alone when the hold ends on the day the order was
 * placed (shop time), with the date otherwise (a hold may last up to three days).
 */
export function holdText(holdUntil: string, placedAt: string): string {
  const sameDay = formatDate(holdUntil) === formatDate(placedAt);
  return `Заказ ждёт оплаты до ${sameDay ? formatTime(holdUntil) : formatDateTime(holdUntil)}`;
}

/**
 * «Оплатить»: resumes the order's payment or starts a new one, then leaves for YooKassa's page.
 * It stays busy until the browser has left, so a second click sends nothing.
 */
export function PayButton({ orderId, ...props }: { orderId: number } & Pick<ButtonProps, 'size' | 'className'>) {
  const queryClient = useQueryClient();
  const pay = useMutation({
    mutationFn: () => startOrderPayment(orderId),
    onSuccess: ({ confirmationUrl }) => goToPayment(confirmationUrl),
    onError: (error) => {
      // The server's refusals are Russian; a lost connection is not (the browser's own words).
      const description = error instanceof ApiError && error.message ? error.message : 'Проверьте подключение к интернету и попробуйте ещё раз';
      toast({ title: 'Не удалось перейти к оплате', description, variant: 'destructive' });
      // The refusal may mean the order changed meanwhile (paid, cancelled): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const busy = pay.isPending || pay.isSuccess;
  return (
    <Button {...props} disabled={busy} onClick={() => !busy && pay.mutate()}>
      <BusyLabel busy={busy} icon={CreditCard} busyText="Переходим к оплате...">Оплатить</BusyLabel>
    </Button>
  );
}
