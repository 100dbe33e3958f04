import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { OptionSelect } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/constants.ts';
import { orderStatusesFor, type DeliveryMethod } from '#shared/delivery.ts';
import { useChangeOrderStatus } from './api.ts';

export type StatusTarget = { id: number; status: OrderStatus; paymentStatus: PaymentStatus; deliveryMethod: DeliveryMethod };

function StatusForm({ order, onDone }: { order: StatusTarget; onDone: () => void }) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus>(order.paymentStatus);
  const changed = status !== order.status || paymentStatus !== order.paymentStatus;

  const save = useChangeOrderStatus(order.id, {
    onSuccess: (updated) => {
      toast({
        title: 'Статус заказа обновлён',
        description: `Заказ №${order.id}: ${ORDER_STATUS_LABELS[updated.status]}, ${PAYMENT_STATUS_LABELS[updated.paymentStatus]}`,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => {
      toast({ title: 'Не удалось обновить статус заказа', description: error.message, variant: 'destructive' });
    },
  });

  const cancelling = status === 'cancelled' && order.status !== 'cancelled';
  const restoring = order.status === 'cancelled' && status !== 'cancelled';

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) {
          save.mutate({
            ...(status !== order.status ? { status } : {}),
            ...(paymentStatus !== order.paymentStatus ? { paymentStatus } : {}),
          });
        }
      }}
    >
      <FormField label="Статус заказа" htmlFor="order-status">
        <OptionSelect values={orderStatusesFor(order.deliveryMethod)} labels={ORDER_STATUS_LABELS} id="order-status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} disabled={save.isPending} />
      </FormField>
      <FormField label="Статус оплаты" htmlFor="order-payment-status">
        <OptionSelect values={PAYMENT_STATUSES} labels={PAYMENT_STATUS_LABELS} id="order-payment-status" value={paymentStatus} onChange={(e) => setPaymentStatus(e.target.value as PaymentStatus)} disabled={save.isPending} />
      </FormField>
      {(cancelling || restoring) && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertDescription>
            {cancelling
              ? 'При отмене товары заказа вернутся на склад.'
              : 'Заказ будет восстановлен: товары снова спишутся со склада. Если их не хватает, статус не изменится.'}
          </AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Отмена
        </Button>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending && <Spinner size="sm" label="Сохранение" />}
          {save.isPending ? 'Сохранение...' : 'Сохранить'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Изменить статус': any of the five statuses and the payment status (decisions.md). */
export function OrderStatusDialog({ order, onClose }: { order: StatusTarget | null; onClose: () => void }) {
  return (
    <TitledDialog
      open={order !== null}
      title={<>Изменить статус заказа{order ? ` №${order.id}` : ''}</>}
      description="Изменение сохранится в истории заказа, покупатель увидит новый статус в личном кабинете."
      onClose={onClose}
    >
      {order && <StatusForm key={`${order.id}-${order.status}-${order.paymentStatus}`} order={order} onDone={onClose} />}
    </TitledDialog>
  );
}
