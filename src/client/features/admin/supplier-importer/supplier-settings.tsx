import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { OptionSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { z } from '#shared/schemas/z.ts';
import {
  ABSENT_ACTIONS,
  ABSENT_ACTION_LABELS,
  NEW_PRODUCTS,
  NEW_PRODUCTS_LABELS,
  PRICING_MODES,
  PRICING_MODE_LABELS,
  PatchSupplierSchema,
  type AbsentAction,
  type NewProducts,
  type Supplier,
} from '#shared/schemas/supplier-import.ts';
import { FormActions } from '#client/features/admin/components/form-actions.tsx';
import { useSaveSupplier } from './api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { formResolver } from '#client/lib/form-resolver.ts';

/** The form keeps what is typed as text; the shared schema checks the numbers it becomes. */
type SettingsForm = {
  name: string;
  sourceUrl: string;
  scheduleTime: string;
  settings: {
    pricing: { mode: 'retail' | 'markup'; markupPercent: string; ending: string };
    flagPercent: string;
    limits: { maxPriceChangePercent: string; maxAbsentPercent: string };
    absent: AbsentAction;
    newProducts: NewProducts;
  };
};
type SettingsData = z.output<typeof PatchSupplierSchema>;

/** Server field errors arrive under the request's paths, which are the form's paths too. */
const FIELDS: readonly Path<SettingsForm>[] = [
  'name',
  'sourceUrl',
  'scheduleTime',
  'settings.pricing.mode',
  'settings.pricing.markupPercent',
  'settings.pricing.ending',
  'settings.flagPercent',
  'settings.limits.maxPriceChangePercent',
  'settings.limits.maxAbsentPercent',
  'settings.absent',
  'settings.newProducts',
];

const text = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
/** '' is no value; '12,5' is 12.5; anything else stays NaN for the schema to refuse with its message. */
const number = (value: string) => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

const valuesOf = (supplier: Supplier): SettingsForm => {
  const { pricing, limits } = supplier.settings;
  return {
    name: supplier.name,
    sourceUrl: supplier.sourceUrl ?? '',
    scheduleTime: supplier.scheduleTime ?? '',
    settings: {
      pricing: { mode: pricing.mode, markupPercent: text(pricing.markupPercent), ending: text(pricing.ending) },
      flagPercent: text(supplier.settings.flagPercent),
      limits: { maxPriceChangePercent: text(limits.maxPriceChangePercent), maxAbsentPercent: text(limits.maxAbsentPercent) },
      absent: supplier.settings.absent,
      newProducts: supplier.settings.newProducts,
    },
  };
};

/** The form's text turned into the PATCH body, then checked by the server's own schema. */
const SettingsFormSchema = z.preprocess((form: SettingsForm) => {
  const { pricing, limits } = form.settings;
  return {
    name: form.name,
    sourceUrl: form.sourceUrl,
    scheduleTime: form.scheduleTime,
    settings: {
      pricing: { mode: pricing.mode, markupPercent: number(pricing.markupPercent), ending: number(pricing.ending) },
      flagPercent: number(form.settings.flagPercent) ?? undefined,
      limits: { maxPriceChangePercent: number(limits.maxPriceChangePercent) ?? undefined, maxAbsentPercent: number(limits.maxAbsentPercent) ?? undefined },
      absent: form.settings.absent,
      newProducts: form.settings.newProducts,
    },
  };
}, PatchSupplierSchema);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-4 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** A supplier's name, pricing rule, dry-run flag, defaults of an import, and its daily automatic import. */
export function SupplierSettings({ supplier }: { supplier: Supplier }) {
  const form = useForm<SettingsForm, unknown, SettingsData>({
    resolver: formResolver<SettingsForm, SettingsData>(SettingsFormSchema),
    defaultValues: valuesOf(supplier),
    mode: 'onTouched',
  });
  const { register, control, formState, setError, reset } = form;
  const errors = formState.errors;
  const mode = useWatch({ control, name: 'settings.pricing.mode' });
  const sourceUrl = useWatch({ control, name: 'sourceUrl' });

  const save = useSaveSupplier(supplier.id, {
    onSuccess: (saved) => {
      reset(valuesOf(saved));
      toast({ title: 'Настройки поставщика сохранены', description: saved.name, variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: 'Не удалось сохранить настройки', description: error.message, variant: 'destructive' });
    },
  });

  const field = (name: Path<SettingsForm>, id: string, hint?: boolean) => {
    const error = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as { message?: string } | undefined;
    return { error: error?.message, control: fieldControlProps(id, { error: error?.message, hint }) };
  };
  const nameField = field('name', 'supplier-name-edit');
  const markup = field('settings.pricing.markupPercent', 'supplier-markup', true);
  const ending = field('settings.pricing.ending', 'supplier-ending', true);
  const flag = field('settings.flagPercent', 'supplier-flag', true);
  const url = field('sourceUrl', 'supplier-url', true);
  const time = field('scheduleTime', 'supplier-time', true);
  const maxPrice = field('settings.limits.maxPriceChangePercent', 'supplier-max-price', true);
  const maxAbsent = field('settings.limits.maxAbsentPercent', 'supplier-max-absent', true);

  return (
    <form
      noValidate
      aria-label="Настройки поставщика"
      className="grid gap-6"
      onSubmit={form.handleSubmit(
        (data) => save.mutate(data),
        () => toast({ title: 'Проверьте поля формы', description: 'Некоторые поля заполнены неверно', variant: 'destructive' }),
      )}
    >
      <Section title="Поставщик">
        <FormField label="Название" htmlFor="supplier-name-edit" error={nameField.error} className="sm:max-w-sm">
          <Input {...nameField.control} {...register('name')} />
        </FormField>
      </Section>

      <Section title="Цены">
        <Controller
          control={control}
          name="settings.pricing.mode"
          render={({ field: mode }) => (
            <ChoiceGroup
              name="supplier-pricing-mode"
              legend="Цена на витрине"
              options={PRICING_MODES.map((value) => ({
                value,
                label: PRICING_MODE_LABELS[value],
                description: value === 'retail' ? 'Колонка «Цена» как есть' : 'Колонка «Закупочная цена» плюс наценка',
              }))}
              value={mode.value}
              onChange={mode.onChange}
            />
          )}
        />
        {mode === 'markup' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Наценка, %" htmlFor="supplier-markup" error={markup.error} hint="На закупочную цену, например 35">
              <Input inputMode="decimal" {...markup.control} {...register('settings.pricing.markupPercent')} />
            </FormField>
            <FormField
              label="Окончание цены, ₽"
              htmlFor="supplier-ending"
              error={ending.error}
              hint="Две последние цифры цены, от 0 до 99: с 90 цена 12 934 ₽ станет 12 990 ₽. Пусто — до целого рубля."
            >
              <Input inputMode="numeric" placeholder="Например, 90" {...ending.control} {...register('settings.pricing.ending')} />
            </FormField>
          </div>
        )}
        <FormField
          label="Большое изменение цены, %"
          htmlFor="supplier-flag"
          error={flag.error}
          hint="При проверке такие изменения цены выделяются"
          className="sm:max-w-xs"
        >
          <Input inputMode="decimal" {...flag.control} {...register('settings.flagPercent')} />
        </FormField>
      </Section>

      <Section title="По умолчанию при импорте">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Товары, которых нет в прайс-листе" htmlFor="supplier-absent">
            <OptionSelect values={ABSENT_ACTIONS} labels={ABSENT_ACTION_LABELS} id="supplier-absent" {...register('settings.absent')} />
          </FormField>
          <FormField label="Новые товары" htmlFor="supplier-new-products">
            <OptionSelect values={NEW_PRODUCTS} labels={NEW_PRODUCTS_LABELS} id="supplier-new-products" {...register('settings.newProducts')} />
          </FormField>
        </div>
      </Section>

      <Section title="Автоматический импорт">
        <p className="-mt-2 text-sm text-muted-foreground">
          Каждый день в указанное время магазин скачивает прайс-лист по ссылке, проверяет его и применяет, если изменения не превышают
          пределов. Итог приходит на почту магазина.
        </p>
        <FormField label="Адрес прайс-листа или YML-фида" htmlFor="supplier-url" error={url.error} hint="http:// или https://">
          <Input type="url" inputMode="url" placeholder="https://example.ru/price.xml" {...url.control} {...register('sourceUrl')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Время ежедневной загрузки" htmlFor="supplier-time" error={time.error} hint="По московскому времени; пусто — не загружать">
            <Input type="time" disabled={!sourceUrl?.trim()} {...time.control} {...register('scheduleTime')} />
          </FormField>
          <FormField label="Не больше изменённых цен, %" htmlFor="supplier-max-price" error={maxPrice.error} hint="Иначе импорт отклоняется">
            <Input inputMode="decimal" {...maxPrice.control} {...register('settings.limits.maxPriceChangePercent')} />
          </FormField>
          <FormField label="Не больше пропавших товаров, %" htmlFor="supplier-max-absent" error={maxAbsent.error} hint="Иначе импорт отклоняется">
            <Input inputMode="decimal" {...maxAbsent.control} {...register('settings.limits.maxAbsentPercent')} />
          </FormField>
        </div>
      </Section>

      <FormActions dirty={formState.isDirty} saving={save.isPending} onCancel={() => reset(valuesOf(supplier))} />
    </form>
  );
}
