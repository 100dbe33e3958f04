import { paths } from '#client/paths.ts';
import { Link, useSearchParams } from 'react-router';
import { catalogHref } from '#client/lib/catalog-params.ts';
import { cn } from '#client/lib/utils.ts';
import { SUPPLIERS, type Supplier } from '#shared/constants.ts';

const CHOICES: { value: Supplier | null; label: string; hint: string }[] = [
  { value: null, label: 'Все', hint: 'Весь каталог' },
  { value: SUPPLIERS[0], label: 'DCK', hint: 'Электроинструмент DCK' },
  { value: SUPPLIERS[1], label: 'P.I.T', hint: 'Инструмент P.I.T' },
];

/** All / DCK / P.I.T, kept in the URL (?supplier=) so the choice is shareable and works without JS. */
export function SupplierPicker({ current }: { current: Supplier | null }) {
  const [params] = useSearchParams();
  // A new supplier starts the list again from page 1.
  const hrefFor = (value: Supplier | null) => catalogHref(paths.home, params, { supplier: value });
  return (
    <nav aria-label="Поставщик" className="flex flex-wrap gap-2">
      {CHOICES.map((choice) => {
        const active = choice.value === current;
        return (
          <Link
            key={choice.label}
            to={hrefFor(choice.value)}
            preventScrollReset
            aria-current={active ? 'true' : undefined}
            className={cn(
              'flex min-w-28 flex-col rounded-lg border px-4 py-2.5 transition',
              active ? 'border-primary bg-accent text-accent-foreground' : 'border-border bg-card hover:border-foreground/40',
            )}
          >
            <span className="font-bold">{choice.label}</span>
            <span className="text-xs text-muted-foreground">{choice.hint}</span>
          </Link>
        );
      })}
    </nav>
  );
}
