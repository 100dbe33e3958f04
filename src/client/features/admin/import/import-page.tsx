import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FileJson, Play, RefreshCw, Square, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { ImportFormat, example } from './import-format.tsx';
import { ImportProgress } from './import-results.tsx';
import { parseImport } from './parse.ts';
import { useImportRun } from './use-import-run.ts';

export default function ImportPage() {
  useAdminTitle('Импорт товаров из JSON');
  const categories = useQuery(adminCategoriesQuery());
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const { total, results, state, banner, run: runItems, stop } = useImportRun();
  const running = state === 'running' || state === 'stopping';
  const failed = results.some((r) => r.status === 'error');

  function run() {
    const parsed = parseImport(text);
    if ('error' in parsed) {
      setInputError(parsed.error);
      return;
    }
    setInputError(null);
    void runItems(parsed.items);
  }

  const firstCategory = categories.data?.[0]?.id ?? 1;

  return (
    <>
      <PageHeader
        title="Импорт товаров из JSON"
        description="Инструмент для разработчиков; прайс-листы поставщиков загружаются в «Импорт прайс-листов». Вставьте JSON-массив товаров. Товары отправляются по одному; товар с уже существующим артикулом обновляется."
      />

      {banner && (
        <Alert variant={failed || state === 'stopped' ? 'warning' : 'success'} className="mb-4" data-testid="import-banner">
          {failed || state === 'stopped' ? <TriangleAlert aria-hidden /> : <CircleCheck aria-hidden />}
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
                    onClick={stop}
                    disabled={state === 'stopping'}
                  >
                    <Square aria-hidden />
                    {state === 'stopping' ? 'Останавливаем...' : 'Остановить'}
                  </Button>
                ) : (
                  <Button onClick={run}>
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

          {total > 0 && <ImportProgress total={total} results={results} state={state} />}
        </div>

        <ImportFormat />
      </div>
    </>
  );
}
