import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { usePrefetchArticle } from '../api/prefetch-article';
import { blogMessages } from '../messages';
import type { BlogArticle } from '../schemas';
import { ArticleDate, ReadTime } from './article-meta';
import { ArrowRightIcon } from '@/components/ui/icons';

type CardArticle = Pick<BlogArticle, 'slug' | 'title' | 'intro' | 'category' | 'read_time' | 'created_at'>;

/**
 * One article in the list. The action link stretches over the whole card, so the card is one click target and one
 * tab stop; its text starts with the visible words and adds the title for screen readers and crawlers ('Read More:
 * <title>'), so a list of links read out of context still says where each one goes.
 */
export function ArticleCard({ article, variant }: { article: CardArticle; variant: 'featured' | 'grid' }) {
  const featured = variant === 'featured';
  const action = featured ? blogMessages.readArticle : blogMessages.readMore;
  const prefetch = usePrefetchArticle();
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 hover:shadow-md',
        featured ? 'overflow-hidden md:flex-row' : 'p-6',
      )}
    >
      {featured && (
        <div
          aria-hidden="true"
          className="flex items-center justify-center bg-gradient-to-br from-primary to-teal-500 p-8 text-primary-foreground md:w-2/5"
        >
          <svg viewBox="0 0 120 80" className="h-24 w-36 sm:h-28 sm:w-40" fill="none">
            <path
              d="M8 72h104"
              stroke="currentColor"
              strokeOpacity="0.5"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <rect x="16" y="48" width="14" height="20" rx="3" fill="currentColor" fillOpacity="0.45" />
            <rect x="40" y="36" width="14" height="32" rx="3" fill="currentColor" fillOpacity="0.6" />
            <rect x="64" y="24" width="14" height="44" rx="3" fill="currentColor" fillOpacity="0.75" />
            <rect x="88" y="10" width="14" height="58" rx="3" fill="currentColor" />
            <path
              d="M14 40 44 26l24-8 34-14"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      )}
      <div className={cn('flex flex-1 flex-col', featured && 'p-6 sm:p-8')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <Badge variant="secondary">{article.category}</Badge>
          <ReadTime value={article.read_time} />
        </div>
        <h3
          className={cn(
            'mt-4 font-bold leading-snug tracking-tight text-foreground group-hover:text-primary',
            featured ? 'text-2xl sm:text-3xl' : 'text-xl',
          )}
        >
          {article.title}
        </h3>
        <p className={cn('mt-3 text-muted-foreground', featured ? 'line-clamp-4' : 'line-clamp-3')}>
          {article.intro}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-6 text-sm text-muted-foreground">
          <ArticleDate value={article.created_at} />
          <Link
            to={paths.article(article.slug)}
            aria-label={`${action}: ${article.title}`}
            onMouseEnter={() => prefetch(article.slug)}
            onFocus={() => prefetch(article.slug)}
            className={cn(
              'inline-flex items-center gap-1.5 font-semibold text-primary after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none',
              featured && 'rounded-md bg-primary px-4 py-2 text-primary-foreground',
            )}
          >
            {action}
            <span className="sr-only">: {article.title}</span>
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </article>
  );
}
