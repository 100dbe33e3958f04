import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Clock, FileUp, History, Plus, Settings2, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import { productsCount } from '#shared/plural.ts';
import type { Supplier } from '#shared/schemas/supplier-import.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { AddSupplierDialog } from './add-supplier-dialog.tsx';
import { suppliersQuery } from '#client/features/admin/lib/suppliers.ts';
import { ImportStatusBadge } from './format.tsx';
import { ImportHistory } from './import-history.tsx';
import { NewImport } from './new-import.tsx';
import { SupplierList } from './supplier-list.tsx';
import { SupplierSettings } from './supplier-settings.tsx';

const TABS = ['import', 'history', 'settings'] as const;
type Tab = (typeof TABS)[number];
type Filters = { supplier: number | null; tab: Tab };

const readFilters = (params: URLSearchParams): Filters => {
  const supplier = Number(params.get('supplier'));
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'import';
  return { supplier: Number.isInteger(supplier) && supplier > 0 ? supplier : null, tab };
};
const DEFAULTS: Filters = { supplier: null, tab: 'import' };

/** Where the supplier's list comes from and when it is fetched by itself. */
function SourceLine({ supplier }: { supplier: Supplier }) {
  if (!supplier.sourceUrl) return <>Автоматический импорт не настроен</>;
  return (
    <>
      {supplier.scheduleTime ? `Ежедневно в ${supplier.scheduleTime} (МСК)` : 'По ссылке, вручную'} ·{' '}
      <span className="break-all">{supplier.sourceUrl}</span>
    </>
  );
}

function SupplierPanel({ supplier, tab, page, onChange }: { supplier: Supplier; tab: Tab; page: number; onChange: (patch: Partial<Filters & { page: number }>) => void }) {
  const last = supplier.lastImport;
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <CardTitle as="h2" className="text-xl">
            {supplier.name}
          </CardTitle>
          <span className="text-sm text-muted-foreground">
            код {supplier.code} · {productsCount(supplier.productCount)}
          </span>
        </div>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <SourceLine supplier={supplier} />
          </span>
        </p>
        {last ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm" data-testid="last-import">
            <span className="text-muted-foreground">Последний импорт:</span>
            <span className="tabular-nums">{formatDateTime(last.createdAt)}</span>
            <ImportStatusBadge status={last.status} />
            <span className="min-w-0 truncate text-muted-foreground">{last.fileName}</span>
            <Link to={adminPaths.supplierImport(last.id)} className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
              Открыть
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Импортов ещё не было.</p>
        )}
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => onChange({ tab: value as Tab })}>
          <TabsList aria-label="Разделы поставщика">
            <TabsTrigger value="import" className="px-2 sm:px-3">
              <FileUp aria-hidden className="hidden sm:block" />
              Новый импорт
            </TabsTrigger>
            <TabsTrigger value="history" className="px-2 sm:px-3">
              <History aria-hidden className="hidden sm:block" />
              История
            </TabsTrigger>
            <TabsTrigger value="settings" className="px-2 sm:px-3">
              <Settings2 aria-hidden className="hidden sm:block" />
              Настройки
            </TabsTrigger>
          </TabsList>
          <TabsContent value="import">
            <NewImport key={supplier.id} supplier={supplier} />
          </TabsContent>
          <TabsContent value="history">
            <ImportHistory supplierId={supplier.id} page={page} onPageChange={(p) => onChange({ page: p })} />
          </TabsContent>
          <TabsContent value="settings">
            <SupplierSettings key={supplier.id} supplier={supplier} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function PanelSkeleton() {
  return (
    <div className="grid gap-4 rounded-lg border bg-card p-6" aria-hidden="true">
      <Skeleton className="h-7 w-48 max-w-full" />
      <Skeleton className="h-5 w-72 max-w-full" />
      <Skeleton className="h-10 w-80 max-w-full" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** /admin/supplier-importer: the suppliers, and the chosen one's new import, history and settings. */
export default function SuppliersPage() {
  useAdminTitle('Импорт прайс-листов');
  const [filters, setFilters] = useListFilters(readFilters, DEFAULTS);
  const list = useQuery(suppliersQuery());
  const [adding, setAdding] = useState(false);
  const suppliers = list.data;
  const selected = suppliers?.find((s) => s.id === filters.supplier) ?? suppliers?.[0];

  return (
    <>
      <PageHeader
        title="Импорт прайс-листов"
        description="Цены и остатки поставщиков из CSV, Excel и YML: сначала проверка, потом применение, при необходимости откат."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Добавить поставщика
          </Button>
        }
      />

      {list.isPending ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Загрузка поставщиков">
            <Skeleton className="h-24 rounded-lg" />
            <Skeleton className="h-24 rounded-lg" />
          </div>
          <PanelSkeleton />
        </div>
      ) : list.isError && !suppliers ? (
        <LoadError title="Не удалось загрузить поставщиков" error={list.error} onRetry={() => void list.refetch()} />
      ) : !selected ? (
        <EmptyPanel icon={Truck} title="Поставщиков пока нет" text="Добавьте поставщика, чтобы загружать его прайс-листы.">
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Добавить поставщика
          </Button>
        </EmptyPanel>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <SupplierList suppliers={suppliers ?? []} selectedId={selected.id} onSelect={(supplier) => setFilters({ supplier })} />
          <SupplierPanel supplier={selected} tab={filters.tab} page={filters.page} onChange={setFilters} />
        </div>
      )}

      <p className="mt-8 text-sm text-muted-foreground">
        Для разработчиков:{' '}
        <Link to={adminPaths.import} className="underline underline-offset-4 hover:text-foreground">
          загрузка товаров JSON-списком
        </Link>
      </p>

      {adding && <AddSupplierDialog onClose={() => setAdding(false)} onCreated={(supplier) => setFilters({ supplier: supplier.id, tab: 'import' })} />}
    </>
  );
}
