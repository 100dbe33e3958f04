import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileSpreadsheet, ListChecks, ShoppingCart } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { useCartId } from '#client/lib/cart.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { paths } from '#client/paths.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import { SKU_FILE_MAX_BYTES, SKU_FILE_TOO_LARGE, SKU_LIST_EMPTY, SKU_LIST_MAX_LINES, cartLinesNotes, type CartLinesResult } from '#shared/schemas/sku-list.ts';
import { listOf, skuCheckQuery, skuListLoader, useAddSkuList, useUploadSkuFile } from './api.ts';
import { CheckResult } from './check-result.tsx';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

export const meta: MetaFn = () => ({
  title: 'Заказ по артикулам',
  description: 'Закажите сразу много товаров: вставьте список артикулов с количествами или загрузите файл CSV или Excel.',
});
export const loader = skuListLoader;

const goods = (n: number) => `${n} ${pluralRu(n, 'товар', 'товара', 'товаров')}`;
const FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What went to the cart: the count, what did not and why, the way to the cart. */
function Added({ result }: { result: CartLinesResult }) {
  const notes = cartLinesNotes(result);
  const count = result.added.length;
  return (
    <div className="grid gap-3">
      <Alert variant={count > 0 ? 'success' : 'warning'} data-testid="sku-added">
        <CircleCheck aria-hidden />
        <AlertTitle>{count > 0 ? `Добавлено в корзину: ${goods(count)}` : 'Ничего не добавлено'}</AlertTitle>
        {notes.length > 0 && (
          <AlertDescription>
            <ul className="grid gap-0.5">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </AlertDescription>
        )}
      </Alert>
      <Button asChild size="lg" className="w-full sm:w-fit sm:justify-self-end">
        <Link to={paths.cart}>
          <ShoppingCart aria-hidden />
          Перейти в корзину
        </Link>
      </Button>
    </div>
  );
}

/**
 * «Заказ по артикулам» (issue 27): a list of «артикул количество» lines, typed or read from a
 * file, checked against the catalogue, then added to the cart in one step. The list lives in the
 * address (`?list=`): the check is a plain GET form that works before the script loads, the
 * server renders its result, and a corrected list is checked again without losing it. Adding and
 * uploading need the browser's cart and script: their buttons wait for them.
 */
export function Component() {
  const navigate = useNavigate();
  const list = listOf(useSearchParams()[0]);
  const checked = useQuery({ ...skuCheckQuery(list), enabled: list.trim() !== '' });
  // The cart's id is known once the page runs in the browser: until then the buttons needing it are inert.
  const ready = useCartId() !== null;
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const add = useAddSkuList();
  const upload = useUploadSkuFile((text) => {
    add.reset();
    navigate(paths.orderBySkuList(text));
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('list') ?? '');
    if (!text.trim()) {
      setEmptyError(SKU_LIST_EMPTY);
      return;
    }
    setEmptyError(null);
    add.reset();
    navigate(paths.orderBySkuList(text));
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > SKU_FILE_MAX_BYTES) {
      setFileError(SKU_FILE_TOO_LARGE);
      return;
    }
    setFileError(null);
    upload.mutate(file, { onError: (error) => setFileError(error.message) });
  };

  const answer = checked.data;
  const listError = emptyError ?? answer?.error ?? null;
  const check = answer?.check ?? null;
  const addable = check?.addable;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Корзина', to: paths.cart }, { label: 'Заказ по артикулам' }]} />
      <h1 className="mt-4 mb-2 text-3xl font-extrabold">Заказ по артикулам</h1>
      <p className="mb-6 max-w-3xl text-muted-foreground">
        Вставьте список из таблицы или напишите его сами: в каждой строке артикул и количество через пробел, табуляцию, «;» или «,». Без количества — 1 шт. Подойдут артикулы магазина и
        поставщика.
      </p>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card>
          <CardContent className="grid gap-4 pt-4 sm:pt-6">
            <form method="get" action={paths.orderBySku} onSubmit={onSubmit} className="grid gap-3" noValidate>
              <FormField label="Артикулы и количества" htmlFor="sku-list" hint={`До ${SKU_LIST_MAX_LINES} строк, например «KDJZ20-2 3»`} error={listError ?? undefined}>
                <Textarea
                  key={list}
                  name="list"
                  defaultValue={list}
                  rows={10}
                  spellCheck={false}
                  autoComplete="off"
                  className="font-mono text-sm"
                  {...fieldControlProps('sku-list', { hint: true, error: listError })}
                />
              </FormField>
              <Button type="submit" className="w-full sm:w-fit" disabled={checked.isFetching} aria-busy={checked.isFetching || undefined}>
                <ListChecks aria-hidden />
                {checked.isFetching ? 'Проверка...' : 'Проверить'}
              </Button>
            </form>
            <div className="grid gap-2 border-t pt-4">
              <p className="text-sm font-medium">Или загрузите файл</p>
              <p id="sku-file-hint" className="text-sm text-muted-foreground">
                CSV или Excel (XLSX) до 1 МБ: в первом столбце артикул, во втором количество. Строка заголовка пропускается.
              </p>
              <input ref={fileInput} type="file" accept={FILE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden onChange={onFile} data-testid="sku-file" />
              <Button
                type="button"
                variant="outline"
                className="w-full sm:w-fit"
                disabled={!ready || upload.isPending}
                aria-describedby="sku-file-hint"
                onClick={() => fileInput.current?.click()}
              >
                <FileSpreadsheet aria-hidden />
                {upload.isPending ? 'Загрузка...' : 'Загрузить CSV или XLSX'}
              </Button>
              {fileError && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {fileError}
                </p>
              )}
            </div>
          </CardContent>
        </Card>

        <HeadedSection id="sku-result-title" title="Результат проверки" headingClassName="text-xl font-bold" className="grid min-w-0 gap-4">
          {checked.isPending && list.trim() ? (
            <div className="flex min-h-40 items-center justify-center gap-3 text-muted-foreground" role="status">
              <Spinner label="Проверяем список..." />
              <span aria-hidden>Проверяем список...</span>
            </div>
          ) : checked.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Не удалось проверить список</AlertTitle>
              <AlertDescription>
                <p>Проверьте подключение к интернету и нажмите «Проверить» ещё раз.</p>
              </AlertDescription>
            </Alert>
          ) : check ? (
            <>
              <CheckResult check={check} />
              {add.data ? (
                <Added result={add.data} />
              ) : (
                addable && (
                  <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 p-4">
                    <p className="text-sm">
                      {addable.positions > 0 ? (
                        <>
                          В корзину: {goods(addable.positions)}, {addable.units} шт. на <span className="font-bold whitespace-nowrap">{formatRub(addable.total)}</span>
                        </>
                      ) : (
                        'Добавить в корзину нечего: исправьте список и проверьте его ещё раз.'
                      )}
                    </p>
                    <Button
                      size="lg"
                      className="max-sm:w-full"
                      disabled={!ready || addable.positions === 0 || add.isPending}
                      aria-busy={add.isPending || undefined}
                      onClick={() =>
                        add.mutate(list, {
                          onError: (error) => toast({ title: 'Ошибка', description: `Не удалось добавить товары в корзину. ${error.message}`, variant: 'destructive' }),
                        })
                      }
                    >
                      <ShoppingCart aria-hidden />
                      {add.isPending ? 'Добавление...' : `Добавить в корзину (${goods(addable.positions)})`}
                    </Button>
                  </div>
                )
              )}
            </>
          ) : (
            <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
              Здесь появятся найденные товары с ценами и наличием, а также артикулы, которых нет в каталоге.
            </p>
          )}
        </HeadedSection>
      </div>
    </div>
  );
}
