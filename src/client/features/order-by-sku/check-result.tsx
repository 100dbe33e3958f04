import { CircleAlert, Info, PackageSearch, PackageX } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { paths } from '#client/paths.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import type { SkuFoundLine, SkuListCheck } from '#shared/schemas/sku-list.ts';

const PLACEHOLDER = '/placeholder-product.svg';

function StockBadge({ line }: { line: SkuFoundLine }) {
  switch (line.status) {
    case 'ok':
      return <Badge variant="success">В наличии</Badge>;
    case 'short':
      return <Badge variant="warning">Есть только {line.stock} шт.</Badge>;
    case 'out':
      return <Badge variant="destructive">Нет в наличии</Badge>;
    case 'on_request':
      return <Badge variant="secondary">Цена по запросу</Badge>;
  }
}

/** The found products: picture, name, SKU (and the supplier's as typed), quantity, price, sum, stock. */
function FoundTable({ lines }: { lines: readonly SkuFoundLine[] }) {
  return (
    <Table aria-label="Найденные товары" data-testid="sku-found">
      <TableHeader>
        <TableRow>
          <TableHead>Товар</TableHead>
          <TableHead className="text-right">Кол-во</TableHead>
          <TableHead className="text-right max-sm:hidden">Цена</TableHead>
          <TableHead className="text-right">Сумма</TableHead>
          <TableHead className="max-sm:hidden">Наличие</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => {
          const supplierSkus = line.typed.filter((typed) => typed.replace(/\s+/gu, '').toLowerCase() !== line.sku.replace(/\s+/gu, '').toLowerCase());
          return (
            <TableRow key={line.productId}>
              <TableCell className="min-w-40 whitespace-normal">
                <div className="flex items-start gap-3">
                  <img src={line.imageUrl || PLACEHOLDER} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded border bg-white object-contain p-0.5 max-sm:hidden" />
                  <div className="min-w-0">
                    <Link to={paths.product(line.slug)} className="font-medium break-words hover:text-primary hover:underline">
                      {line.name}
                    </Link>
                    <p className="text-xs text-muted-foreground">
                      Арт. {line.sku}
                      {supplierSkus.length > 0 && ` · у поставщика ${supplierSkus.join(', ')}`}
                      {line.lines.length > 1 && ` · строки ${line.lines.join(', ')}`}
                    </p>
                    {/* A phone has no room for the stock column: the stock goes under the name. */}
                    <div className="mt-1 sm:hidden">
                      <StockBadge line={line} />
                    </div>
                  </div>
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums max-sm:hidden">{line.price === null ? '—' : formatRub(line.price)}</TableCell>
              <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{line.price === null ? '—' : formatRub(line.sum)}</TableCell>
              <TableCell className="max-sm:hidden">
                <StockBadge line={line} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The check of a list: what was found, then what was not, short stock and lines that could not be read. */
export function CheckResult({ check }: { check: SkuListCheck }) {
  const short = check.found.filter((line) => line.status === 'short' || line.status === 'out');
  const onRequest = check.found.filter((line) => line.status === 'on_request');
  return (
    <div className="grid gap-4">
      {check.header !== null && (
        <p className="text-sm text-muted-foreground">
          Первая строка «{check.header}» похожа на заголовок таблицы и пропущена.
        </p>
      )}
      {check.found.length > 0 ? (
        <FoundTable lines={check.found} />
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground">Ни один артикул из списка не найден в каталоге.</p>
      )}
      {check.notFound.length > 0 && (
        <Alert variant="warning" data-testid="sku-not-found">
          <PackageX aria-hidden />
          <AlertTitle>Не найдены: {check.notFound.map((item) => item.sku).join(', ')}</AlertTitle>
          <AlertDescription>
            Проверьте {pluralRu(check.notFound.length, 'строку', 'строки', 'строк')} {check.notFound.map((item) => item.line).join(', ')}: таких товаров нет в продаже.
          </AlertDescription>
        </Alert>
      )}
      {short.length > 0 && (
        <Alert variant="warning" data-testid="sku-short">
          <PackageSearch aria-hidden />
          <AlertTitle>Не хватает на складе: {short.map((line) => line.sku).join(', ')}</AlertTitle>
          <AlertDescription>
            <ul className="grid gap-0.5">
              {short.map((line) => (
                <li key={line.productId}>
                  {line.name}: нужно {line.quantity} шт., {line.stock > 0 ? `есть ${line.stock} шт. — столько и добавим` : 'нет в наличии'}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {onRequest.length > 0 && (
        <Alert data-testid="sku-on-request">
          <Info aria-hidden />
          <AlertTitle>Цена по запросу: {onRequest.map((line) => line.sku).join(', ')}</AlertTitle>
          <AlertDescription>
            <p>
              {onRequest.map((line) => line.name).join(', ')}: не заказать на сайте — <Link to={paths.contacts} className="underline">свяжитесь с нами</Link>.
            </p>
          </AlertDescription>
        </Alert>
      )}
      {check.errors.length > 0 && (
        <Alert variant="destructive" data-testid="sku-errors">
          <CircleAlert aria-hidden />
          <AlertTitle>Строки, которые не удалось прочитать</AlertTitle>
          <AlertDescription>
            <ul className="grid gap-0.5">
              {check.errors.map((error) => (
                <li key={error.line}>{error.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
