import { Link } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import { useLegacyFavorites, useLists } from '#client/lib/list-changes.ts';
import { paths } from '#client/paths.ts';
import { CountLink, countLabel } from './count-link.tsx';

/** The two lists as the header and the burger menu name them. */
const LIST_LINKS = [
  { kind: 'favorites', to: paths.favorites, icon: 'heart', label: 'Избранное' },
  { kind: 'compare', to: paths.compare, icon: 'chart-column', label: 'Сравнение' },
] as const;

/**
 * The header's favourites and comparison with their counts. Rendered by the server with the
 * page; its code comes after the first load (deferred hydration), and with it the one-time move
 * of favourites kept in this browser's localStorage.
 */
export function ListCounters() {
  const lists = useLists();
  useLegacyFavorites();
  return (
    <>
      {LIST_LINKS.map((list) => (
        <CountLink key={list.kind} to={list.to} icon={list.icon} label={list.label} count={lists[list.kind].length} />
      ))}
    </>
  );
}

/** The burger menu's rows for the same lists: icon, name and count, read as the header's counters are. */
export function ListMenuLinks() {
  const lists = useLists();
  return (
    <ul>
      {LIST_LINKS.map((list) => (
        <li key={list.kind}>
          <Link to={list.to} className="flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-muted" aria-label={countLabel(list.label, lists[list.kind].length)}>
            <Icon name={list.icon} className="size-5" />
            <span className="flex-1">{list.label}</span>
            <span className="text-sm text-muted-foreground tabular-nums">{lists[list.kind].length}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
