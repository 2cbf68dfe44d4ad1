import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router-dom';

/**
 * A thin bar under the header while the next page's code loads (every route is a lazy chunk, so a click can take
 * a moment on a slow network). Read from the router state context rather than useNavigation(), which throws
 * outside a data router: the layout is also rendered in tests and prerendering with a plain MemoryRouter.
 */
export function NavigationProgress() {
  const state = useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle';
  if (state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden"
    >
      <div className="h-full w-full animate-pulse bg-gradient-to-r from-teal-500 via-orange-400 to-teal-500" />
    </div>
  );
}
