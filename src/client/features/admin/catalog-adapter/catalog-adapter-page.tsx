import { FolderInput, ListChecks, PackageSearch, Ruler, Tags } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { AwaitingTab } from './awaiting-tab.tsx';
import { BrandsTab } from './brands-tab.tsx';
import { ReapplyPanel } from './reapply-panel.tsx';
import { RulesTab } from './rules-tab.tsx';
import { SupplierCategoriesTab } from './supplier-categories-tab.tsx';
import { UnitsTab } from './units-tab.tsx';

const TABS = ['categories', 'rules', 'awaiting', 'brands', 'units'] as const;
type Tab = (typeof TABS)[number];

/**
 * «Адаптер каталога»: how suppliers' categories, brand spellings and units become the shop's.
 * The open tab is kept in the address.
 */
export default function CatalogAdapterPage() {
  useAdminTitle('Адаптер каталога');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'categories';
  return (
    <>
      <PageHeader title="Адаптер каталога" description="Категории, бренды и единицы поставщиков становятся категориями и написаниями магазина" />
      <ReapplyPanel />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'categories' ? {} : { tab: value }, { replace: true })}>
        <TabsList aria-label="Разделы адаптера каталога" className="flex-wrap justify-start">
          <TabsTrigger value="categories">
            <FolderInput aria-hidden />
            <span className="sm:hidden">Категории</span>
            <span className="hidden sm:inline">Категории поставщиков</span>
          </TabsTrigger>
          <TabsTrigger value="rules">
            <ListChecks aria-hidden />
            Правила
          </TabsTrigger>
          <TabsTrigger value="awaiting">
            <PackageSearch aria-hidden />
            Без категории
          </TabsTrigger>
          <TabsTrigger value="brands">
            <Tags aria-hidden />
            Бренды
          </TabsTrigger>
          <TabsTrigger value="units">
            <Ruler aria-hidden />
            Единицы
          </TabsTrigger>
        </TabsList>
        <TabsContent value="categories">
          <SupplierCategoriesTab />
        </TabsContent>
        <TabsContent value="rules">
          <RulesTab />
        </TabsContent>
        <TabsContent value="awaiting">
          <AwaitingTab />
        </TabsContent>
        <TabsContent value="brands">
          <BrandsTab />
        </TabsContent>
        <TabsContent value="units">
          <UnitsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
