// The marketplace exports the sales import recognises by their header row. Every header name below was read in public
// documentation or in public code that parses the real file; the sources say where. Exports with no findable source
// (List Perfectly, Vinted's data download) have no preset: the mapping step handles them like any other file.
// Why each mapping is what it is: docs/decisions/053-sales-import-formats.md.
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
    },
    sources: ['scripts/market-import-parse.ts (our own listing format)'],
  },

  // eBay Seller Hub > Orders > Download (the "Orders report", 80 columns on ebay.com). Line 1 is a row of bare commas,
  // the quoted header is line 2, a second row of bare commas follows it, and the file ends with
  // "N,record(s) downloaded,from ... to ..." and "Seller ID : name": skip empty rows and those two footer lines.
  // Money is "$34.99" (the symbol gives the currency); dates are "Mar-14-26". A multi-item order is a summary row
  // (no Item Title) plus one row per item, all with the same Order Number. UK files say "Post To ..." and
  // "Postage And Handling"; the columns used here keep their names there.
  {
    id: 'ebay-orders',
    name: 'eBay Seller Hub orders report',
    marketplace: 'ebay',
    status: 'sold',
    signature: ['Sales Record Number', 'Order Number', 'Sold For'],
    columns: {
      title: ['Item Title'],
      price: ['Sold For'],
      sold_at: ['Sale Date', 'Paid On Date'],
      external_id: ['Sales Record Number', 'Order Number'],
    },
    skipLines: 1,
    sources: [
      'https://github.com/7thcapitalist/Hackhaton/blob/08ada60376ec33787f4bdd126aab71d8d4844115/docs/sources/ebay.md',
      'https://github.com/7thcapitalist/Hackhaton/blob/d173155b256259311787c89bcf2f51d583b24251/scripts/mock/writers/ebay.ts',
      'https://github.com/randomecho/shifted-sales-report/blob/HEAD/README.md',
    ],
  },

  // eBay Seller Hub > Reports > Downloads > "All active listings". Starts with a byte order mark. Every cell is quoted
  // except some numbers; prices are plain ("34.99") with the currency in its own column; dates are
  // "Mar-02-26 18:21:07 PST". A listing with variations is a parent row followed by one row per variation, all with
  // the same Item number. The "CD:" columns are eBay's condition descriptors (trading cards); they stay empty here.
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
    },
    sources: [
      'https://github.com/mthous72/FlipKit/blob/3d6411da87f9667a9891fb88912fb3e715b88279/FlipKit.Core.Tests/Helpers/EbayListingsCsvReaderTests.cs',
      'https://github.com/mthous72/FlipKit/blob/31936b2868d7e0ecd2da63781ac581a28a907f26/FlipKit.Core.Tests/Services/EbayListingImportServiceTests.cs',
    ],
  },

  // Poshmark > My Sales Report > Download. Lines above the header: "Poshmark Sales Report for @closet", the date range
  // and a lone "" line (two or three lines depending on the version, so finding the header by its signature is safer
  // than counting). Money is "$45.00", dates are MM/DD/YYYY. Older reports say "Net Earnings" where newer ones say
  // "Your Earnings" and lack "Lowest Set Price" and "Packaging Fee"; the signature avoids all three. NWT is a Y/N flag.
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
      external_id: ['Order Id'],
      category: ['Category'],
    },
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
  // ("7:16 PM"); empty cells read "N/A" or ="-" (the latter on the extra rows of a bundle).
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
    },
    sources: [
      'https://github.com/IsaganiJulian/Depop-Data-Project/blob/229edf3784b441ff11215f279baca2ef76efe734/analysis/notebooks/test_data_cleaner.ipynb',
      'https://github.com/IsaganiJulian/Depop-Data-Project/blob/316c134a24dd5f2e8efb82e5d4401157ce95514b/src/transform.py',
      'public code index: a Depop sales CSV parser (TypeScript, EXPECTED_COLUMNS) and a Depop cleaning script (Python, RENAME_MAP) listing the 31 current columns (repositories not named by the index)',
    ],
  },

  // Mercari > Sales history > Download (US). Every cell quoted; prices plain ("45.00"); dates MM/DD/YYYY. Rows whose
  // Order Status is not "Completed" (Canceled) are not sales. The report ends with a "Totals:" row (in Item Id) that is
  // not a sale. No listing date, brand, size or condition in this export.
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
    },
    sources: [
      'https://github.com/jrtrevino/facebook-transaction-parser/blob/8847220af25dd23fca23f81e6ad7e1e9c33d83ed/FacebookTransactionParser/Entities/MercariTransactionEntity.cs',
      'public code index: importParser.test.ts, a Mercari and Poshmark sales import test, and a Mercari sales analytics script that reads "Sold Date" as %m/%d/%Y and skips "Totals:" (repositories not named by the index)',
    ],
  },

  // Vendoo > Settings > Export (inventory CSV). Every cell quoted; prices plain; dates ISO (2025-10-06). Status is
  // Active, Sold or Draft (drafts were never listed). There is no item id: Sku is the seller's own and may be blank.
  // A sold row names its marketplace in Sold Platform and its price in Price Sold; an active row has neither, so each of
  // those two fields falls back, row by row, to the next column listed (Listing Platforms, Price).
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
    },
    sources: [
      'https://github.com/btxbtwn/vendoo-analytics/blob/db02f8c3ec80f0efbed5d9d2591903b9f6113aa4/public/data/vendoo.sample.csv',
      'https://github.com/btxbtwn/vendoo-analytics/blob/11f0b021589dea0b81c620a3094ea9177dd6a047/src/lib/csv-loader.ts',
      'https://github.com/btxbtwn/vendoo-analytics/blob/042f3855af37a39a061d9ed0908d90aa280c9d00/src/lib/types.ts',
    ],
  },
];
