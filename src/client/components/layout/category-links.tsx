import { Link } from 'react-router';
import { paths } from '#client/paths.ts';
import type { Category } from '#shared/types.ts';

type CategoryLinksProps = {
  categories: Category[];
  className?: string;
  /** Only the first categories (the footer); all of them when absent. */
  limit?: number;
  /** Each category's number of products beside its name, with this class. */
  countClassName?: string;
  linkClassName: string;
  /** The closing «Все товары» item and its link. */
  allItemClassName?: string;
  allLinkClassName: string;
};

/** The catalogue's categories as a list of links ending with «Все товары»: footer, burger menu and the desktop «Товары» menu. */
export function CategoryLinks({ categories, limit, countClassName, linkClassName, allItemClassName, allLinkClassName, className }: CategoryLinksProps) {
  return (
    <ul className={className}>
      {categories.slice(0, limit).map((c) => (
        <li key={c.id}>
          <Link to={paths.category(c.slug)} className={linkClassName}>
            {countClassName === undefined ? (
              c.name
            ) : (
              <>
                <span>{c.name}</span>
                <span className={countClassName}>{c.productCount}</span>
              </>
            )}
          </Link>
        </li>
      ))}
      <li className={allItemClassName}>
        <Link to={paths.products} className={allLinkClassName}>
          Все товары
        </Link>
      </li>
    </ul>
  );
}
