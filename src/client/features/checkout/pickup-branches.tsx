import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { readyByText } from '#shared/transfers.ts';
import { cartPickupQuery } from './api.ts';
import { ChoiceList, ChoiceOption, type ControlledChoice } from './choice-option.tsx';

export type PickupBranchesProps = ControlledChoice<number> & { cartId: string };

/**
 * «Самовывоз из филиала»: the branches that can hand out the whole cart can be chosen (with the
 * day it is there when some lines are brought from another branch); the others stay in the list, disabled, with the server's reason (not handing out, or what is missing).
 */
export function PickupBranches({ cartId, value, onChange, error, groupRef }: PickupBranchesProps) {
  const pickup = useQuery(cartPickupQuery(cartId, true));
  if (pickup.isError && !pickup.data) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Не удалось узнать наличие в филиалах</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void pickup.refetch()}>
            Повторить
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!pickup.data) {
    return (
      <div className="flex items-center gap-3 py-4 text-sm text-muted-foreground">
        <Spinner label="Проверяем наличие в филиалах..." />
        <span aria-hidden>Проверяем наличие в филиалах...</span>
      </div>
    );
  }
  const branches = pickup.data.branches;
  return (
    <div className="grid gap-3">
      <ChoiceList
        id="checkout-pickupBranchId"
        title="Филиал, где заберёте заказ"
        notice={
          !branches.some((b) => b.available) && (
            <p className="rounded-md bg-warning-muted px-3 py-2 text-sm">
              Сейчас ни один филиал не может выдать весь заказ. Выберите доставку или измените корзину.
            </p>
          )
        }
        error={error}
        groupRef={groupRef}
        options={branches.map((branch) => (
          <ChoiceOption
            key={branch.id}
            name="pickupBranchId"
            value={String(branch.id)}
            checked={value === branch.id}
            disabled={!branch.available}
            onChange={() => onChange(branch.id)}
            title={branch.city}
          >
            <span className="text-sm">{branch.address}</span>
            <span className="text-sm text-muted-foreground">{branch.workingHours}</span>
            {branch.readyBy && (
              <span className="text-sm font-medium text-primary" data-testid="pickup-ready-by">
                {readyByText(branch.city, branch.readyBy)}
              </span>
            )}
            {branch.reason && <span className="text-sm font-medium text-destructive">{branch.reason}</span>}
          </ChoiceOption>
        ))}
      />
    </div>
  );
}
