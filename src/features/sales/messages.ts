// The sales feature's copy, grouped by screen.
import type { ImportField } from './lib/import/types';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

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
    sellThroughFormula: 'Units sold in these dates ÷ units listed now × 100',
    overHundred:
      'Over 100% means more units sold in these dates than are listed now: the rate compares the two, it is not a share of your listings.',
    noListings: 'Import your listings to see sell-through',
    noListingsWhy: (filtered: boolean) =>
      filtered
        ? 'It compares units sold with units listed now, and nothing listed now matches these filters.'
        : 'It compares units sold with units listed now, and your imports have sales but no listings.',
    importListings: 'Import listings',
    medianDaysTitle: 'Median days to sell',
    medianDaysNote: 'From listing to sale, over the sales with a listing date',
    noListingDates: 'No listing dates in your files',
    medianPriceTitle: 'Median sale price',
    medianPriceNote: 'Per unit, over the sales with a price',
    middleHalf: (low: string, high: string) => `Middle 50%: ${low}–${high}`,
    noPrices: 'No sale prices in these dates',
    noFigure: '—',
    otherCurrencies: (count: number, countText: string) =>
      count === 1
        ? '1 sale in another currency is not in the money figures.'
        : `${countText} sales in other currencies are not in the money figures.`,

    profitTitle: 'Profit',
    profitFormula: 'Net earnings − cost of goods',
    roi: (percent: string) => `ROI ${percent}`,
    roiFormula: 'profit ÷ cost of goods',
    revenueLabel: 'Revenue',
    revenueNote: 'Items sold, without shipping',
    shippingLabel: 'Shipping charged',
    feesLabel: 'Fees',
    netLabel: 'Net earnings',
    netNote: 'What the marketplace paid you, as your exports say',
    costLabel: 'Cost of goods',
    notInImports: 'Not in your imports',
    inSomeSales: (known: string, of: string) => `in ${known} of ${of} sales`,
    noCost: 'No cost of goods in your imports: add a Cost column to see profit and ROI.',
    noNet:
      'No net earnings in your imports: add a Net column (what the marketplace paid you after its fees) to see profit and ROI.',
    netAndCostApart:
      'No sale has both net earnings and a cost of goods in your imports, so there is no profit to show yet.',
    noSalePrices: 'No sale prices in these dates, so there is no money to add up.',
    profitOver: (known: string, of: string) =>
      `Profit and ROI are over the ${known} of ${of} sales that have both net earnings and a cost of goods; the others are left out.`,

    monthlyTitle: 'Sold per month',
    monthlyChartLabel: (from: string, to: string, parts: string) =>
      `Units sold per month, ${from} to ${to}: ${parts}`,
    monthlyChartRegion: 'Chart of units sold per month',
    showAsTable: 'Show as a table',
    monthColumn: 'Month',
    soldColumn: 'Sold',
    scrollCue: 'Scroll for more',
    scrollCueEarlier: 'Earlier months',

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
    moneyColumns: {
      revenue: 'Revenue',
      shipping: 'Shipping',
      fees: 'Fees',
      net: 'Net',
      cost: 'Cost',
      profit: 'Profit',
      roi: 'ROI',
    },
    fieldNames: {
      revenue: 'sale prices',
      shipping: 'shipping',
      fees: 'fees',
      net: 'net earnings',
      cost: 'cost of goods',
      profit: 'profit',
      roi: 'ROI',
    },
    leftOut: (fields: string, noProfit: boolean) =>
      `Not in your imports, so not shown: ${fields}${noProfit ? ', and so profit and ROI' : ''}.`,
    partlyKnown: (parts: string) => `Money figures add up the sales that have them: ${parts} sales.`,
    partlyKnownPart: (field: string, known: string, of: string) => `${field} in ${known} of ${of}`,
    noSellThroughRows: 'Sell-through shows — where nothing is listed now.',
    noGroups: 'Nothing to show for these filters.',
    notRecorded: 'Not recorded',
    exportCsv: 'Export table as CSV',
    csvUnitsSold: 'Units sold',
    csvUnitsListed: 'Units listed',
    csvSellThrough: 'Sell-through (%)',
    csvMedianDays: 'Median days to sell',
    csvMoney: (name: string, currency: string | null) => (currency ? `${name} (${currency})` : name),
    csvRoi: 'ROI (%)',
    csvMedianPrice: (currency: string | null) => (currency ? `Median price (${currency})` : 'Median price'),
    csvLow: (currency: string | null) => (currency ? `Middle 50% from (${currency})` : 'Middle 50% from'),
    csvHigh: (currency: string | null) => (currency ? `Middle 50% to (${currency})` : 'Middle 50% to'),

    bestTitle: 'Best sellers',
    bestHint: 'Brands with at least 2 units sold: highest sell-through first, then the most sold.',
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
      facebook_marketplace: 'Facebook Marketplace',
      other: 'Other',
    } as Record<string, string>,
  },

  importer: {
    pageTitle: 'Import your sales',
    pageIntro:
      'Bring the sales and listings you downloaded from your marketplaces. You get your own sell-through, days to sell and sale prices, across every marketplace you sell on.',
    pickTitle: 'Choose a file',
    pickIntro: 'A CSV file from a marketplace or a crosslister, or a sheet you keep yourself.',
    dropHint: 'Drop the file here, or choose it:',
    fileLabel: 'Sales or listings file',
    limits: 'CSV or JSON Lines, UTF-8, up to 20 MB and 100,000 rows.',
    knownTitle: 'Exports we recognise',
    ownFormat: 'Flipwise CSV or JSON Lines (the columns of our import format)',
    otherFiles:
      'Any other CSV works too: you tell us which column holds the title, price and dates, and we remember it for the next file with the same columns.',
    privacy:
      'Your imported rows are private: only you can see them, unless you choose to share them anonymously with the seller panel (off until you turn it on). You can delete them all at any time from Your sales.',
    unreadableTitle: 'We could not read this file',
    readFailed: 'We could not read this file. Check that it is a CSV file, then try again.',
    writeFailed:
      'The import stopped because we could not reach the server. What was written so far is kept; import the same file again to finish (nothing is added twice).',

    readingTitle: (file: string) => `Reading ${file}`,
    reading: 'Reading the file…',
    checkingTitle: (file: string) => `Checking ${file}`,
    checkingProgress: 'Checking each row',
    importingTitle: (file: string) => `Importing ${file}`,
    importingProgress: 'Importing rows',
    progressCount: (done: number, total: number) =>
      `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
    stop: 'Stop importing',
    stopHint:
      'Rows already imported stay. Importing the same file later finishes the rest without duplicates.',

    mappedFormatName: 'Columns you chose',
    mapTitle: (file: string) => `Which column is which in ${file}?`,
    mapIntro:
      'We do not recognise this file’s columns. Tell us where each detail is; leave out what the file does not have. Only the title is required.',
    mapRemembered: 'We filled this in from the last file you imported with the same columns.',
    notInFile: 'Not in this file',
    fieldLabels: {
      title: 'Title',
      price: 'Price (sale price, or asking price if listed)',
      currency: 'Currency',
      sold_at: 'Sale date',
      listed_at: 'Listing date',
      brand: 'Brand',
      size: 'Size',
      condition: 'Condition',
      marketplace: 'Marketplace',
      external_id: 'Item or line id',
      order_id: 'Order id',
      category: 'Category',
      status: 'Status (sold, listed, refunded…)',
      quantity: 'Quantity',
      shipping: 'Shipping charged to the buyer',
      fees: 'Marketplace fees',
      net: 'Net earnings',
      cost: 'Cost of goods',
    } satisfies Record<ImportField, string>,
    fieldHints: {
      title: 'What the item was called in the listing.',
      price: 'Amounts such as $25.00, 25 or 12,50 €.',
      currency: 'If empty, the price’s symbol decides; without one, USD.',
      sold_at: 'Rows with a sale date count as sold, unless a status column says otherwise.',
      listed_at: 'Needed for days to sell.',
      brand: 'Used for your figures by brand.',
      size: 'As you wrote it: M, 32, US 9.',
      condition: 'Words such as NWT, New with tags, Used or Good.',
      marketplace: 'Where the item sold or is listed.',
      external_id:
        'The item, listing or transaction id. Lets a re-import recognise rows; without it, we recognise them by their content.',
      order_id: 'Lines with the same order id are the items of one order.',
      category: 'Used for your figures by category.',
      status:
        'Sold, Shipped, Active… Cancelled, refunded and returned sales are kept but not counted. Drafts are not imported.',
      quantity: 'Units in the row; empty means one. Prices are per unit.',
      shipping: 'What the buyer paid for shipping. Private to you.',
      fees: 'What the marketplace kept. Private to you.',
      net: 'What the marketplace paid you. Private to you.',
      cost: 'What you paid for the item. Private to you, used for your profit.',
    } satisfies Record<ImportField, string>,
    marketplaceForAll: 'Marketplace of every row',
    marketplaceWhereEmpty: 'Marketplace of rows whose marketplace cell is empty',
    chooseMarketplace: 'Choose a marketplace',
    conditionForAll: 'Condition of every row',
    conditionWhereEmpty: 'Condition of rows whose condition cell is empty',
    noCondition: 'Not known',
    dateOrder: 'Dates such as 03/04/2026 mean',
    monthFirst: 'Month first (March 4)',
    dayFirst: 'Day first (3 April)',
    sampleTitle: 'The first rows of the file',
    needTitle: 'Choose the column that holds the title.',
    needMarketplace: 'Choose the marketplace of these rows, or the column that names it.',
    checkRows: 'Check the rows',
    chooseAnother: 'Choose another file',

    previewTitle: (file: string) => `Ready to import ${file}`,
    recognised: (name: string) => `Recognised: ${name}.`,
    mappedBy: 'Read with the columns you chose.',
    recordsCount: (n: number) =>
      `${plural(n, 'record', 'records')} read (every line under the header and above it, but blank lines)`,
    readyCount: (n: number) => `${plural(n, 'row', 'rows')} ready to import`,
    problemCount: (n: number) =>
      n === 0
        ? 'No rows with problems'
        : `${plural(n, 'row has', 'rows have')} problems and will not be imported`,
    skippedCount: (n: number) => `${plural(n, 'line is', 'lines are')} not items`,
    notItemKinds: {
      above: 'above the header',
      empty: 'an empty row',
      summary: 'an order’s summary row',
      note: 'a total or a note',
    },
    readyTitle: (shown: number, total: number) =>
      shown === total ? 'The rows' : `The first ${shown} of ${total.toLocaleString('en-US')} rows`,
    readyCaption: 'Rows that will be imported',
    previewColumns: [
      'Title',
      'Marketplace',
      'Status',
      'Units',
      'Price per unit',
      'Sold',
      'Listed',
      'Condition',
    ],
    sold: 'Sold',
    saleStatusLabels: {
      completed: 'Sold',
      in_progress: 'Sold, in progress',
      shipped: 'Sold, shipped',
      cancelled: 'Cancelled (not counted)',
      refunded: 'Refunded (not counted)',
      returned: 'Returned (not counted)',
    },
    listed: 'Listed',
    problemsTitle: 'Rows with problems',
    problemsIntro:
      'These rows stay out. Download them with their reasons, fix them in your spreadsheet, and import that file.',
    line: (n: number) => `Line ${n}:`,
    moreProblems: (n: number) => `and ${plural(n, 'more row', 'more rows')} in the download.`,
    skippedTitle: 'Lines that are not items',
    skippedIntro:
      'Lines above the header, empty rows, order summaries, totals and notes. They are not imported.',
    moreSkipped: (n: number) => `and ${plural(n, 'more line', 'more lines')}.`,
    downloadRejected: 'Download rows with problems (CSV)',
    lineColumn: 'Line',
    reasonsColumn: 'Why it was not imported',
    importRows: (n: number) => `Import ${plural(n, 'row', 'rows')}`,

    doneTitle: 'Import finished',
    partlyDoneTitle: 'Import stopped',
    doneSummary: (
      records: number,
      inserted: number,
      updated: number,
      unchanged: number,
      rejected: number,
      notItems: number,
    ) =>
      `${plural(records, 'record', 'records')} read: ` +
      [
        `${plural(inserted, 'new row', 'new rows')} added`,
        `${plural(updated, 'row', 'rows')} updated`,
        `${plural(unchanged, 'row was', 'rows were')} already there`,
        `${plural(rejected, 'row', 'rows')} not imported`,
        `${plural(notItems, 'line', 'lines')} not items`,
      ].join(', ') +
      '.',
    doneAddsUp: 'Every record of the file is in exactly one of these counts.',
    stopped: (written: number, total: number) =>
      `You stopped the import after ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows.`,
    seeYourSales: 'See your sales',
    importAnother: 'Import another file',
  },

  sharing: {
    title: 'Share anonymously with the Flipwise seller panel',
    intro:
      'Off unless you turn it on. When it is on, the items you import count in the seller panel’s weekly figures that every Flipwise search shows, so those figures rest on more real sales. Nothing that identifies you, your buyers or your listings goes with them.',
    switchLabel: 'Share my imported items anonymously',
    sharedTitle: 'What is shared, for each item',
    sharedList: [
      'title, brand, category and size',
      'condition, and whether it is listed or sold',
      'price, currency and marketplace',
      'the day it was listed and the day it sold (not the time)',
    ],
    neverTitle: 'What is never shared',
    neverList: [
      'your name, email or account: items carry a random code instead',
      'the buyer (buyers are never imported)',
      'the order or listing id, and the listing’s link',
      'your shipping, fees, net earnings, cost of goods and profit, and how many units a line had',
      'the time of day of a listing or sale',
    ],
    // Issue 52: what others see is weekly totals with noise, and what leaving can and cannot take back.
    released:
      'Other people never see your items, only totals: once a week the panel releases how many sold and were listed, prices and days to sell, for each brand and kind of item, with random noise added so no one’s sales can be worked out from them. Each figure shows its likely error and runs 1 to 2 weeks behind.',
    turnOff:
      'Items you import while sharing is on are shared as they arrive. Turn sharing off at any time and your sales are left out of the next weekly release and every release after it; deleting your imported data or your account does the same. Figures already released stay, but they are noisy totals that hold no one’s sales.',
    privacyLink: 'How the seller panel works, in our Privacy Policy',

    loading: 'Loading your sharing setting…',
    loadFailed: 'We couldn’t load your sharing setting.',
    loadFailedHint: 'Check your connection, then try again.',
    retry: 'Try again',
    turningOn: 'Turning sharing on…',
    /** A long history is shared in batches: how far it is. */
    sharingProgress: (shared: number, total: number) =>
      `Sharing your items… ${shared.toLocaleString('en-US')} of ${plural(total, 'item', 'items')} shared`,
    turningOff: 'Turning sharing off…',
    onSince: (since: string | null, shared: number) =>
      `${since ? `Sharing on since ${since}` : 'Sharing on'} · ${plural(shared, 'item', 'items')} shared`,
    off: 'Off: your sales are private to you.',
    withoutCondition: (n: number) =>
      `${plural(n, 'imported item stays', 'imported items stay')} private because ${n === 1 ? 'its file does' : 'their files do'} not say the condition, and every panel figure is per condition.`,
    tooManyChanges: (seconds: number) =>
      `You changed sharing many times in a minute, so this change was not made. Please try again in ${plural(seconds, 'second', 'seconds')}.`,
    saveFailed: (share: boolean) =>
      share
        ? 'We couldn’t turn sharing on, so your items are not shared. Check your connection and try again.'
        : 'We couldn’t turn sharing off, so your items are still shared. Check your connection and try again.',
  },
};
