import { Play } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import { pluralRu } from '#shared/plural.ts';
import { COLLECT_LIMIT, DELAY_SECONDS, parseUrlList, StartRunSchema, type RunView } from '#shared/schemas/mass-scraper.ts';
import { useStartRun } from './api.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

type Source = 'list' | 'collect';
type Errors = Partial<Record<'text' | 'url' | 'limit' | 'delaySeconds', string[]>>;

const linksCount = (n: number) => `${n} ${pluralRu(n, 'ссылка', 'ссылки', 'ссылок')}`;

/** What the pasted list holds so far: the addresses, the repeats dropped, the lines that are not addresses. */
function ListSummary({ text }: { text: string }) {
  const parsed = parseUrlList(text);
  if (text.trim() === '') return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="list-summary">
      {linksCount(parsed.urls.length)}
      {parsed.repeats > 0 && ` · повторов убрано: ${parsed.repeats}`}
      {parsed.errors.length > 0 && <span className="text-destructive"> · строк с ошибками: {parsed.errors.length}</span>}
    </p>
  );
}

/** The error lines under a field: the server and the shared schema name each bad line. */
function lines(messages: string[] | undefined) {
  if (!messages || messages.length === 0) return undefined;
  return (
    <span className="grid gap-0.5">
      {messages.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </span>
  );
}

/** A new run: a pasted list of product pages, or a category page / sitemap to collect them from. */
export function StartRunForm({ onStarted }: { onStarted: (run: RunView) => void }) {
  const [source, setSource] = useState<Source>('list');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [limit, setLimit] = useState(String(COLLECT_LIMIT.default));
  const [delay, setDelay] = useState(String(DELAY_SECONDS.default));
  const [errors, setErrors] = useState<Errors>({});

  const start = useStartRun({
    onSuccess: (run) => {
      toast({ title: 'Загрузка запущена', description: `Запуск №${run.id}`, variant: 'success' });
      setText('');
      setUrl('');
      onStarted(run);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) setErrors(error.errors as Errors);
      toast({ title: 'Не удалось запустить загрузку', description: error.message, variant: 'destructive' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const delaySeconds = delay.trim().replace(',', '.');
    const input = source === 'list' ? { source, text, delaySeconds } : { source, url, limit: limit.trim(), delaySeconds };
    const parsed = StartRunSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) (found[issue.path[0] as keyof Errors] ??= []).push(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    start.mutate(input);
  }

  const delayError = errors.delaySeconds?.[0];
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Новый запуск
        </CardTitle>
        <CardDescription>
          Сайты опрашиваются вежливо: к одному сайту один запрос за раз с паузой между ними, страницы, которые сайт просит не загружать автоматически, пропускаются. Найденные товары ждут
          проверки и в каталог сами не попадают.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Tabs value={source} onValueChange={(value) => setSource(value as Source)}>
            <TabsList aria-label="Откуда брать ссылки">
              <TabsTrigger value="list">Список ссылок</TabsTrigger>
              <TabsTrigger value="collect">Категория или sitemap</TabsTrigger>
            </TabsList>
            <TabsContent value="list" className="grid gap-2">
              <FormField label="Ссылки на страницы товаров" htmlFor="mass-urls" error={lines(errors.text)} hint="По одной ссылке в строке, до 2000 ссылок; повторы убираются">
                <Textarea
                  rows={7}
                  spellCheck={false}
                  placeholder={'https://dck-tools.ru/catalog/…/kdjz20-13/\nhttps://pit-tools.ru/catalog/…'}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  className="font-mono text-sm"
                  {...fieldControlProps('mass-urls', { hint: true, error: errors.text })}
                />
              </FormField>
              <ListSummary text={text} />
            </TabsContent>
            <TabsContent value="collect" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <FormField
                label="Страница категории или sitemap.xml"
                htmlFor="mass-collect-url"
                error={errors.url?.[0]}
                hint="Берутся ссылки на товары того же сайта; у категории — и со следующих страниц"
              >
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://…/sitemap.xml"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  {...fieldControlProps('mass-collect-url', { hint: true, error: errors.url?.[0] })}
                />
              </FormField>
              <FormField label="Сколько товаров" htmlFor="mass-limit" error={errors.limit?.[0]} hint={`Не больше ${COLLECT_LIMIT.max}`}>
                <Input inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} {...fieldControlProps('mass-limit', { hint: true, error: errors.limit?.[0] })} />
              </FormField>
            </TabsContent>
          </Tabs>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <FormField
              label="Пауза между запросами к сайту, с"
              htmlFor="mass-delay"
              error={delayError}
              hint={`Не меньше ${String(DELAY_SECONDS.min).replace('.', ',')} с; если сайт просит больше — больше`}
              className="sm:max-w-xs"
            >
              <Input inputMode="decimal" value={delay} onChange={(e) => setDelay(e.target.value)} {...fieldControlProps('mass-delay', { hint: true, error: delayError })} />
            </FormField>
            <Button type="submit" size="lg" disabled={start.isPending} className="sm:mt-[1.625rem]">
              <BusyLabel busy={start.isPending} icon={Play} busyText="Запускаем...">Запустить загрузку</BusyLabel>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
