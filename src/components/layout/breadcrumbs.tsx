import { Link, useLocation } from 'react-router-dom';
import { useActiveBreadcrumbOverride } from '@/components/layout/breadcrumb-context';
import { crumbsFromPath, shouldShowCrumbs } from '@/components/layout/breadcrumb-trail';
import { ChevronRightIcon } from '@/components/ui/icons';

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
                  <ChevronRightIcon size={14} className="shrink-0 opacity-60" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
