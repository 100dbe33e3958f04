import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Icon } from '#client/components/ui/icon.tsx';
import { useEffect, useState } from 'react';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { AddToCartButton } from '#client/components/cart/add-to-cart-button.tsx';
import { CompareButton } from '#client/components/product/compare-button.tsx';
import { FavoriteButton } from '#client/components/product/favorite-button.tsx';
import { Availability, Price, useVatAdded } from '#client/components/product/price.tsx';
import { shortText } from '#client/components/product/product-card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Breadcrumbs, type BreadcrumbItem } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton, SkeletonBars } from '#client/components/ui/skeleton.tsx';
import { trackProductView } from '#client/lib/analytics.ts';
import { breadcrumbJsonLd } from '#client/lib/json-ld.ts';
import { useMyPrice } from '#client/lib/my-prices.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { productQuery } from './api.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { paths } from '#client/paths.ts';
import { BREADCRUMB_NAME_LIMIT, RETURN_DAYS } from '#shared/constants.ts';
import { formatRub, hasPrice, priceWithVatRub } from '#shared/money.ts';
import { truncate } from '#shared/text.ts';
import type { Product } from '#shared/types.ts';
import { productJsonLd } from './json-ld.ts';
import { ProductAttributesTable, sizeRows } from './product-attributes-table.tsx';
import { prefetchSimilarProducts, SimilarProducts } from './similar-products.tsx';
import { ProductRating, ReviewsSection, prefetchReviews, reviewsOfPage } from './reviews/index.ts';
import { branchTransfersQuery, useBranches, useCityBranch } from '#client/lib/branches.ts';
import { lineSource, pickupInDaysText } from '#shared/transfers.ts';
import type { Branch, BranchStock } from '#shared/schemas/branches.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

/** How many each branch has, the customer's city marked. */
function BranchStockList({ branchStock }: { branchStock: BranchStock[] }) {
  const city = useCityBranch();
  if (branchStock.length === 0) return null;
  return (
    <HeadedSection id="branch-stock-heading" title="Наличие в филиалах" headingClassName="text-sm font-semibold" className="rounded-md border border-border p-3">
      <ul className="mt-1 divide-y divide-border text-sm" data-testid="branch-stock">
        {branchStock.map((b) => (
          <li key={b.branchId} className="flex justify-between gap-3 py-1.5">
            <span className={b.branchId === city?.id ? 'font-semibold' : undefined}>
              {b.city}
              {b.branchId === city?.id && <span className="font-normal text-muted-foreground"> — ваш город</span>}
            </span>
            <span className={b.quantity > 0 ? 'font-medium tabular-nums' : 'text-muted-foreground'}>{b.quantity > 0 ? `${b.quantity} шт.` : 'нет'}</span>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/**
 * «Можно забрать в Ростове-на-Дону через 2 дня»: the customer's city branch has none, another
 * branch has it and brings it there (the transfer days of the settings, the soonest route).
 */
function TransferPickup({ branchStock }: { branchStock: BranchStock[] }) {
  const city = useCityBranch();
  const routes = useQuery(branchTransfersQuery()).data ?? [];
  if (!city?.pickup) return null;
  const source = lineSource(city.id, branchStock, 1, routes);
  if (!source || source.days === 0) return null;
  return (
    <p className="text-sm font-medium text-primary" data-testid="transfer-pickup">
      {pickupInDaysText(city.cityIn, source.days)}
    </p>
  );
}

const PLACEHOLDER = '/placeholder-product.svg';

/** A missing product is a real 404 for browsers and search engines, with the page's own message. */
export const loader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    try {
      const product = await queryClient.ensureQueryData(productQuery(params.slug!));
      // The transfer days render «Можно забрать … через 2 дня» on the server, before scripts load.
      if (product) {
        await Promise.all([
          prefetchSimilarProducts(queryClient, params.slug!),
          prefetchReviews(queryClient, product.id, request.url),
          queryClient.prefetchQuery(branchTransfersQuery()),
        ]);
      }
      return product ? null : data(null, { status: 404 });
    } catch {
      // The page shows the error and offers the way back; the status says it failed.
      return data(null, { status: 503 });
    }
  };

function crumbs(product: Product): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [
    { label: 'Главная', to: paths.home },
    { label: 'Товары', to: paths.products },
  ];
  if (product.category) items.push({ label: product.category.name, to: paths.category(product.category.slug) });
  items.push({ label: truncate(product.name, BREADCRUMB_NAME_LIMIT) });
  return items;
}

export const meta: MetaFn = ({ params, queryClient, url }) => {
  const product = queryClient.getQueryData(productQuery(params.slug!).queryKey);
  if (!product) return { title: 'Товар не найден', noindex: true };
  const path = paths.product(product.slug);
  const description = shortText(product);
  return {
    title: product.name,
    description,
    image: product.imageUrl,
    ogType: 'product',
    canonicalPath: path,
    jsonLd: [
      productJsonLd(url.origin, product, path, description, reviewsOfPage(queryClient, product.id, url)),
      breadcrumbJsonLd(
        url.origin,
        crumbs(product).map((c) => ({ name: c.to ? c.label : product.name, path: c.to ?? path })),
      ),
    ],
  };
};

/** The picture, or the placeholder when there is none or it fails (keyed by product, so it resets). */
function ProductImage({ product }: { product: Product }) {
  const [src, setSrc] = useState(product.imageUrl || PLACEHOLDER);
  return (
    <img
      src={src}
      alt={product.name}
      width={600}
      height={600}
      onError={() => setSrc(PLACEHOLDER)}
      className="size-full object-contain p-6"
      fetchPriority="high"
    />
  );
}

function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 md:py-8" aria-busy="true" aria-label="Загрузка товара">
      <Skeleton className="h-4 w-72" />
      <div className="grid gap-8 md:grid-cols-2">
        <Skeleton className="aspect-square w-full" />
        <SkeletonBars
          className="space-y-4"
          bars={['h-6 w-24', 'h-9 w-full', 'h-4 w-40', 'h-10 w-48', 'h-20 w-full', 'h-12 w-full']}
        />
      </div>
    </div>
  );
}

function ProductMissing({ text }: { text: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <Icon name="package-x" className="size-14 text-muted-foreground" />
      <h1 className="text-3xl font-bold">Товар не найден</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild>
        <Link to={paths.products}>
          <Icon name="arrow-left" />
          Вернуться к каталогу
        </Link>
      </Button>
    </div>
  );
}

/** «Со склада в Волгограде и из филиалов в Ростове-на-Дону, …»: the branches as the table lists them. */
const deliveryPerk = (branches: Branch[]) => {
  const [head, ...others] = branches;
  if (!head) return 'Со склада и из филиалов';
  return others.length > 0 ? `Со склада в ${head.cityIn} и из филиалов в ${others.map((b) => b.cityIn).join(', ')}` : `Со склада в ${head.cityIn}`;
};

const PERKS = [
  { icon: 'shield-check', title: 'Гарантия', text: 'Официальная гарантия производителя и сервисный центр' },
  { icon: 'rotate-ccw', title: 'Возврат', text: `Возврат в течение ${RETURN_DAYS} дней` },
] as const;

/** /product/{slug}: everything about one product (spec 2.6 as decisions.md amends it). */
export function Component() {
  const { slug } = useParams();
  const { data: product, isPending, isError, error } = useQuery(productQuery(slug!));
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const vatRate = useVatAdded();
  const branches = useBranches();
  // A customer of a group pays their own price («Ваша цена»): the VAT line is of it, the retail discount is not theirs.
  const mine = useMyPrice(product?.id);

  // E-commerce "product view" for the counters the visitor allowed (lib/analytics).
  useEffect(() => {
    if (product) trackProductView(product);
  }, [product]);

  if (isPending) return <ProductSkeleton />;
  if (isError) return <ProductMissing text={error.message || 'Не удалось загрузить товар'} />;
  if (!product) return <ProductMissing text="Такого товара нет в каталоге." />;

  const payable = mine?.price ?? product.price;
  const saving = !mine && hasPrice(product.price) && product.originalPrice && product.originalPrice > product.price ? product.originalPrice - product.price : 0;
  const paragraphs = product.description.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 md:py-8">
      <Breadcrumbs items={crumbs(product)} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="relative aspect-square overflow-hidden rounded-lg border border-border bg-muted">
          <ProductImage key={product.id} product={product} />
          {product.tag && (
            <Badge variant="secondary" className="absolute top-3 left-3 text-sm">
              {product.tag}
            </Badge>
          )}
        </div>

        <div className="flex flex-col gap-4">
          <div className="space-y-2">
            {!product.isActive && (
              // Only staff can open an inactive product (decisions.md): say why customers do not see it.
              <Badge variant="warning">Товар скрыт: покупатели его не видят</Badge>
            )}
            {product.brand && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{product.brand}</p>}
            <h1 className="text-2xl leading-tight font-bold sm:text-3xl">{product.name}</h1>
            <ProductRating productId={product.id} />
            <p className="text-sm text-muted-foreground">
              Артикул: <span className="font-medium text-foreground">{product.sku}</span>
            </p>
          </div>

          <div className="space-y-2">
            <Price price={product.price} originalPrice={product.originalPrice} productId={product.id} size="page" />
            {hasPrice(payable) && vatRate !== null && (
              <p className="text-sm text-muted-foreground" data-testid="price-with-vat">
                С НДС ({vatRate}%): <span className="font-semibold text-foreground tabular-nums">{formatRub(priceWithVatRub(payable, vatRate))}</span>
              </p>
            )}
            {saving > 0 && <Badge variant="destructive">Экономия {formatRub(saving)}</Badge>}
            <Availability branchStock={product.branchStock} />
            <TransferPickup branchStock={product.branchStock} />
          </div>

          <BranchStockList branchStock={product.branchStock} />

          {product.shortDescription && <p className="text-base">{product.shortDescription}</p>}

          <div className="flex flex-wrap items-center gap-3">
            <AddToCartButton product={product} size="page" className="flex-1 sm:flex-none" />
            <AddToCartButton product={product} size="page" buyNow className="flex-1 sm:flex-none" />
            <FavoriteButton productId={product.id} size="page" />
            <CompareButton productId={product.id} size="page" />
          </div>

          <p className="flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
            <Icon name="truck" className="size-4 shrink-0" />
            Бесплатная доставка при заказе от {formatRub(settings.shop.freeDeliveryThreshold)}
          </p>

          <ul className="grid gap-3 border-t border-border pt-4 sm:grid-cols-3">
            {[{ icon: 'truck' as const, title: 'Быстрая доставка', text: deliveryPerk(branches) }, ...PERKS].map(({ icon, title, text }) => (
              <li key={title} className="flex gap-3 sm:flex-col sm:gap-1.5">
                <Icon name={icon} className="size-6 shrink-0 text-primary" />
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="text-xs text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <ProductAttributesTable attributes={[...(product.attributes ?? []), ...sizeRows(product, product.attributes ?? [])]} />

      {paragraphs.length > 0 && (
        <HeadedSection id="description-heading" title="Описание" headingClassName="text-xl font-bold" className="max-w-4xl space-y-3 border-t border-border pt-6">
          {paragraphs.map((text, i) => (
            <p key={i} className="leading-relaxed">
              {text}
            </p>
          ))}
        </HeadedSection>
      )}

      <ReviewsSection product={product} />
      <SimilarProducts slug={slug!} />
    </div>
  );
}
