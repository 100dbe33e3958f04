import { useWatch, type FieldPath } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { OptionSelect } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { CATALOG_PRICES, CATALOG_PRICES_LABELS, VAT_RATE_LABELS, VAT_RATES } from '#shared/constants.ts';
import { formatRub } from '#shared/money.ts';
import { formatPhone } from '#shared/phone.ts';
import { ShopSettingsSchema, type ShopSettings } from '#shared/schemas/settings.ts';
import { adminShopSettingsQuery, useSaveSettings } from './api.ts';
import { FieldGrid, SettingsForm, SettingsFormTab, settingsFields, settingsSaveToasts, SwitchField, useSettingsForm } from './settings-form-parts.tsx';
import { REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';

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
  const form = useSettingsForm<ShopSettings>(ShopSettingsSchema, shown(data));
  const { handleSubmit, control: formControl, reset, setError, formState } = form;

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

  const { control, field } = settingsFields('shop', form);
  const rubles = (name: 'deliveryCost' | 'freeDeliveryThreshold' | 'carrierFreeFrom') => (
    <Input type="number" inputMode="numeric" min={0} step={1} {...control(name, { valueAsNumber: true })} />
  );
  const threshold = useWatch({ control: formControl, name: 'freeDeliveryThreshold' });
  const cost = useWatch({ control: formControl, name: 'deliveryCost' });
  const thresholdHint =
    Number.isFinite(threshold) && Number.isFinite(cost)
      ? `Заказы от ${formatRub(Number(threshold))} доставляются бесплатно, дешевле — за ${formatRub(Number(cost))}. Сумма показывается на странице товара и в корзине.`
      : 'Сумма показывается на странице товара и в корзине.';

  return (
    <SettingsForm
      label="Основные настройки магазина"
      onSubmit={handleSubmit((values) => save.mutate(values))}
      dirty={formState.isDirty}
      saving={save.isPending}
      onCancel={() => reset(data, REPLACE_TYPED)}
    >
      <FieldGrid>
        {field('shopName', { label: 'Название магазина', required: true }, <Input {...control('shopName')} />)}
        {field('contactEmail', { label: 'Email для связи', required: true }, <Input type="email" inputMode="email" spellCheck={false} {...control('contactEmail')} />)}
        {field('contactPhone', { label: 'Телефон', required: true }, <Input type="tel" inputMode="tel" {...control('contactPhone')} />)}
        {field('workingHours', { label: 'Режим работы', hint: 'Режим работы головного офиса: он же во вкладке «Филиалы»' }, <Input {...control('workingHours')} />)}
      </FieldGrid>
      {field('address', { label: 'Адрес', required: true }, <Input {...control('address')} />)}
      {field('shopDescription', { label: 'Описание магазина' }, <Textarea rows={4} {...control('shopDescription')} />)}
      <FieldGrid>
        {field('deliveryCost', { label: 'Стоимость доставки, ₽', hint: 'Доставка магазина курьером или транспортной компанией.' }, rubles('deliveryCost'))}
        {field('freeDeliveryThreshold', { label: 'Бесплатная доставка от, ₽', hint: thresholdHint }, rubles('freeDeliveryThreshold'))}
        {field(
          'carrierMarginPercent',
          { label: 'Наценка на доставку СДЭК, %', hint: 'Добавляется к цене СДЭК: упаковка, страховка.' },
          <Input type="number" inputMode="numeric" min={0} max={100} step={1} {...control('carrierMarginPercent', { valueAsNumber: true })} />,
        )}
        {field('carrierFreeFrom', { label: 'Бесплатная доставка СДЭК от, ₽', hint: '0 — доставку СДЭК покупатель оплачивает всегда.' }, rubles('carrierFreeFrom'))}
      </FieldGrid>
      {field(
        'vatRate',
        {
          label: 'Ставка НДС',
          hint: 'Показывается в корзине, при оформлении, в письмах, чеках и документах 1С. Оформленные заказы сохраняют свою ставку.',
          className: 'max-w-xs',
        },
        <OptionSelect values={VAT_RATES} labels={VAT_RATE_LABELS} {...control('vatRate', { valueAsNumber: true })} />,
      )}
      {field(
        'catalogPrices',
        {
          label: 'Цены в каталоге',
          hint: 'Без НДС: у цен написано «без НДС», налог добавляется строкой в корзине. С НДС: итог — сумма цен и доставки, корзина показывает «в т. ч. НДС».',
          className: 'max-w-md',
        },
        <OptionSelect values={CATALOG_PRICES} labels={CATALOG_PRICES_LABELS} {...control('catalogPrices')} />,
      )}

      <div className="grid gap-3">
        {SWITCHES.map(({ name, label, description }) => (
          <SwitchField key={name} control={formControl} name={name} id={`shop-${name}`} label={label} description={description} />
        ))}
      </div>
    </SettingsForm>
  );
}

/** 'Магазин': name, contacts, hours, description, free-delivery threshold, VAT rate and catalogue prices, three switches. */
export const ShopSettingsTab = () => (
  <SettingsFormTab query={adminShopSettingsQuery()} form={ShopForm} title="Основные настройки" failure="Не удалось загрузить настройки магазина"
    description="Название, контакты и режим работы показываются в шапке и подвале сайта, на странице контактов и в письмах." />
);
