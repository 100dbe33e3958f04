import { Badge } from '#client/components/ui/badge.tsx';
import { FIELD_SOURCE_LABELS, type FieldSource } from '#shared/schemas/web-scraper.ts';

/** Where a filled-in value came from on a supplier's page: «JSON-LD», «Микроразметка», «Open Graph», «Страница». */
export function SourceBadge({ source }: { source: FieldSource | undefined | null }) {
  if (!source) return null;
  return (
    <Badge variant="secondary" className="font-medium" data-testid="source-badge">
      <span className="sr-only">Источник: </span>
      {FIELD_SOURCE_LABELS[source]}
    </Badge>
  );
}
