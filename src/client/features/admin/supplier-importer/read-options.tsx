import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect, OptionSelect } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { ApiError } from '#client/lib/api.ts';
import {
  ReadOptionsSchema,
  SOURCE_DELIMITERS,
  SOURCE_ENCODINGS,
  type ImportDetail,
  type SourcePreview,
} from '#shared/schemas/supplier-import.ts';
import { usePreviewImport } from './api.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

const FORMAT_LABELS: Record<SourcePreview['format'], string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', yml: 'YML / XML' };
const ENCODING_LABELS: Record<(typeof SOURCE_ENCODINGS)[number], string> = { 'utf-8': 'UTF-8', 'windows-1251': 'Windows-1251' };
const DELIMITER_LABELS: Record<(typeof SOURCE_DELIMITERS)[number], string> = { ';': 'Точка с запятой «;»', ',': 'Запятая «,»', '\t': 'Табуляция' };

const countFormat = new Intl.NumberFormat('ru-RU');

type Draft = { encoding: string; delimiter: string; sheet: string; headerRow: string };
const draftOf = (preview: SourcePreview): Draft => ({
  encoding: preview.encoding ?? '',
  delimiter: preview.delimiter ?? '',
  sheet: preview.sheet ?? '',
  headerRow: preview.headerRow ? String(preview.headerRow) : '',
});

/** What was detected, in one line: «CSV · Windows-1251 · «;» · заголовок в строке 3 · 1 234 строки». */
export function detectedText(preview: SourcePreview) {
  const parts = [FORMAT_LABELS[preview.format]];
  if (preview.encoding) parts.push(ENCODING_LABELS[preview.encoding]);
  if (preview.delimiter) parts.push(`разделитель ${preview.delimiter === '\t' ? 'табуляция' : `«${preview.delimiter}»`}`);
  if (preview.sheet) parts.push(`лист «${preview.sheet}»`);
  if (preview.headerRow) parts.push(`заголовок в строке ${preview.headerRow}`);
  parts.push(`${countFormat.format(preview.totalRows)} ${preview.format === 'yml' ? 'предл.' : 'стр.'} данных`);
  return parts.join(' · ');
}

/**
 * How the file is read: the sheet of a workbook, the encoding and delimiter of a CSV, the row
 * of the header. «Перечитать» asks the server for a new preview with them.
 */
export function ReadOptionsForm({ detail, disabled }: { detail: ImportDetail; disabled?: boolean }) {
  const preview = detail.preview;
  const [draft, setDraft] = useState(() => draftOf(preview));
  const [seen, setSeen] = useState(preview);
  const [error, setError] = useState<string | null>(null);
  // A new preview from the server: the form shows what it was read with.
  if (preview !== seen) {
    setSeen(preview);
    setDraft(draftOf(preview));
  }
  const reread = usePreviewImport(detail.id, {
    onSuccess: (next) => toast({ title: 'Файл перечитан', description: detectedText(next.preview), variant: 'success' }),
    onError: (e) => setError(e instanceof ApiError && e.errors ? (Object.values(e.errors).flat()[0] ?? e.message) : e.message),
  });

  if (preview.format === 'yml') return null;
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(preview));

  const submit = () => {
    const parsed = ReadOptionsSchema.safeParse({
      format: preview.format,
      encoding: draft.encoding || undefined,
      delimiter: draft.delimiter || undefined,
      sheet: draft.sheet || undefined,
      headerRow: draft.headerRow.trim() || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Некорректное значение');
      return;
    }
    setError(null);
    reread.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      aria-label="Как читать файл"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {preview.format === 'xlsx' && preview.sheets && (
          <FormField label="Лист" htmlFor="read-sheet">
            <NativeSelect id="read-sheet" value={draft.sheet} disabled={disabled} onChange={(e) => setDraft({ ...draft, sheet: e.target.value })}>
              {preview.sheets.map((sheet) => (
                <option key={sheet} value={sheet}>
                  {sheet}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        {preview.format === 'csv' && (
          <>
            <FormField label="Кодировка" htmlFor="read-encoding">
              <OptionSelect values={SOURCE_ENCODINGS} labels={ENCODING_LABELS} id="read-encoding" value={draft.encoding} disabled={disabled} onChange={(e) => setDraft({ ...draft, encoding: e.target.value })} />
            </FormField>
            <FormField label="Разделитель" htmlFor="read-delimiter">
              <OptionSelect values={SOURCE_DELIMITERS} labels={DELIMITER_LABELS} id="read-delimiter" value={draft.delimiter} disabled={disabled} onChange={(e) => setDraft({ ...draft, delimiter: e.target.value })} />
            </FormField>
          </>
        )}
        <FormField label="Строка заголовка" htmlFor="read-header-row">
          <Input
            inputMode="numeric"
            value={draft.headerRow}
            disabled={disabled}
            onChange={(e) => {
              setDraft({ ...draft, headerRow: e.target.value });
              setError(null);
            }}
            id="read-header-row"
            aria-describedby={error ? 'read-error' : undefined}
          />
        </FormField>
        <div className="flex items-start sm:pt-6">
          <Button type="submit" variant="outline" disabled={disabled || !changed || reread.isPending}>
            <BusyLabel busy={reread.isPending} icon={RotateCw} busyText="Читаем...">Перечитать файл</BusyLabel>
          </Button>
        </div>
      </div>
      {error && (
        <p id="read-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
