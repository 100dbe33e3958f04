import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageOpen, Pencil, Plus, Trash2, Upload, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { ADMIN_MAX_PAGE_BUTTONS, ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
import { adminPageItems } from '#shared/pagination.ts';
import { productsCount } from '#shared/plural.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { adminCategoriesQuery, invalidateCatalog } from '#client/features/admin/categories/api.ts';
import { ConfirmDialog } from '#client/features/admin/components/confirm-dialog.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { SearchBox } from '#client/features/admin/components/search-box.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import {
  adminProductsQuery,
  deleteAllProducts,
  hardDeleteProduct,
  setProductActive,
  type AdminProductFilters,
  type ProductStatusFilter,
} from './api.ts';
import { ProductThumb } from './product-thumb.tsx';
import { adminProductStatus } from './status.ts';

const STATUS_OPTIONS: { value: ProductStatusFilter; label: string }[] = [
  { value: 'all', label: 'Все статусы' },
  { value: 'active', label: 'Активные' },
  { value: 'inactive', label: 'Неактивные' },
];
const DELETE_ALL_WORD = 'УДАЛИТЬ';
const RELOAD_AFTER_FAILURE_MS = 3000;

const NO_FILTERS: Omit<AdminProductFilters, 'page'> = { query: '', categoryId: null, status: 'all' };

function readFilters(params: URLSearchParams): Omit<AdminProductFilters, 'page'> {
  const status = params.get('status');
  const categoryId = Number(params.get('categoryId'));
  return {
    query: params.get('query') ?? '',
    categoryId: Number.isInteger(categoryId) && categoryId > 0 ? categoryId : null,
    status: status === 'active' || status === 'inactive' ? status : 'all',
  };
}

function AddProductLink() {
  return (
    <Button asChild>
      <Link to="/admin/products/create">
        <Plus aria-hidden />
        Добавить товар
      </Link>
    </Button>
  );
}

function Price({ product }: { product: Product }) {
  if (!hasPrice(product.price)) return <span className="text-muted-foreground">Цена по запросу</span>;
  return (
    <span className="flex flex-col">
      <span className="font-semibold tabular-nums">{formatRub(product.price)}</span>
      {product.originalPrice !== null && product.originalPrice > product.price && (
        <span className="text-xs text-muted-foreground tabular-nums line-through">{formatRub(product.originalPrice)}</span>
      )}
    </span>
  );
}

function StatusBadge({ product }: { product: Product }) {
  const status = adminProductStatus(product);
  return (
    <Badge variant={status.variant} className={status.variant === 'outline' ? 'text-muted-foreground' : undefined}>
      {status.label}
    </Badge>
  );
}

type RowActions = {
  onToggle: (product: Product, isActive: boolean) => void;
  onDelete: (product: Product) => void;
};

function ActiveSwitch({ product, onToggle }: { product: Product } & Pick<RowActions, 'onToggle'>) {
  return (
    <Switch
      checked={product.isActive}
      onCheckedChange={(checked) => onToggle(product, checked)}
      aria-label={`${product.isActive ? 'Скрыть' : 'Показать'} товар «${product.name}» в каталоге`}
    />
  );
}

function RowButtons({ product, onDelete }: { product: Product } & Pick<RowActions, 'onDelete'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon-sm" asChild>
        <Link to={`/admin/products/edit/${product.id}`} aria-label={`Изменить «${product.name}»`} title="Изменить">
          <Pencil aria-hidden />
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        onClick={() => onDelete(product)}
        aria-label={`Удалить «${product.name}»`}
        title="Удалить"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function ProductsTable({ products, onToggle, onDelete }: { products: Product[] } & RowActions) {
  return (
    <Table containerClassName="hidden md:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Товар</TableHead>
          <TableHead>Категория</TableHead>
          <TableHead>Цена</TableHead>
          <TableHead className="text-right">Остаток</TableHead>
          <TableHead>Статус</TableHead>
          <TableHead>В каталоге</TableHead>
          <TableHead className="text-right">Действия</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id} data-testid="admin-product-row">
            <TableCell className="max-w-md min-w-64 whitespace-normal">
              <div className="flex items-center gap-3">
                <ProductThumb src={product.imageUrl} />
                <div className="min-w-0">
                  <Link to={`/admin/products/edit/${product.id}`} className="line-clamp-2 font-medium hover:text-primary hover:underline">
                    {product.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Арт. {product.sku}
                    {product.supplier ? ` · ${product.supplier}` : ''}
                  </p>
                </div>
              </div>
            </TableCell>
            <TableCell className="max-w-44 truncate">{product.category?.name ?? <span className="text-muted-foreground">Без категории</span>}</TableCell>
            <TableCell>
              <Price product={product} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{product.stock ?? '—'}</TableCell>
            <TableCell>
              <StatusBadge product={product} />
            </TableCell>
            <TableCell>
              <ActiveSwitch product={product} onToggle={onToggle} />
            </TableCell>
            <TableCell>
              <RowButtons product={product} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per product instead of a wide table. */
function ProductCards({ products, onToggle, onDelete }: { products: Product[] } & RowActions) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:hidden">
      {products.map((product) => (
        <li key={product.id} data-testid="admin-product-card">
          <Card className="gap-3 p-3">
            <div className="flex gap-3">
              <ProductThumb src={product.imageUrl} className="size-16" />
              <div className="min-w-0 flex-1">
                <Link to={`/admin/products/edit/${product.id}`} className="line-clamp-2 font-medium">
                  {product.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  Арт. {product.sku} · {product.category?.name ?? 'Без категории'}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Price product={product} />
                  <StatusBadge product={product} />
                  <span className="text-xs text-muted-foreground">Остаток: {product.stock ?? '—'}</span>
                </div>
              </div>
            </div>
            <div className="flex items-center justify-between gap-2 border-t pt-2">
              <label className="flex items-center gap-3 text-sm">
                <ActiveSwitch product={product} onToggle={onToggle} />
                <span>{product.isActive ? 'Показан в каталоге' : 'Скрыт из каталога'}</span>
              </label>
              <RowButtons product={product} onDelete={onDelete} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (p: Product) => hardDeleteProduct(p.id),
    onSuccess: (_result, p) => {
      toast({ title: 'Товар удалён', description: `«${p.name}» больше нет в каталоге`, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      toast({ title: 'Ошибка при удалении товара', description: error.message, variant: 'destructive' });
      onClose();
    },
    // Success or failure, the list is read again.
    onSettled: () => invalidateCatalog(queryClient),
  });
  return (
    <ConfirmDialog
      open={product !== null}
      title="Удалить товар?"
      description={
        <>
          «{product?.name}» будет удалён из каталога навсегда и исчезнет из корзин покупателей. В оформленных заказах
          останутся его название и цена.
        </>
      }
      confirm={
        <>
          {remove.isPending ? <Spinner size="sm" label="Удаление" /> : <Trash2 aria-hidden />}
          Удалить
        </>
      }
      pending={remove.isPending}
      onConfirm={() => product && remove.mutate(product)}
      onClose={onClose}
    />
  );
}

function DeleteAllDialog({ open, onOpenChange, total }: { open: boolean; onOpenChange: (open: boolean) => void; total: number | null }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_ALL_WORD;
  const removeAll = useMutation({
    mutationFn: deleteAllProducts,
    onSuccess: (result) => {
      toast({ title: 'Все товары удалены', description: result.message, variant: 'success' });
      setTyped('');
      onOpenChange(false);
      void invalidateCatalog(queryClient);
    },
    onError: (error) => {
      const message = error instanceof ApiError && error.message ? error.message : 'Не удалось удалить все товары. Попробуйте позже.';
      toast({ title: 'Ошибка', description: message, variant: 'destructive' });
      onOpenChange(false);
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_FAILURE_MS);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (removeAll.isPending) return;
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Удалить все товары?</DialogTitle>
          <DialogDescription>
            {total !== null ? `Из каталога будут удалены все товары (${productsCount(total)}). ` : 'Из каталога будут удалены все товары. '}
            Действие нельзя отменить. Оформленные заказы сохранят названия и цены.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) removeAll.mutate();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>
              Введите «{DELETE_ALL_WORD}», чтобы подтвердить
            </Label>
            <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={removeAll.isPending}>
              Отмена
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed || removeAll.isPending}>
              {removeAll.isPending ? <Spinner size="sm" label="Удаление" /> : <Trash2 aria-hidden />}
              Удалить все товары
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function ProductsPage() {
  useAdminTitle('Товары');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useListFilters(readFilters, NO_FILTERS);
  const list = useQuery(adminProductsQuery(filters));
  const categories = useQuery(adminCategoriesQuery());
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  const listKey = adminProductsQuery(filters).queryKey;

  const toggle = useMutation({
    mutationFn: ({ product, isActive }: { product: Product; isActive: boolean }) => setProductActive(product.id, isActive),
    onMutate: async ({ product, isActive }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<ProductListResponse>(listKey);
      queryClient.setQueryData<ProductListResponse>(listKey, (data) =>
        data ? { ...data, products: data.products.map((p) => (p.id === product.id ? { ...p, isActive } : p)) } : data,
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      const status = error instanceof ApiError ? error.status : 0;
      toast({ title: `Ошибка HTTP: ${status}`, description: 'Не удалось изменить статус товара', variant: 'destructive' });
    },
    onSuccess: (product) => {
      toast({ title: product.isActive ? 'Товар показан в каталоге' : 'Товар скрыт из каталога', description: product.name, variant: 'success' });
    },
    onSettled: () => invalidateCatalog(queryClient),
  });

  const data = list.data;
  const total = data?.pagination.total ?? null;
  const totalPages = data?.pagination.totalPages ?? 1;
  const filtered = filters.query !== '' || filters.categoryId !== null || filters.status !== 'all';

  // A page past the end (after deletions) goes to the last page.
  useEffect(() => {
    if (data && filters.page > 1 && filters.page > totalPages) setFilters({ page: totalPages });
  }, [data, filters.page, totalPages, setFilters]);

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
              <Link to="/admin/import">
                <Upload aria-hidden />
                Импорт
              </Link>
            </Button>
            <AddProductLink />
          </>
        }
      />

      <Card className="mb-4 p-3 sm:p-4">
        <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center">
          <SearchBox
            value={filters.query}
            onChange={(query) => setFilters({ query })}
            placeholder="Название или артикул"
            aria-label="Поиск товаров по названию или артикулу"
          />
          <NativeSelect
            aria-label="Категория"
            value={filters.categoryId ?? ''}
            onChange={(e) => setFilters({ categoryId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Все категории</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.productCount})
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label="Статус" value={filters.status} onChange={(e) => setFilters({ status: e.target.value as ProductStatusFilter })}>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
          {filtered ? (
            <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
              <X aria-hidden />
              Сбросить
            </Button>
          ) : (
            <span className="hidden md:block md:w-[7.5rem]" />
          )}
        </div>
      </Card>

      {list.isPending ? (
        <ListSkeleton label="Загрузка товаров" />
      ) : list.isError && !data ? (
        <LoadError title="Не удалось загрузить товары" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <PackageOpen className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">Товары не найдены</p>
          <p className="max-w-md text-muted-foreground">
            {filtered ? 'Измените условия поиска или сбросьте фильтры.' : 'В каталоге пока нет товаров. Добавьте первый товар или загрузите список через импорт.'}
          </p>
          {!filtered && <AddProductLink />}
        </div>
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
              <Pagination
                items={adminPageItems(filters.page, totalPages, ADMIN_MAX_PAGE_BUTTONS)}
                current={filters.page}
                totalPages={totalPages}
                onPageChange={(page) => setFilters({ page })}
              />
            </div>
          </div>
        )
      )}

      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
      <DeleteAllDialog open={deleteAllOpen} onOpenChange={setDeleteAllOpen} total={total} />
    </>
  );
}
