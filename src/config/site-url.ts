// Shared by the SPA (site.ts) and the build (the sitemap plugin in vite.config.ts), so it must not touch import.meta.env.

/** Where the production site lives when VITE_SITE_URL is not set. */
export const DEFAULT_SITE_URL = 'https://flipwise.app';

/** The site's origin without a trailing slash, from a configured value or the default. */
export function normalizeSiteUrl(raw: string | undefined | null): string {
  const value = raw?.trim();
  if (!value) return DEFAULT_SITE_URL;
  return value.replace(/\/+$/, '');
}
