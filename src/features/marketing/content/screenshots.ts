export type Screenshot = { src: string; title: string; alt: string };

/** Our own drawings of the app's screens (public/screens), in the order a new seller meets them. */
export const screenshots: Screenshot[] = [
  {
    src: '/screens/home-feed.svg',
    title: 'Your inventory at a glance',
    alt: 'The Flipwise home screen listing a seller’s items with their prices and how many marketplaces each is live on.',
  },
  {
    src: '/screens/ai-listing.svg',
    title: 'AI writes the listing',
    alt: 'The listing generator turning photos, brand, size and condition into an optimised title and description.',
  },
  {
    src: '/screens/crosslist.svg',
    title: 'Crosslist in one tap',
    alt: 'The crosslisting screen with several marketplaces selected and a single Post to all button.',
  },
  {
    src: '/screens/item-status.svg',
    title: 'Status on every marketplace',
    alt: 'An item tile opened to show its status on each marketplace: listed on three and an error on one.',
  },
  {
    src: '/screens/add-marketplace.svg',
    title: 'Connect your marketplaces',
    alt: 'The Add Marketplace screen showing connected marketplaces and one that is still connecting.',
  },
  {
    src: '/screens/sold-detection.svg',
    title: 'Sold? Delisted everywhere',
    alt: 'A sold notification explaining that the item was removed from the other marketplaces automatically.',
  },
  {
    src: '/screens/profile.svg',
    title: 'Your profile',
    alt: 'The profile screen with the seller’s name, email and zip code and a button to save changes.',
  },
];
