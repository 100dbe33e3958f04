import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { adminAttributesQuery } from '#client/features/admin/lib/attributes.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';

const label = (a: Pick<AdminAttribute, 'name' | 'unit'>) => (a.unit ? `${a.name}, ${a.unit}` : a.name);

/**
 * The category form's «Фильтры»: the attributes the category's page filters by, in order
 * (up and down buttons), added by choosing one of the shop's list. `value` is the ids in order.
 */
export function CategoryFiltersField({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const attributes = useQuery(adminAttributesQuery());
  if (attributes.isPending) return <Skeleton className="h-24" aria-label="Загрузка характеристик" />;
  if (attributes.isError) return <p className="text-sm text-destructive">Не удалось загрузить характеристики: {attributes.error.message}</p>;
  const byId = new Map(attributes.data.map((a) => [a.id, a]));
  const chosen = value.filter((id) => byId.has(id));
  const rest = attributes.data.filter((a) => !chosen.includes(a.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Фильтры</legend>
      <p className="text-sm text-muted-foreground">Характеристики, по которым покупатели фильтруют товары раздела, в этом порядке.</p>
      {chosen.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">Фильтров нет: на странице раздела останутся цена, бренд и наличие.</p>
      ) : (
        <ol className="grid gap-1" aria-label="Фильтры категории">
          {chosen.map((id, i) => (
            <li key={id} className="flex items-center gap-2 rounded-md border bg-card px-3 py-1" data-testid="category-filter">
              <span className="w-5 text-sm text-muted-foreground tabular-nums">{i + 1}.</span>
              <span className="flex-1 text-sm">{label(byId.get(id)!)}</span>
              <Button type="button" variant="ghost" size="icon-sm" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Выше: ${byId.get(id)!.name}`}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon-sm" disabled={i === chosen.length - 1} onClick={() => move(i, 1)} aria-label={`Ниже: ${byId.get(id)!.name}`}>
                <ArrowDown aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="icon-sm" onClick={() => onChange(chosen.filter((x) => x !== id))} aria-label={`Убрать фильтр «${byId.get(id)!.name}»`}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {/* Choosing is adding: a choice left waiting for a second button was lost on saving. */}
      <NativeSelect
        id="category-filter-add"
        aria-label="Характеристика для фильтра"
        value=""
        disabled={rest.length === 0}
        onChange={(e) => {
          if (e.target.value) onChange([...chosen, Number(e.target.value)]);
        }}
      >
        <option value="">{rest.length === 0 ? 'Все характеристики уже в фильтрах' : 'Добавить фильтр…'}</option>
        {rest.map((a) => (
          <option key={a.id} value={a.id}>
            {label(a)}
          </option>
        ))}
      </NativeSelect>
    </fieldset>
  );
}
