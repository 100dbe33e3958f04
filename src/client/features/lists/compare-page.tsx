import { useSuspenseQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AddToCartButton } from '#client/components/cart/add-to-cart-button.tsx';
import { ListToggleForm } from '#client/components/product/list-toggle-form.tsx';
import { Price } from '#client/components/product/price.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { useLists } from '#client/lib/list-changes.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import type { Product } from '#shared/types.ts';
import { listLoader, listProductsQuery } from './api.ts';
import { byCategory, compareRows } from './compare-table.ts';
import { EmptyList, ListPage } from './list-parts.tsx';

export const meta: MetaFn = () => ({ title: 'Сравнение товаров', noindex: true });
export const loader = listLoader('compare');

/** The first column stays in place while the products scroll sideways (a phone shows one or two). */
const stickyCell = 'sticky left-0 z-10 bg-background';

/** The address of the page with one parameter changed: the category and the switch live there, so they work before the script loads. */
function withParam(params: URLSearchParams, name: string, value: string | null) {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const query = next.toString();
  return query ? `${paths.compare}?${query}` : paths.compare;
}

/** The product's column head: picture, name, price, cart and «Убрать». */
function ProductHead({ product }: { product: Product }) {
  return (
    <td className="min-w-44 p-3 align-top sm:min-w-52">
      <div className="flex h-full flex-col gap-2">
        <Link to={paths.product(product.slug)} className="flex aspect-square w-full items-center justify-center rounded-md bg-muted">
          {product.imageUrl ? (
            <img src={product.imageUrl} alt={product.name} width={160} height={160} loading="lazy" className="size-full object-contain p-2" />
          ) : (
            <Icon name="wrench" className="size-10 text-zinc-400" />
          )}
        </Link>
        <Link to={paths.product(product.slug)} className="line-clamp-3 text-sm font-semibold hover:text-primary hover:underline">
          {product.name}
        </Link>
        <Price price={product.price} originalPrice={product.originalPrice} productId={product.id} />
        <AddToCartButton product={product} className="w-full" />
        <ListToggleForm kind="compare" productId={product.id}>
          {() => (
            <button type="submit" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-destructive" aria-label={`Убрать из сравнения: ${product.name}`}>
              <X className="size-4" aria-hidden />
              Убрать
            </button>
          )}
        </ListToggleForm>
      </div>
    </td>
  );
}

/** Side by side: the products of one category and their characteristics by group. */
function CompareTable({ products, onlyDifferences }: { products: Product[]; onlyDifferences: boolean }) {
  const groups = compareRows(products)
    .map((group) => ({ ...group, rows: onlyDifferences ? group.rows.filter((row) => !row.same) : group.rows }))
    .filter((group) => group.rows.length > 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-border" data-testid="compare-table">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Сравнение характеристик</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={cn(stickyCell, 'w-32 p-3 text-left align-top font-medium text-muted-foreground sm:w-48')}>
              Товары: {products.length}
            </th>
            {products.map((product) => (
              <ProductHead key={product.id} product={product} />
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.name}>
            <tr className="bg-muted">
              <th scope="colgroup" colSpan={products.length + 1} className="px-3 py-2 text-left font-semibold">
                <span className="sticky left-3">{group.name}</span>
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.slug} className="border-b border-border last:border-0">
                <th scope="row" className={cn(stickyCell, 'p-3 text-left align-top font-normal text-muted-foreground')}>
                  {row.label}
                </th>
                {row.values.map((value, i) => (
                  <td key={products[i]!.id} className="p-3 align-top">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {groups.length === 0 && (
        <p className="p-4 text-muted-foreground">{onlyDifferences ? 'Различий нет: характеристики совпадают.' : 'У этих товаров не указаны характеристики.'}</p>
      )}
    </div>
  );
}

/** The comparison: a category at a time (a tab each when there are several), «Только различия», remove, clear. */
export function Component() {
  const { data: products } = useSuspenseQuery(listProductsQuery('compare'));
  const [params] = useSearchParams();
  // A product taken out on this page leaves at once (back if the server refuses).
  const ids = useLists().compare;
  const categories = byCategory(products.filter((p) => ids.includes(p.id)));
  const chosen = categories.find((c) => c.slug === params.get('category')) ?? categories[0];
  const onlyDifferences = params.get('diff') === '1';
  const count = categories.reduce((sum, c) => sum + c.products.length, 0);

  return (
    <ListPage kind="compare" title="Сравнение товаров" count={count}>
      {!chosen ? (
        <EmptyList title="В сравнении пока нет товаров" text="Нажмите «Сравнить» у товаров в каталоге, чтобы увидеть их характеристики рядом." />
      ) : (
        <div className="space-y-4">
          {categories.length > 1 && (
            <nav aria-label="Категории в сравнении" className="flex gap-2 overflow-x-auto pb-1">
              {categories.map((c) => (
                <Link
                  key={c.slug}
                  to={withParam(params, 'category', c.slug)}
                  replace
                  aria-current={c === chosen ? 'page' : undefined}
                  className={cn(
                    'shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium whitespace-nowrap',
                    c === chosen ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted',
                  )}
                >
                  {c.name} ({c.products.length})
                </Link>
              ))}
            </nav>
          )}
          <Link
            to={withParam(params, 'diff', onlyDifferences ? null : '1')}
            replace
            role="switch"
            aria-checked={onlyDifferences}
            className="inline-flex items-center gap-3 text-sm font-medium"
          >
            <span className={cn('relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors', onlyDifferences ? 'bg-primary' : 'bg-zinc-300')}>
              <span className={cn('absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform', onlyDifferences ? 'translate-x-5.5' : 'translate-x-0.5')} />
            </span>
            Только различия
          </Link>
          <CompareTable products={chosen.products} onlyDifferences={onlyDifferences} />
        </div>
      )}
    </ListPage>
  );
}
