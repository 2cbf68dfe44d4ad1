// The marketplace exports the sales import recognises by their header row. Every header name below was read in public
// documentation or in public code that parses the real file; the sources say where. Exports with no findable source
// (List Perfectly, Vinted's data download) have no preset: the mapping step handles them like any other file.
// Why each mapping is what it is: docs/decisions/053-sales-import-formats.md; lines, statuses, quantities and money
// (issue 51): docs/decisions/078-sales-line-items.md. A preset reads every field its export has that a reseller's
// figures use; a name after "|" is another spelling of the same column.
import type { FormatPreset } from './types';

export const formatPresets: FormatPreset[] = [
  // Our own listing format, the one `npm run market:import` reads (CSV or JSON Lines). ISO dates, plain prices.
  {
    id: 'flipwise',
    name: 'Flipwise CSV or JSON Lines',
    marketplace: null,
    status: null,
    signature: ['marketplace', 'external_id', 'title', 'status'],
    columns: {
      title: ['title'],
      price: ['price'],
      currency: ['currency'],
      sold_at: ['sold_at'],
      listed_at: ['listed_at'],
      brand: ['brand'],
      size: ['size'],
      condition: ['condition'],
      marketplace: ['marketplace'],
      external_id: ['external_id'],
      category: ['category'],
      status: ['status'],
      order_id: ['order_id'],
      quantity: ['quantity'],
      shipping: ['shipping'],
      fees: ['fees'],
      net: ['net'],
      cost: ['cost'],
    },
    sources: ['scripts/market-import-parse.ts (our own listing format)'],
  },

  // eBay Seller Hub > Orders > Download (the "Orders report", 80 columns on ebay.com). Line 1 is a row of bare commas,
  // the quoted header is line 2, a second row of bare commas follows it, and the file ends with
  // "N,record(s) downloaded,from ... to ..." and "Seller ID : name": none of those is an item. Money is "$34.99" (the
  // symbol gives the currency); dates are "Mar-14-26" or "Sep-30-26 23:45:00". A multi-item order is a summary row
  // (no Item Title, no Item Number) plus one row per item, all with the same Order Number: the summary is not an item,
  // and each item row is a line keyed by order, item number and transaction. Sold For is one unit's price; Quantity
  // the units. The report lists no cancelled orders and no status, refund or fee column. Some reports say Order ID,
  // Item Price and Order Date; UK files say "Postage And Handling".
  {
    id: 'ebay-orders',
    name: 'eBay Seller Hub orders report',
    marketplace: 'ebay',
    status: 'sold',
    signature: ['Sales Record Number', 'Order Number|Order ID', 'Sold For|Item Price'],
    columns: {
      title: ['Item Title'],
      price: ['Sold For', 'Item Price'],
      sold_at: ['Sale Date', 'Order Date', 'Paid On Date'],
      order_id: ['Order Number', 'Order ID'],
      external_id: ['Item Number'],
      quantity: ['Quantity'],
      shipping: ['Shipping And Handling', 'Postage And Handling'],
    },
    lineId: ['Transaction ID'],
    summary: { group: ['Order Number', 'Order ID'], detail: ['Item Title', 'Item Number'] },
    // Before issue 51 an eBay sale was keyed by its Sales Record Number (else its Order Number).
    previousKey: ['Sales Record Number', 'Order Number', 'Order ID'],
    skipLines: 1,
    sources: [
      'https://github.com/7thcapitalist/Hackhaton/blob/08ada60376ec33787f4bdd126aab71d8d4844115/docs/sources/ebay.md',
      'https://github.com/7thcapitalist/Hackhaton/blob/5feafb1f4a52f4e8cfd787ff8f77f26215a17c7a/scripts/mock/writers/ebay.ts',
      'https://github.com/randomecho/shifted-sales-report/blob/HEAD/README.md',
    ],
  },

  // eBay Seller Hub > Reports > Downloads > "All active listings". Starts with a byte order mark. Every cell is quoted
  // except some numbers; prices are plain ("34.99") with the currency in its own column; dates are
  // "Mar-02-26 18:21:07 PST" (the zone is applied). A listing with variations is a parent row followed by one row per
  // variation, all with the same Item number: the variations are the items (each keyed by Item number and its
  // Variation details, with its Available quantity), and the parent row is not one. The "CD:" columns are eBay's
  // condition descriptors (trading cards); they stay empty here.
  {
    id: 'ebay-active-listings',
    name: 'eBay Seller Hub active listings report',
    marketplace: 'ebay',
    status: 'available',
    signature: ['Item number', 'Custom label (SKU)', 'Available quantity', 'Auction Buy It Now price'],
    columns: {
      title: ['Title'],
      price: ['Current price', 'Start price'],
      currency: ['Currency'],
      listed_at: ['Start date'],
      condition: ['Condition'],
      external_id: ['Item number'],
      category: ['eBay category 1 name'],
      quantity: ['Available quantity'],
    },
    lineId: ['Variation details'],
    summary: { group: ['Item number'], detail: ['Variation details'] },
    sources: [
      'https://github.com/mthous72/FlipKit/blob/3d6411da87f9667a9891fb88912fb3e715b88279/FlipKit.Core.Tests/Helpers/EbayListingsCsvReaderTests.cs',
      'https://github.com/mthous72/FlipKit/blob/31936b2868d7e0ecd2da63781ac581a28a907f26/FlipKit.Core.Tests/Services/EbayListingImportServiceTests.cs',
    ],
  },

  // Poshmark > My Sales Report > Download. Lines above the header: "Poshmark Sales Report for @closet", the date range
  // and a lone "" line (two or three lines depending on the version, so finding the header by its signature is safer
  // than counting). Money is "$45.00", dates are MM/DD/YYYY. Older reports say "Net Earnings" where newer ones say
  // "Your Earnings" and lack "Lowest Set Price" and "Packaging Fee"; the signature avoids all three. NWT is a Y/N flag:
  // Y is new with tags, N says nothing (new without tags and pre-owned are both N). Data rows end with one more empty
  // cell than the header. The items of a bundle share their Order Id and have no id of their own, so a line is keyed
  // by its order and what it is (title, brand, size, listing date). Cost Price is the seller's cost of goods.
  {
    id: 'poshmark-sales',
    name: 'Poshmark sales report',
    marketplace: 'poshmark',
    status: 'sold',
    signature: ['Listing Title', 'Order Price', 'Bundle Order?', 'Offer Order'],
    columns: {
      title: ['Listing Title'],
      price: ['Order Price'],
      sold_at: ['Order Date'],
      listed_at: ['Listing Date'],
      brand: ['Brand'],
      size: ['Size'],
      order_id: ['Order Id'],
      category: ['Category'],
      cost: ['Cost Price'],
      net: ['Your Earnings', 'Net Earnings'],
    },
    conditionFlag: { column: 'NWT', condition: 'new_with_tags' },
    // Before issue 51 a Poshmark sale was keyed by its Order Id, so a bundle kept one of its items.
    previousKey: ['Order Id'],
    skipLines: 3,
    sources: [
      'https://github.com/kakun45/resellershelper_sample/blob/45dc2d3fd2ddc42076b8ef68d21e6d5ebb9a6cd8/README.md',
      'https://github.com/santizo54/posh-data-analytics/blob/08c6d23d75db82b11fa847c2b98d70b4882af167/poshmark_project.py',
      'public code index: importParser.test.ts, a Mercari and Poshmark sales import test (repository not named by the index)',
    ],
  },

  // Depop > Sales > Download sales (US). No order or item id column: the id has to be built from the row (Date of sale,
  // Time of sale, Bundle and Buyer, as the public parsers do, plus Description for the items of one bundle). Description is the whole listing text, often several lines;
  // its first line is the title. Money is "$24.99" ("£" on UK accounts), dates MM/DD/YYYY with the time apart
  // ("7:16 PM"); empty cells read "N/A" or ="-" (the latter on the extra rows of a bundle). The seller's fees are three
  // columns (Depop fee, Depop Payments fee, Boosting fee); Buyer shipping cost is what the buyer paid for shipping. A
  // sale whose "Refunded to buyer amount" covers its price was refunded.
  {
    id: 'depop-sales',
    name: 'Depop sales export',
    marketplace: 'depop',
    status: 'sold',
    signature: ['Date of sale', 'Time of sale', 'Depop fee', 'Depop Payments fee'],
    columns: {
      title: ['Description'],
      price: ['Item price'],
      sold_at: ['Date of sale'],
      listed_at: ['Date of listing'],
      brand: ['Brand'],
      size: ['Size'],
      category: ['Category'],
      shipping: ['Buyer shipping cost'],
    },
    sums: { fees: ['Depop fee', 'Depop Payments fee', 'Boosting fee'] },
    refunded: 'Refunded to buyer amount',
    sources: [
      'https://github.com/IsaganiJulian/Depop-Data-Project/blob/229edf3784b441ff11215f279baca2ef76efe734/analysis/notebooks/test_data_cleaner.ipynb',
      'https://github.com/IsaganiJulian/Depop-Data-Project/blob/316c134a24dd5f2e8efb82e5d4401157ce95514b/src/transform.py',
      'public code index: a Depop sales CSV parser (TypeScript, EXPECTED_COLUMNS) and a Depop cleaning script (Python, RENAME_MAP) listing the 31 current columns (repositories not named by the index)',
    ],
  },

  // Mercari > Sales history > Download (US). Every cell quoted; prices plain ("45.00"); dates MM/DD/YYYY. Order Status
  // says what became of each sale: Completed, In Progress or Shipped are sales; Canceled ones are kept and not counted.
  // The report ends with a "Totals:" row (in Item Id) that is not a sale. Buyer Shipping Fee is the buyer's shipping,
  // Mercari Selling Fee and Payment Processing Fee the seller's fees, Net Seller Proceeds the net. No listing date,
  // brand, size or condition in this export.
  {
    id: 'mercari-sales',
    name: 'Mercari sales report',
    marketplace: 'mercari',
    status: null,
    signature: ['Item Id', 'Sold Date', 'Mercari Selling Fee', 'Net Seller Proceeds'],
    columns: {
      title: ['Item Title'],
      price: ['Item Price'],
      sold_at: ['Sold Date'],
      external_id: ['Item Id'],
      status: ['Order Status'],
      shipping: ['Buyer Shipping Fee'],
      net: ['Net Seller Proceeds'],
    },
    sums: { fees: ['Mercari Selling Fee', 'Payment Processing Fee'] },
    sources: [
      'https://github.com/jrtrevino/facebook-transaction-parser/blob/8847220af25dd23fca23f81e6ad7e1e9c33d83ed/FacebookTransactionParser/Entities/MercariTransactionEntity.cs',
      'public code index: importParser.test.ts, a Mercari and Poshmark sales import test, and a Mercari sales analytics script that reads "Sold Date" as %m/%d/%Y and skips "Totals:" (repositories not named by the index)',
    ],
  },

  // Vendoo > Settings > Export (inventory CSV). Every cell quoted; prices plain; dates ISO (2025-10-06). Status is
  // Active, Sold or Draft (drafts were never listed). There is no item id: Sku is the seller's own and may be blank.
  // A sold row names its marketplace in Sold Platform and its price in Price Sold; an active row has neither, so each of
  // those two fields falls back, row by row, to the next column listed (Listing Platforms, Price). Cost of Goods and
  // Marketplace Fees are the seller's; a sold row's units are its Quantity Sold, a listed row's its Quantity Left.
  // (Shipping Expenses is what the seller paid to ship, not the buyer's shipping, so it is not read as shipping.)
  {
    id: 'vendoo-inventory',
    name: 'Vendoo inventory export',
    marketplace: null,
    status: null,
    signature: ['Listing Platforms', 'Sold Platform', 'Price Sold', 'Quantity Left'],
    columns: {
      title: ['Title'],
      price: ['Price Sold', 'Price'],
      sold_at: ['Sold Date'],
      listed_at: ['Listed Date'],
      brand: ['Brand'],
      condition: ['Condition'],
      marketplace: ['Sold Platform', 'Listing Platforms'],
      external_id: ['Sku'],
      category: ['Category'],
      status: ['Status'],
      quantity: ['Quantity Sold'],
      cost: ['Cost of Goods'],
      fees: ['Marketplace Fees'],
    },
    listedQuantity: ['Quantity Left'],
    sources: [
      'https://github.com/btxbtwn/vendoo-analytics/blob/db02f8c3ec80f0efbed5d9d2591903b9f6113aa4/public/data/vendoo.sample.csv',
      'https://github.com/btxbtwn/vendoo-analytics/blob/11f0b021589dea0b81c620a3094ea9177dd6a047/src/lib/csv-loader.ts',
      'https://github.com/btxbtwn/vendoo-analytics/blob/042f3855af37a39a061d9ed0908d90aa280c9d00/src/lib/types.ts',
    ],
  },

  // Etsy > Shop Manager > Settings > Options > Download Data > Orders: "EtsySoldOrders<year>.csv", one row per ORDER.
  // A row stands for all of its items at once (record_kind 'order': Number of Items units at Order Value per item)
  // until the same order's item lines are imported from the Order Items file; then its Status (Refunded, Canceled)
  // still applies to them and its money (shipping, card processing fees, net) is the order's. The Adjusted columns are
  // filled after a refund and win over the originals. Dates "11/06/23" (MM/DD/YY). UK shops' files say "Delivery",
  // "Delivery City", "Date Posted", "Sales tax" and "Order total".
  {
    id: 'etsy-sold-orders',
    name: 'Etsy sold orders (EtsySoldOrders)',
    marketplace: 'etsy',
    status: 'sold',
    recordKind: 'order',
    priceIsTotal: true,
    signature: ['Order ID', 'Number of Items', 'Order Value', 'Card Processing Fees'],
    columns: {
      sold_at: ['Sale Date'],
      order_id: ['Order ID'],
      quantity: ['Number of Items'],
      price: ['Order Value'],
      currency: ['Currency'],
      shipping: ['Shipping', 'Delivery'],
      status: ['Status'],
      fees: ['Adjusted Card Processing Fees', 'Card Processing Fees'],
      net: ['Adjusted Net Order Amount', 'Order Net'],
    },
    sources: [
      'https://github.com/YitongM/Etsy2ParcelMonkeyCSV/blob/99335915a380a4531248bd1bbc65945367c11965/Etsy2ParcelMonkeyCSV/Mapping/EtsyMapping.cs',
      'https://github.com/braydenmcb/etsy-sales-dashboard/blob/838fa23dd7730d6e7db801afa7714a5b89ee021d/etsy-dashboard/src/api/parsers.ts',
      'public code index: a fixture writer with the 36 US columns and a row ("09/28/26", "25.00", "1.00", "24.00"), a Spring Batch reader listing the 34 columns of an older file, and an Odoo importer test with Status "Refunded" and the Adjusted columns (repositories not named by the index)',
    ],
  },

  // Etsy > Download Data > Order Items: "EtsySoldOrderItems<year>.csv", one row per item LINE (a transaction):
  // Quantity units at Price each, keyed by Order ID and Transaction ID. The file has no status and no fees: a refund
  // or cancellation is on the order's row of the Sold Orders file. Order Shipping and Order Sales Tax repeat the
  // order's figures on each of its lines, so they are not read here (the Sold Orders file has them once).
  {
    id: 'etsy-sold-order-items',
    name: 'Etsy sold order items (EtsySoldOrderItems)',
    marketplace: 'etsy',
    status: 'sold',
    signature: ['Item Name', 'Transaction ID', 'Listing ID', 'Item Total'],
    columns: {
      title: ['Item Name'],
      sold_at: ['Sale Date', 'Date Paid'],
      quantity: ['Quantity'],
      price: ['Price'],
      currency: ['Currency'],
      order_id: ['Order ID'],
      external_id: ['Transaction ID'],
    },
    sources: [
      'https://github.com/braydenmcb/etsy-sales-dashboard/blob/838fa23dd7730d6e7db801afa7714a5b89ee021d/etsy-dashboard/src/api/parsers.ts',
      'public code index: an EtsyCSVImporter test with the 33 columns and two rows ("11/06/23", quantity 2 at "14.00", Item Total "28"), a TypeScript SaleItem type with the same columns, and a column-index parser noting Price is per unit and Transaction ID unique per row (repositories not named by the index)',
    ],
  },

  // Etsy > Settings > Options > Download Data > Currently for sale listings: "EtsyListingsDownload.csv", one row per
  // active listing, with upper-case headers. PRICE is one unit's, QUANTITY the units for sale. The file has no listing
  // id or date, so a listing is keyed by its SKU, else by its TITLE (a price change is then an update, not a new row).
  {
    id: 'etsy-listings',
    name: 'Etsy listings (EtsyListingsDownload)',
    marketplace: 'etsy',
    status: 'available',
    signature: ['TITLE', 'CURRENCY_CODE', 'MATERIALS', 'IMAGE1'],
    columns: {
      title: ['TITLE'],
      price: ['PRICE'],
      currency: ['CURRENCY_CODE'],
      quantity: ['QUANTITY'],
      external_id: ['SKU'],
    },
    identity: ['TITLE'],
    sources: [
      'public code index: a pandas reader of the Etsy listings CSV with EXPECTED_COLUMNS TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS, MATERIALS, IMAGE1-IMAGE10, VARIATION 1/2 TYPE, NAME, VALUES, SKU (repository not named by the index)',
    ],
  },
];
