import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { isValidDay } from '#shared/dates.ts';

export type Period = { startDate: string; endDate: string };

/** A day of a list's period from the address; a malformed one is no filter. */
export const dayParam = (params: URLSearchParams, key: keyof Period) => {
  const value = params.get(key) ?? '';
  return isValidDay(value) ? value : '';
};

/** A period given backwards is pointed out instead of searched. */
export const periodReversed = (p: Period) => Boolean(p.startDate && p.endDate && p.startDate > p.endDate);

/** «Дата с» and «Дата по» of a back-office list's filters: two cells of the filters' grid. */
export function PeriodInputs({ idPrefix, period, onChange }: { idPrefix: string; period: Period; onChange: (patch: Partial<Period>) => void }) {
  const day = (value: string) => (isValidDay(value) ? value : '');
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-start`}>Дата с</Label>
        <Input
          id={`${idPrefix}-start`}
          type="date"
          value={period.startDate}
          max={period.endDate || undefined}
          onChange={(e) => onChange({ startDate: day(e.target.value) })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-end`}>Дата по</Label>
        <Input
          id={`${idPrefix}-end`}
          type="date"
          value={period.endDate}
          min={period.startDate || undefined}
          onChange={(e) => onChange({ endDate: day(e.target.value) })}
          aria-invalid={periodReversed(period) ? true : undefined}
        />
      </div>
    </>
  );
}

/** Under the filters, when the period is backwards. */
export function PeriodReversedAlert({ period }: { period: Period }) {
  return periodReversed(period) ? (
    <p role="alert" className="mt-2 text-sm font-medium text-destructive">
      Дата начала позже даты окончания
    </p>
  ) : null;
}
