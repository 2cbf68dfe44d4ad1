import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter } from '@/app/router';
import { preloadAuthDialog } from '@/features/auth/components/auth-dialog-host';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

declare global {
  interface Window {
    /**
     * The data a prerendered page was rendered with (its page-data.json, fetched by the page's boot script with the
     * app's modules, scripts/prerender.ts); null when it could not be read or belongs to another build.
     */
    __FLIPWISE_PAGE_DATA__?: Promise<{ queryState: DehydratedState; routerState: unknown } | null>;
    /** React Router's hydration data, read by createBrowserRouter. */
    __staticRouterHydrationData?: unknown;
    /** A button click or form submit made before the app was up, held by the page's boot script (scripts/prerender.ts). */
    __FLIPWISE_HELD__?: { type: 'click' | 'submit'; target: Element };
    /** Set once the app has taken over the prerendered page: the boot script stops holding events. */
    __FLIPWISE_HYDRATED__?: boolean;
  }
}

// One cache for the whole app: route loaders prefetch into it and the pages read from it.
const queryClient = createQueryClient();
const container = document.getElementById('root')!;

async function start() {
  // A tap on Login or Register before the app was up: its dialog loads while the page's own modules do, so it opens
  // as soon as the page has hydrated rather than one more load later.
  if (window.__FLIPWISE_HELD__?.target.closest('[data-prefetch="auth-dialog"]')) void preloadAuthDialog();
  // A prerendered page (scripts/prerender.ts) arrives with its markup, its data and the router's hydration data:
  // hydrate the same tree over it. The SPA shell (app.html, for every path that was not prerendered) renders.
  const data = container.hasChildNodes() ? await window.__FLIPWISE_PAGE_DATA__ : undefined;
  // Without its data (a failed request, a deploy between the page and its data) the page is rendered afresh rather
  // than hydrated: the router's loaders read what it needs.
  const prerendered = !!data;
  if (data) {
    window.__staticRouterHydrationData = data.routerState;
    const state = data.queryState;
    // The page was rendered with exactly this data: count it as read now, so the page does not read it again on load
    // (a later visit within the app reads it again once it is older than the cache's staleTime).
    const now = Date.now();
    hydrate(queryClient, {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    });
  }
  // The matched route's module loads before the first render, so it is the page (not an empty fallback) that is
  // hydrated, and the shell does not draw an empty frame first either.
  const router = await createAppRouter(queryClient);
  const app: ReactNode = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter queryClient={queryClient} router={router} />
      </AppProvider>
    </StrictMode>
  );
  // From here the app handles events itself: the boot script stops holding them (also over a page drawn afresh).
  window.__FLIPWISE_HYDRATED__ = true;
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it in one long task;
  // the page is already on screen, so nothing waits for it, and a tap meanwhile hydrates what it needs at once. A
  // prerendered page starts this once it has painted and the main thread is idle, or on first use if that is sooner
  // (docs/decisions/062).
  if (prerendered) {
    startTransition(() => void hydrateRoot(container, app));
    // The click or submit that woke the page reaches the app now: React hydrates the root at once for it.
    const held = window.__FLIPWISE_HELD__;
    delete window.__FLIPWISE_HELD__;
    if (held?.target.isConnected) {
      if (held.type === 'submit' && held.target instanceof HTMLFormElement) held.target.requestSubmit();
      else if (held.target instanceof HTMLElement) held.target.click();
    }
  } else createRoot(container).render(app);
}

void start();
