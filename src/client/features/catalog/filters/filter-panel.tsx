import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { controlClassName } from '#client/components/ui/input.tsx';
import { useBranches, useCityBranch } from '#client/lib/branches.ts';
import { cn } from '#client/lib/utils.ts';
import type { Facet, FacetValue, ProductListResponse } from '#shared/types.ts';
import {
  attrKey,
  attrMaxKey,
  attrMinKey,
  BRAND,
  BRANCH,
  filterHref,
  IN_STOCK,
  keptParams,
  PRICE_MAX,
  PRICE_MIN,
  type ChosenFilters,
} from './filter-params.ts';
import { formatFilterNumber } from './filter-labels.ts';

/** Options shown at once; the rest open under «Ещё N» (a native disclosure, so also without the script). */
const OPTIONS_SHOWN = 6;

type Props = {
  /** Prefix of the fields' ids: the panel may be on the page twice (beside the list, in the phone's sheet). */
  id: string;
  /** The answer of the current filters (or the one before while it loads): counts, ranges, brands. */
  data: ProductListResponse | undefined;
  chosen: ChosenFilters;
  /** In the phone's sheet the sheet's own button shows the list: no «Применить» of its own. */
  inSheet?: boolean;
};

/**
 * The filter panel: a plain GET form of the page's own address, so it works before the script
 * loads («Применить» sends it). With the script every change applies as it is made (a checkbox at
 * once, a from–to field when it is left or Enter is pressed), the page staying where it is. The
 * fields show the address's filters; while a change travels, the panel shows the change already.
 */
export function FilterPanel({ id, data, chosen, inSheet = false }: Props) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // What the fields show: the address's filters, with the customer's change until the address has
  // it. `typed` is the from–to text typed since the last change was sent: leaving «от» for «до»
  // sends «от», and the address it brings must not wipe out what is being typed into «до».
  const [draft, setDraft] = useState({ search: location.search, values: params, typed: {} as Record<string, string> });
  let values = draft.values;
  if (draft.search !== location.search) {
    values = new URLSearchParams(params);
    for (const [key, text] of Object.entries(draft.typed)) values.set(key, text);
    setDraft({ search: location.search, values, typed: draft.typed });
  }

  const apply = (next: URLSearchParams) => {
    setDraft({ search: location.search, values: next, typed: {} });
    const href = filterHref(location.pathname, next);
    if (href !== filterHref(location.pathname, params)) void navigate(href, { preventScrollReset: true, state: { keepScroll: true } });
  };
  const has = (key: string, value: string) => values.getAll(key).includes(value);
  const toggle = (key: string, value: string, on: boolean, single = false) => {
    const next = new URLSearchParams([...values].filter(([k, v]) => k !== key || (!single && v !== value)));
    if (on) next.append(key, value);
    apply(next);
  };
  const type = (key: string, text: string) => {
    const next = new URLSearchParams(values);
    next.set(key, text);
    setDraft({ search: location.search, values: next, typed: { ...draft.typed, [key]: text } });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(values);
  };

  const range = (label: string, minKey: string, maxKey: string, bounds: { min: number; max: number } | null | undefined) => (
    <RangeFields
      key={minKey}
      id={`${id}-${minKey}`}
      legend={label}
      min={{ name: minKey, value: values.get(minKey) ?? '', error: chosen.errors[minKey], placeholder: bounds ? `от ${formatFilterNumber(bounds.min)}` : undefined }}
      max={{ name: maxKey, value: values.get(maxKey) ?? '', error: chosen.errors[maxKey], placeholder: bounds ? `до ${formatFilterNumber(bounds.max)}` : undefined }}
      onType={type}
      onLeave={() => apply(values)}
    />
  );

  return (
    <form method="get" action={location.pathname} onSubmit={onSubmit} className="flex flex-col" noValidate>
      {keptParams(params).map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      {range('Цена, ₽', PRICE_MIN, PRICE_MAX, data?.price)}
      <Availability id={id} has={has} toggle={toggle} branch={values.get(BRANCH)} />
      {data?.brands && data.brands.length > 0 && (
        <Options
          id={`${id}-${BRAND}`}
          legend="Бренд"
          name={BRAND}
          options={data.brands}
          has={(value) => has(BRAND, value)}
          toggle={(value, on) => toggle(BRAND, value, on)}
        />
      )}
      {data?.facets?.map((facet) => (
        <Characteristic key={facet.slug} id={id} facet={facet} has={has} toggle={toggle} range={range} />
      ))}
      {!inSheet && (
        <div className="border-t border-border pt-4">
          <Button type="submit" className="w-full">
            Применить
          </Button>
        </div>
      )}
    </form>
  );
}

/** One block of the panel: a fieldset with its legend, set off from the one before. */
function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <div className="border-t border-border py-4 first-of-type:border-t-0 first-of-type:pt-0">
      <fieldset className={cn('min-w-0', className)}>
        <legend className="mb-2 text-sm font-semibold">{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}

type Toggle = (key: string, value: string, on: boolean, single?: boolean) => void;

/** «В наличии» (any branch) and «В наличии в моём городе» (the branch of the city in the header). */
function Availability({ id, has, toggle, branch }: { id: string; has: (key: string, value: string) => boolean; toggle: Toggle; branch: string | null }) {
  const branches = useBranches();
  const city = useCityBranch();
  // A link may name another city's branch: that choice is shown (and can be taken back) instead of the own city's.
  const linked = branches.find((b) => b.slug === branch);
  const shown = linked ?? city;
  return (
    <Group legend="Наличие">
      <ul className="space-y-1">
        <li>
          <CheckboxRow id={`${id}-in-stock`} name={IN_STOCK} value="true" checked={has(IN_STOCK, 'true')} onChange={(on) => toggle(IN_STOCK, 'true', on, true)}>
            В наличии
          </CheckboxRow>
        </li>
        {shown && (
          <li>
            <CheckboxRow id={`${id}-branch`} name={BRANCH} value={shown.slug} checked={has(BRANCH, shown.slug)} onChange={(on) => toggle(BRANCH, shown.slug, on, true)}>
              {shown.slug === city?.slug ? (
                <span>
                  В наличии в моём городе <span className="block text-xs text-muted-foreground">{shown.city}</span>
                </span>
              ) : (
                `В наличии в ${shown.cityIn}`
              )}
            </CheckboxRow>
          </li>
        )}
      </ul>
    </Group>
  );
}

function Characteristic({
  id,
  facet,
  has,
  toggle,
  range,
}: {
  id: string;
  facet: Facet;
  has: (key: string, value: string) => boolean;
  toggle: Toggle;
  range: (label: string, minKey: string, maxKey: string, bounds: { min: number; max: number }) => ReactNode;
}) {
  const legend = facet.unit ? `${facet.name}, ${facet.unit}` : facet.name;
  if (facet.kind === 'number') return range(legend, attrMinKey(facet.slug), attrMaxKey(facet.slug), facet);
  const key = attrKey(facet.slug);
  if (facet.values.length === 0) return null;
  return (
    <Options
      id={`${id}-${key}`}
      legend={legend}
      name={key}
      options={facet.values}
      has={(value) => has(key, value)}
      toggle={(value, on) => toggle(key, value, on)}
    />
  );
}

/** Checkboxes with the count each would show; one that would show nothing is disabled (unless chosen, so it can be taken back). */
function Options({
  id,
  legend,
  name,
  options,
  has,
  toggle,
}: {
  id: string;
  legend: string;
  name: string;
  options: FacetValue[];
  has: (value: string) => boolean;
  toggle: (value: string, on: boolean) => void;
}) {
  const row = (option: FacetValue, index: number) => (
    <li key={option.value}>
      <CheckboxRow
        id={`${id}-${index}`}
        name={name}
        value={option.value}
        checked={has(option.value)}
        disabled={option.count === 0 && !has(option.value)}
        onChange={(on) => toggle(option.value, on)}
        count={option.count}
      >
        {option.value}
      </CheckboxRow>
    </li>
  );
  const first = options.slice(0, OPTIONS_SHOWN);
  const rest = options.slice(OPTIONS_SHOWN);
  return (
    <Group legend={legend}>
      <ul className="space-y-1">{first.map(row)}</ul>
      {rest.length > 0 && (
        <details className="group mt-1" open={rest.some((o) => has(o.value)) || undefined}>
          <summary className="cursor-pointer py-2 text-sm font-medium text-primary hover:underline">
            <span className="group-open:hidden">Ещё {rest.length}</span>
            <span className="hidden group-open:inline">Свернуть</span>
          </summary>
          <ul className="space-y-1">{rest.map((option, i) => row(option, OPTIONS_SHOWN + i))}</ul>
        </details>
      )}
    </Group>
  );
}

/** A native checkbox (it is sent by the form without the script) with its label and count. */
function CheckboxRow({
  id,
  name,
  value,
  checked,
  disabled,
  onChange,
  count,
  children,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  count?: number;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className={cn('flex min-h-9 cursor-pointer items-center gap-3 rounded-md text-sm', disabled && 'cursor-not-allowed text-muted-foreground')}
    >
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0 flex-1 break-words">{children}</span>
      {count !== undefined && <span className="text-xs text-muted-foreground tabular-nums">{count}</span>}
    </label>
  );
}

type RangeEnd = { name: string; value: string; error?: string; placeholder?: string };

/** «от» and «до» fields of a range; a text that is not a number is said under them and not asked. */
function RangeFields({
  id,
  legend,
  min,
  max,
  onType,
  onLeave,
}: {
  id: string;
  legend: string;
  min: RangeEnd;
  max: RangeEnd;
  onType: (key: string, text: string) => void;
  onLeave: () => void;
}) {
  const errorId = `${id}-error`;
  const error = min.error ?? max.error;
  const field = (end: RangeEnd, label: string) => (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        name={end.name}
        value={end.value}
        placeholder={end.placeholder}
        aria-invalid={end.error ? true : undefined}
        aria-describedby={end.error ? errorId : undefined}
        onChange={(event) => onType(end.name, event.target.value)}
        onBlur={onLeave}
        // Enter applies the range here too: the sheet's form has no submit button for the browser to press.
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onLeave();
        }}
        className={cn(controlClassName, 'h-10 px-2')}
      />
    </label>
  );
  return (
    <Group legend={legend}>
      <div className="grid grid-cols-2 gap-2">
        {field(min, 'от')}
        {field(max, 'до')}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </Group>
  );
}
