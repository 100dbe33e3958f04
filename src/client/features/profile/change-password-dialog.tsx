import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { PasswordInput } from '#client/components/auth/password-input.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { NEW_PASSWORD_HINT } from '#shared/schemas/auth.ts';
import { ProfilePasswordFormSchema, type ProfilePasswordFormInput } from '#shared/schemas/own-password.ts';
import { useChangePassword } from './api.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

type Field = keyof ProfilePasswordFormInput;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: ProfilePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfilePasswordFormInput>({ resolver: zodResolver(ProfilePasswordFormSchema), defaultValues: EMPTY });
  const change = useChangePassword({
    onSuccess: () => {
      toast({ title: 'Пароль изменён', description: 'На других устройствах нужно будет войти заново', variant: 'success' });
      onDone();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      if (!(error instanceof ApiError && error.errors)) {
        toast({ title: 'Не удалось изменить пароль', description: error.message, variant: 'destructive' });
      }
    },
  });
  const field = (name: Field, hint?: string) => ({
    ...fieldControlProps(`profile-${name}`, { hint, error: errors[name]?.message, required: true }),
    readOnly: change.isPending,
    ...register(name),
  });

  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      aria-label="Смена пароля"
      onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
    >
      <FormField
        label="Текущий пароль"
        htmlFor="profile-currentPassword"
        required
        error={errors.currentPassword?.message}
        aside={
          <Link to={paths.passwordReset} className="ml-auto text-sm text-primary underline-offset-4 hover:underline">
            Забыли пароль?
          </Link>
        }
      >
        <PasswordInput autoComplete="current-password" {...field('currentPassword')} />
      </FormField>
      <FormField label="Новый пароль" htmlFor="profile-newPassword" required hint={NEW_PASSWORD_HINT} error={errors.newPassword?.message}>
        <PasswordInput autoComplete="new-password" {...field('newPassword', NEW_PASSWORD_HINT)} />
      </FormField>
      <FormField label="Подтверждение пароля" htmlFor="profile-confirmPassword" required error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      <DialogFormFooter busy={change.isPending} onCancel={onDone}>
        {change.isPending ? <Spinner size="sm" label="Сохранение" /> : <KeyRound aria-hidden />}
        {change.isPending ? 'Сохранение...' : 'Сменить пароль'}
      </DialogFormFooter>
    </form>
  );
}

/** The signed-in user's new password: the current one first; their other sessions end. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Смена пароля</DialogTitle>
          <DialogDescription>После смены пароля вход на других устройствах завершится, здесь вы останетесь в личном кабинете.</DialogDescription>
        </DialogHeader>
        {open && <ChangePasswordForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
