// Pure breadcrumb logic, shared by the visible trail and the BreadcrumbList JSON-LD so they never disagree.

export type Crumb = { label: string; href: string };

/**
 * The routes' own titles (their page heads), for the segments whose spelling is not a title: 'thriftingexplorer' is
 * the Thrifting Explorer, 'faqs' the FAQs (issue 14: the trail and its structured data read "Thriftingexplorer").
 */
const ROUTE_TITLES: Record<string, string> = {
  thriftingexplorer: 'Thrifting Explorer',
  faqs: 'FAQs',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  account: 'My account',
  'reset-password': 'Set a new password',
};

/** 'how-to-price' -> 'How to price': hyphens become spaces and the first letter is capitalised. */
export function labelFromSegment(segment: string): string {
  if (Object.hasOwn(ROUTE_TITLES, segment)) return ROUTE_TITLES[segment];
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
  }
  text = text.replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Home plus one crumb per path segment. `lastLabel` replaces the text of the final crumb (an article's title
 * instead of its slug).
 */
export function crumbsFromPath(pathname: string, lastLabel?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    crumbs.push({ label: labelFromSegment(segment), href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  if (lastLabel && crumbs.length > 1)
    crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1], label: lastLabel };
  return crumbs;
}

/** The trail is only worth showing when there is somewhere besides Home. */
export function shouldShowCrumbs(crumbs: Crumb[]): boolean {
  return crumbs.length > 1;
}
