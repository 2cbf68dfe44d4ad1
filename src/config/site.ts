import { normalizeSiteUrl } from '@/config/site-url';

// The one place for the product's name, links and contact details.
export const site = {
  name: 'Flipwise',
  legalName: 'Flipwise',
  tagline: 'List faster, sell quicker, make more money.',
  description:
    'Flipwise helps resellers of second-hand fashion list faster, sell quicker and make more money: AI-written listings, one-click crosslisting and a free sell-through search tool.',
  /** Absolute origin used for canonical URLs, social cards, JSON-LD and the sitemap (VITE_SITE_URL at build time). */
  url: normalizeSiteUrl(import.meta.env.VITE_SITE_URL as string | undefined),
  foundedYear: 2024,
  appStoreUrl: 'https://apps.apple.com/us/app/flipwise-reseller-crosslister/id6740000000',
  /** Android is not released yet: this form collects the addresses of people who want to hear when it is. */
  androidSignupUrl: 'https://forms.gle/flipwise-android-waitlist',
  supportEmail: 'support@flipwise.app',
  social: { name: 'Instagram', handle: '@flipwise.app', url: 'https://www.instagram.com/flipwise.app' },
  dmcaUrl: 'https://www.dmca.com/Protection/Status.aspx',
  ogImage: '/og-image.png',
  logo: '/favicon.svg',
} as const;

export type Site = typeof site;
