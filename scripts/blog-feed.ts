// RSS 2.0 feed of the published blog articles at /blog/feed.xml, built from content/blog at build time (and served
// by the dev server), so a draft can never reach it.
import path from 'node:path';
import type { Plugin } from 'vite';
import { loadArticles, publishedOnly, sortArticles, type ArticleFields } from '../content/blog/index.ts';
import { DEFAULT_SITE_URL, normalizeSiteUrl } from '../src/config/site-url.ts';
import { articleCover } from '../src/features/blog/lib/cover.ts';
import { buildArticles } from './blog-source.ts';
import { absoluteCover, escapeXml } from './sitemap.ts';

export const FEED_FILE = 'blog/feed.xml';
const FEED_LIMIT = 50;

// config/site.ts reads import.meta.env, which build tooling does not have; the name is repeated here on purpose.
const CHANNEL_TITLE = 'Flipwise Blog';
const CHANNEL_DESCRIPTION =
  'Practical guides for resellers of second-hand fashion: pricing from sold data, sourcing, listing and selling across marketplaces.';

/** RFC 822 date, as RSS 2.0 requires ('Tue, 04 Mar 2025 09:00:00 GMT'). */
export function rfc822(value: string): string {
  return new Date(value).toUTCString();
}

type FeedArticle = Pick<
  ArticleFields,
  'slug' | 'title' | 'intro' | 'category' | 'created_at' | 'published' | 'cover_image' | 'cover_alt'
>;

export function renderBlogFeed(articles: FeedArticle[], siteUrl: string = DEFAULT_SITE_URL): string {
  const origin = normalizeSiteUrl(siteUrl);
  const items = sortArticles(publishedOnly(articles)).slice(0, FEED_LIMIT);
  const lastBuild = items[0] ? `\n    <lastBuildDate>${rfc822(items[0].created_at)}</lastBuildDate>` : '';
  const body = items
    .map((article) => {
      const link = `${origin}/blog/${article.slug}`;
      return [
        '    <item>',
        `      <title>${escapeXml(article.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <description>${escapeXml(article.intro)}</description>`,
        `      <category>${escapeXml(article.category)}</category>`,
        `      <pubDate>${rfc822(article.created_at)}</pubDate>`,
        // The cover as Media RSS, which feed readers show as the item's picture (the JPEG: readers lag on WebP).
        ...(article.cover_image
          ? [
              `      <media:content url="${escapeXml(absoluteCover(origin, articleCover(article).social))}" medium="image" width="1200" height="630">`,
              `        <media:description>${escapeXml(article.cover_alt ?? '')}</media:description>`,
              '      </media:content>',
            ]
          : []),
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${CHANNEL_TITLE}</title>
    <link>${origin}/blog</link>
    <description>${escapeXml(CHANNEL_DESCRIPTION)}</description>
    <language>en-us</language>${lastBuild}
    <atom:link href="${origin}/${FEED_FILE}" rel="self" type="application/rss+xml" />
${body}${body ? '\n' : ''}  </channel>
</rss>
`;
}

/** Emits blog/feed.xml into the build and serves it in `vite` dev. The site URL comes from VITE_SITE_URL. */
export function blogFeedPlugin(options: { siteUrl?: string; blogDir?: string } = {}): Plugin {
  let siteUrl = DEFAULT_SITE_URL;
  let blogDir = options.blogDir;
  let supabase: { supabaseUrl?: string; anonKey?: string } = {};
  const render = () => renderBlogFeed(loadArticles(blogDir), siteUrl);
  return {
    name: 'flipwise-blog-feed',
    configResolved(config) {
      siteUrl = normalizeSiteUrl(options.siteUrl ?? config.env.VITE_SITE_URL ?? process.env.VITE_SITE_URL);
      blogDir ??= path.resolve(config.root, 'content/blog');
      supabase = {
        supabaseUrl: process.env.VITE_SUPABASE_URL ?? config.env.VITE_SUPABASE_URL,
        anonKey: process.env.VITE_SUPABASE_ANON_KEY ?? config.env.VITE_SUPABASE_ANON_KEY,
      };
    },
    configureServer(server) {
      // Registered before Vite's SPA fallback, which would otherwise answer with index.html (a /blog/:slug page).
      server.middlewares.use(`/${FEED_FILE}`, (_req, res) => {
        res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
        res.end(render());
      });
    },
    async generateBundle() {
      if (this.environment?.config.build.ssr) return;
      // The build's articles: the project's database when it answers, else content/blog (scripts/blog-source.ts).
      const { articles } = await buildArticles({ ...supabase, blogDir: blogDir! });
      this.emitFile({ type: 'asset', fileName: FEED_FILE, source: renderBlogFeed(articles, siteUrl) });
    },
  };
}
