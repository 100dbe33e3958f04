import { useQuery } from '@tanstack/react-query';
import { useWatch, type FieldPath } from 'react-hook-form';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { CATALOG_PRICES, CATALOG_PRICES_LABELS, VAT_RATE_LABELS, VAT_RATES } from '#shared/constants.ts';
import { formatRub } from '#shared/money.ts';
import { formatPhone } from '#shared/phone.ts';
import { ShopSettingsSchema, type ShopSettings } from '#shared/schemas/settings.ts';
import { adminShopSettingsQuery, useSaveSettings } from './api.ts';
import { FieldGrid, SettingsFormTab, settingsSaveToasts, SwitchField, useSettingsForm } from './settings-form-parts.tsx';
import { FormActions, REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';

type Field = FieldPath<ShopSettings>;
const FIELDS: readonly Field[] = [
  'shopName', 'shopDescription', 'contactEmail', 'contactPhone', 'address', 'workingHours',
  'enableRegistration', 'enableCheckout', 'maintenanceMode', 'freeDeliveryThreshold', 'deliveryCost',
  'carrierMarginPercent', 'carrierFreeFrom', 'vatRate', 'catalogPrices',
];

type SwitchName = 'enableRegistration' | 'enableCheckout' | 'maintenanceMode';
const SWITCHES: { name: SwitchName; label: string; description: string }[] = [
  { name: 'enableRegistration', label: 'Регистрация пользователей', description: 'Новые покупатели могут зарегистрироваться на сайте.' },
  {
    name: 'enableCheckout',
    label: 'Оформление заказов',
    description: 'Покупатели могут оформлять заказы. Выключите, чтобы временно остановить приём заказов.',
  },
  {
    name: 'maintenanceMode',
    label: 'Режим обслуживания',
    description: 'Сайт доступен только сотрудникам магазина; покупатели видят страницу технического обслуживания.',
  },
];

/** The phone as everywhere else («+7 800 250-37-12»), not as it is kept. */
const shown = (settings: ShopSettings): ShopSettings => ({ ...settings, contactPhone: formatPhone(settings.contactPhone) });

function ShopForm({ data }: { data: ShopSettings }) {
  const { register, handleSubmit, control, reset, setError, formState } = useSettingsForm<ShopSettings>(ShopSettingsSchema, shown(data));
  const { errors, isDirty } = formState;

  const save = useSaveSettings(
    'shop',
    settingsSaveToasts({
      reset: (saved) => reset(shown(saved), REPLACE_TYPED),
      saved: 'Основные настройки магазина обновлены',
      failed: 'Не удалось сохранить настройки',
      fields: FIELDS,
      setError,
    }),
  );

  const text = (name: Exclude<Field, SwitchName>, options?: { valueAsNumber?: boolean }) => {
    const error = errors[name]?.message;
    const id = `shop-${name}`;
    return {
      ...fieldControlProps(id, { error }),
      ...register(name, options?.valueAsNumber ? { valueAsNumber: true } : undefined),
    };
  };
  const threshold = useWatch({ control, name: 'freeDeliveryThreshold' });
  const cost = useWatch({ control, name: 'deliveryCost' });

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-5" aria-label="Основные настройки магазина">
      <FieldGrid>
        <FormField label="Название магазина" htmlFor="shop-shopName" required error={errors.shopName?.message}>
          <Input {...text('shopName')} />
        </FormField>
        <FormField label="Email для связи" htmlFor="shop-contactEmail" required error={errors.contactEmail?.message}>
          <Input type="email" inputMode="email" spellCheck={false} {...text('contactEmail')} />
        </FormField>
        <FormField label="Телефон" htmlFor="shop-contactPhone" required error={errors.contactPhone?.message}>
          <Input type="tel" inputMode="tel" {...text('contactPhone')} />
        </FormField>
        <FormField label="Режим работы" htmlFor="shop-workingHours" error={errors.workingHours?.message} hint="Режим работы головного офиса: он же во вкладке «Филиалы»">
          <Input {...text('workingHours')} />
        </FormField>
      </FieldGrid>
      <FormField label="Адрес" htmlFor="shop-address" required error={errors.address?.message}>
        <Input {...text('address')} />
      </FormField>
      <FormField label="Описание магазина" htmlFor="shop-shopDescription" error={errors.shopDescription?.message}>
        <Textarea rows={4} {...text('shopDescription')} />
      </FormField>
      <FieldGrid>
        <FormField label="Стоимость доставки, ₽" htmlFor="shop-deliveryCost" error={errors.deliveryCost?.message} hint="Доставка магазина курьером или транспортной компанией.">
          <Input type="number" inputMode="numeric" min={0} step={1} {...text('deliveryCost', { valueAsNumber: true })} />
        </FormField>
        <FormField
          label="Бесплатная доставка от, ₽"
          htmlFor="shop-freeDeliveryThreshold"
          error={errors.freeDeliveryThreshold?.message}
          hint={
            Number.isFinite(threshold) && Number.isFinite(cost)
              ? `Заказы от ${formatRub(Number(threshold))} доставляются бесплатно, дешевле — за ${formatRub(Number(cost))}. Сумма показывается на странице товара и в корзине.`
              : 'Сумма показывается на странице товара и в корзине.'
          }
        >
          <Input type="number" inputMode="numeric" min={0} step={1} {...text('freeDeliveryThreshold', { valueAsNumber: true })} />
        </FormField>
        <FormField
          label="Наценка на доставку СДЭК, %"
          htmlFor="shop-carrierMarginPercent"
          error={errors.carrierMarginPercent?.message}
          hint="Добавляется к цене СДЭК: упаковка, страховка."
        >
          <Input type="number" inputMode="numeric" min={0} max={100} step={1} {...text('carrierMarginPercent', { valueAsNumber: true })} />
        </FormField>
        <FormField
          label="Бесплатная доставка СДЭК от, ₽"
          htmlFor="shop-carrierFreeFrom"
          error={errors.carrierFreeFrom?.message}
          hint="0 — доставку СДЭК покупатель оплачивает всегда."
        >
          <Input type="number" inputMode="numeric" min={0} step={1} {...text('carrierFreeFrom', { valueAsNumber: true })} />
        </FormField>
      </FieldGrid>
      <FormField
        label="Ставка НДС"
        htmlFor="shop-vatRate"
        error={errors.vatRate?.message}
        hint="Показывается в корзине, при оформлении, в письмах, чеках и документах 1С. Оформленные заказы сохраняют свою ставку."
        className="max-w-xs"
      >
        <NativeSelect {...text('vatRate', { valueAsNumber: true })}>
          {VAT_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {VAT_RATE_LABELS[rate]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Цены в каталоге"
        htmlFor="shop-catalogPrices"
        error={errors.catalogPrices?.message}
        hint="Без НДС: у цен написано «без НДС», налог добавляется строкой в корзине. С НДС: итог — сумма цен и доставки, корзина показывает «в т. ч. НДС»."
        className="max-w-md"
      >
        <NativeSelect {...text('catalogPrices')}>
          {CATALOG_PRICES.map((mode) => (
            <option key={mode} value={mode}>
              {CATALOG_PRICES_LABELS[mode]}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <div className="grid gap-3">
        {SWITCHES.map(({ name, label, description }) => (
          <SwitchField key={name} control={control} name={name} id={`shop-${name}`} label={label} description={description} />
        ))}
      </div>
      <FormActions dirty={isDirty} saving={save.isPending} onCancel={() => reset(data, REPLACE_TYPED)} />
    </form>
  );
}

/** 'Магазин': name, contacts, hours, description, free-delivery threshold, VAT rate and catalogue prices, three switches. */
export function ShopSettingsTab() {
  const query = useQuery(adminShopSettingsQuery());
  return (
    <SettingsFormTab
      query={query}
      title="Основные настройки"
      description="Название, контакты и режим работы показываются в шапке и подвале сайта, на странице контактов и в письмах."
      failure="Не удалось загрузить настройки магазина"
    >
      {(data) => <ShopForm data={data} />}
    </SettingsFormTab>
  );
}
