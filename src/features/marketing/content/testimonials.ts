export type Testimonial = {
  quote: string;
  name: string;
  /** What and where they sell, shown under the name. */
  role: string;
  initials: string;
};

// Five sellers, as the home carousel shows exactly five.
export const testimonials: Testimonial[] = [
  {
    quote:
      'I used to spend my Sunday nights typing the same listing into four apps. Now I snap the photos, Flipwise writes the title and description, and it is live everywhere before my coffee gets cold.',
    name: 'Jasmine T.',
    role: 'Vintage denim seller, Atlanta',
    initials: 'JT',
  },
  {
    quote:
      'Sold detection is the feature I did not know I needed. A jacket sold on one marketplace and Flipwise pulled it from the others within minutes. No more awkward cancellations.',
    name: 'Marcus L.',
    role: 'Streetwear reseller, Chicago',
    initials: 'ML',
  },
  {
    quote:
      'The AI titles actually sound like a reseller wrote them: brand, size, fit and the keywords buyers search for. My views went up the first week I switched.',
    name: 'Priya S.',
    role: 'Closet cleanout seller, Austin',
    initials: 'PS',
  },
  {
    quote:
      'I check the Thrifting Explorer in the aisle before I buy. If the sell-through rate is a snooze, it stays on the rack. It has saved me from a lot of dead stock.',
    name: 'Dana R.',
    role: 'Thrift flipper, Portland',
    initials: 'DR',
  },
  {
    quote:
      'Crosslisting used to be the part of reselling I dreaded. With one tap my whole rack goes out to every marketplace I sell on, and I can finally list more than ten items a day.',
    name: 'Kevin O.',
    role: 'Full-time reseller, Phoenix',
    initials: 'KO',
  },
];
