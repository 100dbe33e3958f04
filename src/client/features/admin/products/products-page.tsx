import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, PackageOpen, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { productsCount } from '#shared/plural.ts';
import type { Product } from '#shared/types.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { adminProductsQuery, useSetProductActive } from './api.ts';
import { ProductCards } from './product-cards.tsx';
import { DeleteAllDialog, DeleteProductDialog } from './product-dialogs.tsx';
import { NO_PRODUCT_FILTERS, ProductFilters, isFiltered, readProductFilters } from './product-filters.tsx';
import type { RowActions } from './product-row-parts.tsx';
import { ProductsTable } from './products-table.tsx';

function AddProductLink() {
  return (
    <Button asChild>
      <Link to={adminPaths.productCreate}>
        <Plus aria-hidden />
        Добавить товар
      </Link>
    </Button>
  );
}

function NoProducts({ filtered }: { filtered: boolean }) {
  return (
    <EmptyPanel
      icon={PackageOpen}
      title="Товары не найдены"
      text={filtered ? 'Измените условия поиска или сбросьте фильтры.' : 'В каталоге пока нет товаров. Добавьте первый товар или загрузите список через импорт.'}
    >
      {!filtered && <AddProductLink />}
    </EmptyPanel>
  );
}

export default function ProductsPage() {
  useAdminTitle('Товары');
  const [filters, setFilters] = useListFilters(readProductFilters, NO_PRODUCT_FILTERS);
  const list = useQuery(adminProductsQuery(filters));
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);

  const toggle = useSetProductActive(filters, {
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      toast({ title: `Ошибка HTTP: ${status}`, description: 'Не удалось изменить статус товара', variant: 'destructive' });
    },
    onSuccess: (product) => {
      toast({ title: product.isActive ? 'Товар показан в каталоге' : 'Товар скрыт из каталога', description: product.name, variant: 'success' });
    },
  });

  const data = list.data;
  const total = data?.pagination.total ?? null;
  const totalPages = data?.pagination.totalPages ?? 1;
  const filtered = isFiltered(filters);

  useLastPageAtMost(filters.page, totalPages, Boolean(data) && !list.isPlaceholderData, (page) => setFilters({ page }));

  const rowActions: RowActions = {
    onToggle: (product, isActive) => toggle.mutate({ product, isActive }),
    onDelete: setToDelete,
  };

  return (
    <>
      <PageHeader
        title="Товары"
        description={total === null ? 'Каталог магазина' : filtered ? `Найдено: ${productsCount(total)}` : `Всего в каталоге: ${productsCount(total)}`}
        actions={
          <>
            <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setDeleteAllOpen(true)}>
              <Trash2 aria-hidden />
              Удалить все
            </Button>
            <Button variant="outline" asChild>
              <Link to={adminPaths.supplierImporter}>
                <FileSpreadsheet aria-hidden />
                Импорт прайс-листов
              </Link>
            </Button>
            <AddProductLink />
          </>
        }
      />

      <ProductFilters filters={filters} onChange={setFilters} />

      {list.isPending ? (
        <ListSkeleton label="Загрузка товаров" />
      ) : list.isError && !data ? (
        <LoadError title="Не удалось загрузить товары" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.products.length === 0 ? (
        <NoProducts filtered={filtered} />
      ) : (
        data && (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ProductsTable products={data.products} {...rowActions} />
            <ProductCards products={data.products} {...rowActions} />
            <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
              <p className="text-sm text-muted-foreground">
                {total !== null &&
                  `Показано ${(filters.page - 1) * ADMIN_PAGE_SIZE + 1}–${(filters.page - 1) * ADMIN_PAGE_SIZE + data.products.length} из ${total}`}
              </p>
              <ListPagination page={filters.page} totalPages={totalPages} onPageChange={(page) => setFilters({ page })} />
            </div>
          </div>
        )
      )}

      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
      <DeleteAllDialog open={deleteAllOpen} onOpenChange={setDeleteAllOpen} total={total} />
    </>
  );
}
