// The one place for the product's name, links and contact details.
export const site = {
  name: 'Flipwise',
  tagline: 'List faster, sell quicker, make more money.',
  description:
    'Flipwise helps resellers of second-hand fashion list faster, sell quicker and make more money: AI-written listings, one-click crosslisting and a free sell-through search tool.',
  url: (import.meta.env.VITE_SITE_URL as string | undefined)?.replace(/\/$/, '') || 'https://flipwise.app',
  foundedYear: 2024,
  appStoreUrl: 'https://apps.apple.com/us/app/flipwise-reseller-crosslister/id6740000000',
  androidSignupUrl: 'https://forms.gle/flipwise-android-waitlist',
  supportEmail: 'support@flipwise.app',
  social: { name: 'Instagram', url: 'https://www.instagram.com/flipwise.app' },
  dmcaUrl: 'https://www.dmca.com/Protection/Status.aspx',
  ogImage: '/og-image.png',
  legalUpdated: 'January 13, 2025',
} as const;
