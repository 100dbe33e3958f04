import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatRub } from '#shared/money.ts';
import { deliveryDaysText, distanceText, type DeliveryOption } from '#shared/delivery.ts';
import { cartDeliveryQuery, deliveryPointsQuery } from './api.ts';
import { ChoiceList, ChoiceOption, type ControlledChoice } from './choice-option.tsx';

/** «2–4 дня, 390 ₽», «бесплатно»: what a way takes and costs, as the customer compares them. */
export const optionText = (option: Pick<DeliveryOption, 'price' | 'daysMin' | 'daysMax'>) => {
  const price = option.price === 0 ? 'бесплатно' : formatRub(option.price);
  return option.daysMin !== null && option.daysMax !== null ? `${deliveryDaysText(option.daysMin, option.daysMax)}, ${price}` : price;
};

/** The ways to deliver the cart to `city`; one (the shop's own) while СДЭК is not configured or does not serve the city. */
export function useDeliveryOptions(cartId: string, city: string, enabled: boolean) {
  return useQuery({ ...cartDeliveryQuery(cartId, city.trim(), enabled), placeholderData: keepPreviousData });
}

export type DeliveryWaysProps = {
  options: DeliveryOption[];
  value: string | undefined;
  onChange: (method: DeliveryOption['method']) => void;
};

/**
 * «Как доставить»: the shop's delivery and СДЭК's ways with their days and prices for the typed
 * city. Shown when there is a choice; the server prices the chosen way again when the order is placed.
 */
export function DeliveryWays({ options, value, onChange }: DeliveryWaysProps) {
  return (
    <div className="grid gap-3">
      <p id="checkout-delivery-way-title" className="text-sm font-medium">
        Как доставить
      </p>
      <div role="radiogroup" aria-labelledby="checkout-delivery-way-title" className="grid gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <ChoiceOption
            key={option.method}
            name="deliveryWay"
            value={option.method}
            checked={value === option.method}
            onChange={() => onChange(option.method)}
            title={option.title}
          >
            <span className="text-sm text-muted-foreground" data-testid={`delivery-way-${option.method}`}>
              {optionText(option)}
            </span>
          </ChoiceOption>
        ))}
      </div>
    </div>
  );
}

export type DeliveryPointsProps = ControlledChoice<string> & { city: string };

/** СДЭК's pickup points of the city, nearest its centre first: address, hours and distance. */
export function DeliveryPoints({ city, value, onChange, error, groupRef }: DeliveryPointsProps) {
  const points = useQuery(deliveryPointsQuery(city.trim(), city.trim() !== ''));
  if (!points.data) {
    return points.isError ? (
      <p role="alert" className="text-sm font-medium text-destructive">
        Не удалось загрузить пункты выдачи. Выберите другой способ получения или попробуйте позже.
      </p>
    ) : (
      <div className="flex items-center gap-3 py-2 text-sm text-muted-foreground">
        <Spinner label="Загружаем пункты выдачи..." />
        <span aria-hidden>Загружаем пункты выдачи...</span>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <ChoiceList
        id="checkout-deliveryPointCode"
        title="Пункт выдачи СДЭК"
        notice={
          points.data.length === 0 && (
            <p className="rounded-md bg-warning-muted px-3 py-2 text-sm">В этом городе нет пунктов выдачи СДЭК. Выберите доставку до двери.</p>
          )
        }
        error={error}
        groupRef={groupRef}
        className="max-h-96 overflow-y-auto"
        options={points.data.map((point) => (
          <ChoiceOption key={point.code} name="deliveryPointCode" value={point.code} checked={value === point.code} onChange={() => onChange(point.code)} title={point.address}>
            <span className="text-sm text-muted-foreground">{point.workingHours}</span>
            {point.distanceKm !== null && <span className="block text-sm text-muted-foreground">{distanceText(point.distanceKm)}</span>}
          </ChoiceOption>
        ))}
      />
    </div>
  );
}
