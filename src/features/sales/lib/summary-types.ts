// The answer of public.seller_sales_summary: a reseller's own figures, overall and by group.

/** One group's figures (overall, a brand, a size...). Sell-through is the SPEC's formula: sold / listed x 100. */
export type SalesGroup = {
  /** The brand, category, size, condition or marketplace; null for rows where the export did not record it. */
  key: string | null;
  /** Items still listed (status available). */
  listed: number;
  /** Items sold within the chosen dates. */
  sold: number;
  /** round(sold / listed x 100); 0 when nothing is listed (SPEC). */
  sellThrough: number;
  /** Median days from listing to sale, over sales whose listing date is known; null when none. */
  medianDaysToSell: number | null;
  /** Median sale price and its middle 50% (25th and 75th percentiles), in `currency` of the summary; null when none. */
  medianPrice: number | null;
  p25Price: number | null;
  p75Price: number | null;
};

export type SalesSummary = {
  /** The currency the price figures are in: the one most of the chosen sales were made in; null when no sales. */
  currency: string | null;
  /** Sales in other currencies, left out of the price figures (and said so on screen). */
  otherCurrencySales: number;
  overall: SalesGroup;
  byBrand: SalesGroup[];
  byCategory: SalesGroup[];
  bySize: SalesGroup[];
  byCondition: SalesGroup[];
  byMarketplace: SalesGroup[];
  /** Sold per month over the last 12 months, oldest first, ending with the current month (months with none are 0). */
  monthly: { month: string; sold: number; revenue: number | null }[];
  /** All the user's rows, whatever the filters: how many, and the first and last sale date (ISO). */
  span: { rows: number; firstSale: string | null; lastSale: string | null };
  /** Every marketplace the user has rows from, for the filter. */
  marketplaces: string[];
};

/** Filters of "Your sales": sale dates (YYYY-MM-DD, inclusive) and one marketplace; null = no limit. */
export type SalesFilters = { from: string | null; to: string | null; marketplace: string | null };
