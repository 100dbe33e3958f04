import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { customerGroupsQuery, useDeleteCustomerGroup, useSaveCustomerGroup } from '#client/features/admin/lib/customer-groups-api.ts';
import { PriceTypeSelect, priceTypeChoices } from './price-type-select.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { pluralRu } from '#shared/plural.ts';
import {
  CUSTOMER_GROUP_PRICING_LABELS,
  CUSTOMER_GROUP_PRICINGS,
  CustomerGroupInputSchema,
  DISCOUNT_MAX_PERCENT,
  RETAIL_GROUP_NAME,
  type CustomerGroup,
  type CustomerGroupInput,
  type CustomerGroupPricing,
  type PriceType,
} from '#shared/schemas/customer-groups.ts';
import { FormSkeleton, SettingsCard, SettingsListItem } from './settings-form-parts.tsx';

type FormValues = { name: string; pricing: CustomerGroupPricing; priceTypeId: string; discountPercent: string };
const FIELDS: readonly FieldPath<FormValues>[] = ['name', 'pricing', 'priceTypeId', 'discountPercent'];

const valuesOf = (group: CustomerGroup | null, types: PriceType[]): FormValues =>
  group
    ? { name: group.name, pricing: group.pricing, priceTypeId: group.priceTypeId ?? '', discountPercent: group.discountPercent === null ? '' : String(group.discountPercent) }
    : { name: '', pricing: types.length > 0 ? 'price_type' : 'discount', priceTypeId: '', discountPercent: '' };

const customersText = (n: number) => `${n} ${pluralRu(n, 'покупатель', 'покупателя', 'покупателей')}`;

/** How a group is priced, in a line. */
const pricingText = (group: CustomerGroup) =>
  group.pricing === 'discount' ? `Скидка ${group.discountPercent} % от розничной цены` : `Тип цен 1С «${group.priceTypeName ?? group.priceTypeId}»`;

type DialogState = { mode: 'create' } | { mode: 'edit'; group: CustomerGroup } | null;

function GroupForm({ editing, priceTypes, onDone }: { editing: CustomerGroup | null; priceTypes: PriceType[]; onDone: () => void }) {
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues>({
    resolver: formResolver<FormValues>(CustomerGroupInputSchema),
    defaultValues: valuesOf(editing, priceTypes),
  });
  const { errors } = formState;
  const pricing = useWatch({ control, name: 'pricing' });
  const save = useSaveCustomerGroup(
    editing,
    saveToasts({ done: onDone, fields: FIELDS, setError }, {
      success: (group) => ({ title: editing ? 'Группа сохранена' : 'Группа создана', description: group.name }),
      failure: 'Не удалось сохранить группу',
    }),
  );
  const typeOptions = priceTypeChoices(priceTypes, editing?.priceTypeId);

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values as unknown as CustomerGroupInput))} className="grid gap-4" aria-label="Группа покупателей">
      <FormField label="Название" htmlFor="group-name" required error={errors.name?.message} hint="Например: «Опт», «Дилер»">
        <Input autoComplete="off" readOnly={save.isPending} {...fieldControlProps('group-name', { error: errors.name?.message, required: true, hint: true })} {...register('name')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Цены группы</legend>
        {CUSTOMER_GROUP_PRICINGS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-4 accent-primary" disabled={save.isPending} {...register('pricing')} />
            {CUSTOMER_GROUP_PRICING_LABELS[value]}
          </label>
        ))}
        {errors.pricing?.message && <p className="text-sm text-destructive">{errors.pricing.message}</p>}
      </fieldset>
      {pricing === 'price_type' ? (
        typeOptions.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="no-price-types">
            Типов цен пока нет: они появятся после первой выгрузки предложений из 1С (вкладка «Обмен с 1С»). До тех пор группу можно оценить скидкой от розничной цены.
          </p>
        ) : (
          <FormField label={CUSTOMER_GROUP_PRICING_LABELS.price_type} htmlFor="group-priceTypeId" required error={errors.priceTypeId?.message} hint="Товар без цены этого типа продаётся группе по розничной цене">
            <PriceTypeSelect types={typeOptions} disabled={save.isPending} {...fieldControlProps('group-priceTypeId', { error: errors.priceTypeId?.message, required: true, hint: true })} {...register('priceTypeId')} />
          </FormField>
        )
      ) : (
        <FormField label={CUSTOMER_GROUP_PRICING_LABELS.discount} htmlFor="group-discountPercent" required error={errors.discountPercent?.message} hint={`Целое число от 0 до ${DISCOUNT_MAX_PERCENT}`}>
          <Input inputMode="numeric" className="max-w-32" readOnly={save.isPending} {...fieldControlProps('group-discountPercent', { error: errors.discountPercent?.message, required: true, hint: true })} {...register('discountPercent')} />
        </FormField>
      )}
      <DialogSaveFooter saving={save.isPending} onCancel={onDone} saveLabel={editing ? 'Сохранить' : 'Создать'} />
    </form>
  );
}

function GroupRow({ group, onEdit, onDelete }: { group: CustomerGroup; onEdit: () => void; onDelete: () => void }) {
  return (
    <SettingsListItem subject={`группу ${group.name}`} testId="customer-group" onEdit={onEdit} onDelete={onDelete}>
      <p className="text-base font-semibold break-words">{group.name}</p>
      <p>{pricingText(group)}</p>
      <p className="text-muted-foreground">{group.customers === 0 ? 'Покупателей нет' : customersText(group.customers)}</p>
    </SettingsListItem>
  );
}

/**
 * «Группы покупателей»: wholesale prices. «Розница» is everyone's; staff make other groups, each
 * priced by a 1C price type or a discount, and put customers in them from the customer's card.
 */
export function CustomerGroupsTab() {
  const { data, error, refetch } = useQuery(customerGroupsQuery());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<CustomerGroup | null>(null);
  const remove = useDeleteCustomerGroup(deleteToasts((_, group) => ({ title: 'Группа удалена', description: group.name }), 'Группа не удалена', () => setDeleting(null)));

  return (
    <SettingsCard
      title="Группы покупателей"
      description={
        <>
          Покупатель группы видит свои цены с пометкой «Ваша цена» в каталоге, карточке товара, корзине и при оформлении заказа. Группу покупателю назначают в его карточке
          (раздел «Клиенты»).
        </>
      }
      action={
        <Button size="sm" onClick={() => setDialog({ mode: 'create' })} disabled={!data}>
          <Plus aria-hidden />
          Создать группу
        </Button>
      }
    >
        {error ? (
          <LoadError title="Не удалось загрузить группы покупателей" error={error} onRetry={() => void refetch()} />
        ) : !data ? (
          <FormSkeleton fields={3} />
        ) : (
          <ul className="grid gap-3">
            <li className="rounded-lg border bg-muted/40 p-4 text-sm" data-testid="customer-group-retail">
              <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
                {RETAIL_GROUP_NAME}
                <Badge variant="secondary">По умолчанию</Badge>
              </p>
              <p>Розничные цены каталога: у всех покупателей, кого не перевели в другую группу</p>
            </li>
            {data.groups.map((g) => (
              <GroupRow key={g.id} group={g} onEdit={() => setDialog({ mode: 'edit', group: g })} onDelete={() => setDeleting(g)} />
            ))}
          </ul>
        )}
      <TitledDialog
        open={dialog !== null}
        title={dialog?.mode === 'edit' ? `Группа: ${dialog.group.name}` : 'Новая группа покупателей'}
        description="Поля со звёздочкой обязательны"
        className="max-w-lg"
        onClose={() => setDialog(null)}
      >
        {dialog && data && (
          <GroupForm key={dialog.mode === 'edit' ? dialog.group.id : 'new'} editing={dialog.mode === 'edit' ? dialog.group : null} priceTypes={data.priceTypes} onDone={() => setDialog(null)} />
        )}
      </TitledDialog>
      <DeleteDialog
        target={deleting}
        title={`Удалить группу «${deleting?.name ?? ''}»?`}
        description={
          deleting && deleting.customers > 0
            ? `В группе ${customersText(deleting.customers)}: сначала переведите их в другую группу.`
            : 'Покупателей в группе нет; их цены не изменятся.'
        }
        pending={remove.isPending}
        spinner={false}
        onConfirm={(group) => remove.mutate(group)}
        onClose={() => setDeleting(null)}
      />
    </SettingsCard>
  );
}
