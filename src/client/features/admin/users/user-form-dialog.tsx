import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { formResolver } from '#client/lib/form-resolver.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect, OptionSelect } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { ApiError } from '#client/lib/api.ts';
import { ROLES, ROLE_LABELS, type Role } from '#shared/constants.ts';
import { AdminUserCreateSchema, AdminUserUpdateSchema, type AdminUserCreate, type AdminUserUpdate } from '#shared/schemas/admin-user.ts';
import type { AdminUser } from '#shared/types.ts';
import { CurrentPasswordField } from '#client/features/admin/components/current-password-field.tsx';
import { CURRENT_PASSWORD_REQUIRED } from '#shared/schemas/own-password.ts';
import { z } from '#shared/schemas/z.ts';
import { useSaveUser } from './api.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

type FormValues = {
  username: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
  address: string;
  role: Role;
  isActive: boolean;
  /** The administrator's own password: asked only when the role changes. */
  currentPassword: string;
};
const FIELDS: readonly FieldPath<FormValues>[] = ['username', 'email', 'password', 'fullName', 'phone', 'address', 'role', 'isActive', 'currentPassword'];

const EMPTY: FormValues = { username: '', email: '', password: '', fullName: '', phone: '', address: '', role: 'user', isActive: true, currentPassword: '' };

const fromUser = (u: AdminUser): FormValues => ({
  username: u.username,
  email: u.email ?? '',
  password: '',
  fullName: u.fullName ?? '',
  phone: u.phone ?? '',
  address: u.address ?? '',
  role: u.role,
  isActive: u.isActive,
  currentPassword: '',
});

/** The edit form mirrors the server: a new role needs the administrator's password, an unchanged one does not. */
const editSchema = (user: AdminUser) =>
  AdminUserUpdateSchema.extend({ currentPassword: z.string() }).superRefine((values, ctx) => {
    if (values.role !== undefined && values.role !== user.role && !values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
    }
  });

export type UserDialogState = { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;

function UserForm({ state, selfId, onDone }: { state: NonNullable<UserDialogState>; selfId: number | null; onDone: () => void }) {
  const editing = state.mode === 'edit' ? state.user : null;
  const isSelf = editing !== null && editing.id === selfId;
  const schema = editing ? editSchema(editing) : AdminUserCreateSchema;
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues>({
    resolver: formResolver<FormValues>(schema),
    defaultValues: editing ? fromUser(editing) : EMPTY,
  });
  const { errors } = formState;

  const role = useWatch({ control, name: 'role' });
  const roleChanges = editing !== null && !isSelf && role !== editing.role;
  /** One's own role and status are not editable here (the server refuses it too); an empty password keeps the old one (spec 5). */
  const bodyOf = (submitted: FormValues): AdminUserCreate | AdminUserUpdate => {
    const { currentPassword, ...form } = submitted;
    if (!editing) return form as AdminUserCreate;
    const values = isSelf ? { ...form, role: editing.role, isActive: editing.isActive } : form;
    const { password, ...rest } = values;
    return { ...rest, ...(password ? { password } : {}), ...(roleChanges ? { currentPassword } : {}) };
  };
  const save = useSaveUser(editing, {
    onSuccess: (user) => {
      toast({ title: editing ? 'Пользователь обновлен' : 'Пользователь создан', description: user.username, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      const fallback = editing ? 'Не удалось обновить данные пользователя' : 'Не удалось создать пользователя';
      toast({ title: 'Ошибка', description: error instanceof ApiError && error.message ? error.message : fallback, variant: 'destructive' });
    },
  });

  const field = (name: Exclude<FieldPath<FormValues>, 'role' | 'isActive'>) => {
    const error = errors[name]?.message;
    const id = `user-${name}`;
    return {
      ...fieldControlProps(id, { error }),
      readOnly: save.isPending,
      ...register(name),
    };
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit((values) => save.mutate(bodyOf(values)))} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Логин" htmlFor="user-username" required error={errors.username?.message}>
          <Input autoComplete="off" spellCheck={false} {...field('username')} />
        </FormField>
        <FormField label="Email" htmlFor="user-email" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} {...field('email')} />
        </FormField>
      </div>
      <FormField
        label={editing ? 'Новый пароль (оставьте пустым, чтобы не менять)' : 'Пароль'}
        htmlFor="user-password"
        required={!editing}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Полное имя" htmlFor="user-fullName" error={errors.fullName?.message}>
          <Input autoComplete="off" {...field('fullName')} />
        </FormField>
        <FormField label="Телефон" htmlFor="user-phone" error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
        </FormField>
      </div>
      <FormField label="Адрес" htmlFor="user-address" error={errors.address?.message}>
        <Textarea rows={2} {...field('address')} />
      </FormField>
      <FormField
        label="Роль"
        htmlFor="user-role"
        error={errors.role?.message}
        hint={isSelf ? 'Свою роль изменить нельзя.' : undefined}
      >
        {isSelf && editing ? (
          <NativeSelect id="user-role" disabled value={editing.role}>
            <option value={editing.role}>{ROLE_LABELS[editing.role]}</option>
          </NativeSelect>
        ) : (
          <OptionSelect values={ROLES} labels={ROLE_LABELS} id="user-role" {...register('role')} />
        )}
      </FormField>
      {roleChanges && <CurrentPasswordField id="user-currentPassword" error={errors.currentPassword?.message} readOnly={save.isPending} {...register('currentPassword')} />}
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="isActive"
          render={({ field: { value, onChange, ...rest } }) => (
            <Checkbox
              id="user-isActive"
              checked={value}
              onCheckedChange={(checked) => onChange(checked === true)}
              disabled={isSelf || save.isPending}
              {...rest}
            />
          )}
        />
        <div className="grid gap-0.5">
          <Label htmlFor="user-isActive">Активен</Label>
          <p className="text-sm text-muted-foreground">
            {isSelf ? 'Свою учётную запись заблокировать нельзя.' : 'Неактивный пользователь не может войти в систему.'}
          </p>
        </div>
      </div>
      <DialogFormFooter busy={save.isPending} onCancel={onDone}>
        {save.isPending && <Spinner size="sm" label="Сохранение" />}
        {editing ? 'Сохранить' : 'Создать'}
      </DialogFormFooter>
    </form>
  );
}

/** 'Создание нового пользователя' and 'Редактирование пользователя': one form, the spec's rules. */
export function UserFormDialog({ state, selfId, onClose }: { state: UserDialogState; selfId: number | null; onClose: () => void }) {
  return (
    <TitledDialog
      open={state !== null}
      title={state?.mode === 'edit' ? 'Редактирование пользователя' : 'Создание нового пользователя'}
      description={state?.mode === 'edit' ? `Учётная запись «${state.user.username}»` : 'Новый покупатель, менеджер или администратор'}
      className="max-w-2xl"
      onClose={onClose}
    >
      {state && <UserForm key={state.mode === 'edit' ? state.user.id : 'new'} state={state} selfId={selfId} onDone={onClose} />}
    </TitledDialog>
  );
}
