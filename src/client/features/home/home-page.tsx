import { paths } from '#client/paths.ts';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { parseCatalogSearch, toProductsParams, type CatalogSearch } from '#client/lib/catalog-params.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { deferHydration } from '#client/lib/deferred-hydration.tsx';
import { useBranches } from '#client/lib/branches.ts';
import { categoriesQuery } from '#client/lib/categories.ts';
import { prefetchProducts } from '#client/lib/products.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { formatRub } from '#shared/money.ts';
import { CategoryGrid } from './category-grid.tsx';
import { SupplierPicker } from './supplier-picker.tsx';

/** The home page's product list reads query and supplier (plus its own sort, page and view); no category. */
const homeCatalogSearch = (search: URLSearchParams): CatalogSearch => ({ ...parseCatalogSearch(search), categoryId: null });

/** Below the hero on a phone: the list's code and hydration come after the rest of the page. */
const productList = deferHydration(() => import('#client/components/product/product-list.tsx').then((m) => m.ProductListSection));

export const loader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const search = homeCatalogSearch(new URL(request.url).searchParams);
    await Promise.all([
      queryClient.ensureQueryData(categoriesQuery(search.supplier ?? undefined)),
      prefetchProducts(queryClient, toProductsParams(search)),
      productList.preload(),
    ]);
    return null;
  };

export const meta: MetaFn = ({ url }) => ({
  canonicalPath: paths.home,
  noindex: url.searchParams.has('query'),
});

export function Component() {
  const [params] = useSearchParams();
  const search = homeCatalogSearch(params);
  const { supplier, query } = search;
  const { data: categories } = useSuspenseQuery(categoriesQuery(supplier ?? undefined));
  const branches = useBranches();
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const { shop } = settings;

  return (
    <div>
      <section className="relative overflow-hidden bg-header text-header-foreground">
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(234,88,12,0.35),transparent_55%)]" aria-hidden />
        <div className="relative mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-[1.4fr_1fr] md:py-20">
          <div className="space-y-6">
            <p className="text-sm font-semibold tracking-wider text-orange-400 uppercase">Официальный дилер DCK и P.I.T</p>
            <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">
              Профессиональный инструмент для стройки и производства
            </h1>
            <p className="max-w-xl text-base text-header-muted sm:text-lg">{shop.shopDescription}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <a href="#products">
                  <Icon name="arrow-down" />
                  Перейти к товарам
                </a>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-zinc-500 bg-transparent text-header-foreground hover:bg-zinc-800">
                <a href="#categories">
                  <Icon name="layout-grid" />
                  Категории
                </a>
              </Button>
            </div>
          </div>
          <ul className="grid content-center gap-3 text-sm">
            <li className="flex items-center gap-3 rounded-lg bg-white/5 p-4">
              <Icon name="truck" className="size-6 shrink-0 text-orange-400" />
              <span>Бесплатная доставка при заказе от {formatRub(shop.freeDeliveryThreshold)}</span>
            </li>
            <li className="flex items-center gap-3 rounded-lg bg-white/5 p-4">
              <Icon name="shield-check" className="size-6 shrink-0 text-orange-400" />
              <span>Гарантия производителя и собственный сервисный центр</span>
            </li>
            <li className="flex items-center gap-3 rounded-lg bg-white/5 p-4">
              <Icon name="wrench" className="size-6 shrink-0 text-orange-400" />
              <span>Филиалы: {branches.map((b) => b.city).join(', ')}</span>
            </li>
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-10 px-4 py-8">
        <section aria-labelledby="supplier-heading" className="space-y-3">
          <h2 id="supplier-heading" className="text-lg font-semibold">
            Поставщик
          </h2>
          <SupplierPicker current={supplier} />
        </section>

        <aside className="flex gap-3 rounded-lg border border-warning/30 bg-warning-muted p-4 text-sm">
          <Icon name="info" className="mt-0.5 size-5 shrink-0 text-warning" />
          <p>
            Каталог ещё наполняется: на сайте представлена не вся продукция. Если вы не нашли нужный инструмент,{' '}
            <Link to={paths.contacts} className="font-semibold text-primary underline-offset-4 hover:underline">
              свяжитесь с нами
            </Link>{' '}
            — подберём и привезём под заказ.
          </p>
        </aside>

        {!query && (
          <section id="categories" aria-labelledby="categories-heading" className="space-y-4">
            <div className="flex items-end justify-between gap-4">
              <h2 id="categories-heading" className="text-2xl font-bold">
                Категории
              </h2>
              <Link to={paths.products} className="text-sm font-medium text-primary hover:underline">
                Все товары
              </Link>
            </div>
            <CategoryGrid categories={categories} supplier={supplier ?? undefined} />
          </section>
        )}

        <div className="render-later">
          <productList.Component search={search} title={query ? `Результаты поиска: «${query}»` : 'Товары'} />
        </div>
      </div>
    </div>
  );
}
