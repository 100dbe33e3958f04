import { useQuery, type QueryClient } from '@tanstack/react-query';
import { redirect, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
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

/** An unknown slug goes to the home page (spec 2.5). */
export const loader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const [categories, branches] = await Promise.all([queryClient.ensureQueryData(categoriesQuery()), queryClient.ensureQueryData(branchesQuery())]);
    const category = categories.find((c) => c.slug === params.slug);
    if (!category) throw redirect(paths.home);
    const address = new URL(request.url).searchParams;
    const catalog = filteredCatalog(parseCatalogSearch(address), address, branches.map((b) => b.slug), { categoryId: category.id });
    await prefetchFilteredCatalog(queryClient, catalog);
    return null;
  };

const crumbs = (category: Category): BreadcrumbItem[] => [
  { label: 'Главная', to: paths.home },
  { label: 'Каталог', to: paths.products },
  { label: category.name },
];

export const meta: MetaFn = ({ params, queryClient, url }) => {
  const category = queryClient.getQueryData(categoriesQuery().queryKey)?.find((c) => c.slug === params.slug);
  if (!category) return { title: 'Каталог' };
  const path = paths.category(category.slug);
  return {
    title: category.name,
    description: category.description || CATALOG_FALLBACK_DESCRIPTION,
    canonicalPath: path,
    // One address per category for search engines: a filtered list is the same category.
    noindex: hasFilters(url.searchParams),
    jsonLd: [breadcrumbJsonLd(url.origin, crumbs(category).map((c) => ({ name: c.label, path: c.to ?? path })))],
  };
};

/** /category/{slug}: the category's name, description and products. */
export function Component() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const { data: categories } = useQuery(categoriesQuery());
  const branches = useBranches();
  const category = categories?.find((c) => c.slug === slug);
  if (!category) return null; // the loader has already redirected
  const search = { ...parseCatalogSearch(params), categoryId: category.id };
  const catalog = filteredCatalog(search, params, branches.map((b) => b.slug), { categoryId: category.id });
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 md:py-8">
      <Breadcrumbs items={crumbs(category)} />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{category.name}</h1>
        <p className="max-w-3xl text-muted-foreground">{category.description || CATALOG_FALLBACK_DESCRIPTION}</p>
      </header>
      <FilteredList search={search} catalog={catalog} listFilters={{ supplier: true }} />
    </div>
  );
}
