import { CircleAlert, CircleCheck, CircleDashed, ScanSearch } from 'lucide-react';
import { keepPage } from '#client/lib/keep-page.ts';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { ApiError } from '#client/lib/api.ts';
import { cn } from '#client/lib/utils.ts';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  PRICING_MODES,
  PRICING_MODE_LABELS,
  PricingRuleSchema,
  mappingProblems,
  type ColumnMapping,
  type ImportDetail,
  type MappedField,
  branchStockField,
  characteristicField,
  type PricingRule,
  type SourcePreview,
} from '#shared/schemas/supplier-import.ts';
import { useCheckImport } from './api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { assignColumn, fieldOfColumn, readOf } from './mapping.ts';
import { useBranches } from '#client/lib/branches.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import { ReadOptionsForm, detectedText } from './read-options.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** The preview as the mapping knows it: a new sheet, encoding or header row starts the mapping again. */
const previewKey = (preview: SourcePreview) => JSON.stringify([readOf(preview), preview.headers]);

type PricingDraft = { mode: PricingRule['mode']; markupPercent: string; ending: string };
const pricingDraftOf = (rule: PricingRule): PricingDraft => ({
  mode: rule.mode,
  markupPercent: rule.markupPercent === null ? '' : String(rule.markupPercent).replace('.', ','),
  ending: rule.ending === null ? '' : String(rule.ending),
});
const number = (value: string) => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

/** A column's select: what the column holds, or nothing to load. */
function ColumnSelect({ column, header, mapping, onChange }: { column: number; header: string; mapping: ColumnMapping; onChange: (field: MappedField | null) => void }) {
  const field = fieldOfColumn(mapping, column);
  const branches = useBranches();
  const head = branches.find((b) => b.slug === HEAD_BRANCH_SLUG);
  return (
    <NativeSelect
      aria-label={`Колонка ${column + 1}${header ? ` «${header}»` : ''}`}
      value={field ?? ''}
      onChange={(event) => onChange((event.target.value || null) as MappedField | null)}
      className={cn('md:h-9 md:min-w-48 md:text-sm', field && 'border-primary bg-primary/5 font-medium')}
      data-testid="column-select"
    >
      <option value="">Не загружать</option>
      {IMPORT_FIELDS.map((f) => (
        <option key={f} value={f}>
          {f === 'stock' && head ? `${IMPORT_FIELD_LABELS[f]} (${head.city}, головной офис)` : IMPORT_FIELD_LABELS[f]}
        </option>
      ))}
      {branches
        .filter((b) => b !== head)
        .map((b) => (
        <option key={b.id} value={branchStockField(b.slug)}>
          {`${IMPORT_FIELD_LABELS.stock}: ${b.city}`}
        </option>
      ))}
      {/* The header names the characteristic («Мощность, Вт»), each cell is a product's value. */}
      {header && <option value={characteristicField(column)}>{`Характеристика «${header}»`}</option>}
    </NativeSelect>
  );
}

const columnIndexes = (preview: SourcePreview) =>
  Array.from({ length: Math.max(preview.headers.length, ...preview.rows.map((r) => r.cells.length)) }, (_, i) => i);

/** How many of the first rows a phone shows under each column. */
const SAMPLES = 3;

/** Phones: one card per column, its header and first values, and its select. */
function ColumnCards({ preview, mapping, onChange }: { preview: SourcePreview; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void }) {
  return (
    <ul className="grid gap-2 md:hidden" aria-label="Колонки файла">
      {columnIndexes(preview).map((column) => {
        const header = preview.headers[column] ?? '';
        const samples = preview.rows.map((r) => r.cells[column] ?? '').filter(Boolean).slice(0, SAMPLES);
        return (
          <li key={column} className={cn('grid gap-2 rounded-lg border p-3', fieldOfColumn(mapping, column) && 'border-primary/50 bg-primary/5')}>
            <p className="text-sm">
              <span className="text-muted-foreground">Колонка {column + 1}: </span>
              <span className="font-semibold">{header || 'без заголовка'}</span>
            </p>
            {samples.length > 0 && <p className="truncate text-sm text-muted-foreground">{samples.join(' · ')}</p>}
            <ColumnSelect column={column} header={header} mapping={mapping} onChange={(field) => onChange(assignColumn(mapping, column, field))} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The first rows of the file with a select above each column (none for a feed, which maps
 * itself: `onChange` left out). On a phone a table stays only for a feed; columns become cards.
 */
function PreviewTable({ preview, mapping, onChange }: { preview: SourcePreview; mapping: ColumnMapping; onChange?: (mapping: ColumnMapping) => void }) {
  const indexes = columnIndexes(preview);
  const mapped = (column: number) => onChange !== undefined && fieldOfColumn(mapping, column) !== null;
  return (
    <Table containerClassName={cn('max-h-[32rem] overflow-y-auto', onChange && 'hidden md:block')} aria-label="Первые строки файла">
      <TableHeader className="sticky top-0 z-10 bg-muted">
        <TableRow className="hover:bg-transparent">
          <TableHead className="text-right align-bottom">Строка</TableHead>
          {indexes.map((column) => (
            <TableHead key={column} className={cn('py-2 align-bottom normal-case', mapped(column) && 'bg-primary/5')}>
              <div className="grid gap-1.5">
                {onChange && (
                  <ColumnSelect column={column} header={preview.headers[column] ?? ''} mapping={mapping} onChange={(field) => onChange(assignColumn(mapping, column, field))} />
                )}
                <span className="truncate text-sm font-semibold tracking-normal text-foreground" title={preview.headers[column]}>
                  {preview.headers[column] || `Колонка ${column + 1}`}
                </span>
              </div>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {preview.rows.map((row) => (
          <TableRow key={row.rowNumber}>
            <TableCell className="text-right text-muted-foreground tabular-nums">{row.rowNumber}</TableCell>
            {indexes.map((column) => (
              <TableCell key={column} className={cn('max-w-60 truncate py-2', mapped(column) && 'bg-primary/5')} title={row.cells[column]}>
                {row.cells[column] ?? ''}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** «Артикул ✓», «Цена ○»: what the dry run needs, live as the columns are chosen. */
function Requirement({ ok, label }: { ok: boolean; label: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-sm', ok ? 'border-success/40 text-success' : 'text-muted-foreground')}>
      {ok ? <CircleCheck className="size-4" aria-hidden /> : <CircleDashed className="size-4" aria-hidden />}
      {label}
      <span className="sr-only">{ok ? ': выбрана' : ': не выбрана'}</span>
    </span>
  );
}

function PricingFields({ draft, onChange, errors }: { draft: PricingDraft; onChange: (draft: PricingDraft) => void; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4">
      <ChoiceGroup
        name="check-pricing-mode"
        legend="Цена на витрине"
        options={PRICING_MODES.map((value) => ({ value, label: PRICING_MODE_LABELS[value] }))}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode })}
      />
      {draft.mode === 'markup' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Наценка, %" htmlFor="check-markup" error={errors.markupPercent}>
            <Input
              inputMode="decimal"
              value={draft.markupPercent}
              onChange={(e) => onChange({ ...draft, markupPercent: e.target.value })}
              {...fieldControlProps('check-markup', { error: errors.markupPercent })}
            />
          </FormField>
          <FormField label="Окончание цены, ₽" htmlFor="check-ending" error={errors.ending} hint="От 0 до 99: с 90 цена 12 934 ₽ станет 12 990 ₽. Пусто — до целого рубля.">
            <Input
              inputMode="numeric"
              value={draft.ending}
              onChange={(e) => onChange({ ...draft, ending: e.target.value })}
              {...fieldControlProps('check-ending', { error: errors.ending, hint: true })}
            />
          </FormField>
        </div>
      )}
    </div>
  );
}

/** Messages of a refused request: its field errors when it has them, otherwise its message. */
const messagesOf = (error: Error) =>
  error instanceof ApiError && error.errors ? [...new Set(Object.values(error.errors).flat())] : [error.message];

/**
 * The mapping step: how the file is read, which column is which field, how the price is made;
 * «Проверить» starts the dry run. Nothing is written to the catalogue here.
 */
export function MappingStep({ detail, onCancel }: { detail: ImportDetail; onCancel?: () => void }) {
  const preview = detail.preview;
  const isTable = preview.format !== 'yml';
  // The server starts the mapping: the supplier's remembered one when the file has its columns, else the guess.
  const [mapping, setMapping] = useState(detail.options.mapping);
  const [seenKey, setSeenKey] = useState(() => previewKey(preview));
  if (previewKey(preview) !== seenKey) {
    setSeenKey(previewKey(preview));
    setMapping(detail.options.mapping);
  }
  const [pricing, setPricing] = useState(() => pricingDraftOf(detail.options.pricing));
  const [problems, setProblems] = useState<string[]>([]);
  const [pricingErrors, setPricingErrors] = useState<Record<string, string>>({});

  const check = useCheckImport(detail.id, { onError: (error) => setProblems(messagesOf(error)) });

  const submit = () => {
    const rule = PricingRuleSchema.safeParse({ mode: pricing.mode, markupPercent: number(pricing.markupPercent), ending: number(pricing.ending) });
    if (!rule.success) {
      setPricingErrors(Object.fromEntries(rule.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      setProblems([]);
      return;
    }
    setPricingErrors({});
    const read = readOf(preview);
    const found = Object.values(mappingProblems(preview.format, mapping, rule.data)).flat();
    setProblems(found);
    if (found.length === 0) check.mutate({ read, mapping: isTable ? mapping : {}, pricing: rule.data });
  };

  const priceField = pricing.mode === 'markup' ? 'purchasePrice' : 'price';
  return (
    <form noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-label="Сопоставление колонок" onSubmit={keepPage(submit)}>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Файл</CardTitle>
          <CardDescription data-testid="detected">{detectedText(preview)}</CardDescription>
        </CardHeader>
        {isTable && (
          <CardContent>
            <ReadOptionsForm detail={detail} disabled={check.isPending} />
          </CardContent>
        )}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{isTable ? 'Колонки' : 'Предложения фида'}</CardTitle>
          <CardDescription>
            {isTable
              ? 'Над каждой колонкой выберите, что в ней. Колонку с характеристикой («Мощность, Вт») загрузите как «Характеристика»: заголовок станет её названием. Колонки «Не загружать» пропускаются.'
              : 'YML-фид сопоставляется сам: артикул, цена, остаток и остальные поля берутся из предложений.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {isTable && (
            <div className="flex flex-wrap gap-2" aria-label="Обязательные колонки">
              <Requirement ok={mapping.sku !== undefined || mapping.supplierSku !== undefined} label="Артикул" />
              <Requirement ok={mapping[priceField] !== undefined} label={pricing.mode === 'markup' ? 'Закупочная цена' : 'Цена'} />
            </div>
          )}
          {preview.rows.length > 0 ? (
            <>
              <PreviewTable preview={preview} mapping={mapping} onChange={isTable ? setMapping : undefined} />
              {isTable && <ColumnCards preview={preview} mapping={mapping} onChange={setMapping} />}
            </>
          ) : (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">В файле нет строк после заголовка.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Цены</CardTitle>
          <CardDescription>По умолчанию — из настроек поставщика; здесь можно изменить для этого импорта.</CardDescription>
        </CardHeader>
        <CardContent>
          <PricingFields draft={pricing} onChange={setPricing} errors={pricingErrors} />
        </CardContent>
      </Card>

      {problems.length > 0 && (
        <Alert variant="destructive" data-testid="mapping-problems">
          <CircleAlert aria-hidden />
          <AlertTitle>Проверку нельзя начать</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={check.isPending}>
            Вернуться к результату проверки
          </Button>
        )}
        <Button type="submit" size="lg" disabled={check.isPending}>
          <BusyLabel busy={check.isPending} icon={ScanSearch} busyText="Запускаем проверку...">Проверить</BusyLabel>
        </Button>
      </div>
    </form>
  );
}
