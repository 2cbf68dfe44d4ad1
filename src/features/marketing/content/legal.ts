import { site } from '@/config/site';

export type LegalSection = { id: string; heading: string; paragraphs: string[]; list?: string[] };

export type LegalDocument = {
  title: string;
  /** When the document last changed: shown as text, and as an ISO date in <time dateTime>. */
  updated: { text: string; iso: string };
  intro: string;
  sections: LegalSection[];
};

export const terms: LegalDocument = {
  title: 'Terms of Service',
  updated: { text: 'January 13, 2025', iso: '2025-01-13' },
  intro: `These terms govern your use of the ${site.name} website, the Thrifting Explorer search tool and the ${site.name} mobile app. Please read them carefully.`,
  sections: [
    {
      id: 'acceptance',
      heading: '1. Acceptance of Terms',
      paragraphs: [
        `By accessing or using ${site.name}, you agree to be bound by these Terms of Service and by our Privacy Policy. If you do not agree with any part of these terms, you may not use our services.`,
      ],
    },
    {
      id: 'use-license',
      heading: '2. Use License',
      paragraphs: [
        `We grant you a limited, non-exclusive, non-transferable and revocable licence to use ${site.name} for your reselling, as a hobby or as a business: to list, crosslist and sell items you own or have the right to sell, and to research what to buy and how to price it with the Thrifting Explorer. Your business may have staff or helpers use ${site.name} on its behalf, each with their own account. Under this licence you may not:`,
      ],
      list: [
        'copy, modify or redistribute the website, the app or their content;',
        'resell, sublicense or offer the services, or access to them, to others as a service of your own;',
        'scrape, harvest or resell data from the Thrifting Explorer or any other part of the services;',
        'attempt to reverse engineer, disrupt or gain unauthorised access to any part of the services;',
        'remove any copyright or other proprietary notices.',
      ],
    },
    {
      id: 'service',
      heading: '3. Service Description',
      paragraphs: [
        `${site.name} helps resellers of second-hand fashion create listings with AI-written titles and descriptions, crosslist items to several marketplaces, detect sales and delist sold items, and research how similar items sell with the Thrifting Explorer.`,
        `The app is currently free for all users for a limited time. We may introduce paid features in the future and will give you notice before any charge applies. We may change, suspend or discontinue any part of the services at any time.`,
      ],
    },
    {
      id: 'responsibilities',
      heading: '4. User Responsibilities',
      paragraphs: ['When you use our services, you agree to:'],
      list: [
        'provide accurate information when you create your account and keep it up to date;',
        'keep your password confidential and tell us at once about any unauthorised use of your account;',
        'list only items you have the right to sell, described honestly and accurately;',
        'follow the rules and policies of every marketplace you connect to ' + site.name + ';',
        'not use the services for anything unlawful, fraudulent or harmful to others.',
      ],
    },
    {
      id: 'data',
      heading: '5. Data and Privacy',
      paragraphs: [
        'Your use of the services is also governed by our Privacy Policy, which explains what information we collect, how we use it and the choices you have. You keep ownership of the photos and listing content you create; you give us permission to process them so that we can publish your listings to the marketplaces you choose.',
      ],
    },
    {
      id: 'disclaimer',
      heading: '6. Disclaimer',
      paragraphs: [
        `The services are provided "as is" and "as available", without warranties of any kind, express or implied. Market data shown by the Thrifting Explorer, including available counts, sold counts and sell-through rates, is informational and indicative only, may contain errors and must not be the sole basis for business decisions.`,
        `To the fullest extent permitted by law, ${site.name} is not liable for any indirect, incidental or consequential damages, or for any loss of sales, profits or data, arising from your use of the services or of any marketplace.`,
      ],
    },
    {
      id: 'contact',
      heading: '7. Contact Information',
      paragraphs: [
        `If you have any questions about these Terms of Service, please contact us at ${site.supportEmail}.`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  // The seller panel (issue 22) and its weekly releases with noise (issue 52); what is kept of an imported sale's
  // money, and why (issue 51).
  updated: { text: 'November 29, 2026', iso: '2026-11-29' },
  intro: `This policy explains how ${site.name} collects, uses and protects your information when you use our website, the Thrifting Explorer and our mobile app.`,
  sections: [
    {
      id: 'information-we-collect',
      heading: '1. Information We Collect',
      paragraphs: ['We collect the information you give us and the information needed to run the services:'],
      list: [
        'account details: your first and last name, email address, zip code and password (stored only as a secure hash);',
        'listing content: the photos, descriptions, prices and other details of the items you list;',
        'marketplace connections: the access that each marketplace grants us when you connect it;',
        'searches you run in the Thrifting Explorer, and messages you send us through the contact form;',
        'sales and listings you import into Your sales: from each row of the file you choose we keep only the marketplace, the order and item or transaction ids, the title, brand, category, size, condition, whether it is listed or sold and what became of a sale (completed, shipped, cancelled, refunded or returned), the quantity, the price, currency and dates, and, where your file gives them, the shipping your buyer paid, the marketplace’s fees, your net earnings and your cost of goods. We keep those four amounts so Your sales can show you your own net earnings and profit; they are private to you: only you can see them, and they never go to the seller panel or to anyone else. Buyer names, addresses and every other column stay in your file and are never sent to us;',
        'whether you share your imported items with the Flipwise seller panel, and since when (see Information Sharing);',
        'technical data such as your browser, device type and pages visited.',
      ],
    },
    {
      id: 'how-we-use',
      heading: '2. How We Use Your Information',
      paragraphs: ['We use your information to:'],
      list: [
        'create and secure your account and verify your email address;',
        'write, publish, update and delist your listings on the marketplaces you choose;',
        'show market data in the Thrifting Explorer and improve its results;',
        'show you your own sell-through, days to sell and sale prices from the sales you imported. Those figures are private: only you can see them. Your imported items count in other users’ results only if you choose to share them anonymously with the seller panel (see Information Sharing);',
        'answer your questions and send important messages about the services;',
        'understand how the services are used so that we can make them better.',
      ],
    },
    {
      id: 'sharing',
      heading: '3. Information Sharing',
      paragraphs: [
        'We do not sell your personal information. We share it only with the marketplaces you connect (to publish and manage your listings), with service providers who host and run the services for us under confidentiality obligations, and when the law requires it.',
        'The Flipwise seller panel. You can choose to share the items you imported, anonymously, so that they count in the seller panel’s figures that every Flipwise search shows: how many sell, for how much and how fast. Sharing is off until you turn it on with the switch “Share my imported items anonymously” on Your sales or on the import page. How it works:',
      ],
      list: [
        'what is shared, for each item you imported: its title, brand, category, size, condition, whether it is listed or sold, its price and currency, its marketplace, and the day it was listed and the day it sold;',
        'what is never shared: your name, email address or account (a shared item carries a random code instead, not your account), the buyer (buyers are never imported), the order or listing id and the link to the listing, the time of day, the quantity of a line, and the shipping, fees, net earnings, cost of goods and profit of your sales. Items whose file does not say their condition are not shared at all, because every figure is given per condition, and cancelled, refunded or returned sales are not shared either;',
        'what other people see: never your items, your titles or any one seller’s figures, only totals released once a week. For each item (a brand and a kind of garment or a model from our public catalogue, never words taken from your titles), each condition and each week, we add up how many sold, how many were listed at the week’s end, their prices, how long they took to sell and on which marketplace. Each seller counts for at most 3 sales, 3 listings and one price in each of those totals, and every total has random noise added before it is released (a method called differential privacy), so the released figures hold no one’s sales and no one’s sales can be worked out from them, however many searches are run or accounts opened. Once released, a week’s figures never change when a seller joins or leaves;',
        'the Thrifting Explorer shows each panel figure with its likely error, such as “about 140, within ±30”, and how old it is. Where too few sellers have shared something like it, it shows no figure;',
        'how often: each week is released once, about a week after it ends, so the figures run 1 to 2 weeks behind. Sales of an earlier week that you import later count when that week is released a second time, 13 weeks after its first release, with fresh noise. No week is released more than twice;',
        'items you import while sharing is on are shared as they arrive, and items you delete leave the panel with them;',
        'turning sharing off, deleting all your imported data or deleting your account removes your items from the panel at once: they are left out of the next weekly release and of every release after it. Figures released before then stay as they are: they are noisy totals over many sellers, and they hold no one’s sales;',
        'the figures in the demo version of the Thrifting Explorer come from made-up sellers, not from real users.',
      ],
    },
    {
      id: 'security',
      heading: '4. Data Security',
      paragraphs: [
        'We protect your information with encryption in transit, hashed passwords and access controls that let each user reach only their own data. No system is perfectly secure, so please use a strong password and keep it to yourself.',
      ],
    },
    {
      id: 'rights',
      heading: '5. Your Rights',
      paragraphs: [
        'You can see and update your name and zip code in your profile at any time. You can delete all the sales you imported at any time with “Delete all my imported data” on Your sales, and deleting your account deletes them too. You can stop sharing with the seller panel at any time with the same switch that turned it on, on Your sales or on the import page. You may also ask us for a copy of your data, ask us to correct it, or ask us to delete your account and the information linked to it. Email us and we will respond within 30 days.',
      ],
    },
    {
      id: 'cookies',
      heading: '6. Cookies',
      paragraphs: [
        'Our website uses your browser’s local storage to keep you signed in, to remember your session and to remember which column is which in a sales file you imported, so the next file with the same columns needs no setup. We do not use advertising cookies. You can clear this storage at any time in your browser settings; you will then need to log in again.',
      ],
    },
    {
      id: 'contact',
      heading: '7. Contact Us',
      paragraphs: [
        `If you have questions about this Privacy Policy or your data, please contact us at ${site.supportEmail}.`,
      ],
    },
  ],
};
