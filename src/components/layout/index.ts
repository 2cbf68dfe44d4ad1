export { SiteLayout } from '@/components/layout/site-layout';
export { BreadcrumbLabel, HideBreadcrumbs, useBreadcrumbLabel } from '@/components/layout/breadcrumb-context';
export { crumbsFromPath, labelFromSegment, type Crumb } from '@/components/layout/breadcrumb-trail';
export { NotFoundView } from '@/components/layout/not-found-view';
