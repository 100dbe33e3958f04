import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, UserPlus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { ConsentCheckbox } from '#client/components/consent-checkbox.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useRegister } from '#client/lib/session.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { NEW_PASSWORD_HINT, RegisterSchema, type RegisterInput } from '#shared/schemas/auth.ts';
import type { PublicUser } from '#shared/types.ts';
import { authToasts } from './auth-toasts.ts';
import { PasswordInput } from './password-input.tsx';
import { AuthSubmit, UsernameField } from './auth-fields.tsx';

export type RegisterFormProps = {
  /** Called after the session is set and the welcome toast shown. */
  onSuccess?: (user: PublicUser) => void;
  /** Prefix of the fields' ids, when two forms share a page. */
  idPrefix?: string;
  /** The e-mail the customer has typed already (the checkout's form). */
  email?: string;
  /**
   * The customer has just given the personal-data consent in the form this registration
   * completes (checkout): it is not asked again but sent, and the server records it as usual.
   */
  consentGiven?: boolean;
};

const FIELDS = ['username', 'email', 'password', 'consent'] as const;
type Field = (typeof FIELDS)[number];

/** Shown instead of the form when the shop has switched registration off. */
export function RegistrationClosed() {
  return (
    <Alert variant="warning">
      <Ban aria-hidden />
      <AlertTitle>Регистрация временно закрыта</AlertTitle>
      <AlertDescription>
        Магазин сейчас не принимает новых пользователей. Если у вас уже есть учётная запись, войдите в неё; по вопросам
        заказа позвоните или напишите нам.
      </AlertDescription>
    </Alert>
  );
}

/**
 * Registration (spec 5, first schema; an empty field shows 'Заполните все поля') with the
 * required personal-data consent. Logs the new customer in, sets the session query and shows
 * the spec's toasts itself. Used by /auth and by the checkout's register dialog.
 */
export function RegisterForm({ onSuccess, idPrefix = 'register', email = '', consentGiven = false }: RegisterFormProps) {
  const queryClient = useQueryClient();
  const settings = useQuery(publicSettingsQuery());
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { username: '', email, password: '', consent: consentGiven },
  });

  const toasts = authToasts<RegisterInput>({
    success: 'Регистрация успешна',
    failure: 'Ошибка регистрации',
    fields: FIELDS,
    setError,
    onSuccess,
    describe: (error) => (error instanceof ApiError ? error.message || 'Произошла ошибка' : 'Произошла ошибка при регистрации'),
  });
  const registerUser = useRegister({
    onSuccess: toasts.onSuccess,
    onError: (error) => {
      // The switch may have been turned off since the page loaded.
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
      toasts.onError(error);
    },
  });

  if (settings.data && !settings.data.shop.enableRegistration) return <RegistrationClosed />;

  const onSubmit = handleSubmit((values) => registerUser.mutate(values));

  const id = (name: Field) => `${idPrefix}-${name}`;
  const aria = (name: Field, hint?: string) => fieldControlProps(id(name), { hint, error: errors[name]?.message, required: true });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Регистрация">
      <UsernameField id={id('username')} error={errors.username?.message} input={{ ...aria('username'), ...register('username') }} />
      <FormField label="Email" htmlFor={id('email')} required error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} {...aria('email')} {...register('email')} />
      </FormField>
      <FormField label="Пароль" htmlFor={id('password')} required hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...aria('password', NEW_PASSWORD_HINT)} {...register('password')} />
      </FormField>
      {consentGiven ? (
        <p className="text-sm text-muted-foreground">Согласие на обработку персональных данных вы уже дали в форме заказа.</p>
      ) : (
        <Controller
          control={control}
          name="consent"
          render={({ field }) => <ConsentCheckbox id={id('consent')} field={field} error={errors.consent?.message} />}
        />
      )}
      <AuthSubmit pending={registerUser.isPending} icon={<UserPlus aria-hidden />} pendingLabel="Регистрация...">
        Зарегистрироваться
      </AuthSubmit>
    </form>
  );
}
