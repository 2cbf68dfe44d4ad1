import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router-dom';
import { RootLayout } from '@/app/routes/root';
import { RouteError } from '@/app/routes/route-error';

/** A route module: the page, and optionally a loader factory that prefetches into the app's query client. */
type RouteModule = {
  default: React.ComponentType;
  loader?: (queryClient: QueryClient) => LoaderFunction;
};

// Every route is its own chunk, so / downloads only what the landing page needs. A route's loader comes in the same
// chunk as its page, so prefetching /blog adds nothing (no supabase-js, no blog code) to the entry.
const lazyRoute = (queryClient: QueryClient) => (load: () => Promise<RouteModule>) => async () => {
  const module = await load();
  return module.loader
    ? { Component: module.default, loader: module.loader(queryClient) }
    : { Component: module.default };
};

const withCaseSensitivePaths = (children: RouteObject[]): RouteObject[] =>
  children.map((route) => ({ ...route, caseSensitive: true }) as RouteObject);

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = lazyRoute(queryClient);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // While the first page's chunk loads (every route is lazy): an empty screen of the page's height, said out loud,
      // instead of React Router's console warning about a missing fallback (issue 14).
      HydrateFallback: FirstLoad,
      // Case-sensitive matching sends /About and friends to the 404 route, which redirects them to lowercase
      // (src/app/redirects.ts) instead of serving one page under many addresses.
      children: withCaseSensitivePaths([
        { index: true, lazy: page(() => import('@/app/routes/home')) },
        { path: 'login', lazy: page(() => import('@/app/routes/login')) },
        { path: 'about', lazy: page(() => import('@/app/routes/about')) },
        { path: 'blog', lazy: page(() => import('@/app/routes/blog')) },
        { path: 'blog/:slug', lazy: page(() => import('@/app/routes/blog-article')) },
        { path: 'contact', lazy: page(() => import('@/app/routes/contact')) },
        { path: 'terms', lazy: page(() => import('@/app/routes/terms')) },
        { path: 'privacy', lazy: page(() => import('@/app/routes/privacy')) },
        { path: 'faqs', lazy: page(() => import('@/app/routes/faqs')) },
        { path: 'thriftingexplorer', lazy: page(() => import('@/app/routes/thriftingexplorer')) },
        { path: 'account', lazy: page(() => import('@/app/routes/account')) },
        { path: 'account/sales', lazy: page(() => import('@/app/routes/sales')) },
        { path: 'account/sales/import', lazy: page(() => import('@/app/routes/sales-import')) },
        { path: 'reset-password', lazy: page(() => import('@/app/routes/reset-password')) },
        { path: '*', lazy: page(() => import('@/app/routes/not-found')) },
      ]),
    },
  ];
}

function FirstLoad() {
  return <div className="min-h-screen" aria-busy="true" aria-label="Loading" />;
}

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router, with the matched routes' modules loaded first, so the first render is the page itself (as on
 * the server) and not an empty fallback. Over a prerendered page the router reads the server's hydration data from
 * window.__staticRouterHydrationData, so the loaders do not run again.
 */
export async function createAppRouter(queryClient: QueryClient): Promise<BrowserRouter> {
  const routes = createRoutes(queryClient);
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}

export function AppRouter({
  queryClient,
  router: given,
}: {
  queryClient: QueryClient;
  router?: BrowserRouter;
}) {
  const [router] = useState(() => given ?? createBrowserRouter(createRoutes(queryClient)));
  return <RouterProvider router={router} />;
}
