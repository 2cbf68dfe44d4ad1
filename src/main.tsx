import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import './index.css';

declare global {
  interface Window {
    /** The React Query cache a prerendered page was rendered with (scripts/prerender.ts). */
    __FLIPWISE_QUERY_STATE__?: DehydratedState;
  }
}

// One cache for the whole app: route loaders prefetch into it and the pages read from it.
const queryClient = createQueryClient();
const container = document.getElementById('root')!;

async function start() {
  // A prerendered page (scripts/prerender.ts) arrives with its markup, its data and the router's hydration data:
  // hydrate the same tree over it. The SPA shell (app.html, for every path that was not prerendered) renders.
  const prerendered = container.hasChildNodes();
  if (prerendered && window.__FLIPWISE_QUERY_STATE__) hydrate(queryClient, window.__FLIPWISE_QUERY_STATE__);
  const router = await createAppRouter(queryClient, { resolveLazy: prerendered });
  const app: ReactNode = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter queryClient={queryClient} router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
