import { cn } from '#client/lib/utils.ts';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import { attributeValueError } from '#shared/schemas/attributes.ts';
import type { ScrapeResult, ScrapedCharacteristic } from '#shared/schemas/web-scraper.ts';

/**
 * The page's «Характеристики» as read (a table, a list or the markup's properties), with where
 * they go (`note`): «Товар по ссылке» and the mass scraper's card both show them. Given the
 * shop's attributes they resolve to (`characteristics`), each row says what it fills.
 */
export function Specs({ card, note, characteristics }: { card: ScrapeResult['card']; note: string; characteristics?: ScrapedCharacteristic[] }) {
  if (!card.specs) return null;
  return (
    <section className="grid gap-2" aria-label="Характеристики">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
        Характеристики: {card.specs.value.length}
        <SourceBadge source={card.specs.source} />
      </h3>
      <div className="overflow-hidden rounded-md border">
        <table className={cn('w-full text-sm', characteristics && 'table-fixed break-words')}>
          {characteristics && (
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="w-1/2 px-3 py-1.5 font-medium sm:w-[35%]">На странице</th>
                <th scope="col" className="hidden w-[25%] px-3 py-1.5 font-medium sm:table-cell">Значение</th>
                <th scope="col" className="px-3 py-1.5 font-medium">В карточке</th>
              </tr>
            </thead>
          )}
          <tbody>
            {card.specs.value.map((spec) => (
              <tr key={spec.name} className="border-b align-top last:border-0" data-testid="scraped-spec">
                <th scope="row" className={cn(!characteristics && 'w-1/2', 'px-3 py-1.5 text-left font-normal text-muted-foreground')}>
                  {spec.name}
                  {/* A phone has no room for three columns: the page's value goes under its name. */}
                  {characteristics && <span className="block text-foreground sm:hidden">{spec.value}</span>}
                </th>
                <td className={cn('px-3 py-1.5', characteristics && 'hidden sm:table-cell')}>{spec.value}</td>
                {characteristics && <td className="px-3 py-1.5">{filled(characteristics.find((c) => c.name === spec.name))}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">{note}</p>
    </section>
  );
}

/** What a row fills in the product form's «Характеристики», or why it fills nothing. */
function filled(characteristic: ScrapedCharacteristic | undefined) {
  if (!characteristic) return <span className="text-muted-foreground">Не заполняется: в названии нет характеристики</span>;
  const { attribute, formValue, fits } = characteristic;
  if (formValue === null) return <span className="text-muted-foreground">{attribute.name}: уже заполнена строкой выше</span>;
  if (!fits) {
    return (
      <span className="text-warning">
        {attribute.name}: {attributeValueError(attribute.kind, formValue)} — исправьте в карточке
      </span>
    );
  }
  return (
    <span>
      {attribute.name}: {formValue}
      {attribute.unit && attribute.kind === 'number' ? ` ${attribute.unit}` : ''}
    </span>
  );
}
