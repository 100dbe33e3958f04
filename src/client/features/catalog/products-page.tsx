import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Breadcrumbs, type BreadcrumbItem } from '#client/components/ui/breadcrumbs.tsx';
import { branchesQuery, useBranches } from '#client/lib/branches.ts';
import { parseCatalogSearch } from '#client/lib/catalog-params.ts';
import { breadcrumbJsonLd } from '#client/lib/json-ld.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { categoriesQuery } from '#client/lib/categories.ts';
import { paths } from '#client/paths.ts';
import type { Category } from '#shared/types.ts';
import { hasFilters } from './filters/filter-params.ts';
import { filteredCatalog, prefetchFilteredCatalog } from './filters/filtered-products.ts';
import { FilteredList } from './filters/filtered-list.tsx';
import { CATALOG_FALLBACK_DESCRIPTION } from './texts.ts';

export const loader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const address = new URL(request.url).searchParams;
    const [, branches] = await Promise.all([queryClient.ensureQueryData(categoriesQuery()), queryClient.ensureQueryData(branchesQuery())]);
    await prefetchFilteredCatalog(queryClient, filteredCatalog(parseCatalogSearch(address), address, branches.map((b) => b.slug)));
    return null;
  };

function crumbs(category: Category | undefined): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [
    { label: 'Главная', to: paths.home },
    { label: 'Каталог', to: paths.products },
  ];
  if (category) items.push({ label: category.name, to: paths.category(category.slug) });
  return items;
}

const findCategory = (categories: Category[] | undefined, id: number | null) =>
  id === null ? undefined : categories?.find((c) => c.id === id);

export const meta: MetaFn = ({ url, queryClient }) => {
  const search = parseCatalogSearch(url.searchParams);
  const category = findCategory(queryClient.getQueryData(categoriesQuery().queryKey), search.categoryId);
  const items = crumbs(category);
  return {
    title: search.query ? `Поиск: ${search.query}` : (category?.name ?? 'Каталог'),
    description: category?.description || CATALOG_FALLBACK_DESCRIPTION,
    canonicalPath: category ? paths.category(category.slug) : paths.products,
    // Search results and filtered lists are not for search engines: the category's own address is.
    noindex: Boolean(search.query) || hasFilters(url.searchParams),
    jsonLd: [breadcrumbJsonLd(url.origin, items.map((c) => ({ name: c.label, path: c.to ?? paths.products })))],
  };
};

/** /products: the whole catalogue, or one category (?categoryId=), a supplier and a search. */
export function Component() {
  const [params] = useSearchParams();
  const search = parseCatalogSearch(params);
  const { data: categories } = useQuery(categoriesQuery());
  const branches = useBranches();
  const catalog = filteredCatalog(search, params, branches.map((b) => b.slug));
  const category = findCategory(categories, search.categoryId);
  const items = crumbs(category);
  // The last crumb is the current page: the category when there is one, else the catalogue.
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 md:py-8">
      <Breadcrumbs items={items} />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {search.query ? `Результаты поиска: «${search.query}»` : (category?.name ?? 'Каталог')}
        </h1>
        {!search.query && <p className="text-muted-foreground">{category?.description || CATALOG_FALLBACK_DESCRIPTION}</p>}
      </header>
      <FilteredList search={search} catalog={catalog} listFilters={{ categories: categories ?? [], supplier: true }} />
    </div>
  );
}
