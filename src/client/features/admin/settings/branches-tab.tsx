import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '#shared/phone.ts';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { branchKind, mapHref } from '#client/lib/branch-details.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { BranchSchema, NewBranchSchema, type BranchInput } from '#shared/schemas/branch-form.ts';
import type { AdminBranch } from '#shared/schemas/branches.ts';
import { adminBranchesQuery, useDeleteBranch, useSaveBranch } from './api.ts';
import { FormSkeleton, SettingsCard, SettingsListItem, SwitchField } from './settings-form-parts.tsx';

/** The branch's fields as typed: its coordinates and order as text. */
type FormValues = Pick<AdminBranch, 'slug' | 'city' | 'cityIn' | 'address' | 'phone' | 'workingHours' | 'pickup'> & { latitude: string; longitude: string; sortOrder: string };
type TextField = Exclude<FieldPath<FormValues>, 'pickup'>;
const FIELDS: readonly FieldPath<FormValues>[] = ['slug', 'city', 'cityIn', 'address', 'phone', 'workingHours', 'pickup', 'latitude', 'longitude', 'sortOrder'];

const coordinateText = (value: number | null) => (value === null ? '' : String(value));

const valuesOf = (b: AdminBranch | null, nextOrder: number): FormValues =>
  b
    ? {
        slug: b.slug,
        city: b.city,
        cityIn: b.cityIn,
        address: b.address,
        phone: formatPhone(b.phone),
        workingHours: b.workingHours,
        pickup: b.pickup,
        latitude: coordinateText(b.latitude),
        longitude: coordinateText(b.longitude),
        sortOrder: String(b.sortOrder),
      }
    : { slug: '', city: '', cityIn: '', address: '', phone: '', workingHours: '', pickup: true, latitude: '', longitude: '', sortOrder: String(nextOrder) };

type DialogState = { mode: 'create'; nextOrder: number } | { mode: 'edit'; branch: AdminBranch } | null;

function BranchForm({ state, onDone }: { state: NonNullable<DialogState>; onDone: () => void }) {
  const editing = state.mode === 'edit' ? state.branch : null;
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues>({
    resolver: formResolver<FormValues>(editing ? BranchSchema : NewBranchSchema),
    defaultValues: valuesOf(editing, state.mode === 'create' ? state.nextOrder : 0),
  });
  const { errors } = formState;
  const save = useSaveBranch(
    editing,
    saveToasts({ done: onDone, fields: FIELDS, setError }, {
      success: (branch) => ({ title: editing ? 'Филиал сохранён' : 'Филиал добавлен', description: branch.city }),
      failure: 'Не удалось сохранить филиал',
    }),
  );
  const field = (name: TextField, required = true) => ({
    ...fieldControlProps(`branch-${name}`, { error: errors[name]?.message, required }),
    readOnly: save.isPending,
    ...register(name),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values as unknown as BranchInput))} className="grid gap-4" aria-label="Филиал">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Город" htmlFor="branch-city" required error={errors.city?.message}>
          <Input autoComplete="off" {...field('city')} />
        </FormField>
        <FormField label="Город после «в»" htmlFor="branch-cityIn" required error={errors.cityIn?.message} hint="«В наличии в Ростове-на-Дону»">
          <Input autoComplete="off" {...field('cityIn')} />
        </FormField>
      </div>
      {!editing && (
        <FormField label="Slug" htmlFor="branch-slug" required error={errors.slug?.message} hint="Латиницей, например «krasnodar»; потом не меняется">
          <Input autoComplete="off" spellCheck={false} {...field('slug')} />
        </FormField>
      )}
      <FormField label="Адрес" htmlFor="branch-address" required error={errors.address?.message}>
        <Input autoComplete="off" {...field('address')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Телефон" htmlFor="branch-phone" required error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
        </FormField>
        <FormField
          label="Режим работы"
          htmlFor="branch-workingHours"
          required
          error={errors.workingHours?.message}
          hint={editing && branchKind(editing) === 'Головной офис' ? 'Это и режим работы магазина в шапке сайта' : 'Например: Пн–Пт 8:00–18:00, Сб–Вс выходной'}
        >
          <Input autoComplete="off" {...field('workingHours')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Широта" htmlFor="branch-latitude" error={errors.latitude?.message} hint="Для ссылки на Яндекс Карты">
          <Input inputMode="decimal" {...field('latitude', false)} />
        </FormField>
        <FormField label="Долгота" htmlFor="branch-longitude" error={errors.longitude?.message}>
          <Input inputMode="decimal" {...field('longitude', false)} />
        </FormField>
        <FormField label="Порядок показа" htmlFor="branch-sortOrder" required error={errors.sortOrder?.message} hint="Меньше — выше">
          <Input inputMode="numeric" {...field('sortOrder')} />
        </FormField>
      </div>
      <SwitchField
        control={control}
        name="pickup"
        id="branch-pickup"
        label="Выдаёт заказы"
        description="Покупатели могут выбрать этот филиал для бесплатного самовывоза"
        disabled={save.isPending}
      />
      <DialogSaveFooter saving={save.isPending} onCancel={onDone} saveLabel={editing ? 'Сохранить' : 'Добавить'} />
    </form>
  );
}

function BranchCard({ branch, onEdit, onDelete }: { branch: AdminBranch; onEdit: () => void; onDelete: () => void }) {
  return (
    <SettingsListItem subject={`филиал ${branch.city}`} testId="admin-branch" alignTop onEdit={onEdit} onDelete={onDelete}>
      <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
        {branch.city}
        <Badge variant={branchKind(branch) === 'Головной офис' ? 'default' : 'secondary'}>{branchKind(branch)}</Badge>
        {!branch.pickup && <Badge variant="outline">Не выдаёт заказы</Badge>}
      </p>
      <p>{branch.address}</p>
      <p className="text-muted-foreground">
        {formatPhone(branch.phone)} · {branch.workingHours}
      </p>
      <a href={mapHref(branch)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
        <MapPin className="size-3.5" aria-hidden />
        На карте
      </a>
    </SettingsListItem>
  );
}

/** «Филиалы»: the branches every storefront page shows, their hours, pickup and order of display. */
export function BranchesTab() {
  const { data: branches, error, refetch } = useQuery(adminBranchesQuery());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<AdminBranch | null>(null);
  const remove = useDeleteBranch(deleteToasts((result) => ({ title: result.message }), 'Филиал не удалён', () => setDeleting(null)));

  return (
    <SettingsCard
      title="Филиалы"
      description="Адреса, телефоны и режим работы — в шапке, подвале, на страницах «О компании», «Контакты» и «Доставка»."
      action={
        <Button
          size="sm"
          onClick={() => setDialog({ mode: 'create', nextOrder: Math.max(0, ...(branches ?? []).map((b) => b.sortOrder)) + 1 })}
          disabled={!branches}
        >
          <Plus aria-hidden />
          Добавить филиал
        </Button>
      }
    >
        {error ? (
          <LoadError title="Не удалось загрузить филиалы" error={error} onRetry={() => void refetch()} />
        ) : !branches ? (
          <FormSkeleton fields={3} />
        ) : (
          <ul className="grid gap-3">
            {branches.map((b) => (
              <BranchCard key={b.id} branch={b} onEdit={() => setDialog({ mode: 'edit', branch: b })} onDelete={() => setDeleting(b)} />
            ))}
          </ul>
        )}
      <TitledDialog
        open={dialog !== null}
        title={dialog?.mode === 'edit' ? `Филиал: ${dialog.branch.city}` : 'Новый филиал'}
        description="Поля со звёздочкой обязательны"
        className="max-w-2xl"
        onClose={() => setDialog(null)}
      >
        {dialog && <BranchForm key={dialog.mode === 'edit' ? dialog.branch.id : 'new'} state={dialog} onDone={() => setDialog(null)} />}
      </TitledDialog>
      <DeleteDialog
        target={deleting}
        title={`Удалить филиал «${deleting?.city ?? ''}»?`}
        description="Филиал, на складе которого есть товар или с которым связаны заказы, удалить нельзя — мы скажем почему."
        pending={remove.isPending}
        spinner={false}
        onConfirm={(branch) => remove.mutate(branch.id)}
        onClose={() => setDeleting(null)}
      />
    </SettingsCard>
  );
}
