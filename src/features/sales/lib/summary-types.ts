// The answer of public.seller_sales_summary: a reseller's own figures, overall, by group and by month
// (docs/decisions/081-your-sales-desk.md says how each is counted).

/**
 * What sales brought in and what they cost, over the counted sales in the summary's currency. Each sum is over the
 * sales that have that field, and null when none has it; `known` says how many had it, out of `sales`, so the page
 * can say what is missing instead of showing a partial sum as a whole.
 */
export type SalesMoney = {
  /** Sale lines (an order's item lines, or an order standing for its items) counted, in the summary's currency. */
  sales: number;
  /** Unit price x quantity: what the items sold for, without shipping. */
  revenue: number | null;
  /** Shipping charged to the buyers. */
  shipping: number | null;
  /** Marketplace fees. */
  fees: number | null;
  /** Net earnings as the marketplace's export gives them; never derived from price, shipping and fees. */
  net: number | null;
  /** Cost of goods. */
  cost: number | null;
  /** Net - cost of goods, over the sales that have both. */
  profit: number | null;
  /** Profit / cost of goods of the same sales (0.85 = 85%); null when there is no cost to divide by. */
  roi: number | null;
  /** Of `sales`, how many have a price, shipping, fees, a net, a cost and so a profit. */
  known: { revenue: number; shipping: number; fees: number; net: number; cost: number; profit: number };
};

/** One group's figures (overall, a brand, a size...). Units: an item line counts its quantity. */
export type SalesGroup = SalesMoney & {
  /** The brand, category, size, condition or marketplace; null for rows where the export did not record it. */
  key: string | null;
  /** Units listed now (status available). */
  unitsListed: number;
  /** Units sold within the chosen dates; cancelled, refunded and returned sales are not sales. */
  unitsSold: number;
  /** The SPEC's formula, round(unitsSold / unitsListed x 100); null when nothing is listed, where it means nothing. */
  sellThrough: number | null;
  /** Median days from listing to sale, over sales whose listing date is known; null when none. */
  medianDaysToSell: number | null;
  /** Median unit price of the sale lines and its middle 50% (25th and 75th percentiles); null when none. */
  medianPrice: number | null;
  p25Price: number | null;
  p75Price: number | null;
};

/** One month's sales ('2026-01'), with the same money figures as a group. */
export type SalesMonth = SalesMoney & { month: string; unitsSold: number };

export type SalesSummary = {
  /** The currency the money figures are in: the one most of the chosen sales were made in; null when no prices. */
  currency: string | null;
  /** Sales in other currencies, left out of the money figures (and said so on screen). */
  otherCurrencySales: number;
  overall: SalesGroup;
  byBrand: SalesGroup[];
  byCategory: SalesGroup[];
  bySize: SalesGroup[];
  byCondition: SalesGroup[];
  byMarketplace: SalesGroup[];
  /**
   * Every month from the first chosen sale's to the last's, oldest first (months with none are 0), and at least the
   * 12 months up to the current one; within the chosen dates when there are some.
   */
  monthly: SalesMonth[];
  /** All the user's rows, whatever the filters: how many, and the first and last counted sale date (ISO). */
  span: { rows: number; firstSale: string | null; lastSale: string | null };
  /** Every marketplace the user has rows from, for the filter. */
  marketplaces: string[];
};

/** Filters of "Your sales": sale dates (YYYY-MM-DD, inclusive) and one marketplace; null = no limit. */
export type SalesFilters = { from: string | null; to: string | null; marketplace: string | null };
