// schema.org data for the blog pages: Blog on /blog, BlogPosting on an article. FAQPage and BreadcrumbList come from
// the shared builders in components/seo.
import { articleCover } from './cover';
import { absoluteUrl, type JsonLd } from '@/components/seo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import type { BlogArticle } from '../schemas';
import { isoTimestamp } from './format';

const publisher = () => ({
  '@type': 'Organization',
  '@id': `${site.url}/#organization`,
  name: site.name,
  logo: { '@type': 'ImageObject', url: absoluteUrl(site.logo) },
});

/** The company is the author of every article (SPEC §2: author shown as the company). */
const author = () => ({ '@type': 'Organization', name: site.name, url: `${site.url}/` });

export function blogJsonLd(
  articles: Pick<BlogArticle, 'title' | 'slug' | 'meta_description' | 'created_at' | 'category'>[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    '@id': `${absoluteUrl(paths.blog)}#blog`,
    name: `${site.name} Blog`,
    url: absoluteUrl(paths.blog),
    description: 'Reselling guides for second-hand fashion from the Flipwise team.',
    publisher: publisher(),
    blogPost: articles.map((article) => ({
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.meta_description,
      url: absoluteUrl(paths.article(article.slug)),
      datePublished: isoTimestamp(article.created_at),
      articleSection: article.category,
      author: author(),
    })),
  };
}

export function blogPostingJsonLd(article: BlogArticle, wordCount: number): JsonLd {
  const url = absoluteUrl(paths.article(article.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: article.title,
    description: article.meta_description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: isoTimestamp(article.created_at),
    dateModified: isoTimestamp(article.created_at),
    articleSection: article.category,
    wordCount,
    timeRequired: readTimeDuration(article.read_time),
    image: absoluteUrl(articleCover(article).social),
    inLanguage: 'en-US',
    author: author(),
    publisher: publisher(),
    isPartOf: { '@id': `${absoluteUrl(paths.blog)}#blog` },
  };
}

/** '8 min read' -> 'PT8M' (ISO 8601 duration); undefined when the text has no minutes in it. */
export function readTimeDuration(readTime: string): string | undefined {
  const minutes = /(\d+)\s*min/i.exec(readTime)?.[1];
  return minutes ? `PT${minutes}M` : undefined;
}
