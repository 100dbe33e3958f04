import { Link } from 'react-router';
import { adminPaths } from '#client/features/admin/paths.ts';
import type { Product } from '#shared/types.ts';
import { ProductThumb } from './product-thumb.tsx';
import { ActiveSwitch, ProductPrice, ProductStatusBadge, RowButtons, type RowActions } from './product-row-parts.tsx';
import { branchStockTitle } from './status.ts';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

/** Phones: one card per product instead of a wide table. */
export function ProductCards({ products, onToggle, onDelete }: { products: Product[] } & RowActions) {
  return (
    <PhoneCards items={products} itemKey={(product) => product.id} testId="admin-product-card" className="grid-cols-1" cardClassName="gap-3 p-3">
      {(product) => (
        <>
          <div className="flex gap-3">
            <ProductThumb src={product.imageUrl} className="size-16" />
            <div className="min-w-0 flex-1">
              <Link to={adminPaths.productEdit(product.id)} className="line-clamp-2 font-medium">
                {product.name}
              </Link>
              <p className="text-xs text-muted-foreground">
                Арт. {product.sku} · {product.category?.name ?? 'Без категории'}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                <ProductPrice product={product} />
                <ProductStatusBadge product={product} />
                <span className="text-xs text-muted-foreground" title={branchStockTitle(product)}>
                  Остаток: {product.stock ?? '—'}
                </span>
              </div>
            </div>
          </div>
          <div className="flex items-center justify-between gap-2 border-t pt-2">
            <label className="flex items-center gap-3 text-sm">
              <ActiveSwitch product={product} onToggle={onToggle} />
              <span>{product.isActive ? 'Показан в каталоге' : 'Скрыт из каталога'}</span>
            </label>
            <RowButtons product={product} onDelete={onDelete} />
          </div>
        </>
      )}
    </PhoneCards>
  );
}
