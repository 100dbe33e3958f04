import { useSuspenseQuery } from '@tanstack/react-query';
import { ProductCard } from '#client/components/product/product-card.tsx';
import { useLists } from '#client/lib/list-changes.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { listLoader, listProductsQuery } from './api.ts';
import { EmptyList, ListPage } from './list-parts.tsx';

export const meta: MetaFn = () => ({ title: 'Избранное', noindex: true });
export const loader = listLoader('favorites');

/** The favourites as cards: the heart takes one out at once, the cart button buys it. */
export function Component() {
  const { data: products } = useSuspenseQuery(listProductsQuery('favorites'));
  // A heart taken off on this page hides its card before the server answers (back if refused).
  const ids = useLists().favorites;
  const shown = products.filter((p) => ids.includes(p.id));
  return (
    <ListPage kind="favorites" title="Избранное" count={shown.length}>
      {shown.length === 0 ? (
        <EmptyList title="В избранном пока ничего нет" text="Отмечайте товары сердечком в каталоге, чтобы вернуться к ним позже." />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label="Товары в избранном">
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
