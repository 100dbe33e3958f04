import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { ClipboardList, MapPin, ShieldCheck, Truck, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { redirect, useNavigate, useSearchParams, type LoaderFunction } from 'react-router';
import { LoginForm } from '#client/components/auth/login-form.tsx';
import { RegisterForm, RegistrationClosed } from '#client/components/auth/register-form.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { safeNext } from '#client/lib/guards.ts';
import { paths } from '#client/paths.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { isStaff } from '#shared/constants.ts';
import type { PublicUser } from '#shared/types.ts';

export const meta: MetaFn = () => ({
  title: 'Вход и регистрация',
  description: 'Войдите в личный кабинет или зарегистрируйтесь, чтобы оформлять заказы и следить за ними.',
  noindex: true,
});

/**
 * Where a signed-in user goes from here: `next` (a path on this site) when the link carries one,
 * else staff to the back office and customers home.
 */
const landing = (next: string | null, user: Pick<PublicUser, 'role'>) => (next ? safeNext(next) : isStaff(user.role) ? paths.admin : paths.home);

/** A logged-in user has nothing to do here. */
export const loader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const [user] = await Promise.all([queryClient.ensureQueryData(sessionQuery()), queryClient.ensureQueryData(publicSettingsQuery())]);
    if (user) throw redirect(landing(new URL(request.url).searchParams.get('next'), user));
    return null;
  };

function Perk({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-orange-500/15 text-orange-400">{icon}</span>
      <div>
        <p className="font-semibold text-header-foreground">{title}</p>
        <p className="text-sm text-header-muted">{children}</p>
      </div>
    </li>
  );
}

function Blurb({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="auth-blurb" className="rounded-xl bg-header p-6 text-header-foreground sm:p-8">
      <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-orange-400 uppercase">
        <Wrench className="size-4" aria-hidden />
        {shopName}
      </p>
      <h2 id="auth-blurb" className="mt-3 text-2xl leading-tight font-extrabold sm:text-3xl">
        Личный кабинет покупателя
      </h2>
      <p className="mt-3 text-header-muted">
        Профессиональный инструмент DCK и P.I.T для стройки и производства. С учётной записью заказывать быстрее и удобнее.
      </p>
      <ul className="mt-6 grid gap-5">
        <Perk icon={<Truck className="size-5" aria-hidden />} title="Быстрое оформление">
          Контактные данные и адреса доставки подставляются в заказ автоматически.
        </Perk>
        <Perk icon={<ClipboardList className="size-5" aria-hidden />} title="История заказов">
          Все заказы, их состав и статусы — в одном месте.
        </Perk>
        <Perk icon={<MapPin className="size-5" aria-hidden />} title="Адреса доставки">
          Сохраните адреса объектов, склада или офиса и выбирайте нужный при заказе.
        </Perk>
        <Perk icon={<ShieldCheck className="size-5" aria-hidden />} title="Защита данных">
          Пароли хранятся в защищённом виде, персональные данные обрабатываются по 152-ФЗ.
        </Perk>
      </ul>
    </section>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const { data: user } = useSuspenseQuery(sessionQuery());
  const tab = params.get('tab') === 'register' ? 'register' : 'login';
  const { shop } = settings;
  const maintenance = shop.maintenanceMode && !isStaff(user?.role);

  const done = (signedIn: PublicUser) => navigate(landing(params.get('next'), signedIn), { replace: true });
  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        if (value === 'register') nextParams.set('tab', 'register');
        else nextParams.delete('tab');
        return nextParams;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className={maintenance ? 'mx-auto max-w-md' : 'grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12'}>
        {!maintenance && (
          <div className="order-2 lg:order-1">
            <Blurb shopName={shop.shopName} />
          </div>
        )}
        <Card className="order-1 lg:order-2">
          <CardHeader>
            <CardTitle as="h1">Вход в личный кабинет</CardTitle>
            <CardDescription>Войдите или создайте учётную запись, чтобы оформлять заказы и следить за ними.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {maintenance && (
              <Alert variant="warning">
                <Wrench aria-hidden />
                <AlertTitle>Магазин на техническом обслуживании</AlertTitle>
                <AlertDescription>Сейчас войти могут только сотрудники магазина. Пожалуйста, зайдите позже.</AlertDescription>
              </Alert>
            )}
            <Tabs value={tab} onValueChange={selectTab}>
              <TabsList className="grid w-full grid-cols-2 sm:w-full">
                <TabsTrigger value="login">Вход</TabsTrigger>
                <TabsTrigger value="register">Регистрация</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="pt-2">
                <LoginForm onSuccess={done} />
              </TabsContent>
              <TabsContent value="register" className="pt-2">
                {maintenance ? <RegistrationClosed /> : <RegisterForm onSuccess={done} />}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
