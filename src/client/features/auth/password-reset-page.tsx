import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, KeyRound, Mail, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams, type LoaderFunction } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { PasswordInput } from '#client/components/auth/password-input.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { paths } from '#client/paths.ts';
import { RESET_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import {
  NEW_PASSWORD_HINT,
  NewPasswordFormSchema,
  PasswordResetRequestSchema,
  type NewPasswordFormInput,
  type PasswordResetRequestInput,
} from '#shared/schemas/auth.ts';
import { INVALID_LINK, useRequestPasswordReset, useResetPassword, verifyResetTokenQuery, type ResetRequestAnswer } from './api.ts';
import { AuthSubmit } from '#client/components/auth/auth-fields.tsx';

export const meta: MetaFn = () => ({ title: 'Восстановление пароля', noindex: true });

/** With ?token= the link is checked while the page renders on the server (spec 4: verified on load). */
export const loader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const token = new URL(request.url).searchParams.get('token');
    if (token) await queryClient.prefetchQuery(verifyResetTokenQuery(token));
    return null;
  };

function Shell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-primary">
            <KeyRound className="size-5" aria-hidden />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}

/** Without a token: the e-mail form. The answer is the same whether the e-mail has an account. */
function RequestForm() {
  const [answer, setAnswer] = useState<ResetRequestAnswer | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordResetRequestInput>({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const send = useRequestPasswordReset({
    onSuccess: setAnswer,
    onError: (error) => {
      applyServerErrors<PasswordResetRequestInput>(error, ['email'], setError);
      const description = error instanceof ApiError && error.status < 500 ? error.message : undefined;
      toast({ title: 'Произошла ошибка при отправке запроса', description, variant: 'destructive' });
    },
  });
  const emailError = errors.email?.message;

  return (
    <Shell title="Восстановление пароля" description="Укажите email, с которым вы регистрировались: мы пришлём ссылку для создания нового пароля.">
      {answer ? (
        <>
          <Alert variant="success">
            <Mail aria-hidden />
            <AlertTitle>Проверьте почту</AlertTitle>
            <AlertDescription>{answer.message}</AlertDescription>
          </Alert>
          {answer.token && (
            <Alert>
              <CircleAlert aria-hidden />
              <AlertTitle>Режим разработки</AlertTitle>
              <AlertDescription>
                <p>{answer.note}</p>
                <p>
                  {/* A fresh page load, as from the letter: counters already running would see the address. */}
                  <Link reloadDocument to={`${paths.passwordReset}/reset?token=${encodeURIComponent(answer.token)}`}>
                    Открыть ссылку из письма
                  </Link>
                </p>
              </AlertDescription>
            </Alert>
          )}
          <p className="text-sm text-muted-foreground">
            Письмо не пришло? Проверьте папку «Спам» или{' '}
            <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={() => setAnswer(null)}>
              отправьте запрос ещё раз
            </button>
            .
          </p>
        </>
      ) : (
        <form method="post" noValidate onSubmit={handleSubmit((values) => send.mutate(values))} className="grid gap-4" aria-label="Запрос ссылки для восстановления пароля">
          <FormField label="Email" htmlFor="reset-email" required error={emailError}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              {...fieldControlProps('reset-email', { error: emailError, required: true })}
              {...register('email')}
            />
          </FormField>
          <AuthSubmit pending={send.isPending} icon={<Mail aria-hidden />} pendingLabel="Отправка...">
            Отправить ссылку
          </AuthSubmit>
        </form>
      )}
      <p className="text-center text-sm">
        Вспомнили пароль?{' '}
        <Link to={paths.auth} className="font-medium text-primary underline-offset-4 hover:underline">
          Войти
        </Link>
      </p>
    </Shell>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Shell title="Восстановление пароля" description="Ссылка из письма больше не действует.">
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>{message}</AlertTitle>
        <AlertDescription>Ссылка действует 1 час и только один раз. Запросите новую — мы отправим её на ваш email.</AlertDescription>
      </Alert>
      <Button asChild size="lg" className="w-full">
        <Link to={paths.passwordReset}>Запросить новую ссылку</Link>
      </Button>
    </Shell>
  );
}

/** With a token: checked on load, then the new password and its confirmation. */
function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const verify = useQuery(verifyResetTokenQuery(token));
  const [done, setDone] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordFormInput>({ resolver: zodResolver(NewPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const reset = useResetPassword(token, {
    onSuccess: (answer) => {
      setDone(answer.message);
      toast({ title: 'Пароль изменён', description: 'Войдите с новым паролем', variant: 'success' });
      timer.current = setTimeout(() => navigate(paths.auth), RESET_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.message === INVALID_LINK) {
        setInvalid(error.message);
        return;
      }
      applyServerErrors<NewPasswordFormInput>(error, ['password'], setError);
      const description = error instanceof ApiError && error.status < 500 ? error.message : 'Произошла ошибка при сбросе пароля';
      toast({ title: 'Не удалось сбросить пароль', description, variant: 'destructive' });
    },
  });

  if (invalid) return <InvalidLink message={invalid} />;
  if (verify.isPending) {
    return (
      <Shell title="Восстановление пароля" description="Проверяем ссылку из письма...">
        <div className="flex justify-center py-6">
          <Spinner size="lg" label="Проверяем ссылку" className="text-primary" />
        </div>
      </Shell>
    );
  }
  if (verify.isError) {
    return (
      <Shell title="Восстановление пароля" description="Не удалось связаться с магазином.">
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Не удалось проверить ссылку восстановления</AlertTitle>
          <AlertDescription>Проверьте подключение к интернету и попробуйте ещё раз.</AlertDescription>
        </Alert>
        <Button size="lg" className="w-full" onClick={() => void verify.refetch()}>
          <RotateCw aria-hidden />
          Повторить проверку
        </Button>
      </Shell>
    );
  }
  if (!verify.data.valid) return <InvalidLink message={verify.data.message} />;

  if (done) {
    return (
      <Shell title="Пароль изменён" description="Сейчас вы перейдёте на страницу входа.">
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>{done}</AlertTitle>
          <AlertDescription>Из соображений безопасности мы завершили все сеансы вашей учётной записи.</AlertDescription>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to={paths.auth}>Войти</Link>
        </Button>
      </Shell>
    );
  }

  const field = (name: 'password' | 'confirmPassword', hint?: string) =>
    fieldControlProps(`reset-${name}`, { hint, error: errors[name]?.message, required: true });

  return (
    <Shell title="Новый пароль" description="Придумайте новый пароль для входа в личный кабинет.">
      <form method="post" noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} className="grid gap-4" aria-label="Новый пароль">
        <FormField label="Новый пароль" htmlFor="reset-password" required hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...field('password', NEW_PASSWORD_HINT)} {...register('password')} />
        </FormField>
        <FormField label="Подтверждение пароля" htmlFor="reset-confirmPassword" required error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...field('confirmPassword')} {...register('confirmPassword')} />
        </FormField>
        <AuthSubmit pending={reset.isPending} icon={<KeyRound aria-hidden />} pendingLabel="Сохранение...">
          Сохранить новый пароль
        </AuthSubmit>
      </form>
    </Shell>
  );
}

/** /password-reset and /password-reset/reset: one screen (spec 2.11). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetForm key={token} token={token} /> : <RequestForm />;
}
