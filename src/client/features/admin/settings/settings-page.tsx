import { ArrowLeftRight, Building2, CreditCard, DatabaseBackup, History, Landmark, Search, Store, UsersRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { BackupTab } from './backup-tab.tsx';
import { BranchesTab } from './branches-tab.tsx';
import { CustomerGroupsTab } from './customer-groups-tab.tsx';
import { Exchange1cTab } from './exchange-1c-tab.tsx';
import { PaymentSettingsTab } from './payment-settings-form.tsx';
import { RequisitesSettingsTab } from './requisites-settings-form.tsx';
import { SeoSettingsTab } from './seo-settings-form.tsx';
import { ShopSettingsTab } from './shop-settings-form.tsx';
import { StaffLogTab } from './staff-log-tab.tsx';

const TABS = ['shop', 'branches', 'payment', 'requisites', 'customer-groups', 'seo', 'exchange-1c', 'backup', 'log'] as const;
type Tab = (typeof TABS)[number];

/** 'Настройки магазина': shop, branches, payment, the seller's requisites, customer groups, SEO, exchange with 1C, backup and staff action log tabs; the open tab is kept in the address. */
export default function SettingsPage() {
  useAdminTitle('Настройки магазина');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'shop';
  return (
    <>
      <PageHeader title="Настройки магазина" description="Изменения видны покупателям сразу после сохранения" />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'shop' ? {} : { tab: value }, { replace: true })}
        className="max-w-4xl"
      >
        {/* On a phone the tabs wrap onto rows, without their icons; below 1536 px two tabs take their short names so eight fit on a row. */}
        <TabsList aria-label="Разделы настроек" className="max-sm:flex-wrap max-sm:[&_svg]:hidden">
          <TabsTrigger value="shop">
            <Store aria-hidden />
            Магазин
          </TabsTrigger>
          <TabsTrigger value="branches">
            <Building2 aria-hidden />
            Филиалы
          </TabsTrigger>
          <TabsTrigger value="payment">
            <CreditCard aria-hidden />
            Оплата
          </TabsTrigger>
          <TabsTrigger value="requisites">
            <Landmark aria-hidden />
            Реквизиты
          </TabsTrigger>
          <TabsTrigger value="customer-groups">
            <UsersRound aria-hidden />
            {/* The tabs fill a desktop row already: the full name from the widest screens on. */}
            <span className="2xl:hidden">Группы</span>
            <span className="hidden 2xl:inline">Группы покупателей</span>
          </TabsTrigger>
          <TabsTrigger value="seo">
            <Search aria-hidden />
            SEO
          </TabsTrigger>
          <TabsTrigger value="exchange-1c">
            <ArrowLeftRight aria-hidden />
            Обмен с 1С
          </TabsTrigger>
          <TabsTrigger value="backup">
            <DatabaseBackup aria-hidden />
            <span className="2xl:hidden">Копии</span>
            <span className="hidden 2xl:inline">Резервные копии</span>
          </TabsTrigger>
          <TabsTrigger value="log">
            <History aria-hidden />
            <span className="2xl:hidden">Журнал</span>
            <span className="hidden 2xl:inline">Журнал действий</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="shop">
          <ShopSettingsTab />
        </TabsContent>
        <TabsContent value="branches">
          <BranchesTab />
        </TabsContent>
        <TabsContent value="payment">
          <PaymentSettingsTab />
        </TabsContent>
        <TabsContent value="requisites">
          <RequisitesSettingsTab />
        </TabsContent>
        <TabsContent value="customer-groups">
          <CustomerGroupsTab />
        </TabsContent>
        <TabsContent value="seo">
          <SeoSettingsTab />
        </TabsContent>
        <TabsContent value="exchange-1c">
          <Exchange1cTab />
        </TabsContent>
        <TabsContent value="backup">
          <BackupTab />
        </TabsContent>
        <TabsContent value="log">
          <StaffLogTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
