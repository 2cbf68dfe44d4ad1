export type FeatureIcon = 'sparkles' | 'layers' | 'bell' | 'chart';

export type Feature = { icon: FeatureIcon; title: string; body: string };

export const features: Feature[] = [
  {
    icon: 'sparkles',
    title: 'AI-written titles and descriptions',
    body: 'Add photos, brand, size and condition. Flipwise writes a keyword-rich title and a description buyers actually read, ready to post.',
  },
  {
    icon: 'layers',
    title: 'One-click crosslisting',
    body: 'Post the same item to every marketplace you sell on at once. No more copying and pasting the same listing into four apps.',
  },
  {
    icon: 'bell',
    title: 'Sold detection and auto-delist',
    body: 'Flipwise checks for sales about every 10 minutes. When an item sells on one marketplace, it is delisted from the others for you.',
  },
  {
    icon: 'chart',
    title: 'A free sell-through tool',
    body: 'The Thrifting Explorer shows how many similar items are listed, how many sold and the sell-through rate, before you buy.',
  },
];

export const steps = [
  { title: 'Snap it', body: 'Take up to 10 photos and pick the brand, size and condition.' },
  {
    title: 'Let AI write it',
    body: 'Get an optimised title and description in seconds, and tweak anything you like.',
  },
  { title: 'Sell it everywhere', body: 'Crosslist in one tap. When it sells, Flipwise delists the rest.' },
];
