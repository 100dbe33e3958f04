import { useLegacyFavorites, useLists } from '#client/lib/list-changes.ts';
import { paths } from '#client/paths.ts';
import { CountLink } from './count-link.tsx';

/**
 * The header's favourites and comparison with their counts. Rendered by the server with the
 * page; its code comes after the first load (deferred hydration), and with it the one-time move
 * of favourites kept in this browser's localStorage.
 */
export function ListCounters() {
  const { favorites, compare } = useLists();
  useLegacyFavorites();
  return (
    <>
      <CountLink to={paths.favorites} icon="heart" label="Избранное" count={favorites.length} />
      <CountLink to={paths.compare} icon="chart-column" label="Сравнение" count={compare.length} />
    </>
  );
}
