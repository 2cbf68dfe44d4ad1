// sitemap.xml of the public routes plus every published blog article found in content/blog/*.json, emitted into
// the build by sitemapPlugin() (vite.config.ts). The blog helper adds articles by writing those JSON files; anything
// else that wants a URL listed can pass `extra` entries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { publicPaths } from '../src/config/paths.ts';
import { DEFAULT_SITE_URL, normalizeSiteUrl } from '../src/config/site-url.ts';
import { articleCover } from '../src/features/blog/lib/cover.ts';
import { buildArticles, type PublishedArticle } from './blog-source.ts';

/** A cover path on this site made absolute; an https cover stays as it is. */
export const absoluteCover = (siteUrl: string, cover: string) =>
  cover.startsWith('/') ? `${siteUrl}${cover}` : cover;

export type SitemapEntry = {
  loc: string;
  lastmod?: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
  /** Absolute address of the page's main picture (an article's cover), for Google's image sitemap extension. */
  image?: string;
};

type BlogFile = { slug?: unknown; published?: unknown; created_at?: unknown; updated_at?: unknown };

const routeHints: Record<string, Pick<SitemapEntry, 'changefreq' | 'priority'>> = {
  '/': { changefreq: 'weekly', priority: 1 },
  '/blog': { changefreq: 'daily', priority: 0.8 },
  '/thriftingexplorer': { changefreq: 'weekly', priority: 0.9 },
  '/terms': { changefreq: 'yearly', priority: 0.3 },
  '/privacy': { changefreq: 'yearly', priority: 0.3 },
};

function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** Published articles from content/blog/<slug>.json (fields slug, published, created_at, updated_at optional). */
export function blogSitemapEntries(siteUrl: string, blogDir = path.resolve('content/blog')): SitemapEntry[] {
  if (!existsSync(blogDir)) return [];
  const entries: SitemapEntry[] = [];
  for (const file of readdirSync(blogDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let data: BlogFile;
    try {
      data = JSON.parse(readFileSync(path.join(blogDir, file), 'utf8')) as BlogFile;
    } catch (error) {
      throw new Error(`content/blog/${file} is not valid JSON: ${(error as Error).message}`);
    }
    if (data.published !== true || typeof data.slug !== 'string' || data.slug === '') continue;
    entries.push({
      loc: `${siteUrl}/blog/${encodeURIComponent(data.slug)}`,
      lastmod: isoDate(data.updated_at) ?? isoDate(data.created_at),
      changefreq: 'monthly',
      priority: 0.7,
    });
  }
  return entries;
}

/** Sitemap entries of already loaded articles (the build's source: the database or content/blog). */
export function articleSitemapEntries(siteUrl: string, articles: PublishedArticle[]): SitemapEntry[] {
  return articles
    .filter((a) => a.published && a.slug)
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map((a) => ({
      loc: `${siteUrl}/blog/${encodeURIComponent(a.slug)}`,
      lastmod: isoDate(a.updated_at ?? undefined) ?? isoDate(a.created_at),
      changefreq: 'monthly' as const,
      priority: 0.7,
      ...(a.cover_image ? { image: absoluteCover(siteUrl, articleCover(a).social) } : {}),
    }));
}

/** Every URL of the sitemap: the public routes, then the published articles, then `extra`. */
export function sitemapEntries(
  options: { siteUrl?: string; blogDir?: string; articles?: PublishedArticle[]; extra?: SitemapEntry[] } = {},
): SitemapEntry[] {
  const siteUrl = normalizeSiteUrl(options.siteUrl);
  const routes = publicPaths.map((p) => ({
    loc: p === '/' ? `${siteUrl}/` : `${siteUrl}${p}`,
    ...routeHints[p],
  }));
  const articles = options.articles
    ? articleSitemapEntries(siteUrl, options.articles)
    : blogSitemapEntries(siteUrl, options.blogDir);
  return [...routes, ...articles, ...(options.extra ?? [])];
}

export const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const parts = [`    <loc>${escapeXml(e.loc)}</loc>`];
    if (e.lastmod) parts.push(`    <lastmod>${e.lastmod}</lastmod>`);
    if (e.changefreq) parts.push(`    <changefreq>${e.changefreq}</changefreq>`);
    if (e.priority !== undefined) parts.push(`    <priority>${e.priority.toFixed(1)}</priority>`);
    if (e.image)
      parts.push(`    <image:image>\n      <image:loc>${escapeXml(e.image)}</image:loc>\n    </image:image>`);
    return `  <url>\n${parts.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join('\n')}\n</urlset>\n`;
}

/** public/robots.txt names the default site; point its Sitemap line at the configured one. */
export function rewriteRobots(robots: string, siteUrl: string): string {
  return robots.replace(/^Sitemap:.*$/m, `Sitemap: ${siteUrl}/sitemap.xml`);
}

/**
 * Emits sitemap.xml into the build and serves it in dev. `siteUrl` defaults to VITE_SITE_URL; articles are read at
 * build time, so a build after adding content/blog/<slug>.json lists it.
 */
export function sitemapPlugin(options: { siteUrl?: string; blogDir?: string } = {}): Plugin {
  let siteUrl = DEFAULT_SITE_URL;
  let outDir = 'dist';
  let source: Parameters<typeof buildArticles>[0] = { blogDir: path.resolve('content/blog') };
  return {
    name: 'flipwise-sitemap',
    configResolved(config) {
      siteUrl = normalizeSiteUrl(options.siteUrl ?? config.env.VITE_SITE_URL ?? process.env.VITE_SITE_URL);
      outDir = path.resolve(config.root, config.build.outDir);
      source = {
        supabaseUrl: process.env.VITE_SUPABASE_URL ?? config.env.VITE_SUPABASE_URL,
        anonKey: process.env.VITE_SUPABASE_ANON_KEY ?? config.env.VITE_SUPABASE_ANON_KEY,
        blogDir: options.blogDir ?? path.resolve(config.root, 'content/blog'),
      };
    },
    configureServer(server) {
      server.middlewares.use('/sitemap.xml', (_req, res) => {
        res.setHeader('content-type', 'application/xml');
        res.end(renderSitemap(sitemapEntries({ siteUrl, blogDir: options.blogDir })));
      });
    },
    async generateBundle() {
      if (this.environment?.config.build.ssr) return;
      const { articles } = await buildArticles(source);
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: renderSitemap(sitemapEntries({ siteUrl, articles })),
      });
    },
    async writeBundle() {
      const { readFile, writeFile } = await import('node:fs/promises');
      const robotsPath = path.join(outDir, 'robots.txt');
      if (!existsSync(robotsPath)) return;
      const robots = await readFile(robotsPath, 'utf8');
      const next = rewriteRobots(robots, siteUrl);
      if (next !== robots) await writeFile(robotsPath, next);
    },
  };
}
