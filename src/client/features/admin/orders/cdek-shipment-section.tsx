import { queryOptions, useQuery } from '@tanstack/react-query';
import { CircleAlert, RotateCw } from 'lucide-react';
import { TrackNumber } from '#client/components/track-number.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';
import { apiRequest } from '#client/lib/api.ts';
import { CDEK_SHIPMENT_STATE_LABELS, type CdekShipmentState, type CdekShipmentView } from '#shared/cdek.ts';
import type { OrderStatus } from '#shared/constants.ts';

/** The order's registration with СДЭК; read again with the order (its key is under the order lists'). */
const cdekShipmentQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'cdek', orderId],
    queryFn: ({ client, signal }) => apiRequest<CdekShipmentView>(`/api/admin/orders/${orderId}/cdek`, { client, signal }),
    staleTime: 0,
    retry: false,
  });

const BADGE: Record<CdekShipmentState, 'success' | 'secondary' | 'destructive'> = { sending: 'secondary', sent: 'secondary', registered: 'success', failed: 'destructive', cancelled: 'secondary' };

/** What staff read when the order has no registration yet. */
function waitingText(view: CdekShipmentView, status: OrderStatus): string {
  if (!view.configured) return 'СДЭК не подключён: заказы не регистрируются. Задайте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET.';
  if (status === 'pending') return 'Заказ будет зарегистрирован в СДЭК, когда вы подтвердите его (статус «В обработке»).';
  return 'Заказ не зарегистрирован в СДЭК.';
}

/** «СДЭК» of a СДЭК order's detail: the registration's state, the track number, СДЭК's last status, why it failed, and the retry. */
export function CdekShipmentSection({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const shipment = useQuery(cdekShipmentQuery(orderId));
  const register = useStaffMutation(
    () => apiRequest<CdekShipmentView>(`/api/admin/orders/${orderId}/cdek`, { method: 'POST' }),
    (answer, _body, queryClient) => {
      queryClient.setQueryData(cdekShipmentQuery(orderId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders', 'detail', orderId] });
    },
    {
      onSuccess: (answer) =>
        answer.state === 'failed'
          ? toast({ title: 'СДЭК снова не принял заказ', description: answer.error ?? undefined, variant: 'destructive' })
          : toast({ title: 'Заказ отправлен в СДЭК', description: answer.trackNumber ? `Трек-номер: ${answer.trackNumber}` : 'СДЭК проверяет заказ', variant: 'success' }),
      onError: (error) => toast({ title: 'Не удалось зарегистрировать заказ в СДЭК', description: error.message, variant: 'destructive' }),
    },
  );
  const view = shipment.data;
  return (
    <section className="grid gap-2 rounded-lg border p-3 text-sm" aria-labelledby="order-cdek-title" data-testid="cdek-shipment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="order-cdek-title" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          СДЭК
        </h3>
        {view?.state && (
          <Badge variant={BADGE[view.state]} className="whitespace-normal">
            {CDEK_SHIPMENT_STATE_LABELS[view.state]}
          </Badge>
        )}
      </div>
      {shipment.isError ? (
        <p className="flex items-start gap-2 text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Не удалось узнать, зарегистрирован ли заказ в СДЭК: {shipment.error.message}
        </p>
      ) : !view ? (
        <Skeleton className="h-5 w-64" aria-label="Загрузка данных СДЭК" />
      ) : (
        <>
          {!view.state && <p className="text-muted-foreground">{waitingText(view, status)}</p>}
          {view.trackNumber && <TrackNumber trackNumber={view.trackNumber} />}
          {view.status && (
            <p>
              <span className="text-muted-foreground">Статус в СДЭК: </span>
              {view.status}
            </p>
          )}
          {view.state === 'failed' && view.error && (
            <p className="flex items-start gap-2 break-words text-destructive" role="alert">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {view.error}
            </p>
          )}
          {view.canRegister && (
            <Button variant="outline" size="sm" className="justify-self-start max-sm:w-full" disabled={register.isPending} onClick={() => register.mutate(undefined)}>
              <RotateCw aria-hidden className={register.isPending ? 'animate-spin' : undefined} />
              {view.state === 'failed' ? 'Зарегистрировать в СДЭК повторно' : 'Зарегистрировать в СДЭК'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
