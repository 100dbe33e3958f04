import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { FieldPath } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { INVOICE_VALID_DAYS_MAX, INVOICE_VALID_DAYS_MIN, SELLER_REQUISITES_LABELS, SellerRequisitesSchema, type SellerRequisites, type SellerRequisitesAnswer } from '#shared/schemas/seller-requisites.ts';
import { REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';
import { adminRequisitesQuery, useSaveRequisites } from './api.ts';
import { FieldGrid, formUnderStatus, SettingsForm, SettingsFormTab, settingsSaveToasts, useSettingsForm } from './settings-form-parts.tsx';

type Field = FieldPath<SellerRequisites>;
const FIELDS: readonly Field[] = [
  'legalName', 'inn', 'kpp', 'ogrn', 'legalAddress', 'bankName', 'bik', 'account', 'correspondentAccount', 'director', 'chiefAccountant', 'invoiceValidDays',
];

/** Whether invoices can be issued, and if not what is missing. */
function InvoiceStatus({ data: { missing } }: { data: SellerRequisitesAnswer }) {
  return missing.length === 0 ? (
    <Alert variant="success" role={undefined}>
      <CircleCheck aria-hidden />
      <AlertTitle>Счета выставляются</AlertTitle>
      <AlertDescription>
        Покупатели-организации могут выбрать «Оплата по счёту»: счёт в PDF с этими реквизитами и QR-кодом для оплаты приходит в письме о заказе и скачивается
        со страницы заказа.
      </AlertDescription>
    </Alert>
  ) : (
    <Alert variant="warning" role={undefined}>
      <TriangleAlert aria-hidden />
      <AlertTitle>Счёт на оплату выставить нельзя</AlertTitle>
      <AlertDescription>
        <p data-testid="requisites-missing">Не заполнено: {missing.join(', ')}.</p>
        <p>Пока реквизиты не заполнены, «Оплата по счёту» покупателям не предлагается.</p>
      </AlertDescription>
    </Alert>
  );
}

const HINTS: Partial<Record<Field, string>> = {
  legalName: 'Как в ЕГРЮЛ или ЕГРИП, например: Общество с ограниченной ответственностью «Инструмент»',
  kpp: 'У индивидуального предпринимателя КПП нет: оставьте поле пустым',
  director: 'Фамилия и инициалы того, кто подписывает счёт',
  chiefAccountant: 'Индивидуальному предпринимателю не нужен: счёт подписывает он сам',
};

function RequisitesForm({ data }: { data: SellerRequisites }) {
  const { register, handleSubmit, reset, setError, formState } = useSettingsForm<SellerRequisites>(SellerRequisitesSchema, data);
  const { errors, isDirty } = formState;
  const save = useSaveRequisites(
    settingsSaveToasts({
      reset: (saved) => reset(saved.settings, REPLACE_TYPED),
      saved: 'Реквизиты магазина обновлены',
      failed: 'Не удалось сохранить реквизиты',
      fields: FIELDS,
      setError,
    }),
  );

  const field = (name: Exclude<Field, 'invoiceValidDays'>, options: { className?: string; inputMode?: 'numeric'; maxLength?: number; autoComplete?: string } = {}) => {
    const id = `requisites-${name}`;
    const error = errors[name]?.message;
    const hint = HINTS[name];
    return (
      <FormField label={SELLER_REQUISITES_LABELS[name]} htmlFor={id} error={error} hint={hint} className={options.className}>
        <Input
          id={id}
          inputMode={options.inputMode}
          maxLength={options.maxLength}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={options.inputMode ? false : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, { error, hint })}
          {...register(name)}
        />
      </FormField>
    );
  };
  const validHint = `Срок оплаты счёта от даты заказа, без суббот и воскресений. До конца этого дня заказ держит товар на складе; неоплаченный заказ затем отменяется, покупатель получает письмо. От ${INVOICE_VALID_DAYS_MIN} до ${INVOICE_VALID_DAYS_MAX}.`;
  const validError = errors.invoiceValidDays?.message;

  return (
    <SettingsForm label="Реквизиты магазина" onSubmit={handleSubmit((values) => save.mutate(values))} dirty={isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)}>
      <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Организация</legend>
        {field('legalName', { autoComplete: 'organization' })}
        <div className="grid gap-4 sm:grid-cols-3">
          {field('inn', { inputMode: 'numeric', maxLength: 12 })}
          {field('kpp', { maxLength: 9 })}
          {field('ogrn', { inputMode: 'numeric', maxLength: 15 })}
        </div>
        {field('legalAddress')}
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Банк</legend>
        <FieldGrid>
          {field('bankName')}
          {field('bik', { inputMode: 'numeric', maxLength: 9 })}
          {field('account', { inputMode: 'numeric', maxLength: 20 })}
          {field('correspondentAccount', { inputMode: 'numeric', maxLength: 20 })}
        </FieldGrid>
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Подписи и срок счёта</legend>
        <FieldGrid>
          {field('director')}
          {field('chiefAccountant')}
        </FieldGrid>
        <FormField label="Счёт действителен, банковских дней" htmlFor="requisites-invoiceValidDays" required error={validError} hint={validHint} className="max-w-md">
          <Input
            id="requisites-invoiceValidDays"
            type="number"
            inputMode="numeric"
            min={INVOICE_VALID_DAYS_MIN}
            max={INVOICE_VALID_DAYS_MAX}
            step={1}
            aria-invalid={validError ? true : undefined}
            aria-describedby={fieldDescribedBy('requisites-invoiceValidDays', { error: validError, hint: validHint })}
            {...register('invoiceValidDays', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
    </SettingsForm>
  );
}

const RequisitesBody = formUnderStatus(InvoiceStatus, RequisitesForm);

/** 'Реквизиты': the seller of the invoices («Оплата по счёту»), their signatures and how long an invoice is valid. */
export const RequisitesSettingsTab = () => (
  <SettingsFormTab query={adminRequisitesQuery()} form={RequisitesBody} title="Реквизиты магазина" failure="Не удалось загрузить реквизиты"
    description="Продавец в счетах на оплату для организаций: наименование, ИНН, банк и подписи." />
);
