import { paths } from '@/config/paths';

// Old links and hand-typed addresses use other letter cases (/About, /ThriftingExplorer). Routes match
// case-sensitively, so such a path reaches the 404 route, which asks this module where it should go instead.

const knownPaths: string[] = Object.values(paths).flatMap((value) =>
  typeof value === 'string' ? [value] : [],
);
const blogPrefix = paths.blog.toLowerCase();

/**
 * The lowercase form of a known route when `pathname` is a letter-case variant of it, else null. Article slugs keep
 * their case (/Blog/Some-Slug -> /blog/Some-Slug): the slug is data, not part of the route.
 */
export function caseRedirect(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lower = trimmed.toLowerCase();
  if (knownPaths.includes(lower)) return trimmed === lower ? null : lower;

  const article = /^\/([^/]+)\/([^/]+)$/.exec(trimmed);
  if (article && `/${article[1].toLowerCase()}` === blogPrefix && `/${article[1]}` !== blogPrefix) {
    return `${blogPrefix}/${article[2]}`;
  }
  return null;
}
