import { paths } from '@/config/paths';
import { site } from '@/config/site';

export type FaqItem = {
  question: string;
  /** Plain-text paragraphs: the same words go to the page and to the FAQPage JSON-LD. */
  answer: string[];
  link?: { label: string; to: string; external?: boolean };
  /**
   * Words the route adds under the answer once the app runs: 'market-sources' is this site's own sources (issue 28).
   * The answer above them stays true on any site, since it is what the prerendered page and the JSON-LD carry.
   */
  slot?: FaqSlot;
};

export type FaqSlot = 'market-sources';

export type FaqGroup = { id: string; title: string; items: FaqItem[] };

export const faqGroups: FaqGroup[] = [
  {
    id: 'welcome',
    title: 'Welcome',
    items: [
      {
        question: 'What is Flipwise?',
        answer: [
          'Flipwise is a mobile app for resellers of second-hand fashion. It writes your titles and descriptions with AI, crosslists each item to several marketplaces in one click and delists it everywhere else once it sells.',
          `We are an independent company, founded in ${site.foundedYear} to help sellers list faster, sell quicker and make more money.`,
        ],
      },
      {
        question: 'How much does Flipwise cost?',
        answer: [
          'Flipwise is free for all users for a limited time. When we introduce a paid plan, it will be a win-win model, and we will tell you well before anything changes.',
        ],
      },
      {
        question: 'Is Flipwise available on Android?',
        answer: [
          'Flipwise is available on iPhone from the App Store today. The Android version is coming soon: sign up and we will let you know the day it launches.',
        ],
        link: { label: 'Join the Android list', to: site.androidSignupUrl, external: true },
      },
      {
        question: 'Which marketplaces can I sell on?',
        answer: [
          'Flipwise connects to the popular resale marketplaces, such as eBay and Poshmark. The Add Marketplace screen in the app lists every marketplace you can connect today.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Logging in and my account',
    items: [
      {
        question: 'How do I create an account?',
        answer: [
          'Every Flipwise user needs an account. Open the app and tap Create an account at the bottom of the home screen, then enter your name, email, password and zip code.',
        ],
      },
      {
        question: 'I did not get my verification email. What now?',
        answer: [
          'You need to verify your email before you can log in. The email can take a minute to arrive, so check your spam or junk folder too. If it is still missing, contact us and we will help.',
        ],
      },
      {
        question: 'How do I reset my password?',
        answer: [
          'On the login screen, tap Forgot password and enter your email. We send a reset link to your verified email address; open it on your phone and choose a new password.',
        ],
      },
      {
        question: 'How do I edit my profile?',
        answer: [
          'Open the menu at the top left of the app and tap Profile. There you can change your name and zip code. Tap Save when you are done.',
        ],
      },
      {
        question: 'How do I sign out?',
        answer: ['Open the menu at the top left of the app and tap Sign out.'],
      },
    ],
  },
  {
    id: 'using-flipwise',
    title: 'How to use the product',
    items: [
      {
        question: 'How do I connect my marketplaces?',
        answer: [
          'Tap Add Marketplace, pick a marketplace and sign in to your seller account there. Connecting takes a few minutes; the marketplace shows Connected once it is done, and you can start posting in the meantime.',
        ],
      },
      {
        question: 'How do I list an item?',
        answer: [
          'Tap the List item button at the top right. Add your photos (up to 10), then choose the gender, category, brand, condition and size, and enter the original price and your selling price.',
          'Flipwise writes an optimised title and description for you. Check them, pick the marketplaces you want and post.',
        ],
      },
      {
        question: 'How many photos can I add to a listing?',
        answer: [
          'You can add up to 10 photos to each item. The first photo is the cover on every marketplace.',
        ],
      },
      {
        question: 'How do I see where an item is listed?',
        answer: [
          'Open the item tile. It shows the status on each marketplace: Listed when it is live, or Error when the marketplace refused it.',
        ],
      },
      {
        question: 'One marketplace shows Error. What should I do?',
        answer: [
          'A short error can happen while a marketplace is busy. If the error persists for more than 5 minutes, check the status of that marketplace in Add Marketplace; reconnecting it usually fixes the problem.',
        ],
      },
      {
        question: 'How do I change an item’s description?',
        answer: [
          'Open the item and tap Edit. Change the description and save; Flipwise updates the listing on your marketplaces.',
        ],
      },
      {
        question: 'How do I delist an item?',
        answer: [
          'Long-press the item in your inventory and choose Delist. It is removed from every marketplace it is listed on.',
        ],
      },
      {
        question: 'What happens when an item sells?',
        answer: [
          'Flipwise checks for sales about every 10 minutes. When an item sells on one marketplace, it is delisted from the other marketplaces automatically, so you never sell the same piece twice.',
        ],
      },
      {
        question: 'What is the Thrifting Explorer?',
        answer: [
          'It is our free search tool. Enter an item name and its condition to see how many similar listings are available, how many have sold and the sell-through rate. You need a free account to search.',
        ],
        link: { label: 'Open the Thrifting Explorer', to: paths.search },
      },
      {
        question: 'Where do the numbers come from?',
        answer: [
          'Every figure in the Thrifting Explorer names its source on its card. Depending on how this site is set up, that is the Flipwise seller panel (sales that resellers share from Your sales), listings imported from marketplace data, eBay’s own figures (only with eBay’s approval), or a demo market generated for trying the tool, which is not live marketplace data.',
          'The seller panel’s figures are released once a week as totals with random noise added, so no one’s sales can be worked out from them. Each one shows its likely error, such as “about 140, within ±30”, and how old it is: they run 1 to 2 weeks behind. They have a section of their own and are never added to the other figures. Where there are live listed counts from eBay or Etsy, each marketplace’s count has its own row, apart from the figures, and is never used in a sell-through rate.',
          'Once you are signed in, you can import your own sales and see them beside the market figures; only you can see them.',
        ],
        slot: 'market-sources',
      },
    ],
  },
  {
    id: 'help',
    title: 'Still need help',
    items: [
      {
        question: 'How do I contact the Flipwise team?',
        answer: [
          `Send us a message with the contact form or email ${site.supportEmail}. We read every message and usually reply within one business day.`,
        ],
        link: { label: 'Go to the contact form', to: paths.contact },
      },
      {
        question: 'Where can I learn more about reselling?',
        answer: [
          'Our blog has guides on pricing, sourcing, sell-through rates and crosslisting, written for second-hand fashion sellers.',
        ],
        link: { label: 'Read the blog', to: paths.blog },
      },
      {
        question: 'Can I suggest a feature?',
        answer: [
          `Please do. Many of our features started as a seller’s idea. Email ${site.supportEmail} or send us a message on ${site.social.name}.`,
        ],
      },
    ],
  },
];

/** Every question and its answer as plain text, for the FAQPage JSON-LD. */
export function faqQuestionAnswers(groups: FaqGroup[] = faqGroups) {
  return groups.flatMap((group) =>
    group.items.map((item) => ({ question: item.question, answer: item.answer.join(' ') })),
  );
}
