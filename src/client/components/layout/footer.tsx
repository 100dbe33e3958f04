import { Link } from 'react-router';
import { formatPhone } from '#shared/phone.ts';
import { telHref } from '#client/lib/utils.ts';
import { FOOTER_CATEGORY_COUNT } from '#shared/constants.ts';
import { shopToday } from '#shared/dates.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Category } from '#shared/types.ts';
import { CategoryLinks } from './category-links.tsx';
import { Logo } from './logo.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { ShopContacts } from './shop-contacts.tsx';

type FooterProps = {
  shop: ShopSettings;
  categories: Category[];
  branches: Branch[];
  links: readonly { to: string; label: string }[];
  versionLabel: string;
};

/**
 * Laid out only near the screen (`render-later`); until then its box is the height it is given
 * here, a little more than it takes at each width (1560 px at 375, 1070 at 640, 950 at 768, 590
 * from 1024). A shorter box left the lower part (the branches) over the white page, where
 * Lighthouse and axe read it as light text on white.
 */
const FOOTER_SPACE =
  '[contain-intrinsic-size:auto_1800px] sm:[contain-intrinsic-size:auto_1200px] md:[contain-intrinsic-size:auto_1050px] lg:[contain-intrinsic-size:auto_660px]';

export function Footer({ shop, categories, branches, links, versionLabel }: FooterProps) {
  return (
    <footer className={`render-later ${FOOTER_SPACE} mt-16 bg-header pb-20 text-header-muted md:pb-0`}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contacts" className="min-w-0 space-y-4">
          <Logo name={shop.shopName} inverted />
          <h2 id="footer-contacts" className="sr-only">
            Контакты
          </h2>
          <ShopContacts
            shop={shop}
            phoneClassName="text-base font-semibold text-header-foreground hover:underline"
            linkClassName="hover:text-header-foreground"
          />
        </section>
        <nav aria-labelledby="footer-catalog">
          <h2 id="footer-catalog" className="mb-3 text-sm font-semibold text-header-foreground">
            Каталог
          </h2>
          <CategoryLinks
            categories={categories}
            limit={FOOTER_CATEGORY_COUNT}
            className="space-y-2 text-sm"
            linkClassName="hover:text-header-foreground"
            allLinkClassName="font-medium text-header-foreground hover:underline"
          />
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="mb-3 text-sm font-semibold text-header-foreground">
            Покупателям
          </h2>
          <ul className="space-y-2 text-sm">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-header-foreground">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Рассылка" className="min-w-0">
          <NewsletterForm />
        </section>
      </div>
      {branches.length > 0 && (
        <section aria-labelledby="footer-branches" className="border-t border-zinc-800">
          <div className="mx-auto max-w-7xl px-4 py-6">
            <h2 id="footer-branches" className="mb-3 text-sm font-semibold text-header-foreground">
              Филиалы
            </h2>
            <ul className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-5">
              {branches.map((b) => (
                <li key={b.id}>
                  <p className="font-medium text-header-foreground">{b.city}</p>
                  <p>{b.address}</p>
                  <a href={telHref(b.phone)} className="hover:text-header-foreground">
                    {formatPhone(b.phone)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <div className="border-t border-zinc-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs">
          <p>
            © {shopToday().slice(0, 4)} {shop.shopName}. Профессиональный инструмент DCK и P.I.T.
          </p>
          <span hidden data-version={versionLabel}>
            {versionLabel}
          </span>
        </div>
      </div>
    </footer>
  );
}
