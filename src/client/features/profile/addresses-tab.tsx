import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Phone, Star, User } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { addressesQuery, useCreateAddress, useDeleteAddress, useUpdateAddress } from '#client/lib/addresses.ts';
import { ADDRESSES_MAX, AddressSchema, type AddressInput, type AddressValues } from '#shared/schemas/address.ts';
import type { Address } from '#shared/types.ts';
import { DeleteSavedDialog, SavedCardActions, SavedList, useSavedListDialogs } from './saved-list.tsx';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

/** In the order the form shows them: the first field the server refuses takes the focus. */
const FIELDS = ['label', 'recipientName', 'phone', 'city', 'postalCode', 'address', 'isDefault'] as const;
type Field = (typeof FIELDS)[number];

const LABEL_HINT = 'Например: Дом, Офис, Объект на ул. Мира';

const EMPTY: AddressInput = { label: '', recipientName: '', phone: '', city: '', address: '', postalCode: '', isDefault: false };

const toInput = (a: Address): AddressInput => ({
  label: a.label,
  recipientName: a.recipientName,
  phone: a.phone,
  city: a.city,
  address: a.address,
  postalCode: a.postalCode,
  isDefault: a.isDefault,
});

/** Add or edit one address; the dialog stays open with everything typed when the server refuses. */
function AddressDialog({
  open,
  onOpenChange,
  address,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited, or undefined to add one. */
  address?: Address;
  defaults: AddressInput;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = create.isPending || update.isPending;
  // Filled once per opening (the dialog is mounted afresh each time): nothing that arrives while
  // the customer types (the profile, the addresses list) may put back what they typed.
  const { register, control, handleSubmit, setError, formState } = useForm<AddressInput, unknown, AddressValues>({
    resolver: zodResolver(AddressSchema),
    defaultValues: address ? toInput(address) : defaults,
  });
  const { errors } = formState;

  const onError = (error: Error) => {
    applyServerErrors<AddressInput>(error, FIELDS, setError);
    toast({ title: 'Не удалось сохранить адрес', description: error.message, variant: 'destructive' });
  };
  const onSubmit = handleSubmit((values) => {
    if (address) {
      update.mutate(
        { id: address.id, patch: values },
        {
          onSuccess: () => {
            toast({ title: 'Адрес сохранён', variant: 'success' });
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Адрес добавлен', description: 'Его можно выбрать при оформлении заказа', variant: 'success' });
          onOpenChange(false);
        },
        onError,
      });
    }
  });

  const prefix = address ? `address-${address.id}` : 'address-new';
  const control_ = (name: Exclude<Field, 'isDefault'>, { required = true, hint }: { required?: boolean; hint?: string } = {}) => ({
    ...fieldControlProps(`${prefix}-${name}`, { hint, error: errors[name]?.message, required }),
    ...register(name),
  });
  const field = (name: Exclude<Field, 'isDefault'>) => ({ htmlFor: `${prefix}-${name}`, error: errors[name]?.message });

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{address ? 'Изменить адрес' : 'Новый адрес доставки'}</DialogTitle>
          <DialogDescription>Поля со звёздочкой обязательны. Адрес можно будет выбрать при оформлении заказа.</DialogDescription>
        </DialogHeader>
        <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={address ? 'Изменение адреса' : 'Новый адрес'}>
          <FormField label="Название" hint={LABEL_HINT} {...field('label')}>
            <Input {...control_('label', { required: false, hint: LABEL_HINT })} />
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Получатель" required {...field('recipientName')}>
              <Input autoComplete="name" {...control_('recipientName')} />
            </FormField>
            <FormField label="Телефон" required {...field('phone')}>
              <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 900 000-00-00" {...control_('phone')} />
            </FormField>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FormField label="Город" required {...field('city')}>
              <Input autoComplete="address-level2" {...control_('city')} />
            </FormField>
            <FormField label="Индекс" required {...field('postalCode')}>
              <Input inputMode="numeric" autoComplete="postal-code" {...control_('postalCode')} />
            </FormField>
          </div>
          <FormField label="Адрес" required {...field('address')}>
            <Input autoComplete="street-address" placeholder="Улица, дом, квартира или офис" {...control_('address')} />
          </FormField>
          {!address?.isDefault && (
            <div className="flex items-center gap-3">
              <Controller
                control={control}
                name="isDefault"
                render={({ field: f }) => (
                  <Checkbox id={`${prefix}-isDefault`} ref={f.ref} checked={f.value ?? false} onCheckedChange={(c) => f.onChange(c === true)} onBlur={f.onBlur} />
                )}
              />
              <Label htmlFor={`${prefix}-isDefault`} className="font-normal">
                Сделать основным адресом
              </Label>
            </div>
          )}
          <DialogFormFooter busy={saving} onCancel={() => onOpenChange(false)}>
            {saving ? 'Сохранение...' : address ? 'Сохранить' : 'Добавить адрес'}
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AddressCard({ address, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  const update = useUpdateAddress();
  const title = address.label || 'Адрес доставки';
  return (
    <Card className={address.isDefault ? 'border-primary/60' : undefined}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <CardTitle as="h3" className="break-words">
          {title}
        </CardTitle>
        {address.isDefault && (
          <Badge>
            <Star aria-hidden />
            Основной
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        <address className="grid gap-1.5 text-sm not-italic">
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="break-words">
              {address.postalCode}, {address.city}, {address.address}
            </span>
          </p>
          <p className="flex items-center gap-2">
            <User className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {address.recipientName}
          </p>
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {address.phone}
          </p>
        </address>
      </CardContent>
      <SavedCardActions subject={`адрес «${title}»`} onEdit={onEdit} onDelete={onDelete}>
        {!address.isDefault && (
          <Button
            variant="outline"
            size="sm"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: address.id, patch: { isDefault: true } },
                {
                  onSuccess: () => toast({ title: 'Основной адрес изменён', description: title, variant: 'success' }),
                  onError: (error) => toast({ title: 'Не удалось изменить основной адрес', description: error.message, variant: 'destructive' }),
                },
              )
            }
          >
            <Star aria-hidden />
            Сделать основным
          </Button>
        )}
      </SavedCardActions>
    </Card>
  );
}

/** 'Адреса доставки' of the personal account: list, add, edit, delete, mark default. */
export function AddressesTab({ defaults }: { defaults: Pick<AddressInput, 'recipientName' | 'phone'> }) {
  const addresses = useQuery(addressesQuery());
  const dialogs = useSavedListDialogs<Address>();
  const remove = useDeleteAddress();
  const list = addresses.data ?? [];
  return (
    <SavedList
      id="addresses-title"
      title="Адреса доставки"
      intro="Основной адрес подставляется в заказ автоматически."
      addLabel="Добавить адрес"
      onAdd={() => dialogs.openForm()}
      query={addresses}
      items={list}
      max={ADDRESSES_MAX}
      fullNotice={`Сохранено ${ADDRESSES_MAX} адресов — это максимум. Удалите ненужный, чтобы добавить новый.`}
      loading={{ label: 'Загрузка адресов', height: 'h-44' }}
      errorTitle="Не удалось загрузить адреса доставки"
      empty={{
        icon: MapPin,
        title: 'Вы ещё не сохранили ни одного адреса',
        text: 'Добавьте адрес дома, офиса или объекта — при оформлении заказа его не придётся вводить заново.',
      }}
      listLabel="Сохранённые адреса"
      renderCard={(address) => <AddressCard address={address} onEdit={() => dialogs.openForm(address)} onDelete={() => dialogs.askDelete(address)} />}
    >
      <AddressDialog
        key={dialogs.formKey}
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        address={dialogs.editing}
        defaults={{ ...EMPTY, ...defaults, isDefault: list.length === 0 }}
      />
      <DeleteSavedDialog
        item={dialogs.deleting}
        title="Удалить адрес?"
        describe={(a) => `${a.postalCode}, ${a.city}, ${a.address}`}
        remove={remove}
        removed={() => ({ title: 'Адрес удалён' })}
        failure="Не удалось удалить адрес"
        onClose={dialogs.closeDelete}
      />
    </SavedList>
  );
}
