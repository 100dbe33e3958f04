import { useLocation } from 'react-router';
import type { Branch } from '#shared/schemas/branches.ts';

/**
 * «Ваш город: Волгоград» and the five cities: a native disclosure and a plain form, no script of
 * its own (the home page's first load stays small). The server remembers the choice in the city
 * cookie and sends the visitor back to the page, rendered with that city's availability.
 */
export function CityPicker({ branches, city }: { branches: Branch[]; city: Branch | null }) {
  const location = useLocation();
  if (!city) return null;
  return (
    <details className="group relative" data-testid="city-picker">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-1 py-1 text-header-foreground hover:underline [&::-webkit-details-marker]:hidden">
        <span className="text-header-muted">Ваш город:</span> <span className="font-medium">{city.city}</span>
        <span aria-hidden className="text-[10px] transition group-open:rotate-180">▼</span>
      </summary>
      <form
        method="post"
        action="/api/city"
        className="absolute right-0 z-50 mt-1 w-60 rounded-md border border-border bg-background p-2 text-sm text-foreground shadow-lg"
      >
        <input type="hidden" name="back" value={location.pathname + location.search} />
        <p className="px-2 pt-1 pb-2 text-xs text-muted-foreground">Выберите город: покажем наличие в нём</p>
        <ul>
          {branches.map((b) => (
            <li key={b.id}>
              <button
                type="submit"
                name="city"
                value={b.slug}
                aria-current={b.id === city.id ? 'true' : undefined}
                className="w-full rounded px-2 py-2 text-left hover:bg-muted aria-[current]:font-semibold aria-[current]:text-primary"
              >
                {b.city}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
