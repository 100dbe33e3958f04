import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { CurrentPasswordField, useCurrentPassword } from '#client/features/admin/components/current-password-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { productsCount } from '#shared/plural.ts';
import type { Product } from '#shared/types.ts';
import { useDeleteAllProducts, useHardDeleteProduct } from './api.ts';

const DELETE_ALL_WORD = 'УДАЛИТЬ';
const RELOAD_AFTER_FAILURE_MS = 3000;

function DeletingLabel({ pending, children }: { pending: boolean; children: string }) {
  return (
    <>
      {pending ? <Spinner size="sm" label="Удаление" /> : <Trash2 aria-hidden />}
      {children}
    </>
  );
}

export function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const remove = useHardDeleteProduct({
    onSuccess: (_result, p) => {
      toast({ title: 'Товар удалён', description: `«${p.name}» больше нет в каталоге`, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      toast({ title: 'Ошибка при удалении товара', description: error.message, variant: 'destructive' });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={product !== null}
      title="Удалить товар?"
      description={
        <>
          «{product?.name}» будет удалён из каталога навсегда и исчезнет из корзин покупателей. В оформленных заказах
          останутся его название и цена.
        </>
      }
      confirm={<DeletingLabel pending={remove.isPending}>Удалить</DeletingLabel>}
      pending={remove.isPending}
      onConfirm={() => product && remove.mutate(product)}
      onClose={onClose}
    />
  );
}

/** Emptying the catalogue is confirmed by typing a word and the staff member's password, not by one click. */
export function DeleteAllDialog({ open, onOpenChange, total }: { open: boolean; onOpenChange: (open: boolean) => void; total: number | null }) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const password = useCurrentPassword();
  const close = () => {
    setTyped('');
    password.clear();
    onOpenChange(false);
  };
  const removeAll = useDeleteAllProducts({
    onSuccess: (result) => {
      toast({ title: 'Все товары удалены', description: result.message, variant: 'success' });
      close();
    },
    onError: (error) => {
      // A missing or wrong password is for the field; the dialog stays open.
      if (password.refusedBy(error)) return;
      const message = error instanceof ApiError && error.message ? error.message : 'Не удалось удалить все товары. Попробуйте позже.';
      toast({ title: 'Ошибка', description: message, variant: 'destructive' });
      onOpenChange(false);
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_FAILURE_MS);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title="Удалить все товары?"
      description={
        <>
          {total !== null ? `Из каталога будут удалены все товары (${productsCount(total)}). ` : 'Из каталога будут удалены все товары. '}
          Действие нельзя отменить. Оформленные заказы сохранят названия и цены.
        </>
      }
      confirm={<DeletingLabel pending={removeAll.isPending}>Удалить все товары</DeletingLabel>}
      pending={removeAll.isPending}
      confirmDisabled={typed.trim() !== DELETE_ALL_WORD}
      onConfirm={() => password.send(removeAll.mutate)}
      onClose={close}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>Введите «{DELETE_ALL_WORD}», чтобы подтвердить</Label>
        <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
      </div>
      <CurrentPasswordField id={`${inputId}-password`} readOnly={removeAll.isPending} {...password.field} />
    </ConfirmDialog>
  );
}
