import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ProductListView } from '#client/components/product/product-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { CatalogSearch } from '#client/lib/catalog-params.ts';
import type { Category } from '#shared/types.ts';
import { FilterBar } from './filter-bar.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { hrefWithoutFilters } from './filter-params.ts';
import type { FilteredCatalog } from './filtered-products.ts';

type Props = {
  search: CatalogSearch;
  catalog: FilteredCatalog;
  /** The list's own controls (the category choice on /products, the supplier). */
  listFilters?: { categories?: Category[]; supplier?: boolean };
};

/**
 * A catalogue list with its filter panel: beside the list from 1024 px, in a sheet on a phone,
 * the chosen filters as chips above the list.
 */
export function FilteredList({ search, catalog, listFilters }: Props) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const result = useQuery(catalog.query);
  // The panel keeps the counts it has while the next ones load, rather than emptying at every click.
  const { data } = useQuery({ ...catalog.query, placeholderData: keepPreviousData });
  const { chosen } = catalog;
  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      <section
        aria-labelledby="filters-heading"
        className="hidden lg:sticky lg:top-[calc(var(--header-height)+1rem)] lg:block lg:max-h-[calc(100dvh-var(--header-height)-2rem)] lg:overflow-y-auto lg:pr-2"
      >
        <h2 id="filters-heading" className="mb-4 text-lg font-semibold">
          Фильтры
        </h2>
        <FilterPanel id="filters" data={data} chosen={chosen} />
      </section>
      <ProductListView
        search={search}
        result={result}
        filters={listFilters}
        before={<FilterBar data={data} chosen={chosen} />}
        empty={
          chosen.count > 0
            ? {
                hint: 'С такими фильтрами товаров нет. Уберите часть фильтров или сбросьте их.',
                action: (
                  <Button asChild variant="outline">
                    <Link to={hrefWithoutFilters(pathname, params)}>Сбросить фильтры</Link>
                  </Button>
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
