import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { useLogin } from '#client/lib/session.ts';
import { LoginSchema, type LoginInput } from '#shared/schemas/auth.ts';
import type { PublicUser } from '#shared/types.ts';
import { authToasts } from './auth-toasts.ts';
import { PasswordInput } from './password-input.tsx';
import { paths } from '#client/paths.ts';
import { AuthSubmit, UsernameField } from './auth-fields.tsx';

export type LoginFormProps = {
  /** Called after the session is set and the welcome toast shown. */
  onSuccess?: (user: PublicUser) => void;
  /** Prefix of the fields' ids, when two forms share a page. */
  idPrefix?: string;
};

const FIELDS = ['username', 'password'] as const;

/**
 * Login (spec 5, first reading): sets the session query and shows the spec's toasts itself.
 * Used by /auth and by the checkout's login dialog.
 */
export function LoginForm({ onSuccess, idPrefix = 'login' }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { username: '', password: '' } });
  const login = useLogin(authToasts<LoginInput>({ success: 'Успешный вход', failure: 'Ошибка входа', fields: FIELDS, setError, onSuccess }));

  const onSubmit = handleSubmit((values) => login.mutate(values));

  const id = (name: (typeof FIELDS)[number]) => `${idPrefix}-${name}`;
  const aria = (name: (typeof FIELDS)[number]) => fieldControlProps(id(name), { error: errors[name]?.message, required: true });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Вход">
      <UsernameField id={id('username')} error={errors.username?.message} input={{ ...aria('username'), ...register('username') }} />
      <FormField label="Пароль" htmlFor={id('password')} required error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...aria('password')} {...register('password')} />
      </FormField>
      <AuthSubmit pending={login.isPending} icon={<LogIn aria-hidden />} pendingLabel="Вход...">
        Войти
      </AuthSubmit>
      <p className="text-center text-sm">
        <Link to={paths.passwordReset} className="font-medium text-primary underline-offset-4 hover:underline">
          Забыли пароль?
        </Link>
      </p>
    </form>
  );
}
