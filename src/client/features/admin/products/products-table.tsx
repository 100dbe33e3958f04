import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import type { Product } from '#shared/types.ts';
import { ProductThumb } from './product-thumb.tsx';
import { ActiveSwitch, ProductPrice, ProductStatusBadge, RowButtons, type RowActions } from './product-row-parts.tsx';
import { branchStockTitle } from './status.ts';

/** Wider screens: the products as a table. */
export function ProductsTable({ products, onToggle, onDelete }: { products: Product[] } & RowActions) {
  return (
    <Table containerClassName="hidden md:block">
      <ListTableHeader columns={['Товар', 'Категория', 'Цена', { label: 'Остаток', className: 'text-right' }, 'Статус', 'В каталоге', { label: 'Действия', className: 'text-right' }]} />
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id} data-testid="admin-product-row">
            <TableCell className="max-w-md min-w-64 whitespace-normal">
              <div className="flex items-center gap-3">
                <ProductThumb src={product.imageUrl} />
                <div className="min-w-0">
                  <Link to={adminPaths.productEdit(product.id)} className="line-clamp-2 font-medium hover:text-primary hover:underline">
                    {product.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    Арт. {product.sku}
                    {product.supplier ? ` · ${product.supplier}` : ''}
                  </p>
                </div>
              </div>
            </TableCell>
            <TableCell className="max-w-44 truncate">{product.category?.name ?? <span className="text-muted-foreground">Без категории</span>}</TableCell>
            <TableCell>
              <ProductPrice product={product} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              <span title={branchStockTitle(product)} className="cursor-help underline decoration-dotted underline-offset-4" data-testid="stock-total">
                {product.stock ?? '—'}
              </span>
            </TableCell>
            <TableCell>
              <ProductStatusBadge product={product} />
            </TableCell>
            <TableCell>
              <ActiveSwitch product={product} onToggle={onToggle} />
            </TableCell>
            <TableCell>
              <RowButtons product={product} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
