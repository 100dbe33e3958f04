import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Building2, ClipboardList, KeyRound, Mail, MapPin, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams, type LoaderFunction } from 'react-router';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { requireUser } from '#client/lib/guards.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { addressesQuery } from '#client/lib/addresses.ts';
import { organizationsQuery } from '#client/lib/organizations.ts';
import { myOrdersQuery } from './api.ts';
import { sessionQuery } from '#client/lib/session.ts';
import { paths } from '#client/paths.ts';
import { ROLE_LABELS } from '#shared/constants.ts';
import { AddressesTab } from './addresses-tab.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrganizationsTab } from './organizations-tab.tsx';

export const meta: MetaFn = () => ({ title: 'Личный кабинет', noindex: true });

/** Needs a login: a visitor is sent to /auth?next=/profile. Orders, addresses and organisations come with the page. */
export const loader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    await requireUser(queryClient, request);
    // A failed load is the tab's own state (with a retry button), not a page error.
    await Promise.all([queryClient.prefetchQuery(myOrdersQuery()), queryClient.prefetchQuery(addressesQuery()), queryClient.prefetchQuery(organizationsQuery())]);
    return null;
  };

const TABS = ['orders', 'addresses', 'organizations'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
/** Three tabs do not fit a phone's width in one line of labels: each takes a third, its icon above its name. */
const TRIGGER_CLASS = 'h-auto min-h-14 flex-col gap-1 px-1 py-1.5 text-xs leading-tight whitespace-normal sm:min-h-0 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm sm:whitespace-nowrap';

export function Component() {
  const { data: user } = useSuspenseQuery(sessionQuery());
  const [params, setParams] = useSearchParams();
  const [changingPassword, setChangingPassword] = useState(false);
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'orders';
  // The session may end while the page is open (logout): the shell navigates away.
  if (!user) return null;

  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value !== 'orders' && isTab(value)) next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Личный кабинет' }]} />
      <header className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
            <UserRound className="size-7" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="text-3xl leading-tight font-extrabold">Личный кабинет</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
              <span className="font-medium text-foreground">{user.username}</span>
              {user.email && (
                <span className="flex items-center gap-1.5 break-all">
                  <Mail className="size-4 shrink-0" aria-hidden />
                  {user.email}
                </span>
              )}
              {user.role !== 'user' && <span>{ROLE_LABELS[user.role]}</span>}
            </p>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={() => setChangingPassword(true)}>
          <KeyRound aria-hidden />
          Сменить пароль
        </Button>
        <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
      </header>

      <Tabs value={tab} onValueChange={selectTab} className="mt-8">
        <TabsList className="grid grid-cols-3 sm:inline-flex">
          <TabsTrigger value="orders" className={TRIGGER_CLASS}>
            <ClipboardList aria-hidden />
            История заказов
          </TabsTrigger>
          <TabsTrigger value="addresses" className={TRIGGER_CLASS}>
            <MapPin aria-hidden />
            Адреса доставки
          </TabsTrigger>
          <TabsTrigger value="organizations" className={TRIGGER_CLASS}>
            <Building2 aria-hidden />
            Организации
          </TabsTrigger>
        </TabsList>
        <TabsContent value="orders" className="pt-2">
          <h2 className="sr-only">История заказов</h2>
          <OrderHistory />
        </TabsContent>
        <TabsContent value="addresses" className="pt-2">
          <AddressesTab defaults={{ recipientName: user.fullName ?? '', phone: user.phone ?? '' }} />
        </TabsContent>
        <TabsContent value="organizations" className="pt-2">
          <OrganizationsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
