import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { CreateSupplierSchema, type CreateSupplierInput, type Supplier } from '#shared/schemas/supplier-import.ts';
import { useCreateSupplier } from './api.ts';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';

const FIELDS = ['code', 'name'] as const;

/** A new supplier: its code (as products keep it) and name. Mounted only while open. */
export function AddSupplierDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (supplier: Supplier) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<CreateSupplierInput>({
    resolver: zodResolver(CreateSupplierSchema),
    defaultValues: { code: '', name: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const create = useCreateSupplier({
    onSuccess: (supplier) => {
      toast({ title: 'Поставщик добавлен', description: supplier.name, variant: 'success' });
      onCreated(supplier);
      onClose();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      // 409: the code is taken, which is the code field's problem.
      if (error instanceof ApiError && error.status === 409) setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      toast({ title: 'Не удалось добавить поставщика', description: error.message, variant: 'destructive' });
    },
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !create.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Новый поставщик</DialogTitle>
          <DialogDescription>Код хранится в товарах этого поставщика и не меняется; название видно в панели.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit((data) => create.mutate(data))}>
          <FormField label="Код" htmlFor="supplier-code" required error={errors.code?.message} hint="Например, MAKITA">
            <Input
              autoCapitalize="characters"
              spellCheck={false}
              {...fieldControlProps('supplier-code', { error: errors.code?.message, hint: true, required: true })}
              {...register('code')}
            />
          </FormField>
          <FormField label="Название" htmlFor="supplier-name" required error={errors.name?.message}>
            <Input {...fieldControlProps('supplier-name', { error: errors.name?.message, required: true })} {...register('name')} />
          </FormField>
          <DialogSaveFooter saving={create.isPending} onCancel={onClose} saveLabel={'Добавить'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
