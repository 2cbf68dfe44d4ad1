import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { NotFoundView, useBreadcrumbLabel } from '@/components/layout';
import { faqJsonLd, Seo } from '@/components/seo';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useArticle } from '../api/get-article';
import { useRelatedArticles } from '../api/get-related-articles';
import { formatWordCount, isoTimestamp } from '../lib/format';
import { blogPostingJsonLd } from '../lib/structured-data';
import { articleWordCount } from '../lib/word-count';
import { blogMessages } from '../messages';
import type { BlogArticle } from '../schemas';
import { ArticleDate, ReadTime } from './article-meta';
import {
  ArticleBody,
  ArticleFaq,
  ArticleSummary,
  ComparisonTable,
  ExploreMore,
  InThisArticle,
  KeyTakeaways,
  RelatedArticles,
  tableTitle,
} from './article-sections';
import { ArticleCover } from './article-cover';
import { articleCover } from '../lib/cover';
import { LoadingText } from './loading-text';
import { ShareButton } from './share-button';
import { ArrowLeftIcon } from '@/components/ui/icons';

function BackToBlog({ className }: { className?: string }) {
  return (
    <Link
      to={paths.blog}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: `-ml-3 ${className ?? ''}` })}
    >
      <ArrowLeftIcon />
      {blogMessages.backToBlog}
    </Link>
  );
}

/** SPEC §2: a missing row and a failed fetch both end here. */
export function ArticleNotFound({ slug }: { slug: string }) {
  return (
    <>
      <Seo
        title={blogMessages.notFoundTitle}
        description={blogMessages.notFoundDescription}
        path={paths.article(slug)}
        noindex
      />
      <NotFoundView
        title={blogMessages.notFoundTitle}
        description={blogMessages.notFoundDescription}
        action={{ to: paths.blog, label: blogMessages.backToBlog }}
      />
    </>
  );
}

function Related({ slug }: { slug: string }) {
  const related = useRelatedArticles(slug);
  // Related reading is a bonus: while it loads or if it fails, the article simply ends without it.
  if (!related.data || related.data.length === 0) return null;
  return <RelatedArticles articles={related.data} />;
}

function ArticleContent({ article }: { article: BlogArticle }) {
  const wordCount = useMemo(() => articleWordCount(article), [article]);
  const path = paths.article(article.slug);
  const hasTakeaways = article.key_takeaways.length > 0;
  const hasTable = article.columns.length > 0;
  const cover = articleCover(article);
  const jsonLd = [
    blogPostingJsonLd(article, wordCount),
    ...(article.faq.length > 0 ? [faqJsonLd(article.faq)] : []),
  ];

  return (
    <>
      <Seo
        title={article.title}
        description={article.meta_description}
        path={path}
        type="article"
        image={cover.social}
        imageAlt={cover.alt || article.title}
        imageSize={{ width: 1200, height: 630 }}
        breadcrumbLabel={article.title}
        jsonLd={jsonLd}
      />
      <meta property="article:published_time" content={isoTimestamp(article.created_at)} />
      <meta property="article:section" content={article.category} />
      <meta property="article:author" content={site.name} />
      <article className="container max-w-3xl py-8 sm:py-12">
        <BackToBlog />
        <header className="mt-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{article.category}</Badge>
            {article.featured && <Badge variant="accent">{blogMessages.featuredBadge}</Badge>}
          </div>
          <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl lg:text-[2.75rem] lg:leading-[1.15]">
            {article.title}
          </h1>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y py-4">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-2 font-medium text-foreground">
                <span
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  F
                </span>
                <span>
                  <span className="sr-only">By </span>
                  {blogMessages.author}
                </span>
              </span>
              <ArticleDate value={article.created_at} />
              <ReadTime value={article.read_time} />
              {/* The whole article's words, so the figure agrees with the read time beside it (decision 043). */}
              <span>{formatWordCount(wordCount)}</span>
            </div>
            <ShareButton title={article.title} text={article.meta_description} />
          </div>
        </header>

        <div className="mt-8">
          <ArticleBody
            article={article}
            afterIntro={
              <>
                <ArticleCover
                  article={article}
                  priority
                  sizes="(min-width: 768px) 720px, 100vw"
                  className="mt-8 rounded-xl border"
                />
                {hasTakeaways && (
                  <div className="mt-8">
                    <InThisArticle article={article} />
                  </div>
                )}
              </>
            }
          />
        </div>

        <div className="mt-12 space-y-12">
          {hasTable && (
            <ComparisonTable columns={article.columns} rows={article.rows} heading={tableTitle(article)} />
          )}
          {hasTakeaways && <KeyTakeaways items={article.key_takeaways} />}
          {article.summary.trim() && <ArticleSummary summary={article.summary} />}
          {article.faq.length > 0 && <ArticleFaq items={article.faq} />}
        </div>

        <div className="mt-16 space-y-12 border-t pt-12">
          <Related slug={article.slug} />
          <ExploreMore />
        </div>
      </article>
    </>
  );
}

/** /blog/:slug: SPEC §2 Article page. */
export function ArticlePage({ slug }: { slug: string }) {
  const article = useArticle(slug);
  useBreadcrumbLabel(article.data?.title);

  // Moving from one article to a related one starts at the top, unless the address points into the page.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [slug]);

  if (article.isPending) {
    return (
      <div className="container max-w-3xl">
        <LoadingText>{blogMessages.articleLoading}</LoadingText>
      </div>
    );
  }
  if (article.isError) return <ArticleNotFound slug={slug} />;
  return <ArticleContent article={article.data} />;
}
