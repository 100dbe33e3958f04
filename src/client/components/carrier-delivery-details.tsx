import { deliveryDaysText, DELIVERY_METHOD_LABELS, isCarrierMethod } from '#shared/delivery.ts';
import type { OrderDelivery } from '#shared/types.ts';

type Props = { delivery: OrderDelivery; city: string; address: string; postalCode: string };

/**
 * How a delivered order travels, as the customer and staff read it: the way, the pickup point
 * or the address and the days promised (the track number is TrackNumber's).
 */
export function CarrierDeliveryDetails({ delivery, city, address, postalCode }: Props) {
  const carrier = isCarrierMethod(delivery.method);
  return (
    <div className="grid gap-1 text-sm" data-testid="order-delivery">
      {carrier && <span className="font-medium">{DELIVERY_METHOD_LABELS[delivery.method]}</span>}
      {delivery.point ? (
        <address className="grid gap-1 not-italic">
          <span className="break-words">
            Пункт выдачи: {city}, {delivery.point.address}
          </span>
          {delivery.point.workingHours && <span>Часы работы: {delivery.point.workingHours}</span>}
        </address>
      ) : (
        <address className="break-words not-italic">{[postalCode, city, address].filter(Boolean).join(', ')}</address>
      )}
      {delivery.daysMin !== null && delivery.daysMax !== null && <span>Срок доставки: {deliveryDaysText(delivery.daysMin, delivery.daysMax)}</span>}
    </div>
  );
}
