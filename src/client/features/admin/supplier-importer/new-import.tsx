import { FileUp, Link2, Upload, X } from 'lucide-react';
import { keepPage } from '#client/lib/keep-page.ts';
import { useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { IMPORT_FILE_TOO_LARGE, MAX_IMPORT_FILE_BYTES, PRICE_LIST_FORMATS, UrlImportSchema, type ImportDetail, type Supplier } from '#shared/schemas/supplier-import.ts';
import { isAbort, useUploadFile, useUploadUrl } from './api.ts';
import { ProgressBar } from './progress.tsx';
import { formatBytes } from '#shared/text.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** What the file picker offers; the server reads the content and has the last word. */
const ACCEPT = '.csv,.txt,.xlsx,.yml,.xml,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/xml,text/xml';


/** The client's side of the 50 MB rule: the same message the server gives, before anything is sent. */
const fileProblem = (file: File) => (file.size > MAX_IMPORT_FILE_BYTES ? IMPORT_FILE_TOO_LARGE : null);

function useOpenImport() {
  const navigate = useNavigate();
  return (detail: ImportDetail) => {
    toast({ title: 'Прайс-лист загружен', description: `${detail.fileName}: проверьте сопоставление колонок`, variant: 'success' });
    navigate(adminPaths.supplierImport(detail.id));
  };
}

function FileSource({ supplier }: { supplier: Supplier }) {
  const openImport = useOpenImport();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const upload = useUploadFile({
    onSuccess: openImport,
    onError: (e) => {
      if (isAbort(e)) toast({ title: 'Загрузка отменена' });
      else setError(e.message);
    },
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen ? fileProblem(chosen) : null);
    setProgress(0);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!upload.isPending) choose(event.dataTransfer.files[0] ?? null);
  };

  const send = () => {
    if (!file) {
      setError('Выберите файл прайс-листа');
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    upload.mutate({ supplierId: supplier.id, file, onProgress: setProgress, signal: abort.current.signal });
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label="Загрузка файла"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`grid gap-3 rounded-lg border-2 border-dashed p-4 text-center transition-colors sm:p-6 ${dragging ? 'border-primary bg-primary/5' : ''}`}
      >
        <FileUp className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <FormField
          label="Файл прайс-листа"
          htmlFor="price-file"
          error={error ?? undefined}
          hint={`${PRICE_LIST_FORMATS} до 50 МБ. Можно перетащить файл сюда.`}
          className="text-left"
        >
          <Input
            type="file"
            accept={ACCEPT}
            disabled={upload.isPending}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="h-auto py-2"
            {...fieldControlProps('price-file', { error, hint: true })}
          />
        </FormField>
        {file && !error && (
          <p className="text-left text-sm text-muted-foreground">
            {file.name} · {formatBytes(file.size)}
          </p>
        )}
      </div>
      {upload.isPending && (
        <div className="grid gap-2">
          <ProgressBar value={progress} label="Загрузка файла" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {progress < 1 && file
              ? `Отправлено ${formatBytes(file.size * progress)} из ${formatBytes(file.size)} (${Math.round(progress * 100)} %)`
              : 'Файл получен, читаем первые строки…'}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={upload.isPending}>
          <BusyLabel busy={upload.isPending} icon={Upload} busyText="Загрузка...">Загрузить</BusyLabel>
        </Button>
        {upload.isPending && (
          <Button variant="outline" onClick={() => abort.current?.abort()}>
            <X aria-hidden />
            Отменить
          </Button>
        )}
      </div>
    </form>
  );
}

function UrlSource({ supplier }: { supplier: Supplier }) {
  const openImport = useOpenImport();
  const [url, setUrl] = useState(supplier.sourceUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadUrl({ onSuccess: openImport, onError: (e) => setError(e.message) });

  const send = () => {
    const parsed = UrlImportSchema.safeParse({ supplierId: supplier.id, url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Укажите адрес прайс-листа');
      return;
    }
    setError(null);
    upload.mutate(parsed.data);
  };

  return (
    <form noValidate className="grid gap-4" aria-label="Загрузка по ссылке" onSubmit={keepPage(send)}>
      <FormField
        label="Адрес прайс-листа или YML-фида"
        htmlFor="price-url"
        error={error ?? undefined}
        hint="Сервер магазина сам скачает файл по этой ссылке."
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.ru/price.xml"
          value={url}
          disabled={upload.isPending}
          onChange={(event) => {
            setUrl(event.target.value);
            if (error) setError(null);
          }}
          {...fieldControlProps('price-url', { error, hint: true })}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={upload.isPending}>
          <BusyLabel busy={upload.isPending} icon={Link2} busyText="Скачиваем...">Загрузить по ссылке</BusyLabel>
        </Button>
      </div>
    </form>
  );
}

/** A new import of this supplier's price list: a file from the computer or an address the server fetches. */
export function NewImport({ supplier }: { supplier: Supplier }) {
  return (
    <Tabs defaultValue="file">
      <TabsList aria-label="Источник прайс-листа">
        <TabsTrigger value="file">
          <FileUp aria-hidden />
          Файл
        </TabsTrigger>
        <TabsTrigger value="url">
          <Link2 aria-hidden />
          По ссылке
        </TabsTrigger>
      </TabsList>
      <TabsContent value="file">
        <FileSource supplier={supplier} />
      </TabsContent>
      <TabsContent value="url">
        <UrlSource supplier={supplier} />
      </TabsContent>
    </Tabs>
  );
}
