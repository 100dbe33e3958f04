import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Copy, TriangleAlert } from 'lucide-react';
import { type FieldPath } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import {
  HOLD_MINUTES_MAX,
  HOLD_MINUTES_MIN,
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  PAYMENT_SUBJECTS,
  PAYMENT_SUBJECT_LABELS,
  PaymentSettingsSchema,
  TAX_SYSTEM_CODES,
  TAX_SYSTEM_LABELS,
  type PaymentSettings,
  type PaymentSettingsAnswer,
} from '#shared/schemas/payments.ts';
import { FormActions, REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';
import { adminPaymentSettingsQuery, useSavePaymentSettings } from './api.ts';
import { FieldGrid, SettingsFormTab, settingsSaveToasts, SwitchField, useSettingsForm } from './settings-form-parts.tsx';

type Field = FieldPath<PaymentSettings>;
const FIELDS: readonly Field[] = [
  'receiptsEnabled', 'taxSystemCode', 'goodsPaymentSubject', 'goodsPaymentMode', 'deliveryPaymentSubject', 'deliveryPaymentMode', 'holdMinutes',
];

/** Whether the shop is connected: the credentials are the environment's, so the page only names them. */
function ConnectionStatus({ configured }: { configured: boolean }) {
  return configured ? (
    <Alert variant="success" role={undefined}>
      <CircleCheck aria-hidden />
      <AlertTitle>ЮKassa подключена</AlertTitle>
      <AlertDescription>
        Покупатели, выбравшие «Онлайн оплата», оплачивают заказ картой или через СБП на странице ЮKassa сразу после оформления.
        Идентификатор магазина и секретный ключ заданы в переменных окружения сервера.
      </AlertDescription>
    </Alert>
  ) : (
    <Alert variant="warning" role={undefined}>
      <TriangleAlert aria-hidden />
      <AlertTitle>ЮKassa не настроена</AlertTitle>
      <AlertDescription>
        <p>
          Задайте на сервере переменные окружения <code>YOOKASSA_SHOP_ID</code> (идентификатор магазина) и <code>YOOKASSA_SECRET_KEY</code>{' '}
          (секретный ключ) из личного кабинета ЮKassa и перезапустите магазин.
        </p>
        <p>Пока они не заданы, заказы с «Онлайн оплата» оформляются без оплаты на сайте: ссылку на оплату покупателю отправляет менеджер.</p>
      </AlertDescription>
    </Alert>
  );
}

/** The address YooKassa sends its notifications to, with a copy button. */
function NotificationUrl({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Адрес скопирован', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Не удалось скопировать', description: 'Выделите адрес в поле и скопируйте его вручную', variant: 'destructive' });
    }
  };
  return (
    <FormField
      label="Адрес для HTTP-уведомлений"
      htmlFor="payment-notificationUrl"
      hint="Укажите его в личном кабинете ЮKassa (Интеграция → HTTP-уведомления) и отметьте события payment.succeeded, payment.waiting_for_capture, payment.canceled и refund.succeeded."
    >
      <div className="flex gap-2 max-sm:flex-col">
        <Input
          id="payment-notificationUrl"
          value={url}
          readOnly
          spellCheck={false}
          className="font-mono text-sm"
          aria-describedby="payment-notificationUrl-hint"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Копировать
        </Button>
      </div>
    </FormField>
  );
}

function PaymentForm({ data }: { data: PaymentSettings }) {
  const { register, handleSubmit, control, reset, setError, formState } = useSettingsForm<PaymentSettings>(PaymentSettingsSchema, data);
  const { errors, isDirty } = formState;

  const save = useSavePaymentSettings(
    settingsSaveToasts({
      reset: (saved) => reset(saved.settings, REPLACE_TYPED),
      saved: 'Настройки онлайн-оплаты обновлены',
      failed: 'Не удалось сохранить настройки',
      fields: FIELDS,
      setError,
    }),
  );

  const fieldProps = (name: Exclude<Field, 'receiptsEnabled'>, options?: { valueAsNumber?: boolean }, hint?: string) => {
    const error = errors[name]?.message;
    const id = `payment-${name}`;
    return {
      ...fieldControlProps(id, { error, hint }),
      ...register(name, options?.valueAsNumber ? { valueAsNumber: true } : undefined),
    };
  };
  const subjectSelect = (name: 'goodsPaymentSubject' | 'deliveryPaymentSubject') => (
    <NativeSelect {...fieldProps(name)}>
      {PAYMENT_SUBJECTS.map((value) => (
        <option key={value} value={value}>
          {PAYMENT_SUBJECT_LABELS[value]}
        </option>
      ))}
    </NativeSelect>
  );
  const modeSelect = (name: 'goodsPaymentMode' | 'deliveryPaymentMode') => (
    <NativeSelect {...fieldProps(name)}>
      {PAYMENT_MODES.map((value) => (
        <option key={value} value={value}>
          {PAYMENT_MODE_LABELS[value]}
        </option>
      ))}
    </NativeSelect>
  );
  const holdHint = `Столько неоплаченный заказ держит товар на складе; потом платёж и заказ отменяются, товар возвращается в продажу, покупатель получает письмо. От ${HOLD_MINUTES_MIN} до ${HOLD_MINUTES_MAX} (3 суток).`;

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-5" aria-label="Настройки онлайн-оплаты">
      <FormField label="Время на оплату, минут" htmlFor="payment-holdMinutes" required error={errors.holdMinutes?.message} hint={holdHint} className="max-w-md">
        <Input type="number" inputMode="numeric" min={HOLD_MINUTES_MIN} max={HOLD_MINUTES_MAX} step={1} {...fieldProps('holdMinutes', { valueAsNumber: true }, holdHint)} />
      </FormField>

      <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Чеки по 54-ФЗ</legend>
        <SwitchField
          control={control}
          name="receiptsEnabled"
          id="payment-receiptsEnabled"
          label="Отправлять чеки через ЮKassa"
          description="К каждому платежу и возврату прикладывается чек: товары заказа и доставка отдельной строкой, ставка НДС — та, с которой оформлен заказ. Чек приходит покупателю на email."
        />
        <FormField label="Система налогообложения" htmlFor="payment-taxSystemCode" error={errors.taxSystemCode?.message}>
          <NativeSelect {...fieldProps('taxSystemCode', { valueAsNumber: true })}>
            {TAX_SYSTEM_CODES.map((code) => (
              <option key={code} value={code}>
                {TAX_SYSTEM_LABELS[code]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FieldGrid>
          <FormField label="Товары: предмет расчёта" htmlFor="payment-goodsPaymentSubject" error={errors.goodsPaymentSubject?.message}>
            {subjectSelect('goodsPaymentSubject')}
          </FormField>
          <FormField label="Товары: способ расчёта" htmlFor="payment-goodsPaymentMode" error={errors.goodsPaymentMode?.message}>
            {modeSelect('goodsPaymentMode')}
          </FormField>
          <FormField label="Доставка: предмет расчёта" htmlFor="payment-deliveryPaymentSubject" error={errors.deliveryPaymentSubject?.message}>
            {subjectSelect('deliveryPaymentSubject')}
          </FormField>
          <FormField label="Доставка: способ расчёта" htmlFor="payment-deliveryPaymentMode" error={errors.deliveryPaymentMode?.message}>
            {modeSelect('deliveryPaymentMode')}
          </FormField>
        </FieldGrid>
      </fieldset>
      <FormActions dirty={isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)} />
    </form>
  );
}

function PaymentSettingsBody({ answer }: { answer: PaymentSettingsAnswer }) {
  return (
    <div className="grid gap-5">
      <ConnectionStatus configured={answer.configured} />
      <NotificationUrl url={answer.notificationUrl} />
      <PaymentForm data={answer.settings} />
    </div>
  );
}

/** 'Оплата': the YooKassa connection (read only), its notification address, receipts and the hold of unpaid orders. */
export function PaymentSettingsTab() {
  const query = useQuery(adminPaymentSettingsQuery());
  return (
    <SettingsFormTab
      query={query}
      title="Онлайн-оплата (ЮKassa)"
      description="Оплата заказов картой и через СБП, чеки по 54-ФЗ и срок, который неоплаченный заказ ждёт оплаты."
      failure="Не удалось загрузить настройки оплаты"
    >
      {(answer) => <PaymentSettingsBody answer={answer} />}
    </SettingsFormTab>
  );
}
