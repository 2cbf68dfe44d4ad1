import { cn } from '@/lib/utils';
import { articleCover, COVER_HEIGHT, COVER_WIDTH } from '../lib/cover';
import type { BlogArticle } from '../schemas';

/**
 * An article's cover with its intrinsic size, so the page reserves the box before the file arrives (no layout shift).
 * `priority` is for the one cover near the top of the page (the article's, the featured card's): it loads at once,
 * the rest when the visitor scrolls near. None asks for high priority: on a phone the headline and the opening words
 * paint first, and the picture below them must not hold the document up (docs/decisions/050).
 */
export function ArticleCover({
  article,
  sizes,
  priority = false,
  className,
}: {
  article: Pick<BlogArticle, 'cover_image' | 'cover_alt'>;
  /** The rendered width per breakpoint, which picks the 600 or the 1200 px file. */
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const cover = articleCover(article);
  return (
    <img
      src={cover.src}
      srcSet={cover.srcSet}
      sizes={cover.srcSet ? sizes : undefined}
      alt={cover.alt}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      className={cn('aspect-[40/21] h-auto w-full bg-muted object-cover', className)}
    />
  );
}
