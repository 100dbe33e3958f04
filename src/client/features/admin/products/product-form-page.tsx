import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, PackageX } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ApiError } from '#client/lib/api.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { prefillOf, type ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';
import { adminProductQuery } from './api.ts';
import { ProductForm } from './product-form.tsx';

function EditProduct({ id, prefill }: { id: number; prefill: ProductPrefill | null }) {
  const query = useQuery(adminProductQuery(id));
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Загрузка товара" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-[32rem] rounded-lg" />
        <Skeleton className="h-80 rounded-lg" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyPanel icon={PackageX} title="Товар не найден" text="Возможно, он был удалён.">
          <Button asChild>
            <Link to={adminPaths.products}>К списку товаров</Link>
          </Button>
        </EmptyPanel>
      );
    }
    return <LoadError title="Не удалось загрузить товар" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ProductForm key={query.data.id} product={query.data} prefill={prefill} />;
}

/** `/admin/products/create`, `/admin/products/new` and `/admin/products/edit/{id}`: one form. */
export default function ProductFormPage() {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isEdit = params.id !== undefined;
  // Values handed over by «Товар по ссылке» (navigation state).
  const prefill = prefillOf(useLocation().state);
  useAdminTitle(isEdit ? 'Редактирование товара' : 'Новый товар');
  return (
    <>
      <Button variant="link" asChild className="mb-2">
        <Link to={adminPaths.products}>
          <ArrowLeft aria-hidden />
          Все товары
        </Link>
      </Button>
      <PageHeader
        title={isEdit ? 'Редактирование товара' : 'Новый товар'}
        description={isEdit ? 'Изменения видны в каталоге сразу после сохранения' : 'Заполните карточку: предпросмотр показывает, как её увидят покупатели'}
      />
      {isEdit ? id ? <EditProduct id={id} prefill={prefill} /> : <p className="text-muted-foreground">Товар не найден</p> : <ProductForm product={null} prefill={prefill} />}
    </>
  );
}
