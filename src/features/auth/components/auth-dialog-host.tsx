import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { whenIdle } from '@/lib/idle';
import { useAuthDialogState } from '../lib/dialog-store';
import { loadFormResolvers } from '../lib/form-resolvers';
import { hasStoredSession } from '../lib/stored-session';

// The dialog's module once it has loaded: rendered directly from then on, so opening it never waits for a Suspense
// round trip, only for React's own render.
let Loaded: ComponentType | null = null;
const loadAuthDialog = () =>
  import('./auth-dialog').then((module) => {
    Loaded = module.default;
    return module;
  });
const AuthDialog = lazy(loadAuthDialog);

/** Starts downloading the dialog before it is needed (idle time after the page starts, hover or focus on a button). */
export function preloadAuthDialog(): Promise<unknown> {
  return Loaded ? Promise.resolve() : loadAuthDialog().catch(() => {});
}

/**
 * What a visitor's first Login or Register needs, fetched while the page is idle, each step in its own idle slot: the
 * dialog, then what its forms need on submit: their validation (zod) and the auth client (supabase-js, which
 * AuthProvider connects on the first login or registration).
 */
function prepareFirstTap(): () => void {
  const steps = [
    preloadAuthDialog,
    () => loadFormResolvers().catch(() => {}),
    () => import('../api').catch(() => {}),
  ];
  let cancel = () => {};
  const next = (i: number) => {
    const step = steps[i];
    if (step) cancel = whenIdle(() => void step().then(() => next(i + 1)));
  };
  next(0);
  return () => cancel();
}

/**
 * Mount once, in the root layout. The dialog (forms, validation) is its own chunk: fetched when the main thread is
 * first idle after the page has started, for a visitor (a signed-in user gets it on first use), so the first tap on
 * Login or Register opens it without waiting for the network (docs/decisions/062).
 */
export function AuthDialogHost() {
  const { openCount } = useAuthDialogState();
  useEffect(() => (hasStoredSession() ? undefined : prepareFirstTap()), []);
  if (openCount === 0) return null;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
