import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, FileJson, Play, RefreshCw, Square, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ApiError } from '#client/lib/api.ts';
import { adminPaths } from '#client/paths.ts';
import { IMPORT_BANNER_MS } from '#shared/constants.ts';
import { adminCategoriesQuery, invalidateCatalog } from '#client/features/admin/categories/api.ts';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { importProductItem } from './api.ts';
import { parseImport } from './parse.ts';

type ItemResult =
  | { index: number; name: string; status: 'created' | 'updated'; productId: number; sku: string }
  | { index: number; name: string; status: 'error'; message: string };

type RunState = 'idle' | 'running' | 'stopping' | 'done' | 'stopped';

const itemName = (item: unknown) => {
  const name = item && typeof item === 'object' ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() ? name.trim() : 'без названия';
};

/** Every message of a failed item, without repeats. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.errors) {
    const messages = [...new Set(Object.values(error.errors).flat())];
    if (messages.length > 0) return messages.join('; ');
  }
  return error instanceof Error ? error.message : 'Не удалось импортировать товар';
}

function example(categoryId: number) {
  return JSON.stringify(
    [
      {
        name: 'Перфоратор DCK KZC05-26',
        sku: 'KZC05-26',
        price: 12990,
        originalPrice: 14990,
        stock: 12,
        categoryId,
        supplier: 'DCK',
        shortDescription: 'SDS-plus, 800 Вт, 3 режима',
        imageUrl: '',
        isActive: true,
      },
      { name: 'Шуруповёрт P.I.T PSR20-C2', sku: 'PSR20-C2', price: 6490, stock: 3, categoryId, supplier: 'P.I.T' },
    ],
    null,
    2,
  );
}

/** The fields an item may carry; * marks the required ones. */
const FORMAT: [string, string][] = [
  ['name*', 'название, от 2 символов'],
  ['sku*', 'артикул; товар с таким артикулом будет обновлён'],
  ['price*', 'цена, ₽ (0 — «Цена по запросу»)'],
  ['categoryId*', 'номер категории, см. ниже'],
  ['originalPrice', 'старая цена, ₽'],
  ['stock', 'остаток, шт.'],
  ['supplier', 'DCK, P.I.T или none'],
  ['slug, tag, imageUrl', 'адрес страницы, метка, адрес картинки'],
  ['shortDescription, description', 'краткое и полное описание'],
  ['isActive, isFeatured', 'true или false'],
];

function ResultRow({ result }: { result: ItemResult }) {
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid="import-result">
      {result.status === 'error' ? (
        <CircleX className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      ) : (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">Товар №{result.index + 1}</span> «{result.name}»
          {result.status !== 'error' && <span className="text-muted-foreground"> · арт. {result.sku}</span>}
        </p>
        {result.status === 'error' && <p className="text-sm text-destructive">{result.message}</p>}
      </div>
      {result.status === 'created' && <Badge variant="success">Создан</Badge>}
      {result.status === 'updated' && <Badge variant="secondary">Обновлён</Badge>}
      {result.status === 'error' && <Badge variant="destructive">Ошибка</Badge>}
      {result.status !== 'error' && (
        <Link to={adminPaths.productEdit(result.productId)} className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
          Открыть
        </Link>
      )}
    </li>
  );
}

export default function ImportPage() {
  useAdminTitle('Импорт товаров');
  const queryClient = useQueryClient();
  const categories = useQuery(adminCategoriesQuery());
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [results, setResults] = useState<ItemResult[]>([]);
  const [state, setState] = useState<RunState>('idle');
  const [banner, setBanner] = useState<string | null>(null);
  const stopRequested = useRef(false);

  const running = state === 'running' || state === 'stopping';
  const created = results.filter((r) => r.status === 'created').length;
  const updated = results.filter((r) => r.status === 'updated').length;
  const failed = results.filter((r) => r.status === 'error').length;
  const percent = total > 0 ? Math.round((results.length / total) * 100) : 0;

  // The banner of a finished import disappears after 5 s (spec 9).
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), IMPORT_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  async function run() {
    const parsed = parseImport(text);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    setBanner(null);
    setResults([]);
    setTotal(parsed.items.length);
    setState('running');
    stopRequested.current = false;
    const done: ItemResult[] = [];
    // One by one, in order: one bad item does not stop the rest.
    for (const [index, item] of parsed.items.entries()) {
      if (stopRequested.current) break;
      const name = itemName(item);
      let result: ItemResult;
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        result = { index, name, status: 'error', message: 'Ожидался объект товара с полями name, sku, price, categoryId' };
      } else {
        try {
          const { action, product } = await importProductItem(item);
          result = { index, name: product.name, status: action, productId: product.id, sku: product.sku };
        } catch (error) {
          result = { index, name, status: 'error', message: errorText(error) };
        }
      }
      done.push(result);
      setResults([...done]);
    }
    const stopped = stopRequested.current && done.length < parsed.items.length;
    setState(stopped ? 'stopped' : 'done');
    const ok = done.filter((r) => r.status !== 'error').length;
    setBanner(
      `${stopped ? 'Импорт остановлен' : 'Импорт завершён'}: успешно ${ok} из ${parsed.items.length}, ошибок ${done.length - ok}` +
        (stopped ? `, не обработано ${parsed.items.length - done.length}` : ''),
    );
    if (ok > 0) void invalidateCatalog(queryClient);
  }

  const firstCategory = categories.data?.[0]?.id ?? 1;

  return (
    <>
      <PageHeader
        title="Импорт товаров"
        description="Вставьте JSON-массив товаров. Товары отправляются по одному; товар с уже существующим артикулом обновляется."
      />

      {banner && (
        <Alert variant={failed > 0 || state === 'stopped' ? 'warning' : 'success'} className="mb-4" data-testid="import-banner">
          {failed > 0 || state === 'stopped' ? <TriangleAlert aria-hidden /> : <CircleCheck aria-hidden />}
          <AlertTitle>{banner}</AlertTitle>
        </Alert>
      )}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Данные для импорта</CardTitle>
              <CardDescription>Массив объектов: обязательны name, sku, price и categoryId.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FormField label="JSON с товарами" htmlFor="import-json" error={inputError ?? undefined}>
                <Textarea
                  id="import-json"
                  rows={14}
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (inputError) setInputError(null);
                  }}
                  disabled={running}
                  spellCheck={false}
                  placeholder='[{ "name": "Дрель ударная", "sku": "DR-100", "price": 4990, "categoryId": 1 }]'
                  className="font-mono text-sm"
                  aria-invalid={inputError ? true : undefined}
                  aria-describedby={fieldDescribedBy('import-json', { error: inputError })}
                />
              </FormField>
              <div className="flex flex-wrap gap-2">
                {running ? (
                  <Button
                    variant="destructive"
                    onClick={() => {
                      stopRequested.current = true;
                      setState('stopping');
                    }}
                    disabled={state === 'stopping'}
                  >
                    <Square aria-hidden />
                    {state === 'stopping' ? 'Останавливаем...' : 'Остановить'}
                  </Button>
                ) : (
                  <Button onClick={() => void run()}>
                    {results.length > 0 ? <RefreshCw aria-hidden /> : <Play aria-hidden />}
                    {results.length > 0 ? 'Импортировать снова' : 'Импортировать'}
                  </Button>
                )}
                <Button variant="outline" onClick={() => setText(example(firstCategory))} disabled={running}>
                  <FileJson aria-hidden />
                  Вставить пример
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setText('');
                    setInputError(null);
                  }}
                  disabled={running || text === ''}
                >
                  <Trash2 aria-hidden />
                  Очистить
                </Button>
              </div>
            </CardContent>
          </Card>

          {total > 0 && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">{running ? 'Идёт импорт' : state === 'stopped' ? 'Импорт остановлен' : 'Результат импорта'}</CardTitle>
                <CardDescription aria-live="polite">
                  Обработано {results.length} из {total}: создано {created}, обновлено {updated}, ошибок {failed}
                  {state === 'stopped' ? `, не обработано ${total - results.length}` : ''}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <div
                  role="progressbar"
                  aria-label="Ход импорта"
                  aria-valuemin={0}
                  aria-valuemax={total}
                  aria-valuenow={results.length}
                  className="h-3 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
                </div>
                <ul className="max-h-[28rem] divide-y overflow-y-auto">
                  {results.map((r) => (
                    <ResultRow key={r.index} result={r} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </div>

        <Card className="content-start self-start">
          <CardHeader>
            <CardTitle as="h2">Формат</CardTitle>
            <CardDescription>Поля товара как в форме; цены в рублях.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            <dl className="grid gap-2">
              {FORMAT.map(([names, text]) => (
                <div key={names}>
                  <dt className="font-mono text-[0.8125rem] font-semibold break-words">{names}</dt>
                  <dd className="text-muted-foreground">{text}</dd>
                </div>
              ))}
            </dl>
            <div>
              <p className="mb-2 font-semibold">Номера категорий</p>
              {categories.isPending ? (
                <p className="text-muted-foreground">Загрузка...</p>
              ) : (
                <ul className="grid max-h-64 gap-1 overflow-y-auto">
                  {categories.data?.map((c) => (
                    <li key={c.id} className="flex gap-2">
                      <span className="w-8 shrink-0 text-right font-mono font-semibold tabular-nums">{c.id}</span>
                      <span className="min-w-0 truncate">{c.name}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
