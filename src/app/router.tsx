import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/app/routes/root';
import { RouteError } from '@/app/routes/route-error';

// Every route is its own chunk, so / downloads only what the landing page needs.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const withCaseSensitivePaths = (children: RouteObject[]): RouteObject[] =>
  children.map((route) => ({ ...route, caseSensitive: true }) as RouteObject);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
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
      { path: 'reset-password', lazy: page(() => import('@/app/routes/reset-password')) },
      { path: '*', lazy: page(() => import('@/app/routes/not-found')) },
    ]),
  },
];

export function AppRouter() {
  const router = createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
