import { lazy, Suspense } from 'react';
import { useAuthDialogState } from '../lib/dialog-store';

const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(loadAuthDialog);

/** Starts downloading the dialog before it is needed (hover or focus on a Login / Register button). */
export function preloadAuthDialog() {
  void loadAuthDialog();
}

/**
 * Mount once, in the root layout. The dialog (forms, validation) is its own chunk, fetched the first time it opens,
 * so visitors who never sign in do not download it.
 */
export function AuthDialogHost() {
  const { openCount } = useAuthDialogState();
  if (openCount === 0) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
