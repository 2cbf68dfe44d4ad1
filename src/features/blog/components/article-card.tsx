import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { usePrefetchArticle } from '../api/prefetch-article';
import type { GridLead } from '../lib/featured';
import { blogMessages } from '../messages';
import type { BlogArticle } from '../schemas';
import { ArticleDate, ReadTime } from './article-meta';
import { ArticleCover } from './article-cover';
import { ArrowRightIcon } from '@/components/ui/icons';

type CardArticle = Pick<
  BlogArticle,
  'slug' | 'title' | 'intro' | 'category' | 'read_time' | 'created_at' | 'cover_image' | 'cover_alt'
>;

// Tailwind only ships classes written out in full, so each layout of a card is spelled here.
function layoutClasses(featured: boolean, lead?: GridLead) {
  // The featured card lays its cover beside the text from lg up: at md its long title would make the row tall and
  // crop the picture. Below lg the title and intro come first and the picture under them, so a phone's first screen
  // names the article (docs/decisions/050).
  if (featured)
    return {
      card: 'flex-col-reverse lg:flex-row',
      cover: 'lg:w-1/2',
      image: 'lg:h-full',
      sizes: '(min-width: 1024px) 600px, 100vw',
    };
  const card = cn(lead?.wideMd && 'md:flex-row', lead && (lead.lgSpan > 1 ? 'lg:flex-row' : 'lg:flex-col'));
  const cover = cn(lead?.wideMd && 'md:w-1/2', lead && (lead.lgSpan > 1 ? 'lg:w-1/2' : 'lg:w-full'));
  const image = cn(lead?.wideMd && 'md:h-full', lead && lead.lgSpan > 1 && 'lg:h-full');
  return { card, cover, image, sizes: '(min-width: 768px) 600px, 100vw' };
}

/**
 * One article in the list. The action link stretches over the whole card, so the card is one click target and one
 * tab stop; its text starts with the visible words and adds the title for screen readers and crawlers ('Read More:
 * <title>'), so a list of links read out of context still says where each one goes.
 */
export function ArticleCard({
  article,
  variant,
  lead,
  priority = false,
}: {
  article: CardArticle;
  variant: 'featured' | 'grid';
  /** Set on the first card of the grid, which may spread over a row so none ends with an orphan. */
  lead?: GridLead;
  /** The cover a visitor sees first loads eagerly; the rest wait until they scroll near. */
  priority?: boolean;
}) {
  const featured = variant === 'featured';
  const action = featured ? blogMessages.readArticle : blogMessages.readMore;
  const prefetch = usePrefetchArticle();
  const layout = layoutClasses(featured, lead);
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 hover:shadow-md',
        layout.card,
      )}
    >
      <div className={cn('shrink-0 overflow-hidden bg-muted', layout.cover)}>
        <ArticleCover
          article={article}
          sizes={layout.sizes}
          priority={priority}
          className={cn(
            'transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none motion-reduce:group-hover:scale-100',
            layout.image,
          )}
        />
      </div>
      <div className={cn('flex flex-1 flex-col', featured ? 'p-6 sm:p-8' : 'p-6')}>
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
