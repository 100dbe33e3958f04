import { useQuery } from '@tanstack/react-query';
import { Copy, Warehouse } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { FormActions, REPLACE_TYPED } from '#client/features/admin/components/form-actions.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import {
  EXCHANGE_1C_PASSWORD_MIN,
  Exchange1cSettingsInputSchema,
  type Exchange1cSettings,
  type Exchange1cSettingsInput,
  type Exchange1cSettingsView,
} from '#shared/schemas/exchange-1c.ts';
import type { AdminBranch } from '#shared/schemas/branches.ts';
import { adminBranchesQuery, exchange1cSettingsQuery, useSaveExchange1c } from './api.ts';
import { Exchange1cLog } from './exchange-1c-log.tsx';
import { PriceTypeSelect, priceTypeChoices } from './price-type-select.tsx';
import { FieldGrid, FormSkeleton, settingsSaveToasts, SwitchField, useLoadErrorToast, useSettingsForm } from './settings-form-parts.tsx';

type Field = FieldPath<Exchange1cSettingsInput>;
const FIELDS: readonly Field[] = ['enabled', 'login', 'password', 'priceType', 'mayHide'];

/** The form's values: the password field starts empty (a set password is never sent to the browser). */
const valuesOf = (s: Exchange1cSettings): Exchange1cSettingsInput => ({
  enabled: s.enabled,
  login: s.login,
  password: '',
  priceType: s.priceType,
  mayHide: s.mayHide,
  warehouses: s.warehouses.map(({ id, branchId }) => ({ id, branchId })),
});

/** The address 1C calls, with a copy button and where it goes in 1C. */
function ExchangeUrl({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Адрес скопирован', description: 'Вставьте его в настройки обмена в 1С', variant: 'success' });
    } catch {
      // No clipboard (a page not served over HTTPS): the address is selected for Ctrl+C.
      input.current?.select();
      toast({ title: 'Не удалось скопировать', description: 'Адрес выделен: скопируйте его сочетанием Ctrl+C', variant: 'destructive' });
    }
  };
  return (
    <FormField
      label="Адрес для 1С"
      htmlFor="exchange-url"
      hint={
        <>
          В 1С откройте «Администрирование» (в УТ и КА — «НСИ и администрирование») → «Синхронизация данных» → «Обмен с сайтами»,
          создайте узел обмена и вставьте этот адрес в поле «Адрес сайта», а в поля «Пользователь» и «Пароль» — логин и пароль
          обмена из этой формы. В УНФ то же самое — в «Настройки» → «Обмен с сайтом».
        </>
      }
    >
      <div className="flex gap-2">
        <Input ref={input} id="exchange-url" value={url} readOnly spellCheck={false} className="font-mono text-sm" aria-describedby="exchange-url-hint" />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Скопировать адрес для 1С">
          <Copy aria-hidden />
          <span className="max-sm:hidden">Скопировать</span>
        </Button>
      </div>
    </FormField>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{children}</p>;
}

/** A branch by its city; by city and address where the shop has two in one city. */
const branchLabel = (branch: AdminBranch, all: AdminBranch[]) =>
  all.filter((b) => b.city === branch.city).length > 1 ? `${branch.city}, ${branch.address}` : branch.city;

function WarehouseRows({ view, branches, control }: { view: Exchange1cSettingsView; branches: AdminBranch[]; control: Control<Exchange1cSettingsInput> }) {
  const warehouses = view.settings.warehouses;
  if (warehouses.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center">
        <Warehouse className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">Склады из 1С ещё не приходили</p>
        <p className="text-sm text-muted-foreground">Они появятся здесь после первой выгрузки остатков из 1С (файл offers.xml).</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Склады 1С">
      {warehouses.map((warehouse, index) => (
        <li key={warehouse.id} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center" data-testid="exchange-warehouse">
          <label htmlFor={`warehouse-${index}`} className="min-w-0">
            <span className="block font-medium break-words">{warehouse.name}</span>
            <span className="block font-mono text-xs break-all text-muted-foreground">{warehouse.id}</span>
          </label>
          <Controller
            control={control}
            name={`warehouses.${index}.branchId`}
            render={({ field }) => (
              <NativeSelect
                id={`warehouse-${index}`}
                value={field.value === null ? '' : String(field.value)}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                onBlur={field.onBlur}
              >
                <option value="">Не сопоставлен</option>
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {branchLabel(b, branches)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </li>
      ))}
    </ul>
  );
}

function Exchange1cForm({ view, branches }: { view: Exchange1cSettingsView; branches: AdminBranch[] }) {
  const { settings, priceTypes } = view;
  const { register, handleSubmit, control, reset, setError, formState } = useSettingsForm<Exchange1cSettingsInput>(Exchange1cSettingsInputSchema, valuesOf(settings));
  const { errors, isDirty } = formState;
  const save = useSaveExchange1c(
    settingsSaveToasts({
      reset: (saved) => reset(valuesOf(saved.settings), REPLACE_TYPED),
      saved: 'Настройки обмена с 1С обновлены',
      failed: 'Не удалось сохранить настройки обмена',
      fields: FIELDS,
      setError,
    }),
  );
  const passwordHint = settings.passwordSet
    ? 'Пароль задан. Оставьте поле пустым, чтобы не менять его.'
    : `Пароль не задан: без него 1С не подключится. Не короче ${EXCHANGE_1C_PASSWORD_MIN} символов.`;
  const typeOptions = priceTypeChoices(priceTypes, settings.priceType);

  return (
    <form method="post" noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-4" aria-label="Настройки обмена с 1С">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Подключение 1С</CardTitle>
          <CardDescription>
            1С по расписанию выгружает на сайт каталог, цены и остатки по складам и забирает новые и изменённые заказы (протокол CommerceML 2).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchField
            control={control}
            name="enabled"
            id="exchange-enabled"
            label="Обмен с 1С включён"
            description="Выключенный обмен отвечает 1С отказом, данные сайта не меняются."
          />
          <FieldGrid>
            <FormField label="Логин обмена" htmlFor="exchange-login" error={errors.login?.message} hint="Пользователь, которого 1С указывает при подключении">
              <Input
                autoComplete="off"
                spellCheck={false}
                {...fieldControlProps('exchange-login', { error: errors.login?.message, hint: true })}
                {...register('login')}
              />
            </FormField>
            <FormField label="Новый пароль" htmlFor="exchange-password" error={errors.password?.message} hint={passwordHint}>
              <Input
                type="password"
                autoComplete="new-password"
                {...fieldControlProps('exchange-password', { error: errors.password?.message, hint: true })}
                {...register('password')}
              />
            </FormField>
          </FieldGrid>
          <ExchangeUrl url={view.exchangeUrl} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Каталог и цены</CardTitle>
          <CardDescription>Какая цена из 1С становится ценой на сайте и что делать с товарами, которых нет в полной выгрузке.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {typeOptions.length === 0 ? (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium">Тип цен</p>
              <EmptyNote>Типы цен появятся после первой выгрузки предложений из 1С (файл offers.xml). Тогда выберите здесь розничную цену.</EmptyNote>
            </div>
          ) : (
            <FormField label="Тип цен" htmlFor="exchange-priceType" error={errors.priceType?.message} hint="Цена этого типа из 1С становится ценой товара на сайте" className="max-w-md">
              <PriceTypeSelect types={typeOptions} {...fieldControlProps('exchange-priceType', { error: errors.priceType?.message, hint: true })} {...register('priceType')} />
            </FormField>
          )}
          <SwitchField
            control={control}
            name="mayHide"
            id="exchange-mayHide"
            label="1С может скрывать товары"
            description="Полная выгрузка из 1С скрывает на сайте товары из 1С, которых в ней больше нет. Товары с пометкой удаления скрываются всегда."
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Склады 1С и филиалы</CardTitle>
          <CardDescription>Остатки склада 1С становятся остатками выбранного филиала. Остатки несопоставленных складов не загружаются.</CardDescription>
        </CardHeader>
        <CardContent>
          <WarehouseRows view={view} branches={branches} control={control} />
        </CardContent>
      </Card>

      <FormActions dirty={isDirty} saving={save.isPending} onCancel={() => reset(valuesOf(settings), REPLACE_TYPED)} />
    </form>
  );
}

/** «Обмен с 1С»: the exchange account and address, the price type, hiding, warehouses → branches, and the exchange log. */
export function Exchange1cTab() {
  const query = useQuery(exchange1cSettingsQuery());
  const branches = useQuery(adminBranchesQuery());
  useLoadErrorToast(query.error ?? branches.error, (message) => `Не удалось загрузить настройки обмена с 1С: ${message}`);
  const failed = (query.isError && !query.data) || (branches.isError && !branches.data);
  return (
    <div className="grid gap-4">
      {failed ? (
        <LoadError
          title="Не удалось загрузить настройки обмена с 1С"
          error={query.error ?? branches.error}
          onRetry={() => {
            void query.refetch();
            void branches.refetch();
          }}
        />
      ) : query.data && branches.data ? (
        <Exchange1cForm view={query.data} branches={branches.data} />
      ) : (
        <Card className="p-4 sm:p-6">
          <FormSkeleton fields={4} />
        </Card>
      )}
      <Exchange1cLog />
    </div>
  );
}
