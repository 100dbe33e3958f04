import { CalendarDays, Clock3 } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { formatArticleDate, readTimeLabel, type Article } from '#shared/articles.ts';

/** When an article came out and how long it reads, each after its icon (`iconClassName` sizes both). */
export function ArticleTimes({ article, iconClassName }: { article: Pick<Article, 'date' | 'readTime'>; iconClassName: string }) {
  return (
    <>
      <span className="flex items-center gap-1.5">
        <CalendarDays className={cn('shrink-0', iconClassName)} aria-hidden />
        <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      </span>
      <span className="flex items-center gap-1.5">
        <Clock3 className={cn('shrink-0', iconClassName)} aria-hidden />
        {readTimeLabel(article.readTime)}
      </span>
    </>
  );
}
