import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

declare global {
  interface Window {
    /** The React Query cache a prerendered page was rendered with (scripts/prerender.ts). */
    __FLIPWISE_QUERY_STATE__?: DehydratedState;
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
  // A prerendered page (scripts/prerender.ts) arrives with its markup, its data and the router's hydration data:
  // hydrate the same tree over it. The SPA shell (app.html, for every path that was not prerendered) renders.
  const prerendered = container.hasChildNodes();
  const state = window.__FLIPWISE_QUERY_STATE__;
  if (prerendered && state) {
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
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it in one long task;
  // the page is already on screen, so nothing waits for it, and a tap meanwhile hydrates what it needs at once. A
  // prerendered page starts this once it has painted and the main thread is idle, or on first use if that is sooner
  // (docs/decisions/062).
  if (prerendered) {
    startTransition(() => void hydrateRoot(container, app));
    window.__FLIPWISE_HYDRATED__ = true;
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
