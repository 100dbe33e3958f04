import { FolderInput, ListChecks, PackageSearch, Ruler, Tags } from 'lucide-react';
import { AddressTabs, type AddressTab } from '#client/features/admin/components/address-tabs.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { AwaitingTab } from './awaiting-tab.tsx';
import { BrandsTab } from './brands-tab.tsx';
import { ReapplyPanel } from './reapply-panel.tsx';
import { RulesTab } from './rules-tab.tsx';
import { SupplierCategoriesTab } from './supplier-categories-tab.tsx';
import { UnitsTab } from './units-tab.tsx';

const TABS: readonly AddressTab[] = [
  {
    value: 'categories',
    icon: FolderInput,
    label: (
      <>
        <span className="sm:hidden">Категории</span>
        <span className="hidden sm:inline">Категории поставщиков</span>
      </>
    ),
    content: <SupplierCategoriesTab />,
  },
  { value: 'rules', icon: ListChecks, label: 'Правила', content: <RulesTab /> },
  { value: 'awaiting', icon: PackageSearch, label: 'Без категории', content: <AwaitingTab /> },
  { value: 'brands', icon: Tags, label: 'Бренды', content: <BrandsTab /> },
  { value: 'units', icon: Ruler, label: 'Единицы', content: <UnitsTab /> },
];

/**
 * «Адаптер каталога»: how suppliers' categories, brand spellings and units become the shop's.
 * The open tab is kept in the address.
 */
export default function CatalogAdapterPage() {
  useAdminTitle('Адаптер каталога');
  return (
    <>
      <PageHeader title="Адаптер каталога" description="Категории, бренды и единицы поставщиков становятся категориями и написаниями магазина" />
      <ReapplyPanel />
      <AddressTabs tabs={TABS} label="Разделы адаптера каталога" listClassName="flex-wrap justify-start" />
    </>
  );
}
