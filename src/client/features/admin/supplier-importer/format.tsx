import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import { formatRub, formatRubExact, hasPrice, kopecksToRub } from '#shared/money.ts';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '#shared/schemas/supplier-import.ts';

/** '12 990 ₽', '35,50 ₽' to the kopeck as the list gives it; no price (or zero, «по запросу») is a dash in the import's tables. */
export const priceText = (kopecks: number | null | undefined) => (hasPrice(kopecks) ? formatRubExact(kopecksToRub(kopecks)) : '—');

/** A price with kopecks is kept to the kopeck, but customers' screens show whole roubles: «на витрине 36 ₽». */
export const shownPriceNote = (kopecks: number | null | undefined) =>
  hasPrice(kopecks) && kopecks % 100 !== 0 ? `на витрине ${formatRub(kopecksToRub(kopecks))}` : null;

export const stockText = (stock: number | null | undefined) => (stock === null || stock === undefined ? '—' : `${stock} шт.`);

const percentFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** '+12,5 %' from one price to another; nothing when either is missing. */
export function priceChange(before: number | null | undefined, after: number | null | undefined): string | null {
  if (!hasPrice(before) || !hasPrice(after) || before === after) return null;
  return `${percentFormat.format(((after - before) / before) * 100)} %`;
}

const STATUS_VARIANTS: Record<ImportStatus, BadgeProps['variant']> = {
  uploaded: 'outline',
  checking: 'secondary',
  previewed: 'secondary',
  applying: 'secondary',
  applied: 'success',
  failed: 'destructive',
  stopped: 'warning',
  refused: 'warning',
  rolled_back: 'outline',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="import-status">
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
