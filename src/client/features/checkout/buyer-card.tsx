import { useQuery } from '@tanstack/react-query';
import { Building2, CircleAlert, LogIn, Plus, User } from 'lucide-react';
import { useEffect, useState, type Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { taxIdsText } from '#shared/organizations.ts';
import type { CheckoutFormValues } from '#shared/schemas/checkout.ts';
import { organizationsQuery } from './api.ts';
import { ChoiceCards, ChoiceList, ChoiceOption } from './choice-option.tsx';
import { OrganizationInlineForm } from './organization-inline-form.tsx';

export type Buyer = CheckoutFormValues['buyer'];
type BuyerType = Buyer['type'];

/** «Организация» chosen before an organisation is: the order's schema says «Выберите организацию». */
export const NO_ORGANIZATION = 0;

const BUYER_TYPES = ['person', 'company'] as const satisfies readonly BuyerType[];
const BUYER_LABELS: Record<BuyerType, string> = { person: 'Частное лицо', company: 'Организация' };
const buyerHints = (invoiceAvailable: boolean) => ({
  person: { hint: 'Заказ на себя', icon: <User className="size-5" aria-hidden /> },
  company: { hint: invoiceAvailable ? 'Документы на организацию, оплата по счёту' : 'Документы на организацию', icon: <Building2 className="size-5" aria-hidden /> },
});

export const GUEST_COMPANY_MESSAGE = 'Войдите, чтобы оформить заказ на организацию';

export type BuyerCardProps = {
  value: Buyer;
  onChange: (buyer: Buyer) => void;
  error?: string;
  loggedIn: boolean;
  /** The shop can issue invoices: «Оплата по счёту» is offered to an organisation. */
  invoiceAvailable: boolean;
  /** Opens the checkout's login/register dialog. */
  onLogin: () => void;
  /** The form's `Controller` ref: a refused submit focuses the organisations. */
  groupRef?: Ref<HTMLDivElement>;
};

/** «Покупатель» (issue 27): a private person, or one of the customer's organisations (added here if need be). */
export function BuyerCard({ value, onChange, error, loggedIn, invoiceAvailable, onLogin, groupRef }: BuyerCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="checkout-buyer-title">
          Покупатель
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChoiceCards
          name="buyerType"
          options={BUYER_TYPES}
          labels={BUYER_LABELS}
          hints={buyerHints(invoiceAvailable)}
          value={value.type}
          onChange={(type) => onChange(type === 'person' ? { type } : { type, organizationId: NO_ORGANIZATION })}
          labelledBy="checkout-buyer-title"
          className="grid gap-3 sm:grid-cols-2"
        />
        {value.type === 'company' &&
          (loggedIn ? (
            <Organizations chosen={value.organizationId} onChoose={(organizationId) => onChange({ type: 'company', organizationId })} error={error} groupRef={groupRef} />
          ) : (
            // A refused submit focuses this: the order cannot name an organisation before the login.
            <div ref={groupRef} tabIndex={-1} className="scroll-mt-16 outline-none">
              <Alert variant={error ? 'destructive' : 'warning'}>
                <LogIn aria-hidden />
                <AlertTitle>{GUEST_COMPANY_MESSAGE}</AlertTitle>
                <AlertDescription>
                  <p>После входа выберите организацию из сохранённых или добавьте новую. Введённые данные сохранятся.</p>
                  <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onLogin}>
                    Войти или зарегистрироваться
                  </Button>
                </AlertDescription>
              </Alert>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}

type OrganizationsProps = {
  chosen: number;
  onChoose: (organizationId: number) => void;
  error?: string;
  groupRef?: Ref<HTMLDivElement>;
};

/** The customer's organisations to choose from, and the form to add one (open at once when there are none). */
function Organizations({ chosen, onChoose, error, groupRef }: OrganizationsProps) {
  const organizations = useQuery(organizationsQuery());
  const [adding, setAdding] = useState(false);
  const list = organizations.data;

  // The first organisation is chosen for the customer when they have not chosen one.
  useEffect(() => {
    if (chosen === NO_ORGANIZATION && list && list.length > 0) onChoose(list[0]!.id);
  }, [chosen, list, onChoose]);

  if (organizations.isError && !list) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Не удалось загрузить ваши организации</AlertTitle>
        <AlertDescription>
          <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void organizations.refetch()}>
            Повторить
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!list) {
    return (
      <div className="flex items-center gap-3 py-2 text-sm text-muted-foreground">
        <Spinner label="Загружаем ваши организации..." />
        <span aria-hidden>Загружаем ваши организации...</span>
      </div>
    );
  }

  const created = (organization: { id: number }) => {
    setAdding(false);
    onChoose(organization.id);
  };
  return (
    <div className="grid gap-3">
      <ChoiceList
        id="checkout-organizationId"
        title={list.length > 0 ? 'Организация, на которую оформить заказ' : 'Добавьте организацию, на которую оформить заказ'}
        error={error}
        groupRef={groupRef}
        options={list.map((organization) => (
          <ChoiceOption
            key={organization.id}
            name="organizationId"
            value={String(organization.id)}
            checked={chosen === organization.id}
            onChange={() => onChoose(organization.id)}
            title={<span className="break-words">{organization.name}</span>}
          >
            <span className="text-sm text-muted-foreground">{taxIdsText(organization)}</span>
          </ChoiceOption>
        ))}
      />
      {list.length === 0 || adding ? (
        <OrganizationInlineForm onCreated={created} onCancel={list.length > 0 ? () => setAdding(false) : undefined} />
      ) : (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          Добавить организацию
        </Button>
      )}
    </div>
  );
}
