import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { articlesByDate } from '#shared/articles.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { categoriesQuery } from '#client/lib/categories.ts';
import { footerLinks, paths } from '#client/paths.ts';
import { productsCount } from '#shared/plural.ts';
import type { Category } from '#shared/types.ts';

export const meta: MetaFn = () => ({
  title: 'Карта сайта',
  description: 'Карта сайта интернет-магазина инструмента: все категории каталога, публикации и информационные страницы.',
});

const mainPages = [
  { to: paths.home, label: 'Главная' },
  { to: paths.about, label: 'О компании' },
  { to: paths.contacts, label: 'Контакты' },
  { to: paths.cart, label: 'Корзина' },
  { to: paths.auth, label: 'Вход и регистрация' },
  { to: paths.profile, label: 'Личный кабинет' },
];

const linkClass = 'underline-offset-4 hover:text-primary hover:underline';

function Group({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="border-b pb-2 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CategoryItem({ category, childrenOf }: { category: Category; childrenOf: Map<number, Category[]> }) {
  const children = childrenOf.get(category.id) ?? [];
  return (
    <li>
      <Link to={paths.category(category.slug)} className={linkClass}>
        {category.name}
      </Link>
      {category.productCount > 0 && (
        <span className="ml-1.5 text-xs whitespace-nowrap text-muted-foreground">{productsCount(category.productCount)}</span>
      )}
      {children.length > 0 && (
        <ul className="mt-2 space-y-2 border-l pl-4">
          {children.map((child) => (
            <CategoryItem key={child.id} category={child} childrenOf={childrenOf} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function Component() {
  const { data: categories } = useSuspenseQuery(categoriesQuery());

  const ids = new Set(categories.map((c) => c.id));
  const childrenOf = new Map<number, Category[]>();
  const roots: Category[] = [];
  for (const c of categories) {
    if (c.parentId !== null && c.parentId !== c.id && ids.has(c.parentId)) {
      childrenOf.set(c.parentId, [...(childrenOf.get(c.parentId) ?? []), c]);
    } else {
      roots.push(c);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Карта сайта' }]} />
      <header className="mt-6 max-w-3xl space-y-3">
        <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">Карта сайта</h1>
        <p className="text-lg text-muted-foreground">Все разделы магазина на одной странице.</p>
      </header>

      <div className="mt-8 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <Group id="sitemap-main" title="Основные страницы">
          <ul className="mt-4 space-y-2">
            {mainPages.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={linkClass}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </Group>

        <Group id="sitemap-catalog" title="Каталог" className="sm:row-span-2 lg:row-span-1">
          <ul className="mt-4 space-y-2">
            <li>
              <Link to={paths.products} className={`${linkClass} font-semibold`}>
                Все товары
              </Link>
            </li>
            {roots.map((c) => (
              <CategoryItem key={c.id} category={c} childrenOf={childrenOf} />
            ))}
          </ul>
          {categories.length === 0 && <p className="mt-3 text-sm text-muted-foreground">В каталоге пока нет категорий.</p>}
        </Group>

        <Group id="sitemap-publications" title="Публикации">
          <ul className="mt-4 space-y-2">
            <li>
              <Link to={paths.publications} className={`${linkClass} font-semibold`}>
                Все публикации
              </Link>
              <p className="mt-1 text-sm text-muted-foreground">Обзоры, советы, сравнения, безопасность и новости компании</p>
            </li>
            {articlesByDate().map((a) => (
              <li key={a.id}>
                <Link to={paths.publication(a.id)} className={linkClass}>
                  {a.title}
                </Link>
              </li>
            ))}
          </ul>
        </Group>

        <Group id="sitemap-info" title="Покупателям">
          <ul className="mt-4 space-y-2">
            {footerLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass} aria-current={l.to === paths.sitemap ? 'page' : undefined}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </Group>
      </div>
    </div>
  );
}
