import type { QueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lightbulb, User } from 'lucide-react';
import { Link, useParams, type LoaderFunction } from 'react-router';
import { ContentTable } from '#client/components/content-table.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Breadcrumbs, type BreadcrumbItem } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { breadcrumbJsonLd } from '#client/lib/json-ld.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { paths } from '#client/paths.ts';
import {
  articlesByDate,
  findArticle,
  formatArticleDate,
  readTimeLabel,
  type Article,
  type ArticleBlock,
} from '#shared/articles.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';
import { ArticleTimes } from './article-times.tsx';

/** An unknown id is a 404: the route's error boundary shows the not-found page. */
export const loader =
  (_queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    if (!findArticle(params.id)) throw new Response(null, { status: 404, statusText: 'Not Found' });
    return null;
  };

/** 'Алексей Смирнов, технический специалист' -> a person; 'Пресс-служба компании' -> the organisation. */
const authorLd = (author: string, shopName: string) => {
  const [name] = author.split(',');
  return author.includes(',') ? { '@type': 'Person', name: name!.trim() } : { '@type': 'Organization', name: shopName };
};

const crumbs = (article: Article): BreadcrumbItem[] => [
  { label: 'Главная', to: paths.home },
  { label: 'Публикации', to: paths.publications },
  { label: article.title },
];

export const meta: MetaFn = ({ params, settings, url }) => {
  const article = findArticle(params.id);
  if (!article) return { title: 'Страница не найдена', noindex: true };
  const pageUrl = `${url.origin}${paths.publication(article.id)}`;
  return {
    title: article.title,
    description: article.excerpt,
    image: article.cover,
    ogType: 'article',
    canonicalPath: paths.publication(article.id),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.excerpt,
        image: [`${url.origin}${article.cover}`],
        datePublished: article.date,
        dateModified: article.date,
        articleSection: article.category,
        inLanguage: 'ru-RU',
        author: authorLd(article.author, settings.shop.shopName),
        publisher: { '@type': 'Organization', name: settings.shop.shopName, url: url.origin },
        mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
      },
      breadcrumbJsonLd(
        url.origin,
        crumbs(article).map((c) => ({ name: c.label, path: c.to ?? pageUrl })),
      ),
    ],
  };
};

function Block({ block }: { block: ArticleBlock }) {
  switch (block.type) {
    case 'h2':
      return <h2 className="mt-10 text-xl font-bold sm:text-2xl">{block.text}</h2>;
    case 'p':
      return <p className="mt-4 leading-relaxed">{block.text}</p>;
    case 'ul':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed marker:font-semibold marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'tip':
      return (
        <aside className="mt-8 flex gap-3 rounded-lg border border-primary/20 border-l-4 border-l-primary bg-accent p-4 sm:p-5">
          <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold text-accent-foreground">{block.title}</p>
            <p className="mt-1 leading-relaxed">{block.text}</p>
          </div>
        </aside>
      );
    case 'table':
      return <ContentTable caption={block.caption} head={block.head} rows={block.rows} className="mt-6" />;
  }
}

/** Up to three other articles: the same rubric first, then the newest. */
const relatedTo = (article: Article) => {
  const others = articlesByDate().filter((a) => a.id !== article.id);
  return [...others.filter((a) => a.category === article.category), ...others.filter((a) => a.category !== article.category)].slice(0, 3);
};

export function Component() {
  const { id } = useParams();
  const article = findArticle(id);
  if (!article) return null; // the loader answers 404 before this can happen

  const related = relatedTo(article);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={crumbs(article)} />

      <article className="mx-auto mt-6 max-w-3xl">
        <header className="space-y-4">
          <Badge asChild variant="secondary">
            <Link to={`${paths.publications}?category=${encodeURIComponent(article.category)}`}>{article.category}</Link>
          </Badge>
          <h1 className="text-2xl leading-tight font-extrabold sm:text-4xl">{article.title}</h1>
          <p className="text-lg leading-relaxed text-muted-foreground">{article.excerpt}</p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <span className="flex min-w-0 items-center gap-1.5">
              <User className="size-4 shrink-0" aria-hidden />
              {article.author}
            </span>
            <ArticleTimes article={article} iconClassName="size-4" />
          </div>
        </header>

        <div className="mt-6 overflow-hidden rounded-lg border bg-muted">
          <img src={article.cover} alt="" width={960} height={540} className="aspect-video w-full object-contain p-6 sm:aspect-[21/9]" />
        </div>

        <div className="mt-4">
          {article.body.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </div>

        <footer className="mt-12 border-t pt-6">
          <Button asChild variant="outline">
            <Link to={paths.publications}>
              <ArrowLeft aria-hidden />
              Все публикации
            </Link>
          </Button>
        </footer>
      </article>

      {related.length > 0 && (
        <HeadedSection id="related-heading" title="Читайте также" headingClassName="text-2xl font-bold" className="mx-auto mt-14 max-w-5xl">
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {related.map((a) => (
              <li key={a.id} className="relative flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-sm transition-shadow hover:shadow-md">
                <Badge variant="secondary">{a.category}</Badge>
                <h3 className="leading-snug font-semibold">
                  <Link to={paths.publication(a.id)} className="after:absolute after:inset-0 after:content-[''] hover:text-primary">
                    {a.title}
                  </Link>
                </h3>
                <p className="mt-auto text-xs text-muted-foreground">
                  <time dateTime={a.date}>{formatArticleDate(a.date)}</time> · {readTimeLabel(a.readTime)}
                </p>
              </li>
            ))}
          </ul>
        </HeadedSection>
      )}
    </div>
  );
}
