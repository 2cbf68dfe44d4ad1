// The blog's copy from SPEC §2, verbatim where the SPEC quotes it.
export const blogMessages = {
  listLoading: 'Loading articles...',
  articleLoading: 'Loading article...',
  featuredHeading: 'Featured Article',
  latestHeading: 'Latest Articles',
  emptyCategory: 'No articles found in this category.',
  readArticle: 'Read Article',
  readMore: 'Read More',
  // SPEC §8 leaves the list error open; this says what happened and what to do.
  listErrorTitle: "We couldn't load the articles.",
  listErrorDescription:
    'Check your connection and try again. If it keeps happening, the blog may be briefly unavailable.',
  tryAgain: 'Try again',
  notFoundTitle: 'Article Not Found',
  notFoundDescription: "The article you're looking for doesn't exist.",
  backToBlog: 'Back to Blog',
  featuredBadge: 'Featured',
  author: 'Flipwise Team',
  share: 'Share',
  wordsLabel: 'Word count',
  linkCopied: 'Link copied',
  linkCopiedDescription: 'The article address is on your clipboard.',
  copyFailed: "Couldn't copy the link",
  copyFailedDescription: 'Copy the address from your browser bar instead.',
  inThisArticle: 'In This Article',
  // Over a table without a title of its own; the SPEC's 'Tool Comparison' named tables that compare rate bands and
  // seasons as well as tools (decision 043).
  tableFallbackTitle: 'At a Glance',
  articleContents: 'In this article',
  keyTakeaways: 'Key Takeaways',
  summary: 'Summary',
  faq: 'Frequently Asked Questions',
  related: 'You Might Also Like',
  exploreMore: 'Explore More Resources',
  blogTitle: 'Blog',
  blogHeading: 'The Flipwise Blog',
  blogIntro:
    'Practical guides for resellers of second-hand fashion: pricing from sold data, sourcing, listing and selling across marketplaces.',
  blogDescription:
    'Reselling guides for second-hand fashion: sell-through rate, pricing with sold comps, sourcing, listing titles and marketplace fees.',
  filterLabel: 'Filter articles by category',
} as const;
