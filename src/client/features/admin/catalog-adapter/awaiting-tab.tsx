import { useQuery } from '@tanstack/react-query';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { TabLoading } from './tab-states.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
import { productsCount } from '#shared/plural.ts';
import type { AwaitingProduct } from '#shared/schemas/catalog-adapter.ts';
import { awaitingQuery } from './api.ts';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

const price = (product: AwaitingProduct) => (hasPrice(product.price) ? formatRub(product.price) : 'Цена по запросу');

function ProductName({ product }: { product: AwaitingProduct }) {
  return (
    <Link to={adminPaths.productEdit(product.id)} className="font-medium hover:text-primary hover:underline">
      {product.name}
    </Link>
  );
}

/** «Без категории»: imported products no rule places yet; hidden from customers until one does. */
export function AwaitingTab() {
  const [page, setPage] = useState(1);
  const list = useQuery(awaitingQuery(page));
  const known = Boolean(list.data) && !list.isPlaceholderData;
  useLastPageAtMost(page, list.data?.totalPages ?? 1, known, setPage);

  if (list.isPending) return <TabLoading label="Загрузка товаров без категории" />;
  if (list.isError) return <LoadError title="Не удалось загрузить товары без категории" error={list.error} onRetry={() => void list.refetch()} />;
  const { products, total, totalPages } = list.data;
  if (total === 0) {
    return (
      <EmptyPanel icon={PackageCheck} title="Все товары распределены по категориям" text="Товары из категорий поставщика без правила будут ждать здесь, скрытые от покупателей." />
    );
  }

  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {productsCount(total)} ждут категорию и не видны покупателям. Сопоставьте их категории поставщика и примените правила.
        {list.isFetching && <Spinner size="sm" label="Обновление списка" />}
      </p>
      <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        <Table containerClassName="hidden md:block">
          <ListTableHeader columns={['Товар', 'Поставщик', 'Категория поставщика', { label: 'Цена', className: 'text-right' }, 'Добавлен']} />
          <TableBody>
            {products.map((product) => (
              <TableRow key={product.id} data-testid="awaiting-row">
                <TableCell className="max-w-sm whitespace-normal">
                  <ProductName product={product} />
                  <p className="text-xs text-muted-foreground">Артикул {product.sku}</p>
                </TableCell>
                <TableCell>{product.supplier ?? '—'}</TableCell>
                <TableCell className="max-w-xs whitespace-normal">{product.supplierCategory ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{price(product)}</TableCell>
                <TableCell className="tabular-nums">{formatDate(product.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PhoneCards items={products} itemKey={(product) => product.id} testId="awaiting-card" cardClassName="gap-1 p-3 text-sm">
          {(product) => (
            <>
              <ProductName product={product} />
              <p className="text-muted-foreground">
                {product.supplier ?? 'Без поставщика'} · {product.supplierCategory ?? 'категория не указана'}
              </p>
              <p className="tabular-nums">
                {price(product)} · артикул {product.sku}
              </p>
            </>
          )}
        </PhoneCards>
      </div>
      {totalPages > 1 && <ListPagination page={page} totalPages={totalPages} onPageChange={setPage} />}
    </div>
  );
}
