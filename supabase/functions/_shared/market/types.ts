// The one interface every market-data source implements, and the shapes the two search functions answer with.
import type { Suggestions } from './suggest.ts';

export const CONDITIONS = [
  'new_with_tags',
  'new_without_tags',
  'new_with_imperfections',
  'pre_owned',
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** A condition's count, or null where the seller panel withholds it (drawn on too few sellers). */
export type ByCondition = Record<Condition, number | null>;

/**
 * Where the figures come from: the demo market (a panel of synthetic sellers), the seller panel (resellers' shared
 * sales), eBay's API (only with EBAY_RATES_APPROVED), or listings brought in with `market:import`.
 */
export type DataOrigin = 'demo' | 'panel' | 'ebay' | 'import';

/**
 * The seller panel's threshold (docs/decisions/056, 076): a figure is shown only when it draws on no seller's items or on
 * at least `minSellers` distinct sellers; otherwise the count is null and `withheld` says why. A withheld figure says
 * nothing of the sellers behind it (issue 49): the same answer for one seller or four, so it tells no one how many
 * accounts would lift it, or whether a given seller has joined.
 */
export type PanelFacts =
  | {
      withheld: true;
      minSellers: number;
    }
  | {
      withheld: false;
      /** Distinct sellers behind this figure. */
      sellers: number;
      minSellers: number;
      /** Sold answers for the 90-day headline: the sellers with a matching item listed now or sold in the window. */
      headlineSellers?: number | null;
    };

export const WITHHELD_REASON = 'Not enough sellers have shared sales like this yet';

/** The sold windows a search may ask for (issue 54: beside the condition, driving the headline); 90 is the default. */
export const SOLD_WINDOWS = [30, 90, 180, 365] as const;
export type SoldWindow = (typeof SOLD_WINDOWS)[number];

/**
 * The marketplaces a search may be narrowed to (issue 54): the ids market_listings stores (market:import and the sales
 * import write these; the demo market holds the first five).
 */
export const MARKETPLACES = [
  'ebay',
  'poshmark',
  'mercari',
  'depop',
  'vinted',
  'grailed',
  'etsy',
  'thredup',
  'therealreal',
  'facebook_marketplace',
] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/**
 * The research desk's narrowing (issue 54, docs/decisions/083): a size read the way the query reads one ("M", "8",
 * "32x30"), a marketplace, and a price band [priceMin, priceMax) in US dollars (the asking price of a listed item, the
 * price of a sale). Absent: not narrowed. The same for both searches.
 */
export type SearchFilters = {
  size?: string;
  marketplace?: Marketplace;
  priceMin?: number;
  priceMax?: number;
};

/** A narrowing a source could not apply: said beside its figures, never silently dropped. */
export type FilterName = 'size' | 'marketplace' | 'price';

/** One ISO week of a sold answer's window: null where the week draws on too few sellers (never read as 0). */
export type SoldWeek = { week: string; sold: number | null; medianPrice: number | null };

/**
 * The trend's one-line reading (decision 083): the window's first third against its last. Each of pace and price is
 * null when too few sales or sellers stand behind it to say.
 */
export type TrendReading = {
  pace: 'faster' | 'slower' | 'steady' | null;
  price: 'rising' | 'falling' | 'steady' | null;
  earlySold: number;
  recentSold: number;
  earlyMedian: number | null;
  recentMedian: number | null;
};

/** One recent matching sale, shown as evidence in the Deeper look (at most 10, newest first). */
export type RecentSale = {
  title: string;
  price: number | null;
  currency: string;
  condition: Condition;
  marketplace: string;
  /** ISO timestamp. */
  soldAt: string;
  /** The listing on its marketplace, when the source has one. */
  url: string | null;
};

/** A word or name of the query the lexicon knows: a brand, a garment kind or a brand's model. */
export type RecognisedTerm = {
  /** As the query wrote it (normalised): 'hermes', 'birkin', 'tee'. */
  text: string;
  kind: 'brand' | 'garment' | 'model';
  /** The entry's name: 'Hermès', 'Birkin', 't-shirt'. */
  label: string;
  /** Models: the brand that makes it ('Hermès'). */
  brand?: string;
};

/**
 * How the index read a query, so the screen can say what was matched: typo fixes, words set aside, the names it
 * recognised and the words it does not know at all (in no listing, not in the lexicon, not an English word).
 */
export type QueryReading = {
  corrected: { from: string; to: string }[];
  ignored: string[];
  recognised: RecognisedTerm[];
  unknown: string[];
  /** A size written in the query ("size M", "32x30"), as the size choice writes it ('M', '32x30'); it fills that choice. */
  size?: string | null;
};

export type MarketQuery = {
  /** Trimmed, as the user typed it. */
  itemName: string;
  condition: Condition;
  /** Sold searches only: the window in days (SOLD_WINDOW_DAYS unless the user picked another). */
  windowDays: SoldWindow;
  /** The seller panel's threshold: distinct sellers a figure must draw on (PANEL_MIN_SELLERS, default 5). */
  minSellers?: number;
  /** The narrowing asked for; none when absent or empty. */
  filters?: SearchFilters;
  /** Aborted when the function gives up on the source (timeout). */
  signal: AbortSignal;
};

export type AvailableResult = {
  /** null: the source answered without a count (`reason` says why). Unknown is never 0. */
  availableCount: number | null;
  reason?: string;
  /** The source's count is an estimate (eBay's `total`): shown as "about". */
  approximate: boolean;
  origin: DataOrigin;
  byCondition: ByCondition | null;
  byMarketplace: { marketplace: string; available: number }[];
  comps: number;
  isDemo: boolean;
  reading?: QueryReading;
  panel?: PanelFacts;
  /** The index holds nothing at all (no demo, no panel, no import): no market data source is set up. */
  indexEmpty?: boolean;
  /**
   * How the market index counted it: from the cells merged from the writes (their time is asOf, decision 091), or
   * from each matching row (issue 53).
   */
  counted?: 'cells' | 'rows';
  /** Narrowing asked for that this source could not apply (eBay and a size): said, not dropped silently. */
  notNarrowedBy?: FilterName[];
};

/** A released seller panel figure: the rounded noisy value (never below 0) and its 95% half-width, "about 140, within ±30". */
export type Estimate = { value: number; error: number };

/** A released price or days-to-sell figure: its value and the range it likely lies in (95%). */
export type RangeEstimate = { value: number; low: number; high: number };

/** What every panel release answer says, shown or not: it depends only on the query and the release schedule. */
type PanelReleaseWindow = {
  /** The window in whole released weeks: 4, 13, 26 or 52 for 30, 90, 180 and 365 days. */
  weeks: number;
  /** The last day (a Sunday, UTC, 'YYYY-MM-DD') of the newest released week. */
  through: string;
  /** When that week was released (ISO timestamp). */
  releasedAt: string;
  /** What the figures read: the query's brand and garment labels ('Lululemon leggings'), or null when it names none. */
  item: string | null;
  /** Words of the query the panel's figures cannot use (a colour, a size, a shop's word). */
  unusedWords: string[];
  /**
   * The narrowing asked for that the release cannot answer: it is keyed by item, condition and week only, so its
   * figures are the item's whatever the size, marketplace or price band (said, not applied). Absent before issue 54.
   */
  notNarrowedBy?: FilterName[];
};

/**
 * The seller panel's released figures for a sold search (docs/decisions/080, 082): frozen weekly cells with noise,
 * summed over the window. Null when no week has ever been released. `shown: false` carries no figure at all.
 */
export type PanelRelease =
  | (PanelReleaseWindow & { shown: false })
  | (PanelReleaseWindow & {
      shown: true;
      sold: Estimate;
      /** Listed at the end of the newest released week; null when that figure is not shown. */
      listed: Estimate | null;
      /** The SPEC's sold / listed x 100 from the released figures, with the error carried into it. */
      sellThrough: Estimate | null;
      /** Null where a condition's own noisy gate did not pass ("too few to say"). */
      byCondition: Record<Condition, Estimate | null>;
      /** The marketplaces whose figure passes; may be empty. */
      byMarketplace: { marketplace: string; sold: Estimate }[];
      prices: { median: RangeEstimate; p25: number; p75: number } | null;
      daysToSell: RangeEstimate | null;
      /** The condition's released sold count per week of the window, null where that week's own gate did not pass. */
      weekly?: { week: string; sold: Estimate | null }[];
    });

export type SoldResult = {
  /** null: the source cannot count sales; `reason` says why. 0 is a real zero. */
  soldCount: number | null;
  reason?: string;
  windowDays: number;
  /** The source's count is an estimate: shown as "about". */
  approximate: boolean;
  origin: DataOrigin;
  /** Up to 10 of the most recent matching sales in the window, newest first. */
  recentSales: RecentSale[];
  medianPrice: number | null;
  priceRange: { p25: number; p75: number } | null;
  typicalDaysToSell: number | null;
  byCondition: ByCondition | null;
  byMarketplace: { marketplace: string; sold: number }[];
  /** ISO timestamp of the window's start (never a date read from a seller's rows): how far back the figures reach. */
  dataSince: string | null;
  comps: number;
  isDemo: boolean;
  reading?: QueryReading;
  panel?: PanelFacts;
  indexEmpty?: boolean;
  /**
   * How the market index counted it: from the cells merged from the writes (their time is asOf, decision 091), or
   * from each matching row (issue 53).
   */
  counted?: 'cells' | 'rows';
  /** The seller panel's released figures (the local index only): never added to the exact figures above. */
  panelRelease?: PanelRelease | null;
  /** The trend (the local index only): every ISO week of the window, oldest first. */
  weeks?: SoldWeek[];
  /** The trend's reading, null when the figure itself is withheld. */
  trendReading?: TrendReading | null;
  notNarrowedBy?: FilterName[];
};

export type SourceName = 'local' | 'ebay';

/** Rate limit and cache settings, for sources that apply them next to their data (one round trip). */
export type GateSettings = {
  userId: string;
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** null: no cache look-up or write. */
  cacheKey: string | null;
  ttlSeconds: number;
};

export type GatedAnswer<T> =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true;
      cached: boolean;
      result: T;
      asOf: string;
      /** "Did you mean", when the source answered it in the same call as a listed count of none. */
      suggested?: Suggestions;
    };

export interface MarketProvider {
  readonly name: SourceName;
  countAvailable(query: MarketQuery): Promise<AvailableResult>;
  countSold(query: MarketQuery): Promise<SoldResult>;
  /**
   * Optional: rate limit, cache look-up, count and cache write in one call (the local index does all of it in one
   * RPC). Sources without it get the generic path: gate RPC, then the count, then a cache write.
   */
  gatedCountAvailable?(query: MarketQuery, gate: GateSettings): Promise<GatedAnswer<AvailableResult>>;
  gatedCountSold?(query: MarketQuery, gate: GateSettings): Promise<GatedAnswer<SoldResult>>;
}

/** The source failed (down, refused, over its quota). The function answers 503 with 'unavailable' in the message. */
export class SourceUnavailableError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'SourceUnavailableError';
  }
}

/**
 * The source refused because its own quota is used up (eBay: 429, errorId 2001). `retryAfter` is the seconds until it
 * resets; the function answers 429 with Retry-After and does not ask the source again before then.
 */
export class SourceRateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
    this.name = 'SourceRateLimitedError';
  }
}

export const SOLD_WINDOW_DAYS = 90;

/**
 * The first moment of a sold window (decision 086): "the last N days" are N calendar days in UTC, today and the N - 1
 * days before it, so the window starts at the midnight (UTC) N - 1 days before today, as the database's
 * private.market_window_start says.
 */
export function soldWindowStart(windowDays: number, now: number = Date.now()): Date {
  const today = new Date(now);
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (Math.max(1, windowDays) - 1)),
  );
}

/** The seller panel's default threshold: a figure draws on at least this many distinct sellers. */
export const PANEL_MIN_SELLERS = 5;
