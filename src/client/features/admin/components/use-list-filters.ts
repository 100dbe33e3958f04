import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

type FilterValue = string | number | null;
type WithPage<F> = F & { page: number };

/**
 * A list's filters and page, kept in the address so the back button and a shared link keep them.
 * `read` takes the filters from the address; a filter at its value in `defaults` stays out of it.
 * Changing a filter goes back to page 1 in place; turning the page adds a history entry.
 */
export function useListFilters<F extends Record<string, FilterValue>>(
  read: (params: URLSearchParams) => F,
  defaults: F,
): [WithPage<F>, (patch: Partial<WithPage<F>>) => void] {
  const [params, setParams] = useSearchParams();
  // Two changes before the page re-renders (two fields filled at once) must both stay: the next
  // address is built on the last one asked for, not on the render's.
  const latest = useRef(params);
  // The addresses asked for and not yet rendered, oldest first. A render of one of them is a step
  // on the way to the last one asked (a status chosen, then a date at once: the status's page may
  // render after the date was asked), not news; any other address came from outside (back, a link).
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const step = pending.current.indexOf(params.toString());
    if (step >= 0) pending.current.splice(0, step + 1);
    else pending.current = [];
    if (pending.current.length === 0) latest.current = params;
  }, [params]);
  const filtersOf = (from: URLSearchParams): WithPage<F> => {
    const page = Number(from.get('page'));
    return { ...read(from), page: Number.isInteger(page) && page > 0 ? page : 1 };
  };
  const filters = filtersOf(params);
  const update = (patch: Partial<WithPage<F>>) => {
    const paging = 'page' in patch;
    const next: WithPage<F> = { ...filtersOf(latest.current), ...patch, page: paging ? (patch.page ?? 1) : 1 };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      if (key !== 'page' && value !== null && value !== defaults[key]) search.set(key, String(value));
    }
    if (next.page > 1) search.set('page', String(next.page));
    latest.current = search;
    pending.current.push(search.toString());
    setParams(search, { replace: !paging });
  };
  return [filters, update];
}
