import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';

/**
 * The page's «Характеристики» as read (a table, a list or the markup's properties), with where
 * they go (`note`): «Товар по ссылке» and the mass scraper's card both show them.
 */
export function Specs({ card, note }: { card: ScrapeResult['card']; note: string }) {
  if (!card.specs) return null;
  return (
    <section className="grid gap-2" aria-label="Характеристики">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
        Характеристики: {card.specs.value.length}
        <SourceBadge source={card.specs.source} />
      </h3>
      <div className="max-h-72 overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <tbody>
            {card.specs.value.map((spec) => (
              <tr key={spec.name} className="border-b last:border-0">
                <th scope="row" className="w-1/2 px-3 py-1.5 text-left font-normal text-muted-foreground">
                  {spec.name}
                </th>
                <td className="px-3 py-1.5">{spec.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">{note}</p>
    </section>
  );
}
