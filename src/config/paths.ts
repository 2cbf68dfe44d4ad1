// Every route of the SPA in one place, so links and the router never disagree.
export const paths = {
  home: '/',
  login: '/login',
  about: '/about',
  blog: '/blog',
  article: (slug: string) => `/blog/${slug}`,
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  faqs: '/faqs',
  search: '/thriftingexplorer',
  account: '/account',
  sales: '/account/sales',
  salesImport: '/account/sales/import',
  resetPassword: '/reset-password',
} as const;

/** Routes a visitor can reach without signing in; the sitemap is built from these. */
export const publicPaths = [
  paths.home,
  paths.about,
  paths.blog,
  paths.contact,
  paths.terms,
  paths.privacy,
  paths.faqs,
  paths.search,
] as const;
