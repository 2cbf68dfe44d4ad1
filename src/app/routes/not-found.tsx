import { Navigate, useLocation } from 'react-router-dom';
import { HideBreadcrumbs } from '@/components/layout/breadcrumb-context';
import { Seo } from '@/components/seo';
import { caseRedirect } from '@/app/redirects';
import { NotFoundPage } from '@/features/marketing/components/not-found-page';

/** Every unknown path: a letter-case variant of a real route goes to its lowercase form, anything else is a 404. */
export default function NotFoundRoute() {
  const location = useLocation();
  const target = caseRedirect(location.pathname);
  if (target)
    return <Navigate to={{ pathname: target, search: location.search, hash: location.hash }} replace />;
  return (
    <>
      <Seo
        title="Page Not Found"
        description="The page you are looking for might have been removed, had its name changed, or is temporarily unavailable."
        path={location.pathname}
        noindex
      />
      <HideBreadcrumbs />
      <NotFoundPage />
    </>
  );
}
