// The search tool's copy. Texts quoted in SPEC §2, §5, §6, §8 and §9 are verbatim; keep them that way.
/** '1 listing', '338 listings'. */
const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

export const searchMessages = {
  heading: 'Thrifting Explorer',
  tagline: "Is it a score or a snooze? We'll tell you",
  tip: 'The sell-through rate is the percentage of listed items that actually sell.',

  panelTitle: 'Search Items',
  itemNameLabel: 'Item Name',
  // Short enough to show whole in the 390 px phone layout (issue 14); still names a brand and an item.
  itemNamePlaceholder: "e.g. Levi's 501, Nike Dunk",
  itemNameHelp: 'Use terms that you think buyers will use to find your item',
  conditionLabel: 'Condition',
  conditionPlaceholder: 'Select condition',
  conditionHelp: 'Select the condition of the item',
  searchButton: 'Search',
  searchingButton: 'Searching...',
  downloadApp: 'Download the app',
  getHelp: 'Get help',
  // On phones the form sits above a long answer: the answer's top bar brings it back (decision 058).
  changeSearch: 'Change search',

  itemNameTooShort: 'Item name must be at least 2 characters.',
  itemNameTooLong: 'Item name must be at most 100 characters.',
  itemNameNoWords: 'Item name must contain letters or numbers to search for.',
  conditionRequired: 'Please select a condition.',

  accountNeededTitle: 'Searching is free with an account',
  accountNeededBody: 'Log in or create a free Flipwise account to see the figures for your search.',
  accountNeededButton: 'Log in or sign up',

  emptyTitle: 'Search for an item to see market data',
  emptyBody: "You'll see how many are available, how many have sold, and the sell-through rate.",

  availableTitle: 'Available',
  availableSubtitle: 'Current listings',
  soldTitle: 'Sold',
  soldSubtitle: 'Completed listings',
  rateTitle: 'Sell-Through',
  rateSubtitle: 'Success rate',
  loadingAvailable: 'Counting available listings...',
  loadingSold: 'Counting sold listings...',
  loadingRate: 'Working out the sell-through rate...',
  soldUnavailableTitle: 'Sold data unavailable',
  soldUnavailableFallbackReason: 'This data source cannot count sold items.',
  rateUnavailable: 'Needs sold data to calculate',

  availableUnknownTitle: 'Count unknown',
  availableUnknownFallbackReason: 'This data source did not give a count of current listings.',
  rateNeedsAvailable: 'Needs a count of listings to calculate',
  about: 'about',
  sourceLabels: {
    demo: 'Demo data',
    panel: 'Flipwise seller panel',
    ebay: 'eBay',
    import: 'Imported listings',
  },
  windowListed: 'listed now',
  windowSold: (days: number) => `sold in the last ${days} days`,
  windowRate: (days: number) => `sold in ${days} days ÷ listed now`,
  asOfShort: (when: string) => `as of ${when}`,
  // Issue 28: one sample threshold, 20, the sell-through article's (docs/decisions/057). Said in words, never only
  // in a hover title a phone cannot show.
  thinSampleBadge: 'Thin sample',
  thinSampleShort: 'Thin',
  sampleTooFew: (listed: number, sold: number) =>
    `Based on ${plural(listed, 'listing')} and ${plural(sold, 'sale')}: too few to judge`,
  sampleTooFewHint:
    'We judge a sell-through rate on 20 or more listings and sales together, so read this one as a hint.',
  rowThinSample: 'fewer than 20 listed and sold, too few to judge',
  rowThinLegend:
    'Thin sample: the rate of that row stands on fewer than 20 listed and sold together, too few to judge.',
  headlinePriceTitle: 'Median sold price',
  headlinePriceMiddle: (low: string, high: string) => `middle 50% ${low} – ${high}`,
  headlinePriceBasis: (sold: string, days: number) =>
    `from ${sold} ${sold === '1' ? 'sale' : 'sales'} in the last ${days} days`,
  priceTooFew: (sold: number) => `Based on ${plural(sold, 'sale')}: too few to judge a price`,
  priceNoSales: (days: number) => `No sales in the last ${days} days, so no sold price to go by.`,
  priceUnpriced: 'None of these sales came with a price we can use, so no sold price to go by.',
  priceUnpricedPanel: 'Too few sellers shared the prices of these sales to show a sold price yet.',
  priceNeedsSold: 'This source cannot count sold items, so no sold price to go by.',
  dataSince: (day: string) => `Sales data since ${day}`,
  // Decision 086: the window is whole calendar days in UTC, so two searches of one day count the same sales.
  windowMeaning: (days: number) =>
    `The last ${days} days are today and the ${days - 1} days before it, by calendar day in UTC.`,
  windowBeyondData: (day: string, days: number, covered: number) =>
    `Our sales data starts ${day}, so this ${days}-day window holds the same sales as the last ${plural(covered, 'day')}.`,
  above100Subtitle: 'More sold than listed',
  // Issue 54: beside any rate over 100%, its formula and why it can pass 100%.
  above100Formula: (sold: string, available: string, rate: number) =>
    `Sell-through = sold ÷ available × 100 = ${sold} ÷ ${available} × 100 = ${rate}%`,
  above100Explanation: (sold: string, available: string, days: number) =>
    `Over 100% because ${sold} sold in the last ${days} days against ${available} listed now: more sold in the window than are listed today, so this is not a success rate.`,
  rowsAbove100: (days: number) =>
    `Over 100%: sell-through = sold ÷ available × 100, and more sold in the last ${days} days than are listed now.`,
  noneListedValue: 'None listed',
  noneListedSubtitle: 'Demand outruns supply',
  noneListedExplanation: (sold: string, days: number) =>
    `${sold} sold in the last ${days} days and none are listed right now: demand outruns supply.`,
  noneListedAnalysis:
    'Demand outruns supply: buyers took every one listed and none are for sale right now. If you have one, list it: you will have no competition.',
  noneListedLabel: 'Demand outruns supply',
  nearSteadyLabel: 'Close to steady',
  nearSteadyLead:
    'Buyers are warming to it: more than a third of listings sell, just short of a steady market (above 40%).',

  // Issue 22, the seller panel. The quoted sentences are the issue's exact copy.
  // The sellers behind exact figures are the demo market's synthetic ones (docs/decisions/082): the panel's own
  // figures have a section of their own. Only an answer counted before the panel's release names the panel here.
  sellersSource: (origin: 'demo' | 'panel', sellers: number, days: number) =>
    `${origin === 'demo' ? 'Demo market' : 'Flipwise seller panel'}: ${plural(sellers, 'seller')}, last ${days} days`,
  withheldTitle: 'Not enough sellers have shared sales like this yet',
  // Issue 49: a withheld answer says nothing of the sellers behind it, not even how many more are needed.
  withheldWhy:
    "A figure is shown only when enough different sellers stand behind it, so no number here could be one person's sales.",
  withheldCardNote: 'Shown once more sellers share sales like this.',
  withheldHelpLead: 'Sold items like this?',
  withheldHelpLink: 'Share your own sales from Your sales',
  withheldHelpTail: 'to help the panel get there.',
  withheldOtherConditions: 'Enough sellers have shared this item in',
  // Issue 52: the seller panel's released figures (docs/decisions/080). Weekly totals with noise added, each said
  // with its likely error, in a section of their own: never added to the figures above or mixed into their rate.
  releaseTitle: 'Flipwise seller panel',
  releaseSubtitle: 'Sales resellers share, released weekly',
  releaseAge: (weeks: number, through: string, released: string) =>
    `Last ${weeks} weeks, to ${through} · released ${released} · updated weekly`,
  releaseItem: (item: string, condition: string) => `Figures for ${item} · ${condition}`,
  releaseAbout: (value: string) => `about ${value}`,
  releaseWithin: (error: string) => `within ±${error}`,
  releaseWithinPoints: (error: string) => `within ±${error} points`,
  releaseSold: 'Sold',
  releaseSoldNote: (weeks: number) => `in the last ${weeks} weeks`,
  releaseListed: 'Listed',
  releaseListedNote: (through: string) => `at the end of the week to ${through}`,
  releaseRate: 'Sell-through',
  releaseRateNote: 'sold ÷ listed',
  releaseRateNeedsListed: 'Needs a listed figure',
  releaseAbove100:
    'Above 100%: more sold in these weeks than were listed at the end of the last one, so they sell faster than new ones are listed.',
  releasePrice: 'Median sold price',
  releasePriceLikely: (low: string, high: string) => `likely ${low} – ${high}`,
  releasePriceMiddle: (p25: string, p75: string) => `middle 50% ${p25} – ${p75}`,
  releaseDays: 'Typical time to sell',
  releaseDaysLikely: (low: number, high: number) => `likely ${low} – ${high} days`,
  releaseTooFew: 'Too few to say',
  releaseByCondition: 'Sold by condition',
  releaseByConditionCaption: 'Sold in the window for each condition, with the likely error of each figure',
  releaseByMarketplace: 'Sold by marketplace',
  releaseByMarketplaceCaption: 'Sold in the window on each marketplace, with the likely error of each figure',
  releaseByMarketplaceNone: 'No marketplace has enough shared sales to say on its own.',
  releaseUnused: (words: string) => `Panel figures don't use: ${words}`,
  releaseHow:
    "Resellers share their imported sales. Once a week the panel releases totals with random noise added, so no one's sales can be worked out from them, and each figure shows its likely error (19 times in 20 the true figure is that close). The figures run 1 to 2 weeks behind and are kept apart from the figures above.",
  releaseHowLink: 'How the seller panel works',
  releaseNotYet: 'The seller panel has too little shared data for this yet, so it shows no figures for it.',
  releaseNoItem:
    'The seller panel keeps its figures by brand and kind of item, and this search names neither. Add a brand or an item to see them.',
  releaseHelpLead: 'Sold items like this?',
  releaseHelpLink: 'Share your own sales from Your sales',
  releaseOnly: (itemName: string, condition: string) =>
    `No listing in our data matches “${itemName}” in ${condition} right now, but the Flipwise seller panel has released figures for it.`,
  releaseSearched: (source: string) => `${source} and the Flipwise seller panel`,
  releaseSearchedAlone: 'the Flipwise seller panel',
  releaseAnnounce: (sold: string, error: string, weeks: number) =>
    `Flipwise seller panel: about ${sold} sold, within ±${error}, in the last ${weeks} weeks.`,

  noSourceTitle: 'No market data source is set up yet',
  noSourceBody:
    'This site has no market data to count, so the Explorer shows no figures rather than zeros. Whoever runs it can turn on any of these:',
  /** What a deployer can turn on: a name, then the setting (shown as code) or a plain sentence. */
  noSourceOptions: [
    { name: 'The Flipwise seller panel', text: 'resellers share their imported sales from Your sales.' },
    { name: 'eBay listed-now counts', settings: ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET'] },
    { name: 'Etsy listed-now counts', settings: ['ETSY_API_KEY', 'ETSY_SHARED_SECRET'] },
    { name: 'The demo market', command: 'npm run market:seed' },
  ] as { name: string; text?: string; settings?: string[]; command?: string }[],
  listedTitle: 'Listed now on the marketplaces',
  listedNote:
    "Each marketplace's own live count, kept apart from the seller panel: never added to the figures above or used in a sell-through rate.",
  listedWindow: 'listed now',
  listedAllConditions: '(all conditions)',
  listedSearchOn: (label: string) => `Search on ${label}`,
  listedNewTab: '(opens in a new tab)',
  listedAsOf: (age: string) => `as of ${age}`,
  listedLoading: 'Checking live listing counts...',
  listedFailed: 'Could not load the live listing counts.',
  listedUnreadable: 'The live listing counts came back in a form we cannot read.',
  listedNotNarrowed: (names: string) => `Not narrowed by ${names}: each count covers every ${names}.`,

  readingCorrected: (pairs: string) => `Matched ${pairs}.`,
  readingAsWritten: (word: string) => `Search “${word}” as written`,
  // No comparables: what the index knows of the query's words (issue 28 point 3), so a rare item and an unknown word
  // get different answers.
  wordsTitle: 'What we know of your words',
  recognisedBrand: (label: string) => `${label} (brand)`,
  recognisedGarment: (label: string) => `${label} (item)`,
  recognisedModel: (label: string, brand?: string) =>
    brand ? `${label} (a ${brand} model)` : `${label} (model)`,
  recognisedLine: (names: string, windowDays: number) =>
    `We know ${names}, but nothing listed now or sold in the last ${windowDays} days in our data matches this search.`,
  unknownLine: (words: string, count: number) =>
    count === 1
      ? `We do not recognise ${words}: no listing in our data uses it, and it is not a brand, model or item we know.`
      : `We do not recognise ${words}: no listing in our data uses them, and they are not brands, models or items we know.`,
  allWordsKnownLine: 'Every word is in our data, but no listing holds them all together: try fewer words.',
  readingIgnored: (words: string) =>
    `Left out of the match (condition, sales and colour words, or words no listing shares): ${words}.`,
  noComparablesTitle: 'No comparable listings found',
  noComparablesSearched: (itemName: string, condition: string) =>
    `Nothing listed now or sold recently matches “${itemName}” in ${condition}.`,
  noComparablesSource: (source: string) => `Searched: ${source}.`,
  didYouMean: 'Did you mean',
  /** Issue 54: the words a search could not use, before the search without them. */
  unusedWords: (words: string[]) =>
    `We could not use ${words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`}: no listing of this item says ${words.length === 1 ? 'it' : 'them'}. The first search below leaves ${words.length === 1 ? 'it' : 'them'} out.`,
  noComparablesTipsTitle: 'Tips',
  noComparablesTips: [
    'Check the spelling of the brand and the item.',
    'Use fewer words: a brand and an item type are often enough.',
    'Try the name buyers use, such as "denim jacket" for "jean jacket".',
    'Try another condition: the search counts one condition at a time.',
  ],

  analysisTitle: 'Market Analysis',
  analysisSubtitle: 'Based on recent listings',
  highDemand: 'High demand!',
  steadyMarket: 'Steady market',
  analysisHigh:
    "This item is in high demand: most listings sell. It's a seller's market, so you can price confidently and expect a quick sale.",
  analysisSteady:
    'The market for this item is relatively balanced: a good share of listings sell. Price competitively and it should move.',
  analysisSlow:
    'This item is selling slowly, with lower demand than supply. Consider pricing sharply, bundling, or sourcing something else.',
  analysisUnavailable:
    "We can't judge demand without sold data from this source. Use the available count to gauge competition.",
  analysisAvailableUnknown:
    "We can't judge demand without a count of current listings from this source. Use the sold count to gauge interest.",
  snooze: 'Less than 10% is a snooze',
  disclaimer:
    'Disclaimer: this data is informational and indicative only and may contain errors. It must not be the sole basis for business decisions. Flipwise accepts no liability for decisions made using it.',

  demoBadge: 'Demo data',
  demoExplanation:
    "These figures come from Flipwise's demo market index, not live marketplaces, so treat them as an example of how the tool reads a market.",

  noSoldTitle: 'No Sold Items Found',
  noSoldGhost: "You might've thrifted a ghost",
  noSoldAdvice:
    'Nothing matching this search has sold recently. Try loosening your search (fewer or broader words), another name for the item, or a lookalike.',
  noSoldButton: 'Got it',

  errorTitle: 'Error',
  errorToastTitle: 'Search Error',
  authRequiredTitle: 'Authentication Required',
  authRequiredBody: 'Please login to use the search feature',

  errorNetwork: 'Network connection failed. Please check your internet connection and try again.',
  errorTimeout: 'Request timed out. Please try again.',
  errorUnavailable: 'Search service temporarily unavailable. Please try again in a moment.',
  errorAvailableOther: 'Failed to search available listings. Please try again.',
  errorSoldOther: 'Failed to search sold listings. Please try again.',
  errorAvailableNonError: 'Failed to fetch available listings. Please try again.',
  errorSoldNonError: 'Failed to fetch sold listings. Please try again.',
  errorUnexpected: 'An error occurred during search. Please try again.',
  errorSessionExpired: 'Your session has expired. Please log in again to search.',
  errorRateLimited: (seconds: number | null) =>
    seconds
      ? `Too many searches. Please try again in ${seconds} seconds.`
      : 'Too many searches. Please try again in a minute.',
  retry: 'Try again',

  deeperTitle: 'Deeper look',
  deeperSubtitle: 'What stands behind these numbers',
  formula: (windowDays: number) => `Sell-through = sold in the last ${windowDays} days ÷ listed now`,
  formulaAbove100:
    'Above 100% means more sold in that window than are listed right now: items are going faster than new ones appear.',
  compsTitle: 'Comps behind the counts',
  compsLine: (available: number, sold: number) => `Based on ${available} available and ${sold} sold comps`,
  compsAvailableOnly: (available: number) => `Based on ${available} available comps`,
  compsSoldOnly: (sold: number) => `Based on ${sold} sold comps`,
  thinSample: 'Thin sample: fewer than 20 listed and sold together — treat the rate as a hint',
  medianPrice: 'Median sold price',
  priceRange: 'Middle 50% sold between',
  typicalDays: 'Typical time to sell',
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  notEnoughData: 'Not enough sales to say',
  notEnoughSellers: 'Not enough sellers yet',
  cellWithheld: 'Not enough sellers',
  cellInOther: 'In other',
  cellInOtherTitle: 'Counted under Other marketplaces',
  cellInOtherLegend:
    'In other: too few sellers stand behind this figure to show it alone, so it is counted in Other marketplaces. Other marketplaces has no rate: its listed and sold figures need not cover the same marketplaces.',
  otherMarketplaces: 'Other marketplaces',
  recentSalesWithheld: 'Not enough sellers yet to list individual sales.',
  recentSalesPanel:
    "Sales shared by the seller panel are counted, never listed one by one: no one sees another seller's items.",
  needsSoldData: 'Needs sold data',
  conditionLadder: 'By condition',
  conditionLadderCaption: 'Available, sold and sell-through for every condition of this search',
  yourCondition: 'your search',
  byMarketplace: 'By marketplace',
  byMarketplaceCaption: 'Available, sold and sell-through on each marketplace',
  asOf: (when: string) => `Figures as of ${when}`,
  recentSalesTitle: 'Recent sales',
  recentSalesCaption: (days: number) =>
    `The most recent matching sales of the last ${days} days, newest first`,
  recentSalesNone: (days: number) => `No matching sales in the last ${days} days.`,
  recentSalesUnavailable: 'This source does not list individual sales.',
  recentSaleView: 'View',
  savedSource: (source: string, window: string) => `${source} · ${window}`,
  savedSourceUnknown: 'Source not recorded',

  saveSearch: 'Save search',
  savingSearch: 'Saving...',
  savedSearch: 'Saved',
  saveSearchSuccess: 'Search saved',
  saveSearchSuccessBody: 'You can find it on your account page, with the latest figures.',
  saveSearchFailed: 'Could not save this search. Please try again.',

  savedTitle: 'Saved searches',
  savedEmpty:
    "No saved searches yet. Run a search on the Thrifting Explorer and choose 'Save search' to keep it here.",
  savedLoading: 'Loading saved searches...',
  savedLoadFailed: 'Could not load your saved searches.',
  savedRunAgain: 'Run again',
  savedDelete: 'Delete',
  savedDeleted: 'Saved search deleted',
  savedDeleteFailed: 'Could not delete this saved search. Please try again.',
  savedUndo: 'Undo',
  savedRestored: 'Saved search restored',
  savedRestoreFailed:
    'Could not restore this saved search. Run it again and save it from the Thrifting Explorer.',
  savedNotRunYet: 'No figures yet',
  savedUpdated: (when: string) => `Updated ${when}`,

  // Issue 54, the research desk: the window beside the condition, and optional narrowing (docs/decisions/058, 083).
  windowLabel: 'Sold in the last',
  windowChoice: (days: number) => `${days} days`,
  windowHelp:
    'The sold count and sell-through rate cover this many calendar days in UTC, today and the days before it',
  windowInvalid: 'Please choose 30, 90, 180 or 365 days.',
  moreFilters: 'More filters',
  moreFiltersSet: (n: number) => `${n} set`,
  sizeLabel: 'Size',
  sizePlaceholder: 'e.g. M, 8, 32x30',
  sizeHelp: 'A letter or number size, or waist x inseam',
  sizeFromQuery: 'From your item name',
  sizeInvalid: 'Size must be at most 12 letters or numbers, such as M, 8 or 32x30.',
  priceLabel: 'Price (USD)',
  priceMinLabel: 'From',
  priceMaxLabel: 'Under',
  priceHelp: 'The asking price of listings and the price of sales',
  priceMinInvalid: 'Enter a price in dollars, from 0 to 100,000.',
  priceMaxInvalid: 'Enter a price in dollars, from 0 to 100,000.',
  priceBandOrder: 'The second price must be above the first.',
  marketplaceLabel: 'Marketplace',
  marketplaceAny: 'Any marketplace',
  marketplaceInvalid: 'Please choose a marketplace from the list.',
  clearFilters: 'Clear filters',
  priceBand: (low: string, high: string) => `${low} – ${high}`,
  priceFrom: (low: string) => `from ${low}`,
  priceUnder: (high: string) => `under ${high}`,
  searchedWindow: (days: number) => `last ${days} days`,
  searchedSize: (size: string) => `size ${size}`,
  searchedSizeFromQuery: (size: string) => `size ${size} (from your words)`,
  searchedMarketplace: (label: string) => `on ${label}`,
  filterName: { size: 'size', price: 'price band', marketplace: 'marketplace' },
  notNarrowed: (source: string, names: string) =>
    `Not narrowed by ${names}: ${source} cannot narrow its figures that way, so they cover every ${names}.`,
  releaseNotNarrowed: (names: string) =>
    `Not narrowed by ${names}: the panel releases totals by item, condition and week only, so these are the item's figures whatever the ${names}.`,

  // The trend (issue 54): sold and median price per week over the window, a chart and its table.
  trendTitle: 'Trend',
  trendSubtitle: (days: number) => `Sold per week and median sold price, last ${days} days`,
  trendChart: 'Chart',
  trendTable: 'Table',
  trendSold: 'Sold per week',
  trendPrice: 'Median sold price per week',
  trendWeek: 'Week of',
  trendSoldColumn: 'Sold',
  trendPriceColumn: 'Median price',
  trendListedToday: 'Listed today',
  trendTooFew: 'Too few sellers',
  trendNoPrice: 'No price',
  trendTooFewLegend: 'Too few sellers that week to show a figure',
  trendCaption: (days: number) =>
    `Sales per week and median sold price per week over the last ${days} days, oldest week first, with the count listed today`,
  trendChartLabel: (days: number, weeks: number, most: number) =>
    `Chart of sales per week over the last ${days} days: ${weeks} weeks, at most ${most} sold in a week. The Table tab lists every week.`,
  trendPriceChartLabel: (low: string, high: string) =>
    `Chart of the median sold price per week, from ${low} to ${high}. The Table tab lists every week.`,
  trendBar: (week: string, sold: string, price: string | null) =>
    `Week of ${week}: ${sold}${price ? `, median ${price}` : ''}`,
  trendPriceDot: (week: string, price: string) => `Week of ${week}: median ${price}`,
  trendSoldCount: (n: number) => `${n} sold`,
  trendPartialWeek: '(so far)',
  /** How long ago the window's first third lies, as people say it: 'a month', '3 months', '6 months', 'a year'. */
  trendSince: (days: number) =>
    days <= 30 ? 'a month ago' : days <= 90 ? '3 months ago' : days <= 180 ? '6 months ago' : 'a year ago',
  trendPace: {
    faster: (since: string) => `Selling faster than ${since}`,
    slower: (since: string) => `Selling slower than ${since}`,
    steady: (since: string) => `Selling at the same pace as ${since}`,
  },
  trendPriceWords: { rising: 'Price rising', falling: 'Price falling', steady: 'Price steady' },
  trendCompares: (third: number, early: number, recent: number) =>
    `The last ${third} days against the first ${third} of the window: ${recent} sold against ${early}.`,
  trendPriceCompares: (early: string, recent: string) => `Median ${recent} against ${early}.`,
  releaseWeekly: 'Sold per week',
  releaseWeeklyCaption: 'Released sales per week of the window, with the likely error of each week',
} as const;
