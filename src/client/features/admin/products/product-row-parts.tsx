import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatRubExact, hasPrice } from '#shared/money.ts';
import type { Product } from '#shared/types.ts';
import { adminProductStatus } from './status.ts';

/** What a row (a table row or a phone card) can do with its product. */
export type RowActions = {
  onToggle: (product: Product, isActive: boolean) => void;
  onDelete: (product: Product) => void;
};

/** The price, with the old one struck through when the product is discounted. */
export function ProductPrice({ product }: { product: Product }) {
  if (!hasPrice(product.price)) return <span className="text-muted-foreground">Цена по запросу</span>;
  return (
    <span className="flex flex-col">
      <span className="font-semibold tabular-nums">{formatRubExact(product.price)}</span>
      {product.originalPrice !== null && product.originalPrice > product.price && (
        <span className="text-xs text-muted-foreground tabular-nums line-through">{formatRubExact(product.originalPrice)}</span>
      )}
    </span>
  );
}

export function ProductStatusBadge({ product }: { product: Product }) {
  const status = adminProductStatus(product);
  return (
    <Badge variant={status.variant} className={status.variant === 'outline' ? 'text-muted-foreground' : undefined}>
      {status.label}
    </Badge>
  );
}

export function ActiveSwitch({ product, onToggle }: { product: Product } & Pick<RowActions, 'onToggle'>) {
  return (
    <Switch
      checked={product.isActive}
      onCheckedChange={(checked) => onToggle(product, checked)}
      aria-label={`${product.isActive ? 'Скрыть' : 'Показать'} товар «${product.name}» в каталоге`}
    />
  );
}

export function RowButtons({ product, onDelete }: { product: Product } & Pick<RowActions, 'onDelete'>) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon-sm" asChild>
        <Link to={adminPaths.productEdit(product.id)} aria-label={`Изменить «${product.name}»`} title="Изменить">
          <Pencil aria-hidden />
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        onClick={() => onDelete(product)}
        aria-label={`Удалить «${product.name}»`}
        title="Удалить"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
