import { ArrowLeftRight, Building2, CreditCard, DatabaseBackup, History, Landmark, Search, Store, UsersRound } from 'lucide-react';
import { AddressTabs, type AddressTab } from '#client/features/admin/components/address-tabs.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { BackupTab } from './backup-tab.tsx';
import { BranchesTab } from './branches-tab.tsx';
import { TransferDaysCard } from './transfer-days-card.tsx';
import { CustomerGroupsTab } from './customer-groups-tab.tsx';
import { Exchange1cTab } from './exchange-1c-tab.tsx';
import { PaymentSettingsTab } from './payment-settings-form.tsx';
import { RequisitesSettingsTab } from './requisites-settings-form.tsx';
import { SeoSettingsTab } from './seo-settings-form.tsx';
import { ShopSettingsTab } from './shop-settings-form.tsx';
import { StaffLogTab } from './staff-log-tab.tsx';

const TABS: readonly AddressTab[] = [
  { value: 'shop', icon: Store, label: 'Магазин', content: <ShopSettingsTab /> },
  {
    value: 'branches',
    icon: Building2,
    label: 'Филиалы',
    content: (
      <div className="grid gap-6">
        <BranchesTab />
        <TransferDaysCard />
      </div>
    ),
  },
  { value: 'payment', icon: CreditCard, label: 'Оплата', content: <PaymentSettingsTab /> },
  { value: 'requisites', icon: Landmark, label: 'Реквизиты', content: <RequisitesSettingsTab /> },
  // The tabs fill a desktop row already: the full names from the widest screens on.
  { value: 'customer-groups', icon: UsersRound, label: <ShortOnNarrow short="Группы" full="Группы покупателей" />, content: <CustomerGroupsTab /> },
  { value: 'seo', icon: Search, label: 'SEO', content: <SeoSettingsTab /> },
  { value: 'exchange-1c', icon: ArrowLeftRight, label: 'Обмен с 1С', content: <Exchange1cTab /> },
  { value: 'backup', icon: DatabaseBackup, label: <ShortOnNarrow short="Копии" full="Резервные копии" />, content: <BackupTab /> },
  { value: 'log', icon: History, label: <ShortOnNarrow short="Журнал" full="Журнал действий" />, content: <StaffLogTab /> },
];

/** A tab's name, short below 1536 px. */
function ShortOnNarrow({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="2xl:hidden">{short}</span>
      <span className="hidden 2xl:inline">{full}</span>
    </>
  );
}

/** 'Настройки магазина': shop, branches, payment, the seller's requisites, customer groups, SEO, exchange with 1C, backup and staff action log tabs; the open tab is kept in the address. */
export default function SettingsPage() {
  useAdminTitle('Настройки магазина');
  return (
    <>
      <PageHeader title="Настройки магазина" description="Изменения видны покупателям сразу после сохранения" />
      {/* On a phone the tabs wrap onto rows, without their icons; below 1536 px three tabs take their short names so all fit on a row. */}
      <AddressTabs tabs={TABS} label="Разделы настроек" className="max-w-4xl" listClassName="max-sm:flex-wrap max-sm:[&_svg]:hidden" />
    </>
  );
}
