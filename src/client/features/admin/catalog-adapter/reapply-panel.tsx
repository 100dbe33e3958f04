import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { pluralRu } from '#shared/plural.ts';
import type { ReapplyPlan, ReapplyResult } from '#shared/schemas/catalog-adapter.ts';
import { reapplyPlanQuery, useReapply } from './api.ts';
import { planSentence } from './move-preview.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

const products = (n: number) => `${n} ${pluralRu(n, 'товар', 'товара', 'товаров')}`;

function planText(plan: ReapplyPlan): string {
  const waiting = plan.stillAwaiting > 0 ? `${products(plan.stillAwaiting)} без категории ждут правила: сопоставьте их категории поставщика.` : '';
  if (plan.moves > 0) return [planSentence('Применение правил', plan), waiting].join(' ').trim();
  if (waiting) return `Правила сейчас ничего не переместят. ${waiting}`;
  return 'Все товары поставщиков уже там, куда их отправляют правила.';
}

function resultSentence(result: ReapplyResult): string {
  const parts = [`Перемещено: ${products(result.moved)}`];
  if (result.activated > 0) parts.push(`из «Без категории» в магазин: ${result.activated}`);
  if (result.keptHidden > 0) parts.push(`из «Без категории» скрытыми до публикации: ${result.keptHidden}`);
  if (result.stillAwaiting > 0) parts.push(`ещё ждут категорию: ${result.stillAwaiting}`);
  return `${parts.join('; ')}.`;
}

/**
 * «Применить правила к товарам»: what applying the saved rules would do now, the button, and
 * what the last run did. Saving a rule moves nothing by itself.
 */
export function ReapplyPanel() {
  const plan = useQuery(reapplyPlanQuery());
  const [result, setResult] = useState<ReapplyResult | null>(null);
  const reapply = useReapply({
    onSuccess: (done) => {
      setResult(done);
      toast({ title: 'Правила применены', description: resultSentence(done), variant: 'success' });
    },
    onError: (error) => toast({ title: 'Не удалось применить правила', description: error.message, variant: 'destructive' }),
  });

  return (
    <Card className="mb-6 flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1 text-sm" aria-live="polite">
        <p className="font-medium" data-testid="reapply-plan">
          {plan.isPending ? (
            <span className="flex items-center gap-2 text-muted-foreground">
              <Spinner size="sm" label="Считаем товары" />
              Считаем, что сделают правила…
            </span>
          ) : plan.isError ? (
            <span className="text-destructive">Не удалось посчитать, что сделают правила: {plan.error.message}</span>
          ) : (
            planText(plan.data)
          )}
        </p>
        {result && (
          <p className="text-muted-foreground" data-testid="reapply-result">
            Последний запуск: {resultSentence(result)}
          </p>
        )}
      </div>
      <Button onClick={() => reapply.mutate()} disabled={reapply.isPending} className="shrink-0">
        <BusyLabel busy={reapply.isPending} icon={Play}>Применить правила к товарам</BusyLabel>
      </Button>
    </Card>
  );
}
