import { useSuspenseQuery } from '@tanstack/react-query';
import { formatPhone } from '#shared/phone.ts';
import { Phone } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { MetaFn } from '#client/lib/page.ts';
import { useBranches } from '#client/lib/branches.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { cn, telHref } from '#client/lib/utils.ts';
import { footerLinks, paths } from '#client/paths.ts';
import { formatDay } from '#shared/dates.ts';
import { infoPageKey, infoPages } from './info-content.tsx';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

/** One module for /faq, /shipping, /returns, /warranty, /privacy, /terms and /cookies. */
export const meta: MetaFn = ({ url }) => {
  const key = infoPageKey(url.pathname);
  if (!key) return {};
  const page = infoPages[key];
  return { title: page.title, description: page.description, canonicalPath: `/${key}` };
};

export function Component() {
  const { pathname } = useLocation();
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const branches = useBranches();
  const key = infoPageKey(pathname);
  if (!key) return null; // the route table sends only the seven info paths here
  const { title, lead, updated, Content } = infoPages[key];
  const current = `/${key}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: title }]} />

      <div className="mt-6 grid gap-12 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <article className="max-w-3xl min-w-0">
          <header className="mb-8 space-y-3 border-b pb-6">
            <h1 className="text-2xl leading-tight font-extrabold break-words sm:text-4xl">{title}</h1>
            <p className="text-lg leading-relaxed text-muted-foreground">{lead}</p>
            {updated && (
              <p className="text-sm text-muted-foreground">
                Редакция от <time dateTime={updated}>{formatDay(updated)}</time>
              </p>
            )}
          </header>
          <Content settings={settings} branches={branches} />
        </article>

        <aside className="space-y-6 lg:sticky lg:top-32 lg:self-start">
          <HeadedSection as="nav" id="info-nav-heading" title="Покупателям" headingClassName="px-2 text-sm font-semibold text-muted-foreground" className="rounded-lg border p-4">
            <ul className="mt-2 grid gap-0.5 text-sm">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={link.to === current ? 'page' : undefined}
                    className={cn(
                      'flex min-h-10 items-center rounded-md px-2 py-2 leading-snug transition-colors hover:bg-muted',
                      link.to === current && 'bg-accent font-semibold text-accent-foreground',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </HeadedSection>
          <div className="rounded-lg bg-header p-5 text-header-muted">
            <h2 className="font-semibold text-header-foreground">Остались вопросы?</h2>
            <p className="mt-1 text-sm">{settings.shop.workingHours || 'Ответим в рабочее время.'}</p>
            <a
              href={telHref(settings.shop.contactPhone)}
              className="mt-3 flex items-center gap-2 font-semibold text-header-foreground hover:underline"
            >
              <Phone className="size-4" aria-hidden />
              {formatPhone(settings.shop.contactPhone)}
            </a>
            <Button asChild className="mt-4 w-full">
              <Link to={paths.contacts}>Написать нам</Link>
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}
