import { Icon } from '#client/components/ui/icon.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddToCartButton } from '#client/components/cart/add-to-cart-button.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Skeleton, SkeletonBars } from '#client/components/ui/skeleton.tsx';
import type { ViewMode } from '#client/lib/catalog-params.ts';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import { discountPercent } from '#shared/money.ts';
import { SHORT_TEXT_FALLBACK_LENGTH } from '#shared/constants.ts';
import type { Product } from '#shared/types.ts';
import { CompareButton } from './compare-button.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { Availability, Price } from './price.tsx';

/** The short text of a product, or the first 120 characters of its description (spec 9). */
export function shortText(product: Pick<Product, 'shortDescription' | 'description'>): string {
  if (product.shortDescription.trim()) return product.shortDescription;
  const text = product.description.trim().replace(/\s+/g, ' ');
  return text.length > SHORT_TEXT_FALLBACK_LENGTH ? `${text.slice(0, SHORT_TEXT_FALLBACK_LENGTH)}…` : text;
}

/** The picture, or a tool icon when there is none or it fails to load. */
function ProductImage({ product, className }: { product: Product; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!product.imageUrl || failed) {
    return (
      <div className={cn('flex items-center justify-center text-zinc-400', className)} role="img" aria-label={product.name}>
        <Icon name="wrench" className="size-12" />
      </div>
    );
  }
  return (
    <img
      src={product.imageUrl}
      alt={product.name}
      width={300}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('object-contain', className)}
    />
  );
}

/** A product in a list: picture, badges, favourite heart, «Сравнить», name, price and the cart button. */
export function ProductCard({ product, view = 'grid' }: { product: Product; view?: ViewMode }) {
  const discount = discountPercent(product.price, product.originalPrice);
  const href = paths.product(product.slug);
  const badges = (
    <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
      {discount > 0 && <Badge variant="destructive">−{discount}%</Badge>}
      {product.tag && <Badge variant="secondary">{product.tag}</Badge>}
    </div>
  );
  // Out of the tab order and hidden from readers: the name is the link they get.
  const picture = (className: string, imageClassName: string) => (
    <Link to={href} className={cn('relative block bg-muted', className)} tabIndex={-1} aria-hidden>
      <ProductImage product={product} className={imageClassName} />
      {badges}
    </Link>
  );
  const skuAndName = (skuClassName?: string, nameClassName?: string) => (
    <>
      <p className={cn('text-xs text-muted-foreground', skuClassName)}>Артикул: {product.sku}</p>
      <h3 className={cn('font-semibold leading-snug', nameClassName)}>
        <Link to={href} className="hover:text-primary hover:underline">
          {product.name}
        </Link>
      </h3>
    </>
  );

  if (view === 'list') {
    return (
      <article className="relative flex gap-3 rounded-lg border border-border bg-card p-3 shadow-xs sm:gap-5 sm:p-4" data-testid="product-card">
        {picture('size-28 shrink-0 overflow-hidden rounded-md sm:size-40', 'size-full p-2')}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:gap-5">
          <div className="min-w-0 flex-1 space-y-1.5 max-sm:pr-9">
            {skuAndName()}
            <p className="hidden text-sm text-muted-foreground sm:line-clamp-2">{shortText(product)}</p>
            <Availability branchStock={product.branchStock} />
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:w-48 sm:items-end sm:text-right">
            <Price price={product.price} originalPrice={product.originalPrice} productId={product.id} className="sm:justify-end" />
            <AddToCartButton product={product} className="w-full sm:w-auto" />
          </div>
        </div>
        <div className="absolute top-2 right-2 flex flex-col gap-2 sm:static sm:self-start">
          <FavoriteButton productId={product.id} />
          <CompareButton productId={product.id} />
        </div>
      </article>
    );
  }

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card shadow-xs transition hover:border-primary/40 hover:shadow-md" data-testid="product-card">
      {picture('aspect-square', 'size-full p-4 transition group-hover:scale-105')}
      <FavoriteButton productId={product.id} className="absolute top-2 right-2" />
      <CompareButton productId={product.id} className="absolute top-14 right-2" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        {skuAndName('truncate', 'line-clamp-3 text-sm sm:text-base')}
        <div className="mt-auto space-y-2 pt-1">
          <Price price={product.price} originalPrice={product.originalPrice} productId={product.id} />
          <Availability branchStock={product.branchStock} className="text-xs sm:text-sm" />
          {/* Two cards a row on a phone: the label may wrap and the icon gives way. */}
          <AddToCartButton
            product={product}
            className="h-auto min-h-10 w-full px-2 py-1.5 text-xs leading-tight whitespace-normal max-sm:[&_.icon]:hidden sm:text-sm"
          />
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while a page of products loads. */
export function ProductCardSkeleton({ view = 'grid' }: { view?: ViewMode }) {
  if (view === 'list') {
    return (
      <div className="flex gap-4 rounded-lg border border-border p-3 sm:p-4" data-testid="product-skeleton">
        <Skeleton className="size-28 shrink-0 sm:size-40" />
        <SkeletonBars className="flex-1 space-y-2" bars={['h-3 w-24', 'h-5 w-3/4', 'h-4 w-1/2', 'h-6 w-28']} />
      </div>
    );
  }
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-border" data-testid="product-skeleton">
      <Skeleton className="aspect-square rounded-none" />
      <SkeletonBars className="space-y-2 p-3" bars={['h-3 w-20', 'h-4 w-full', 'h-4 w-2/3', 'h-6 w-24', 'h-10 w-full']} />
    </div>
  );
}
