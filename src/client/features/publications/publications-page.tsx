import { User } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import type { MetaFn } from '#client/lib/page.ts';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import {
  ARTICLE_CATEGORIES,
  articles,
  articlesByDate,
  type Article,
  type ArticleCategory,
} from '#shared/articles.ts';
import { ArticleTimes } from './article-times.tsx';

const parseCategory = (value: string | null): ArticleCategory | null =>
  ARTICLE_CATEGORIES.includes(value as ArticleCategory) ? (value as ArticleCategory) : null;

export const meta: MetaFn = ({ url }) => {
  const category = parseCategory(url.searchParams.get('category'));
  return {
    title: category ? `Публикации: ${category}` : 'Публикации',
    description:
      'Статьи о профессиональном инструменте: как выбрать перфоратор и шуруповёрт, уход за аккумуляторами, техника безопасности, сравнения DCK и P.I.T и новости компании.',
    canonicalPath: paths.publications,
  };
};

function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
      <div className="aspect-[16/10] overflow-hidden bg-muted">
        <img
          src={article.cover}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          className="size-full object-contain p-6 transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge variant="secondary">{article.category}</Badge>
        <h2 className="text-lg leading-snug font-semibold">
          <Link
            to={paths.publication(article.id)}
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {article.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{article.excerpt}</p>
        <div className="mt-auto grid gap-1.5 border-t pt-3 text-xs text-muted-foreground">
          <span className="flex min-w-0 items-center gap-1.5">
            <User className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{article.author}</span>
          </span>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <ArticleTimes article={article} iconClassName="size-3.5" />
          </span>
        </div>
      </div>
    </article>
  );
}

const chipClass = (active: boolean) =>
  cn(
    'inline-flex h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors md:h-9',
    active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted',
  );

export function Component() {
  const [params] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const list = articlesByDate(category ? articles.filter((a) => a.category === category) : articles);
  const countOf = (c: ArticleCategory) => articles.filter((a) => a.category === c).length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: 'Публикации' }]} />
      <header className="mt-6 max-w-3xl space-y-3">
        <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">Публикации</h1>
        <p className="text-lg text-muted-foreground">
          Советы по выбору и эксплуатации инструмента, обзоры, сравнения и новости компании от наших специалистов.
        </p>
      </header>

      <nav aria-label="Рубрики публикаций" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={paths.publications} className={chipClass(!category)} aria-current={!category ? 'page' : undefined}>
              Все
              <span className="text-xs opacity-80">{articles.length}</span>
            </Link>
          </li>
          {ARTICLE_CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to={`${paths.publications}?category=${encodeURIComponent(c)}`}
                className={chipClass(category === c)}
                aria-current={category === c ? 'page' : undefined}
              >
                {c}
                <span className="text-xs opacity-80">{countOf(c)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {list.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-lg border bg-muted p-6 text-center text-muted-foreground">
          В этой рубрике пока нет публикаций.{' '}
          <Link to={paths.publications} className="font-medium text-primary underline underline-offset-4">
            Показать все
          </Link>
        </p>
      )}
    </div>
  );
}
