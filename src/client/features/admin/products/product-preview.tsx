import { ImageOff, ShoppingCart, Star } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { discountPercent, formatRub, hasPrice } from '#shared/money.ts';

export type PreviewProduct = {
  name: string;
  sku: string;
  tag: string;
  imageUrl: string;
  price: number | null;
  originalPrice: number | null;
  stock: number | null;
  shortDescription: string;
  description: string;
  categoryName: string | null;
  supplier: string | null;
  rating: number;
  reviewCount: number;
  isActive: boolean;
};

function Stars({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount <= 0) return null;
  const full = Math.round(rating);
  return (
    <div className="flex items-center gap-1 text-xs text-muted-foreground" aria-label={`Рейтинг ${rating.toFixed(1)} из 5, отзывов: ${reviewCount}`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={i < full ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-zinc-300'} aria-hidden />
      ))}
      <span>({reviewCount})</span>
    </div>
  );
}

/**
 * How the product will look as a card in the storefront, updated as the form is filled: picture
 * with the discount and tag badges, category, name, rating, short text, price and the cart button.
 */
export function ProductPreview({ product }: { product: PreviewProduct }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const imageOk = product.imageUrl !== '' && brokenUrl !== product.imageUrl;
  const discount = discountPercent(product.price, product.originalPrice);
  const inStock = (product.stock ?? 0) > 0;
  const priced = hasPrice(product.price);
  const shortText = product.shortDescription || product.description.slice(0, 120);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-xs" aria-label="Предпросмотр карточки товара">
      <div className="relative flex aspect-square items-center justify-center bg-muted p-4">
        {imageOk ? (
          <img src={product.imageUrl} alt="" className="size-full object-contain" onError={() => setBrokenUrl(product.imageUrl)} />
        ) : (
          <span className="flex flex-col items-center gap-2 text-muted-foreground">
            <ImageOff className="size-10" aria-hidden />
            <span className="text-xs">{product.imageUrl ? 'Изображение не загружается' : 'Нет изображения'}</span>
          </span>
        )}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {discount > 0 && <Badge variant="destructive">−{discount}%</Badge>}
          {product.tag && <Badge>{product.tag}</Badge>}
        </div>
        {!product.isActive && (
          <Badge variant="outline" className="absolute top-2 right-2 bg-background text-muted-foreground">
            Скрыт из каталога
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="text-xs text-muted-foreground">
          {product.categoryName ?? 'Категория не выбрана'}
          {product.supplier ? ` · ${product.supplier}` : ''}
        </p>
        <h3 className="line-clamp-2 font-semibold leading-snug">{product.name || 'Название товара'}</h3>
        {product.sku && <p className="text-xs text-muted-foreground">Артикул: {product.sku}</p>}
        <Stars rating={product.rating} reviewCount={product.reviewCount} />
        {shortText && <p className="line-clamp-2 text-sm text-muted-foreground">{shortText}</p>}
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          {priced ? (
            <div>
              <p className="text-lg font-bold tabular-nums">{formatRub(product.price!)}</p>
              {discount > 0 && <p className="text-sm text-muted-foreground tabular-nums line-through">{formatRub(product.originalPrice!)}</p>}
            </div>
          ) : (
            <p className="font-semibold">Цена по запросу</p>
          )}
          <span className={inStock ? 'text-xs font-medium text-success' : 'text-xs font-medium text-destructive'}>
            {inStock ? 'В наличии' : 'Нет в наличии'}
          </span>
        </div>
        <span
          aria-hidden
          className={
            'mt-2 inline-flex h-9 items-center justify-center gap-2 rounded-md text-sm font-medium ' +
            (inStock && priced ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground')
          }
        >
          <ShoppingCart className="size-4" />
          {!priced ? 'Запросить цену' : inStock ? 'Добавить в корзину' : 'Нет в наличии'}
        </span>
      </div>
    </article>
  );
}
