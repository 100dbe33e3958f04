import { CircleCheck, Copy, TriangleAlert } from 'lucide-react';
import { type FieldPath } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { OptionSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN, PAYMENT_MODES, PAYMENT_MODE_LABELS, PAYMENT_SUBJECTS, PAYMENT_SUBJECT_LABELS, PaymentSettingsSchema, TAX_SYSTEM_CODES, TAX_SYSTEM_LABELS, type PaymentSettings, type PaymentSettingsAnswer } from '#shared/schemas/payments.ts';
import { REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';
import { adminPaymentSettingsQuery, useSavePaymentSettings } from './api.ts';
import { FieldGrid, formUnderStatus, SettingsForm, SettingsFormTab, settingsFields, settingsSaveToasts, SwitchField, useSettingsForm } from './settings-form-parts.tsx';

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
  const form = useSettingsForm<PaymentSettings>(PaymentSettingsSchema, data);
  const { handleSubmit, control: formControl, reset, setError, formState } = form;

  const save = useSavePaymentSettings(
    settingsSaveToasts({
      reset: (saved) => reset(saved.settings, REPLACE_TYPED),
      saved: 'Настройки онлайн-оплаты обновлены',
      failed: 'Не удалось сохранить настройки',
      fields: FIELDS,
      setError,
    }),
  );

  const { control, field } = settingsFields('payment', form);
  const subjectSelect = (name: 'goodsPaymentSubject' | 'deliveryPaymentSubject') => <OptionSelect values={PAYMENT_SUBJECTS} labels={PAYMENT_SUBJECT_LABELS} {...control(name)} />;
  const modeSelect = (name: 'goodsPaymentMode' | 'deliveryPaymentMode') => <OptionSelect values={PAYMENT_MODES} labels={PAYMENT_MODE_LABELS} {...control(name)} />;
  const holdHint = `Столько неоплаченный заказ держит товар на складе; потом платёж и заказ отменяются, товар возвращается в продажу, покупатель получает письмо. От ${HOLD_MINUTES_MIN} до ${HOLD_MINUTES_MAX} (3 суток).`;

  return (
    <SettingsForm label="Настройки онлайн-оплаты" onSubmit={handleSubmit((values) => save.mutate(values))} dirty={formState.isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)}>
      {field(
        'holdMinutes',
        { label: 'Время на оплату, минут', required: true, hint: holdHint, className: 'max-w-md' },
        <Input type="number" inputMode="numeric" min={HOLD_MINUTES_MIN} max={HOLD_MINUTES_MAX} step={1} {...control('holdMinutes', { valueAsNumber: true, hint: holdHint })} />,
      )}

      <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Чеки по 54-ФЗ</legend>
        <SwitchField
          control={formControl}
          name="receiptsEnabled"
          id="payment-receiptsEnabled"
          label="Отправлять чеки через ЮKassa"
          description="К каждому платежу и возврату прикладывается чек: товары заказа и доставка отдельной строкой, ставка НДС — та, с которой оформлен заказ. Чек приходит покупателю на email."
        />
        {field('taxSystemCode', { label: 'Система налогообложения' }, <OptionSelect values={TAX_SYSTEM_CODES} labels={TAX_SYSTEM_LABELS} {...control('taxSystemCode', { valueAsNumber: true })} />)}
        <FieldGrid>
          {field('goodsPaymentSubject', { label: 'Товары: предмет расчёта' }, subjectSelect('goodsPaymentSubject'))}
          {field('goodsPaymentMode', { label: 'Товары: способ расчёта' }, modeSelect('goodsPaymentMode'))}
          {field('deliveryPaymentSubject', { label: 'Доставка: предмет расчёта' }, subjectSelect('deliveryPaymentSubject'))}
          {field('deliveryPaymentMode', { label: 'Доставка: способ расчёта' }, modeSelect('deliveryPaymentMode'))}
        </FieldGrid>
      </fieldset>
    </SettingsForm>
  );
}

/** How the connection stands and where YooKassa's notifications go, above the form. */
function PaymentStatus({ data }: { data: PaymentSettingsAnswer }) {
  return (
    <>
      <ConnectionStatus configured={data.configured} />
      <NotificationUrl url={data.notificationUrl} />
    </>
  );
}

const PaymentSettingsBody = formUnderStatus(PaymentStatus, PaymentForm);

/** 'Оплата': the YooKassa connection (read only), its notification address, receipts and the hold of unpaid orders. */
export const PaymentSettingsTab = () => (
  <SettingsFormTab query={adminPaymentSettingsQuery()} form={PaymentSettingsBody} title="Онлайн-оплата (ЮKassa)" failure="Не удалось загрузить настройки оплаты"
    description="Оплата заказов картой и через СБП, чеки по 54-ФЗ и срок, который неоплаченный заказ ждёт оплаты." />
);
