import { useState, type ReactNode } from 'react';
import { Seo } from '@/components/seo';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cn } from '@/lib/utils';
import { useArticles } from '../api/get-articles';
import {
  ALL_CATEGORIES,
  categoriesOf,
  filterByCategory,
  gridLead,
  splitFeatured,
  type GridLead,
} from '../lib/featured';
import { blogJsonLd } from '../lib/structured-data';
import { blogMessages } from '../messages';
import type { BlogArticle } from '../schemas';
import { ArticleCard } from './article-card';
import { LoadingText } from './loading-text';

export const FEED_PATH = '/blog/feed.xml';

function CategoryFilter({
  categories,
  active,
  onChange,
}: {
  categories: string[];
  active: string;
  onChange: (category: string) => void;
}) {
  return (
    <div role="group" aria-label={blogMessages.filterLabel} className="flex flex-wrap gap-2">
      {categories.map((category) => {
        const pressed = category === active;
        return (
          <Button
            key={category}
            size="sm"
            variant={pressed ? 'default' : 'outline'}
            aria-pressed={pressed}
            onClick={() => onChange(category)}
            className="rounded-full"
          >
            {category}
          </Button>
        );
      })}
    </div>
  );
}

// Written out in full for Tailwind: the first card's column span at two and three columns.
function leadSpan(lead: GridLead) {
  return cn(
    lead.wideMd && 'md:col-span-2',
    lead.lgSpan === 3 ? 'lg:col-span-3' : lead.lgSpan === 2 ? 'lg:col-span-2' : 'lg:col-span-1',
  );
}

/** A part of the list (featured, latest), named by its heading. */
function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-5 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ArticleSections({ articles }: { articles: BlogArticle[] }) {
  const { featured, latest } = splitFeatured(articles);
  const lead = gridLead(latest.length);
  if (articles.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
        {blogMessages.emptyCategory}
      </p>
    );
  }
  return (
    <div className="space-y-12">
      {featured.length > 0 && (
        <ListSection id="featured-heading" title={blogMessages.featuredHeading}>
          <div className="space-y-6">
            {featured.map((article, index) => (
              <ArticleCard key={article.id} article={article} variant="featured" priority={index === 0} />
            ))}
          </div>
        </ListSection>
      )}
      {latest.length > 0 && (
        <ListSection id="latest-heading" title={blogMessages.latestHeading}>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {latest.map((article, index) => (
              <li key={article.id} className={index === 0 ? leadSpan(lead) : undefined}>
                <ArticleCard
                  article={article}
                  variant="grid"
                  lead={index === 0 ? lead : undefined}
                  priority={index === 0 && featured.length === 0}
                />
              </li>
            ))}
          </ul>
        </ListSection>
      )}
    </div>
  );
}

/** /blog: SPEC §2 Blog list. */
export function BlogListPage() {
  const articles = useArticles();
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const list = articles.data ?? [];
  const categories = categoriesOf(list);
  // A category that vanished after a refetch falls back to All rather than showing an empty page.
  const active = categories.includes(category) ? category : ALL_CATEGORIES;

  return (
    <>
      <Seo
        title={blogMessages.blogTitle}
        description={blogMessages.blogDescription}
        path={paths.blog}
        jsonLd={[blogJsonLd(list)]}
      />
      {/* React 19 hoists this into <head>, next to what <Seo> renders. */}
      <link rel="alternate" type="application/rss+xml" title={`${site.name} Blog`} href={FEED_PATH} />
      <div className="container py-10 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{blogMessages.blogHeading}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{blogMessages.blogIntro}</p>
        </header>

        <div className="mt-8 sm:mt-10">
          {/* A retry after an error shows the loading text again, so Try again visibly does something. */}
          {articles.isPending || (articles.isError && articles.isFetching) ? (
            <LoadingText>{blogMessages.listLoading}</LoadingText>
          ) : articles.isError ? (
            <Alert variant="destructive" className="max-w-xl">
              <AlertTitle>{blogMessages.listErrorTitle}</AlertTitle>
              <AlertDescription>
                <p>{blogMessages.listErrorDescription}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-4 text-foreground"
                  onClick={() => void articles.refetch()}
                >
                  {blogMessages.tryAgain}
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <div className="space-y-10">
              <CategoryFilter categories={categories} active={active} onChange={setCategory} />
              <ArticleSections articles={filterByCategory(list, active)} />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
