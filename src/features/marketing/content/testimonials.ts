// What early users of the app told us, as they said it: first name, city and what they sell, no star ratings and no
// surnames (decision 044). Home and About show different people, so neither page repeats the other.
export type Testimonial = {
  quote: string;
  firstName: string;
  city: string;
  /** What they sell, in their words; shown under the name. */
  sells: string;
};

// Five, as the home carousel shows exactly five (SPEC §9).
export const homeTestimonials: Testimonial[] = [
  {
    quote:
      'I list on Poshmark, eBay and Mercari. Typing each listing three times was my whole Sunday evening. Now the app drafts the title and description, I fix the measurements, and it goes out to all three.',
    firstName: 'Jasmine',
    city: 'Atlanta, GA',
    sells: 'Vintage denim and jackets',
  },
  {
    quote:
      'A hoodie sold on Depop while I was at work, and by the time I checked, the app had already taken it down from eBay. Before, I had to cancel on a buyer about once a month.',
    firstName: 'Marcus',
    city: 'Chicago, IL',
    sells: 'Streetwear and sneakers',
  },
  {
    quote:
      'The titles it writes put the brand, size and style first, which is how I search when I buy. I still edit about one in five, usually to add a flaw it cannot see in the photos.',
    firstName: 'Priya',
    city: 'Austin, TX',
    sells: 'Workwear from closet cleanouts',
  },
  {
    quote:
      'I look items up in the Thrifting Explorer in the aisle. If hardly anything has sold, I leave it on the rack. It does not tell me what to pay, but it stops the obvious mistakes.',
    firstName: 'Dana',
    city: 'Portland, OR',
    sells: 'Thrifted fleece and rain jackets',
  },
  {
    quote:
      'I sell full time, so the hours matter. Crosslisting a batch of twenty used to take most of a day; now it is an afternoon, and the sold items come off the other sites on their own.',
    firstName: 'Kevin',
    city: 'Phoenix, AZ',
    sells: 'Mall brands and kids’ clothing',
  },
];

// Five more, for the About page's carousel.
export const aboutTestimonials: Testimonial[] = [
  {
    quote:
      'Band tees are all about the tag and the print. The app keeps my photos in order and lets me write the flaws myself, so buyers know exactly what they are getting.',
    firstName: 'Rosa',
    city: 'San Antonio, TX',
    sells: 'Vintage band tees',
  },
  {
    quote:
      'I was skeptical of AI descriptions for suits. It gets the fabric and the cut from what I type in, and I add the measurements. It saves me the blank-page part.',
    firstName: 'Tom',
    city: 'Columbus, OH',
    sells: 'Men’s suits and dress shoes',
  },
  {
    quote:
      'Connecting my marketplaces took a few minutes each, and I could keep listing while it finished. I like that each item shows where it is live and where something went wrong.',
    firstName: 'Aisha',
    city: 'Newark, NJ',
    sells: 'Designer handbags',
  },
  {
    quote:
      'Ski jackets sell in the fall and sit in the spring. Checking the sell-through rate before I buy off-season helps me decide what is worth storing until October.',
    firstName: 'Luis',
    city: 'Denver, CO',
    sells: 'Outdoor and ski wear',
  },
  {
    quote:
      'Kids’ clothes are a volume game: lots of small listings. Being able to list once and post everywhere is the only way the numbers work for me.',
    firstName: 'Hannah',
    city: 'Minneapolis, MN',
    sells: 'Kids’ clothing bundles',
  },
];
