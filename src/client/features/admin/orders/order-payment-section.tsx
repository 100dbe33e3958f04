import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paymentStateText, paymentTone } from '#client/components/order-payment.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';

/**
 * Staff see a refund to the kopeck ('1 234,50 ₽', '12 990 ₽'), as the server's messages do
 * (`formatRubExact` of #shared/money.ts). Not imported from there: money.ts is in the
 * storefront's entry chunk, and any client use of it would keep it in every first load.
 */
const kopecksRub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatRubExact = (roubles: number) => (Number.isInteger(Math.round(roubles * 100) / 100) ? formatRub(roubles) : kopecksRub.format(roubles));
import { REFUND_REASON_MAX, REFUND_STATUS_LABELS, RefundRequestSchema, type AdminOrderPayment, type RefundRequest } from '#shared/schemas/payments.ts';
import { useRefundOrder } from './api.ts';
import { formResolver } from '#client/lib/form-resolver.ts';


const BADGE = { success: 'success', warning: 'warning', destructive: 'destructive', default: 'secondary' } as const;

/** The shared refund rules plus the one only this order knows: not more than is left to refund. */
const refundSchemaFor = (refundable: number) =>
  RefundRequestSchema.superRefine((value, ctx) => {
    if (value.amount > refundable + 1e-9) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Нельзя вернуть больше, чем доступно к возврату: ${formatRubExact(refundable)}` });
    }
  });

type RefundForm = { amount: number; reason: string };

function RefundDialog({ orderId, payment, open, onClose }: { orderId: number; payment: AdminOrderPayment; open: boolean; onClose: () => void }) {
  const refundable = payment.refundableAmount;
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<RefundForm>({
    resolver: formResolver<RefundForm>(refundSchemaFor(refundable)),
    defaultValues: { amount: refundable, reason: '' },
  });
  const refund = useRefundOrder(orderId, {
    onSuccess: (updated, sent) => {
      const all = updated.payment?.state === 'refunded' ? ', оплата возвращена полностью' : '';
      toast({ title: 'Возврат оформлен', description: `Заказ №${orderId}: возвращено ${formatRubExact(sent.amount)}${all}`, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      applyServerErrors<RefundForm>(error, ['amount', 'reason'], setError);
      toast({ title: 'Не удалось вернуть деньги', description: error.message, variant: 'destructive' });
    },
  });
  const amountHint = `Доступно к возврату: ${formatRubExact(refundable)}`;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !refund.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Вернуть деньги по заказу №{orderId}</DialogTitle>
          <DialogDescription>
            Деньги вернутся покупателю тем же способом, которым он платил; ЮKassa отправит чек возврата. Отменить возврат нельзя.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          aria-label="Возврат денег"
          onSubmit={handleSubmit((values) => {
            const reason = values.reason?.trim();
            const body: RefundRequest = { amount: values.amount, ...(reason ? { reason } : {}) };
            if (!refund.isPending) refund.mutate(body);
          })}
        >
          <FormField label="Сумма возврата, ₽" htmlFor="refund-amount" required error={errors.amount?.message} hint={amountHint}>
            <div className="flex gap-2">
              <Input
                type="number"
                inputMode="decimal"
                step={0.01}
                min={0.01}
                max={refundable}
                {...fieldControlProps('refund-amount', { error: errors.amount?.message, hint: amountHint, required: true })}
                {...register('amount', { valueAsNumber: true })}
              />
              <Button variant="outline" onClick={() => setValue('amount', refundable, { shouldValidate: true })}>
                Вся сумма
              </Button>
            </div>
          </FormField>
          <FormField label="Причина" htmlFor="refund-reason" error={errors.reason?.message} hint="Видна сотрудникам в списке возвратов заказа">
            <Textarea
              rows={3}
              maxLength={REFUND_REASON_MAX}
              {...fieldControlProps('refund-reason', { error: errors.reason?.message, hint: 'Видна сотрудникам в списке возвратов заказа' })}
              {...register('reason')}
            />
          </FormField>
          <DialogSaveFooter saving={refund.isPending} onCancel={onClose} saveLabel="Вернуть деньги" savingLabel="Возвращаем..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The online payment of an order in its detail: state, amounts, hold, refunds, and «Вернуть деньги» while anything is left. */
export function OrderPaymentSection({ orderId, payment }: { orderId: number; payment: AdminOrderPayment }) {
  const [refunding, setRefunding] = useState(false);
  return (
    <section className="grid gap-3 rounded-lg border p-3 text-sm" aria-labelledby="order-payment-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="order-payment-title" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Онлайн-оплата (ЮKassa)
        </h3>
        <Badge variant={BADGE[paymentTone(payment)]} data-testid="admin-payment-state" className="whitespace-normal">
          {paymentStateText(payment)}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">Оплачено</dt>
        <dd className="tabular-nums" data-testid="admin-paid-amount">{formatRubExact(payment.paidAmount)}</dd>
        <dt className="text-muted-foreground">Возвращено</dt>
        <dd className="tabular-nums" data-testid="admin-refunded-amount">{formatRubExact(payment.refundedAmount)}</dd>
        {payment.refundableAmount > 0 && (
          <>
            <dt className="text-muted-foreground">Можно вернуть</dt>
            <dd className="tabular-nums">{formatRubExact(payment.refundableAmount)}</dd>
          </>
        )}
        {payment.holdUntil && (
          <>
            <dt className="text-muted-foreground">Ждёт оплаты до</dt>
            <dd className="tabular-nums">{formatDateTime(payment.holdUntil)}</dd>
          </>
        )}
      </dl>
      {payment.refunds.length > 0 && (
        <ol className="grid gap-1.5" aria-label="Возвраты">
          {payment.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-l-2 border-primary/40 pl-3">
              <span className="text-muted-foreground tabular-nums">{formatDateTime(r.createdAt)}</span>
              <span className="font-medium tabular-nums">{formatRubExact(r.amount)}</span>
              <span>{REFUND_STATUS_LABELS[r.status]}</span>
              <span className="text-muted-foreground">{r.automatic ? 'магазин, автоматически' : (r.createdBy ?? 'удалённый сотрудник')}</span>
              {r.reason && <span className="basis-full text-muted-foreground">Причина: {r.reason}</span>}
            </li>
          ))}
        </ol>
      )}
      {payment.refundableAmount > 0 && (
        <Button variant="outline" size="sm" className="justify-self-start max-sm:w-full" onClick={() => setRefunding(true)}>
          <Undo2 aria-hidden />
          Вернуть деньги
        </Button>
      )}
      {refunding && <RefundDialog orderId={orderId} payment={payment} open onClose={() => setRefunding(false)} />}
    </section>
  );
}
