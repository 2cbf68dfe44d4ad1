import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Last-resort fallback when a route throws while loading or rendering. */
export function RouteError() {
  const error = useRouteError();
  console.warn('Route error', error);
  return (
    <div className="container flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page could not be shown. Reload to try again, or head back to the home page.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md border px-4 py-2"
        >
          Reload
        </button>
        <Link to={paths.home} className="rounded-md bg-primary px-4 py-2 text-primary-foreground">
          Go Back Home
        </Link>
      </div>
    </div>
  );
}
