import { Link, useLocation } from 'react-router-dom';
import { useActiveBreadcrumbOverride } from '@/components/layout/breadcrumb-context';
import { crumbsFromPath, shouldShowCrumbs } from '@/components/layout/breadcrumb-trail';

/** The trail for the current path; renders nothing on the home page. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const { label, hidden } = useActiveBreadcrumbOverride();
  const crumbs = crumbsFromPath(pathname, label);
  if (hidden || !shouldShowCrumbs(crumbs)) return null;
  return (
    <nav aria-label="Breadcrumb" className="container pt-5 sm:pt-6">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.href}
                    className="rounded-sm transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {crumb.label}
                  </Link>
                  <svg
                    viewBox="0 0 24 24"
                    width="14"
                    height="14"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                    className="shrink-0 opacity-60"
                  >
                    <path d="m9 18 6-6-6-6" />
                  </svg>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
