import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, FileText, Globe, PackageCheck, Store, Truck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConsentCheckbox } from '#client/components/consent-checkbox.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField, fieldControlProps, fieldErrorId } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { cartQueryKey } from '#client/lib/cart.ts';
import { addressesQuery } from '#client/lib/addresses.ts';
import { citySlugQuery, useBranches } from '#client/lib/branches.ts';
import { goToPayment, refreshAfterOrder } from '#client/lib/orders.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { paths } from '#client/paths.ts';
import { ORDER_AUTO_SUBMIT_DELAY_MS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '#shared/constants.ts';
import { DELIVERY_METHOD_LABELS, isCarrierMethod, type DeliveryMethod, type DeliveryOption } from '#shared/delivery.ts';
import { formatRub } from '#shared/money.ts';
import { ADDRESSES_MAX } from '#shared/schemas/address.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import { CheckoutFormSchema, type CheckoutFormInput, type CheckoutFormValues, type CreateOrderInput } from '#shared/schemas/checkout.ts';
import type { Address, Cart, PublicUser } from '#shared/types.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import { companyText } from '#shared/organizations.ts';
import { organizationsQuery, placeOrder } from './api.ts';
import { CheckoutAuthDialog } from './auth-dialog.tsx';
import { BuyerCard } from './buyer-card.tsx';
import { ChoiceCards } from './choice-option.tsx';
import { PickupBranches } from './pickup-branches.tsx';
import { DeliveryPoints, DeliveryWays, useDeliveryOptions } from './delivery-ways.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** The form's fields in the order it shows them: the first the server refuses takes the focus. */
const FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'buyer',
  'deliveryMethod',
  'pickupBranchId',
  'deliveryPointCode',
  'address',
  'city',
  'postalCode',
  'saveAddress',
  'notes',
  'paymentMethod',
  'consent',
] as const;
type Field = (typeof FIELDS)[number];
const ADDRESS_FIELDS = ['address', 'city', 'postalCode'] as const;

const PAYMENT_HINTS: Record<PaymentMethod, { hint: string; icon: ReactNode }> = {
  cash: { hint: 'Оплата курьеру или в пункте выдачи', icon: <Banknote className="size-5" aria-hidden /> },
  card: { hint: 'Банковской картой курьеру или в пункте выдачи', icon: <CreditCard className="size-5" aria-hidden /> },
  online: { hint: 'Банковской картой или через СБП', icon: <Globe className="size-5" aria-hidden /> },
  invoice: { hint: 'Банковским переводом по счёту на организацию', icon: <FileText className="size-5" aria-hidden /> },
};

/** A private person's ways to pay: «Оплата по счёту» is an organisation's. */
const PERSON_PAYMENT_METHODS = PAYMENT_METHODS.filter((method) => method !== 'invoice');

/** The message of «Покупатель»: the server's, or the schema's on the organisation not chosen yet. */
const buyerError = (errors: FieldErrors<CheckoutFormInput>) =>
  errors.buyer?.message ?? (errors.buyer as { organizationId?: { message?: string } } | undefined)?.organizationId?.message;

const DELIVERY_HINTS: Record<ShopMethod, { hint: string; icon: ReactNode }> = {
  delivery: { hint: 'Курьером или транспортной компанией по вашему адресу', icon: <Truck className="size-5" aria-hidden /> },
  pickup: { hint: 'Бесплатно, когда заказ будет готов к выдаче', icon: <Store className="size-5" aria-hidden /> },
};

/** How long the city field must rest before its delivery prices are asked. */
const CITY_PAUSE_MS = 400;

/** `value` once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The shop's own ways, always offered. */
const SHOP_METHODS = ['delivery', 'pickup'] as const satisfies readonly DeliveryMethod[];
type ShopMethod = (typeof SHOP_METHODS)[number];

/** What the shop knows already: the customer's profile and the city chosen in the header. */
const defaultsFor = (user: PublicUser | null, city: Branch | null): CheckoutFormInput => ({
  customerName: user?.fullName ?? '',
  customerEmail: user?.email ?? '',
  customerPhone: user?.phone ?? '',
  deliveryMethod: 'delivery',
  pickupBranchId: null,
  address: '',
  city: city?.city ?? '',
  postalCode: '',
  paymentMethod: 'cash',
  buyer: { type: 'person' },
  notes: '',
  consent: false,
  saveAddress: false,
});

/** The branch of the city the customer chose in the header; null until they choose. */
function useChosenCity(): Branch | null {
  const slug = useQuery(citySlugQuery()).data;
  return useBranches().find((b) => b.slug === slug) ?? null;
}

export type CheckoutFormProps = {
  cart: Cart;
  /** The cart's pickup answer while pickup is chosen: its totals are the order's. */
  pickup: CartPickup | undefined;
  /** The customer chose another way (the summary shows its totals): a carrier's way comes with its option. */
  onDeliveryChange: (method: DeliveryMethod, carrier: DeliveryOption | undefined) => void;
  /** Called when the order is placed, before leaving the page. */
  onPlaced: () => void;
};

/**
 * The contact form of spec 2.8 (Reading A), the payment methods (cash by default), saved
 * addresses and the required consent. A visitor's valid form is held while the login/register
 * dialog is open and sent 0.5 s after a successful login or registration.
 */
export function CheckoutForm({ cart, pickup, onDeliveryChange, onPlaced }: CheckoutFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: user } = useQuery(sessionQuery());
  const chosenCity = useChosenCity();
  const [authOpen, setAuthOpen] = useState(false);
  const [autoSubmitting, setAutoSubmitting] = useState(false);
  const [held, setHeld] = useState<CheckoutFormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: defaultsFor(user ?? null, chosenCity),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    resetField,
    formState: { errors },
  } = form;

  // The customer's saved addresses, offered to fill the form; a cached list is ignored once nobody is logged in.
  const { data: addresses } = useQuery({ ...addressesQuery(), enabled: Boolean(user) });
  const savedAddresses = user ? addresses : undefined;
  const [watchedAddress, watchedCity, watchedPostalCode, method, buyer] = useWatch({ control, name: ['address', 'city', 'postalCode', 'deliveryMethod', 'buyer'] });
  // The ways and prices for the city typed, asked once the typing pauses.
  const city = useSettled(watchedCity ?? '', CITY_PAUSE_MS).trim();
  const ways = useDeliveryOptions(cart.cartId, city, method !== 'pickup' && city !== '').data;
  const carrier = method && isCarrierMethod(method) ? ways?.find((o) => o.method === method) : undefined;
  useEffect(() => {
    // A way the new city does not offer goes back to the shop's own delivery.
    if (method && isCarrierMethod(method) && ways && !carrier) setValue('deliveryMethod', 'delivery');
  }, [method, ways, carrier, setValue]);
  // A logged-in customer's organisation: a visitor is asked to log in first, and pays by invoice after.
  const company = user && buyer?.type === 'company' ? buyer : null;
  const { data: organizations } = useQuery({ ...organizationsQuery(), enabled: company !== null });
  const organization = company ? organizations?.find((o) => o.id === company.organizationId) : undefined;
  // «Оплата по счёту» once the shop's requisites for the invoice are complete (settings «Реквизиты»).
  const invoiceAvailable = useQuery(publicSettingsQuery()).data?.invoiceAvailable === true;
  const paymentMethods = company && invoiceAvailable ? PAYMENT_METHODS : PERSON_PAYMENT_METHODS;
  useEffect(() => onDeliveryChange(method ?? 'delivery', carrier), [method, carrier, onDeliveryChange]);
  const selectedAddressId = String(
    savedAddresses?.find((a) => a.address === watchedAddress && a.city === watchedCity && a.postalCode === watchedPostalCode)?.id ?? '',
  );

  const applyAddress = useCallback(
    (address: Address) => {
      const opts = { shouldValidate: false, shouldDirty: true } as const;
      setValue('customerName', address.recipientName, opts);
      setValue('customerPhone', address.phone, opts);
      setValue('address', address.address, opts);
      setValue('city', address.city, opts);
      setValue('postalCode', address.postalCode, opts);
    },
    [setValue],
  );

  // The default address fills an address the customer has not typed (the header's city gives way to it) once the list arrives.
  const prefilled = useRef(false);
  useEffect(() => {
    const list = savedAddresses;
    if (prefilled.current || !list || list.length === 0) return;
    prefilled.current = true;
    const preferred = list.find((a) => a.isDefault) ?? list[0]!;
    if (ADDRESS_FIELDS.every((name) => !getFieldState(name).isDirty)) applyAddress(preferred);
  }, [savedAddresses, applyAddress, getFieldState]);

  // A logged-in customer's contact data fills empty fields (e.g. after logging in on this page).
  useEffect(() => {
    if (!user) return;
    if (!getValues('customerName') && user.fullName) setValue('customerName', user.fullName);
    if (!getValues('customerEmail') && user.email) setValue('customerEmail', user.email);
    if (!getValues('customerPhone') && user.phone) setValue('customerPhone', user.phone);
  }, [user, getValues, setValue]);

  // Set from the first submit until a refusal: a second click before the button shows it is
  // busy (or while the browser leaves for the payment page) sends nothing.
  const sending = useRef(false);
  const place = useMutation({
    mutationFn: (values: CheckoutFormValues) => {
      // The cart as the customer sees it now: its generation makes a repeat idempotent, its total
      // is what the customer agreed to (the server refuses if the prices moved meanwhile).
      const current = queryClient.getQueryData<Cart>(cartQueryKey(cart.cartId)) ?? cart;
      const body: CreateOrderInput = {
        ...values,
        cartId: current.cartId,
        cartGeneration: current.generation,
        expectedTotal: values.deliveryMethod === 'pickup' && pickup ? pickup.total : carrier ? carrier.total : current.total,
      };
      return placeOrder(body);
    },
    onSettled: (_order, error) => {
      if (error) sending.current = false;
    },
    onSuccess: (order) => {
      onPlaced();
      refreshAfterOrder(queryClient, order);
      // An online payment goes on at YooKassa's page (its return address is the order page).
      if (order.confirmationUrl) goToPayment(order.confirmationUrl);
      else navigate(paths.orderComplete(order.id));
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        if (error.status === 401) {
          // The session ended meanwhile: log in again, the form is still held.
          queryClient.setQueryData(sessionQuery().queryKey, null);
          setAuthOpen(true);
        }
        if (error.status === 403) void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
        // The cart or a branch's stock changed meanwhile: show it as it is now (the pickup list is under the cart's key).
        if (error.status === 409 || error.errors?.pickupBranchId) void queryClient.invalidateQueries({ queryKey: cartQueryKey(cart.cartId) });
        applyServerErrors<CheckoutFormInput>(error, FIELDS, setError);
      }
      toast({
        title: 'Ошибка при оформлении заказа',
        description: error instanceof ApiError && error.message ? error.message : 'Пожалуйста, попробуйте еще раз',
        variant: 'destructive',
      });
    },
  });

  const send = (values: CheckoutFormValues) => {
    if (sending.current) return;
    sending.current = true;
    place.mutate(values);
  };

  const submitValues = (values: CheckoutFormValues) => {
    const current = queryClient.getQueryData<Cart>(cartQueryKey(cart.cartId)) ?? cart;
    if (current.items.length === 0) {
      toast({ title: 'Корзина пуста', description: 'Добавьте товары в корзину перед оформлением заказа', variant: 'destructive' });
      return;
    }
    if (!user) {
      setHeld(values);
      setAuthOpen(true);
      return;
    }
    send(values);
  };

  const onAuthenticated = () => {
    setAuthOpen(false);
    const values = held;
    if (!values) return;
    setHeld(null);
    setAutoSubmitting(true);
    timer.current = setTimeout(() => {
      setAutoSubmitting(false);
      send(values);
    }, ORDER_AUTO_SUBMIT_DELAY_MS);
  };

  const busy = place.isPending || autoSubmitting || place.isSuccess;
  const id = (name: Field) => `checkout-${name}`;
  const aria = (name: Field, required = true) => fieldControlProps(id(name), { error: errors[name]?.message, required });

  return (
    <>
      <form method="post" noValidate onSubmit={(event) => void handleSubmit(submitValues)(event)} className="grid gap-6" aria-label="Оформление заказа">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Контактные данные</CardTitle>
            <CardDescription>На этот email придёт подтверждение заказа, по телефону мы свяжемся для уточнения доставки.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Имя и фамилия" htmlFor={id('customerName')} required error={errors.customerName?.message}>
              <Input autoComplete="name" {...aria('customerName')} {...register('customerName')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Email" htmlFor={id('customerEmail')} required error={errors.customerEmail?.message}>
                <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} {...aria('customerEmail')} {...register('customerEmail')} />
              </FormField>
              <FormField label="Телефон" htmlFor={id('customerPhone')} required error={errors.customerPhone?.message}>
                <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 900 000-00-00" {...aria('customerPhone')} {...register('customerPhone')} />
              </FormField>
            </div>
          </CardContent>
        </Card>

        <Controller
          control={control}
          name="buyer"
          render={({ field }) => (
            <BuyerCard
              value={field.value ?? { type: 'person' }}
              onChange={(next) => {
                field.onChange(next);
                // «Оплата по счёту» is an organisation's: a private person starts again from the default way to pay.
                if (next.type === 'person' && getValues('paymentMethod') === 'invoice') resetField('paymentMethod');
              }}
              error={buyerError(errors)}
              loggedIn={Boolean(user)}
              invoiceAvailable={invoiceAvailable}
              onLogin={() => setAuthOpen(true)}
              groupRef={field.ref}
            />
          )}
        />

        <Card>
          <CardHeader>
            <CardTitle as="h2" id="checkout-receiving-title">
              Способ получения
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Controller
              control={control}
              name="deliveryMethod"
              render={({ field }) => (
                <ChoiceCards
                  name={field.name}
                  options={SHOP_METHODS}
                  labels={DELIVERY_METHOD_LABELS}
                  hints={DELIVERY_HINTS}
                  value={field.value === 'pickup' ? 'pickup' : 'delivery'}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  labelledBy="checkout-receiving-title"
                  className="grid gap-3 sm:grid-cols-2"
                />
              )}
            />
            {method === 'pickup' ? (
              <Controller
                control={control}
                name="pickupBranchId"
                render={({ field }) => (
                  <PickupBranches
                    cartId={cart.cartId}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.pickupBranchId?.message}
                    groupRef={field.ref}
                  />
                )}
              />
            ) : (
              <>
                {method !== 'cdek-point' && savedAddresses && savedAddresses.length > 0 && (
                  <FormField label="Сохранённые адреса" htmlFor="checkout-saved-address">
                    <NativeSelect
                      id="checkout-saved-address"
                      value={selectedAddressId}
                      onChange={(e) => {
                        const found = savedAddresses.find((a) => String(a.id) === e.target.value);
                        if (found) applyAddress(found);
                      }}
                    >
                      <option value="">Ввести адрес вручную</option>
                      {savedAddresses.map((a) => (
                        <option key={a.id} value={String(a.id)}>
                          {[a.label, `${a.city}, ${a.address}`].filter(Boolean).join(' — ')}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                )}
                {method !== 'cdek-point' && (
                  <FormField label="Адрес" htmlFor={id('address')} required error={errors.address?.message}>
                    <Input autoComplete="street-address" placeholder="Улица, дом, квартира" {...aria('address')} {...register('address')} />
                  </FormField>
                )}
                <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                  <FormField label="Город" htmlFor={id('city')} required error={errors.city?.message}>
                    <Input autoComplete="address-level2" {...aria('city')} {...register('city')} />
                  </FormField>
                  {method !== 'cdek-point' && (
                    <FormField label="Почтовый индекс" htmlFor={id('postalCode')} required error={errors.postalCode?.message}>
                      <Input inputMode="numeric" autoComplete="postal-code" {...aria('postalCode')} {...register('postalCode')} />
                    </FormField>
                  )}
                </div>
                {ways && ways.length > 1 && <DeliveryWays options={ways} value={method} onChange={(way) => setValue('deliveryMethod', way)} />}
                {method === 'cdek-point' && (
                  <Controller
                    control={control}
                    name="deliveryPointCode"
                    render={({ field }) => (
                      <DeliveryPoints city={city} value={field.value} onChange={field.onChange} error={errors.deliveryPointCode?.message} groupRef={field.ref} />
                    )}
                  />
                )}
                {/* A saved address chosen above is saved already; a full list has no room (the server says the same). */}
                {method !== 'cdek-point' && selectedAddressId === '' && (savedAddresses?.length ?? 0) < ADDRESSES_MAX && (
                  <div className="grid gap-1.5">
                    <div className="flex items-center gap-3">
                      <Controller
                        control={control}
                        name="saveAddress"
                        render={({ field }) => (
                          <Checkbox
                            ref={field.ref}
                            checked={field.value === true}
                            onCheckedChange={(checked) => field.onChange(checked === true)}
                            onBlur={field.onBlur}
                            {...aria('saveAddress', false)}
                          />
                        )}
                      />
                      <Label htmlFor={id('saveAddress')} className="font-normal">
                        Сохранить адрес в личном кабинете
                      </Label>
                    </div>
                    {errors.saveAddress?.message && (
                      <p id={fieldErrorId(id('saveAddress'))} role="alert" className="text-sm font-medium text-destructive">
                        {errors.saveAddress.message}
                      </p>
                    )}
                  </div>
                )}
              </>
            )}
            <FormField label="Комментарий к заказу" htmlFor={id('notes')} error={errors.notes?.message}>
              <Textarea
                rows={3}
                placeholder={method === 'pickup' ? 'Например, кто заберёт заказ' : 'Например, удобное время доставки'}
                {...aria('notes', false)}
                {...register('notes')}
              />
            </FormField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2" id="checkout-payment-title">
              Способ оплаты
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Controller
              control={control}
              name="paymentMethod"
              render={({ field }) => (
                <ChoiceCards
                  name={field.name}
                  options={paymentMethods}
                  labels={PAYMENT_METHOD_LABELS}
                  hints={PAYMENT_HINTS}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  labelledBy="checkout-payment-title"
                  className={paymentMethods.length === 4 ? 'grid gap-3 sm:grid-cols-2' : 'grid gap-3 sm:grid-cols-3'}
                />
              )}
            />
            {errors.paymentMethod?.message && (
              <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                {errors.paymentMethod.message}
              </p>
            )}
          </CardContent>
        </Card>

        <div className="grid gap-4">
          <Controller
            control={control}
            name="consent"
            render={({ field }) => (
              <ConsentCheckbox id={id('consent')} field={field} error={errors.consent?.message} purpose="для оформления и доставки заказа" />
            )}
          />

          {organization && (
            <p className="text-sm" data-testid="checkout-buyer-summary">
              Заказ будет оформлен на организацию: <span className="font-medium">{companyText(organization)}</span>
            </p>
          )}
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start" disabled={busy}>
            <BusyLabel busy={busy} icon={PackageCheck} busyText={place.data?.confirmationUrl ? 'Переходим к оплате...' : 'Оформляем заказ...'}>
              {`Оформить заказ на ${formatRub(method === 'pickup' && pickup ? pickup.total : (carrier?.total ?? cart.total))}`}
            </BusyLabel>
          </Button>
          {!user && (
            <p className="text-sm text-muted-foreground">
              Для оформления заказа нужно войти или зарегистрироваться — это займёт минуту, введённые данные сохранятся.
            </p>
          )}
        </div>
      </form>
      {/* Outside the form: React events bubble through portals, the dialog's forms must not submit this one. */}
      <CheckoutAuthDialog
        open={authOpen}
        onOpenChange={setAuthOpen}
        onAuthenticated={onAuthenticated}
        email={getValues('customerEmail')}
        consentGiven={getValues('consent') === true}
      />
    </>
  );
}
