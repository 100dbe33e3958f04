import { CircleAlert, PencilLine, Play } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ABSENT_ACTIONS, ABSENT_ACTION_LABELS, NEW_PRODUCTS, NEW_PRODUCTS_LABELS, type ImportCounts, type ImportDetail } from '#shared/schemas/supplier-import.ts';
import { useApplyImport } from './api.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

const ABSENT_DESCRIPTIONS = {
  leave: 'Цена и остаток не меняются',
  zero: 'Товар остаётся на витрине без остатка',
  hide: 'Товар пропадает с витрины',
} as const;
const NEW_DESCRIPTIONS = {
  active: 'Покупатели увидят их сразу',
  hidden: 'Появятся после проверки в «Товарах»',
} as const;

const countFormat = new Intl.NumberFormat('ru-RU');

const summary = (counts: ImportCounts) =>
  `Будет создано товаров: ${countFormat.format(counts.create)}, изменено: ${countFormat.format(counts.update)}. Строки с ошибками пропускаются. Импорт можно будет откатить.`;

/** The dry run's choices (products missing from the list, new products) and «Применить». */
export function ApplyPanel({ detail, counts, onRemap }: { detail: ImportDetail; counts: ImportCounts; onRemap?: () => void }) {
  const [absent, setAbsent] = useState(detail.options.absent);
  const [newProducts, setNewProducts] = useState(detail.options.newProducts);
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyImport(detail.id, { onError: (e) => setError(e.message) });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Применение</CardTitle>
        <CardDescription>{summary(counts)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ChoiceGroup
          name="apply-absent"
          legend={`Товары поставщика, которых нет в прайс-листе: ${countFormat.format(counts.absent)}`}
          options={ABSENT_ACTIONS.map((value) => ({ value, label: ABSENT_ACTION_LABELS[value], description: ABSENT_DESCRIPTIONS[value] }))}
          value={absent}
          onChange={setAbsent}
          disabled={apply.isPending}
        />
        <ChoiceGroup
          name="apply-new"
          legend={`Новые товары: ${countFormat.format(counts.create)}`}
          options={NEW_PRODUCTS.map((value) => ({ value, label: NEW_PRODUCTS_LABELS[value], description: NEW_DESCRIPTIONS[value] }))}
          value={newProducts}
          onChange={setNewProducts}
          disabled={apply.isPending}
        />
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>Не удалось применить импорт</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onRemap && (
            <Button variant="outline" onClick={onRemap} disabled={apply.isPending}>
              <PencilLine aria-hidden />
              Изменить сопоставление
            </Button>
          )}
          <Button
            size="lg"
            disabled={apply.isPending}
            onClick={() => {
              setError(null);
              apply.mutate({ absent, newProducts });
            }}
          >
            <BusyLabel busy={apply.isPending} icon={Play} busyText="Запускаем...">Применить</BusyLabel>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
