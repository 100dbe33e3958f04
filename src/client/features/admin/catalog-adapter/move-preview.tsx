import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { pluralRu } from '#shared/plural.ts';
import type { MovePlan } from '#shared/schemas/catalog-adapter.ts';

/** How long the form may stay still before its preview is asked for. */
const PREVIEW_DELAY_MS = 350;

/** `value` once it has stayed the same for a moment (compared by content). */
export function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(JSON.parse(key) as T), PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  return settled;
}

const productsMoved = (n: number) => `${n} ${pluralRu(n, 'товар', 'товара', 'товаров')}`;

/** «Правило переместит 3 товара, из них 2 из «Без категории»…». */
export function planSentence(subject: string, plan: MovePlan): string {
  if (plan.moves === 0) return `${subject} не переместит ни одного товара.`;
  const fromAwaiting = plan.fromAwaiting > 0 ? `, из них ${plan.fromAwaiting} из «Без категории» — они появятся в магазине` : '';
  return `${subject} переместит ${productsMoved(plan.moves)}${fromAwaiting}.`;
}

/** A few of the products a plan moves: name, from, to. */
export function MoveExamples({ plan }: { plan: MovePlan }) {
  if (plan.examples.length === 0) return null;
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Примеры товаров">
      {plan.examples.map((move) => (
        <li key={move.productId} className="rounded-md bg-muted px-3 py-2">
          <p className="line-clamp-2 font-medium">{move.name}</p>
          <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
            <span>{move.from ?? 'Без категории'}</span>
            <ArrowRight className="size-3.5" aria-label="в" />
            <span className="text-foreground">{move.to}</span>
          </p>
        </li>
      ))}
      {plan.moves > plan.examples.length && <li className="px-3 text-muted-foreground">и ещё {productsMoved(plan.moves - plan.examples.length)}</li>}
    </ul>
  );
}

/**
 * What a rule not yet saved would move, as the form changes: counting, the count with examples,
 * or why the server refuses the rule.
 */
export function RulePreview({ plan, pending, error }: { plan: MovePlan | undefined; pending: boolean; error: Error | null }) {
  return (
    <section aria-live="polite" aria-label="Что сделает правило" className="grid gap-2 rounded-lg border bg-card p-3" data-testid="rule-preview">
      {error ? (
        <p className="text-sm text-destructive">{error.message}</p>
      ) : !plan ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {pending ? <Spinner size="sm" label="Считаем товары" /> : null}
          {pending ? 'Считаем, сколько товаров переместит правило…' : 'Заполните правило без ошибок, чтобы увидеть, сколько товаров оно переместит.'}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold">
            {planSentence('Правило', plan)}
            {pending && <Spinner size="sm" label="Пересчитываем" />}
          </p>
          <MoveExamples plan={plan} />
          {plan.moves > 0 && <p className="text-xs text-muted-foreground">Товары переместятся, когда вы примените правила к товарам.</p>}
        </>
      )}
    </section>
  );
}
