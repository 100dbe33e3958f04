import { paths } from '#client/paths.ts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Icon } from '#client/components/ui/icon.tsx';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { catalogHref, toProductsParams, type CatalogSearch, type ViewMode } from '#client/lib/catalog-params.ts';
import { productsQuery, type ProductsParams } from '#client/lib/products.ts';
import { cn } from '#client/lib/utils.ts';
import { CATALOG_MAX_PAGE_BUTTONS, CATALOG_SKELETON_COUNT, SORTS, SORT_LABELS, SUPPLIERS, type Sort, type Supplier } from '#shared/constants.ts';
import { pageItems } from '#shared/pagination.ts';
import { productsCount } from '#shared/plural.ts';
import type { Category, ProductListResponse } from '#shared/types.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

type Props = {
  /** The catalogue state read from the URL. */
  search: CatalogSearch;
  /** Request values the page fixes (the category of a category page). */
  fixed?: Partial<ProductsParams>;
  /** Section heading; the page's own h1 names it when absent. */
  title?: ReactNode;
  /** Filter controls to show: a category list (on /products) and the supplier choice. */
  filters?: { categories?: Category[]; supplier?: boolean };
  /** Shown between the heading and the toolbar (the chosen filters). */
  before?: ReactNode;
  /** The empty list's hint and way out when the page knows better (filters chosen). */
  empty?: { hint: string; action: ReactNode };
  id?: string;
  className?: string;
};

/** A choice of the list's toolbar: a native select (it works without JavaScript) named for screen readers. */
function ToolbarSelect({
  id,
  label,
  options,
  ...props
}: ComponentProps<typeof NativeSelect> & {
  id: string;
  label: string;
  options: readonly (readonly [value: string | number, text: string])[];
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <NativeSelect id={id} {...props}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}

function ListGrid({ view, children }: { view: ViewMode; children: ReactNode }) {
  return (
    <ul className={cn(view === 'grid' ? 'grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-4' : 'flex flex-col gap-3')}>
      {children}
    </ul>
  );
}

/**
 * A page of products with its sort selector, grid/list switch and pagination, all kept in the URL
 * (shareable, the back button works, and links work without JavaScript). Eight skeleton cards
 * while a page loads; 'Товары не найдены' when nothing matches.
 */
export function ProductListSection(props: Props) {
  const result = useQuery(productsQuery(toProductsParams(props.search, props.fixed)));
  return <ProductListView {...props} result={result} />;
}

/** The list of a request the page makes itself (the filter pages ask for more than `search` says). */
export function ProductListView({
  search,
  title,
  filters,
  before,
  empty,
  result,
  id = 'products',
  className,
}: Omit<Props, 'fixed'> & { result: UseQueryResult<ProductListResponse> }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const sectionRef = useRef<HTMLElement>(null);
  const { data, isPending, isError, error, refetch, isFetching } = result;
  const hash = location.pathname === paths.home ? `#${id}` : '';
  const href = (changes: Partial<CatalogSearch>) => catalogHref(location.pathname, params, changes, hash);

  // A new page or sort: bring the top of the list into view (links keep the scroll position);
  // back and forward leave it where the root layout's scroll restoration put it, and a filter
  // applied as it is chosen leaves the page where the customer is choosing.
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  const keepScroll = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;
  useEffect(() => {
    if ((firstRender.current && location.hash !== `#${id}`) || navigationType === 'POP' || keepScroll) {
      firstRender.current = false;
      return;
    }
    firstRender.current = false;
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0 || location.hash === `#${id}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [location.search, location.hash, id, navigationType, keepScroll]);

  const go = (changes: Partial<CatalogSearch>) => navigate(href(changes), { preventScrollReset: true });
  // Another category filters by its own characteristics: the chosen ones (`attr.*`) go with the old one.
  const goToCategory = (categoryId: number | null) => {
    const next = new URL(href({ categoryId }), 'http://x');
    for (const key of [...next.searchParams.keys()]) if (key.startsWith('attr.')) next.searchParams.delete(key);
    navigate(`${next.pathname}${next.search}${next.hash}`, { preventScrollReset: true });
  };
  // Values the visible controls do not carry (the query, the view, the chosen filters) travel as
  // hidden fields, so the form also works without JavaScript; a new sort or category starts at page 1.
  const own = ['sort', 'page', 't', ...(filters?.categories ? ['categoryId'] : []), ...(filters?.supplier ? ['supplier'] : [])];
  const hidden = [...params].filter(([key, value]) => !own.includes(key) && value !== '');

  const toolbar = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="order-1 text-sm text-muted-foreground" aria-live="polite">
        {data
          ? data.capped
            ? `Показаны ${productsCount(data.total)}, лучше всего подходящих к запросу. Уточните запрос, чтобы найти точнее.`
            : `Найдено: ${productsCount(data.total)}`
          : 'Загрузка товаров…'}
      </p>
      <form
        method="get"
        action={location.pathname}
        className="order-3 flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap lg:order-2 lg:ml-auto lg:w-auto lg:justify-end"
      >
        {hidden.map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        {filters?.categories && (
          <ToolbarSelect
            id={`${id}-category`}
            label="Категория"
            name="categoryId"
            value={search.categoryId ?? ''}
            onChange={(event) => goToCategory(event.target.value ? Number(event.target.value) : null)}
            wrapperClassName="sm:w-60"
            options={[['', 'Все категории'], ...filters.categories.map((category) => [category.id, category.name] as const)]}
          />
        )}
        {filters?.supplier && (
          <ToolbarSelect
            id={`${id}-supplier`}
            label="Поставщик"
            name="supplier"
            value={search.supplier ?? ''}
            onChange={(event) => go({ supplier: (event.target.value || null) as Supplier | null })}
            wrapperClassName="sm:w-44"
            options={[['', 'Все поставщики'], ...SUPPLIERS.map((supplier) => [supplier, supplier] as const)]}
          />
        )}
        <ToolbarSelect
          id={`${id}-sort`}
          label="Сортировка"
          name="sort"
          value={search.sort}
          onChange={(event) => go({ sort: event.target.value as Sort })}
          wrapperClassName="sm:w-48"
          options={SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
        />
        <noscript>
          <Button type="submit" variant="outline">
            Показать
          </Button>
        </noscript>
      </form>
      <div className="order-2 flex shrink-0 rounded-md border border-input lg:order-3" role="group" aria-label="Вид списка">
        {(
          [
            ['grid', 'Плиткой', 'layout-grid'],
            ['list', 'Списком', 'list'],
          ] as const
        ).map(([view, label, icon]) => (
          <Link
            key={view}
            to={href({ view })}
            preventScrollReset
            replace
            aria-label={label}
            aria-current={search.view === view ? 'true' : undefined}
            title={label}
            className={cn(
              'flex size-11 items-center justify-center first:rounded-l-md last:rounded-r-md md:size-10',
              search.view === view ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <Icon name={icon} className="size-4" />
          </Link>
        ))}
      </div>
    </div>
  );

  let body: ReactNode;
  if (isPending) {
    body = (
      <ListGrid view={search.view}>
        {Array.from({ length: CATALOG_SKELETON_COUNT }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton view={search.view} />
          </li>
        ))}
      </ListGrid>
    );
  } else if (isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Не удалось загрузить товары</AlertTitle>
        <AlertDescription>
          <p>{error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
            <Icon name="rotate-ccw" />
            Повторить
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (data.products.length === 0) {
    const pastEnd = data.total > 0;
    body = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-12 text-center">
        <Icon name="package-search" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold">Товары не найдены</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          {pastEnd
            ? `На странице ${search.page} товаров нет: в этом списке ${data.totalPages} стр.`
            : (empty?.hint ??
              'Попробуйте изменить параметры поиска или фильтры: проверьте написание, уберите часть слов или выберите другую категорию.')}
        </p>
        {pastEnd ? (
          <Button asChild variant="outline">
            <Link to={href({ page: 1 })}>На первую страницу</Link>
          </Button>
        ) : empty ? (
          empty.action
        ) : (
          (search.query || search.supplier || (filters?.categories && search.categoryId)) && (
            <Button asChild variant="outline">
              <Link to={href({ query: '', supplier: null, ...(filters?.categories ? { categoryId: null } : {}) })}>Сбросить поиск и фильтры</Link>
            </Button>
          )
        )}
      </div>
    );
  } else {
    body = (
      <ListGrid view={search.view}>
        {data.products.map((product) => (
          <li key={product.id} className={search.view === 'grid' ? 'flex flex-col' : undefined}>
            <ProductCard product={product} view={search.view} />
          </li>
        ))}
      </ListGrid>
    );
  }

  return (
    <section ref={sectionRef} id={id} aria-labelledby={`${id}-heading`} aria-busy={isPending || undefined} className={cn('space-y-4', className)}>
      {/* Without a visible title the page's h1 names the list; the hidden h2 keeps headings in order for the cards' h3. */}
      <h2 id={`${id}-heading`} className={title ? 'text-2xl font-bold' : 'sr-only'}>
        {title ?? 'Список товаров'}
      </h2>
      {data?.correctedQuery && <p className="font-medium">Показаны результаты по запросу «{data.correctedQuery}»</p>}
      {before}
      {toolbar}
      {body}
      {data && data.totalPages > 1 && search.page <= data.totalPages && (
        <Pagination
          items={pageItems(search.page, data.totalPages, CATALOG_MAX_PAGE_BUTTONS)}
          current={search.page}
          totalPages={data.totalPages}
          hrefFor={(page) => href({ page })}
          className="pt-2"
        />
      )}
    </section>
  );
}
