import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ProductCard } from '#client/components/product/product-card.tsx';
import { apiRequest } from '#client/lib/api.ts';
import type { Product } from '#shared/types.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

/** «Похожие товары» of a product (`GET /api/products/{slugOrId}/similar`). */
export const similarProductsQuery = (slugOrId: string) =>
  queryOptions({
    queryKey: ['products', 'similar', slugOrId],
    queryFn: ({ client, signal }) =>
      apiRequest<{ products: Product[] }>(`/api/products/${encodeURIComponent(slugOrId)}/similar`, { client, signal }),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });

/**
 * For the product page's loader: on the server it waits, so the row is in the page's HTML; in the
 * browser it only starts the request. Never throws: without them the page simply has no row.
 */
export async function prefetchSimilarProducts(queryClient: QueryClient, slugOrId: string) {
  const promise = queryClient.prefetchQuery(similarProductsQuery(slugOrId));
  if (typeof window === 'undefined') await promise;
}

/**
 * Products of the same category with the nearest characteristics, as a row of cards below the
 * product; nothing while they load, when there are none or when they could not be read (the
 * product page does not depend on them).
 */
export function SimilarProducts({ slug }: { slug: string }) {
  const { data } = useQuery(similarProductsQuery(slug));
  const products = data?.products ?? [];
  if (products.length === 0) return null;
  return (
    <HeadedSection id="similar-heading" title="Похожие товары" headingClassName="text-xl font-bold" className="space-y-4 border-t border-border pt-6" data-testid="similar-products">
      {/* A phone or tablet scrolls one row sideways instead of stacking eight cards under the product; a wide screen shows them all, four a row. */}
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:gap-4 md:px-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:pb-0">
        {products.map((product) => (
          <li key={product.id} className="w-40 shrink-0 snap-start sm:w-52 lg:w-auto">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
