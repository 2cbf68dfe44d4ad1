// The sales feature's copy, grouped by screen.
export const salesMessages = {
  dashboard: {
    heading: 'Your sales',
    intro: 'Figures from the sales and listings you imported. Only you can see them.',
    span: (rows: string, first: string | null, last: string | null) =>
      first && last
        ? `${rows} imported ${rows === '1' ? 'row' : 'rows'}, with sales from ${first} to ${last}.`
        : `${rows} imported ${rows === '1' ? 'row' : 'rows'}.`,

    filtersLabel: 'Filters',
    fromLabel: 'From',
    toLabel: 'To',
    marketplaceLabel: 'Marketplace',
    allMarketplaces: 'All marketplaces',
    reset: 'Reset',
    datesReversed: 'The From date is after the To date, so no sale can match.',
    updating: 'Updating your figures…',

    loading: 'Loading your sales…',
    loadFailed: "We couldn't load your sales.",
    loadFailedHint: 'Check your connection, then try again.',
    retry: 'Try again',
    emptyTitle: "You haven't imported any sales yet.",
    emptyBody:
      'Import the sales export of a marketplace (eBay, Poshmark, Depop and others) to see your sell-through, how long items take to sell and what they sell for.',
    importLink: 'Import your sales',
    filteredEmpty: 'Nothing matches these filters.',
    filteredEmptyHint: 'Try other dates or another marketplace, or reset the filters.',

    sellThroughTitle: 'Sell-through',
    soldOfListed: (sold: string, listed: string) => `${sold} sold · ${listed} listed now`,
    nothingListedNow: 'Nothing of this is listed now',
    medianDaysTitle: 'Median days to sell',
    medianDaysNote: 'From listing to sale, over the sales with a listing date',
    noListingDates: 'No listing dates in your files',
    medianPriceTitle: 'Median sale price',
    middleHalf: (low: string, high: string) => `Middle 50%: ${low}–${high}`,
    noPrices: 'No sale prices in these dates',
    noFigure: '—',
    otherCurrencies: (count: number, countText: string) =>
      count === 1
        ? '1 sale in another currency is not in the price figures.'
        : `${countText} sales in other currencies are not in the price figures.`,

    monthlyTitle: 'Sold per month',
    monthlyChartLabel: (parts: string) => `Sold per month, last 12 months: ${parts}`,
    showAsTable: 'Show as a table',
    monthColumn: 'Month',
    soldColumn: 'Sold',
    revenueColumn: 'Revenue',

    breakdownTitle: 'Breakdown',
    breakdownTabsLabel: 'Break your sales down by',
    tabs: {
      brand: 'Brand',
      category: 'Category',
      size: 'Size',
      condition: 'Condition',
      marketplace: 'Marketplace',
    },
    breakdownCaption: (by: string) => `Your sales by ${by.toLowerCase()}`,
    listedColumn: 'Listed',
    sellThroughColumn: 'Sell-through',
    medianDaysColumn: 'Median days',
    medianPriceColumn: 'Median price',
    middleHalfColumn: 'Middle 50%',
    noGroups: 'Nothing to show for these filters.',
    notRecorded: 'Not recorded',
    exportCsv: 'Export table as CSV',
    csvSellThrough: 'Sell-through (%)',
    csvMedianDays: 'Median days to sell',
    csvMedianPrice: (currency: string | null) => (currency ? `Median price (${currency})` : 'Median price'),
    csvLow: (currency: string | null) => (currency ? `Middle 50% from (${currency})` : 'Middle 50% from'),
    csvHigh: (currency: string | null) => (currency ? `Middle 50% to (${currency})` : 'Middle 50% to'),

    bestTitle: 'Best sellers',
    bestHint: 'Brands with at least 2 sales, highest sell-through first.',
    bestFigure: (sellThrough: string, sold: string) => `${sellThrough} sell-through, ${sold} sold`,
    bestFigureNoneListed: (sold: string) => `${sold} sold, none listed now`,
    bestNone: 'No brand has sold twice yet with these filters.',
    slowestTitle: 'Slowest sellers',
    slowestHint: 'Brands that take longest from listing to sale.',
    slowestFigure: (days: string) => `median ${days}`,
    slowestNone: 'No sales with a listing date yet, so there is nothing to compare.',

    conditionLabels: {
      new_with_tags: 'New with tags',
      new_without_tags: 'New without tags',
      new_with_imperfections: 'New with imperfections',
      pre_owned: 'Pre-owned',
    } as Record<string, string>,
    marketplaceNames: {
      ebay: 'eBay',
      poshmark: 'Poshmark',
      depop: 'Depop',
      mercari: 'Mercari',
      vinted: 'Vinted',
      etsy: 'Etsy',
      grailed: 'Grailed',
    } as Record<string, string>,
  },
};
