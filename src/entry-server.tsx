// The server half of prerendering (scripts/prerender.ts builds this with Vite's SSR build and calls render() once per
// public route). It renders the same route objects, providers and loaders as src/main.tsx, through React Router's
// static handler, into a query client seeded with the build's articles; the client hydrates that markup with the
// dehydrated cache and the router's hydration data, so nothing is fetched again or redrawn on load.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  StaticRouterProvider,
} from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { AuthDialogShell, distinctIds } from '@/features/auth/components/auth-dialog-shell';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { blogKeys } from '@/features/blog/api/keys';
import { ShareToastShell } from '@/features/blog/components/share-toast-shell';
import { listHandover } from '@/features/blog/lib/handover';
import { RELATED_LIMIT } from '@/features/blog/api/get-related-articles';
import { setSanitizerWindow } from '@/features/blog/lib/sanitize';
import type { BlogArticle } from '@/features/blog/schemas';
import { createQueryClient } from '@/lib/query-client';

export type RenderedPage = {
  /** Everything inside <div id="root">. */
  html: string;
  /** Tags for <head>: title, meta, link (React hoists them to the front of the markup; they are moved here). */
  head: string;
  /** The React Query cache the page was rendered with. */
  queryState: DehydratedState;
  /** React Router's hydration data (loaderData, actionData, errors). */
  routerState: unknown;
  status: number;
};

let domReady = false;

/** Article HTML is sanitised with DOMPurify, which needs a DOM; jsdom stands in for the browser's at build time. */
function ensureDom() {
  if (domReady) return;
  setSanitizerWindow(new JSDOM('').window);
  domReady = true;
}

// React 19 hoists <title>, <meta> and <link> rendered anywhere in the tree (react-helmet-async's tags) to the front
// of the markup when there is no <head> in it.
const HOISTED = /^(?:<(?:title)\b[^>]*>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*\/?>)/;

export function splitHead(markup: string): { head: string; html: string } {
  let rest = markup;
  const tags: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    tags.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: tags.join('\n    '), html: rest };
}

/**
 * Puts exactly what the page at `url` reads into the cache: the list on /blog, the article and its related pair on
 * /blog/<slug>. Nothing else, so a page hands the client only its own data.
 */
function seedBlogQueries(queryClient: QueryClient, url: string, articles: BlogArticle[], updatedAt: number) {
  const { pathname } = new URL(url, 'http://prerender.local');
  if (pathname === paths.blog) {
    queryClient.setQueryData(blogKeys.list(), articles.map(listHandover), { updatedAt });
    return;
  }
  const slug = pathname.startsWith(`${paths.blog}/`)
    ? decodeURIComponent(pathname.slice(paths.blog.length + 1))
    : null;
  const article = slug ? articles.find((a) => a.slug === slug) : undefined;
  if (!article) return;
  queryClient.setQueryData(blogKeys.article(article.slug), article, { updatedAt });
  // The same two the client's read returns: the newest other published articles.
  const related = articles
    .filter((other) => other.slug !== article.slug)
    .slice(0, RELATED_LIMIT)
    .map(({ title, slug, intro, read_time, created_at }) => ({ title, slug, intro, read_time, created_at }));
  queryClient.setQueryData(blogKeys.related(article.slug), related, { updatedAt });
}

/** Renders one path with the build's published articles (newest first) already in the cache. */
export async function render(
  url: string,
  articles: BlogArticle[],
  buildTime = Date.now(),
): Promise<RenderedPage> {
  ensureDom();
  const queryClient = createQueryClient();
  seedBlogQueries(queryClient, url, articles, buildTime);
  const routes = createRoutes(queryClient);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response)
    throw new Error(`${url} answered a redirect (${context.status}) while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const markup = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const { head, html } = splitHead(markup);
  return {
    html,
    head,
    queryState: dehydrate(queryClient),
    routerState: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    status: context.statusCode,
  };
}

/**
 * The markup of dist/pre-app.html: what a tap shows before the app is up (src/pre-app/main.ts): the login /
 * register dialog, and the toast Share raises. Its ids are its own (`identifierPrefix`), and the two tabs' titles are told apart (distinctIds).
 */
export function renderPreApp(): string {
  const markup = renderToStaticMarkup(
    <AppProvider>
      <MemoryRouter>
        <AuthProvider>
          <AuthDialogShell />
          <ShareToastShell />
        </AuthProvider>
      </MemoryRouter>
    </AppProvider>,
    { identifierPrefix: 'pre-app-' },
  );
  return distinctIds(splitHead(markup).html);
}
