import { CircleAlert, Download, PenLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api.ts';
import { ScrapeRequestSchema } from '#shared/schemas/web-scraper.ts';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useExtractProduct } from './api.ts';
import { ScrapeResultView } from './scrape-result.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** /admin/web-scraper «Товар по ссылке»: a supplier's product page in, a filled product form out. */
export default function WebScraperPage() {
  useAdminTitle('Товар по ссылке');
  const [url, setUrl] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const extract = useExtractProduct();
  // The server's reason goes under the field when it is about the address, above otherwise.
  const error = extract.error;
  const fieldError = inputError ?? (error instanceof ApiError ? error.errors?.url?.[0] : undefined);
  const otherError = error && !fieldError ? error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ScrapeRequestSchema.safeParse({ url });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]!.message);
      return;
    }
    setInputError(null);
    extract.mutate(parsed.data.url);
  }

  return (
    <>
      <PageHeader
        title="Товар по ссылке"
        description="Вставьте ссылку на страницу товара на сайте производителя или поставщика: карточка заполнится по ней, изображения сохранятся в магазине."
      />
      <Card className="mb-6">
        <CardContent className="pt-4 sm:pt-6">
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
            <FormField label="Ссылка на страницу товара" htmlFor="scrape-url" error={fieldError} hint="Например: https://dck-tools.ru/catalog/…/kdjz20-13/">
              <Input
                id="scrape-url"
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://…"
                value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  if (inputError) setInputError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldDescribedBy('scrape-url', { hint: true, error: fieldError })}
              />
            </FormField>
            <Button type="submit" disabled={extract.isPending} className="sm:mt-[1.625rem]">
              <BusyLabel busy={extract.isPending} icon={Download} busyText="Загружаем...">Получить данные</BusyLabel>
            </Button>
          </form>
          <div role="status" className="mt-4 text-sm text-muted-foreground empty:hidden">
            {extract.isPending && 'Загружаем страницу, читаем её разметку и сохраняем изображения товара. Обычно это занимает несколько секунд.'}
          </div>
          {error && !extract.isPending && (
            <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
              <span>Страница не прочитана, но товар можно завести и без неё.</span>
              <Button asChild variant="outline" size="sm">
                <Link to={adminPaths.productCreate}>
                  <PenLine aria-hidden />
                  Заполнить карточку вручную
                </Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {otherError && (
        <Alert variant="destructive" className="mb-6">
          <CircleAlert aria-hidden />
          <AlertTitle>Не удалось получить данные</AlertTitle>
          <AlertDescription>{otherError.message}</AlertDescription>
        </Alert>
      )}

      {extract.data && !extract.isPending && <ScrapeResultView key={extract.data.url + extract.submittedAt} result={extract.data} />}
    </>
  );
}
