import { z } from 'zod';
import { conditions, type Condition } from '@/config/conditions';
import { searchMessages as m } from './messages';

export { conditions, type Condition };

export const conditionLabels: Record<Condition, string> = {
  new_with_tags: 'New with tags',
  new_without_tags: 'New without tags',
  new_with_imperfections: 'New with imperfections',
  pre_owned: 'Pre-owned',
};

export const isCondition = (value: unknown): value is Condition =>
  typeof value === 'string' && (conditions as readonly string[]).includes(value);

/** The sold windows a search may ask for (issue 54): the headline's sold count and rate; 90 is the default. */
export const soldWindows = [30, 90, 180, 365] as const;
export type SoldWindow = (typeof soldWindows)[number];
export const HEADLINE_WINDOW: SoldWindow = 90;
export const isSoldWindow = (value: unknown): value is SoldWindow =>
  (soldWindows as readonly unknown[]).includes(value);

/**
 * The marketplaces a search may be narrowed to: the ids of supabase/functions/_shared/market/types.ts MARKETPLACES,
 * which the search functions accept.
 */
export const marketplaces = [
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
export type Marketplace = (typeof marketplaces)[number];
export const isMarketplace = (value: unknown): value is Marketplace =>
  typeof value === 'string' && (marketplaces as readonly string[]).includes(value);

/** The highest price a band may name, as the functions allow it. */
export const PRICE_LIMIT = 100_000;

/**
 * A search (issue 54): the item and condition, and what narrows it. Each narrowing is left out when not asked for; the
 * window is left out at 90 days, the default (lib/narrowing.ts canonicalSearch writes a search so).
 */
export type SearchInput = {
  itemName: string;
  condition: Condition;
  /** The sold window of the headline's count and rate; 90 when left out. */
  windowDays?: SoldWindow;
  /** A size as the query reads one: 'M', '8', '32x30'. */
  size?: string;
  marketplace?: Marketplace;
  /** A price band [priceMin, priceMax) in US dollars; either end may be open. */
  priceMin?: number;
  priceMax?: number;
};

const priceText = /^\d{1,6}(\.\d{1,2})?$/;
const priceOf = (text: string | undefined) => (text?.trim() ? Number(text.trim()) : undefined);
const priceField = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (priceText.test(value) && Number(value) <= PRICE_LIMIT), message)
    .optional();

// The form keeps every field as the text its control holds (the condition starts empty, a price is what was typed);
// the schema checks them and writes the search they ask for.
export const searchFormSchema = z
  .object({
    itemName: z
      .string()
      .trim()
      .min(2, m.itemNameTooShort)
      .max(100, m.itemNameTooLong)
      // The search functions refuse a name with nothing to search for ("!!! ???", only emoji); say so here first.
      .refine((value) => /[\p{L}\p{N}]/u.test(value), m.itemNameNoWords),
    condition: z.string().pipe(z.enum(conditions, { error: m.conditionRequired })),
    windowDays: z
      .string()
      .refine((value) => value === '' || isSoldWindow(Number(value)), m.windowInvalid)
      .optional(),
    size: z
      .string()
      .trim()
      .max(12, m.sizeInvalid)
      .regex(/^[\p{L}\p{N} ./-]*$/u, m.sizeInvalid)
      .optional(),
    priceMin: priceField(m.priceMinInvalid),
    priceMax: priceField(m.priceMaxInvalid),
    marketplace: z
      .string()
      .refine((value) => value === '' || isMarketplace(value), m.marketplaceInvalid)
      .optional(),
  })
  .refine(
    (v) => {
      const [low, high] = [priceOf(v.priceMin), priceOf(v.priceMax)];
      return low === undefined || high === undefined || Number.isNaN(low) || Number.isNaN(high) || low < high;
    },
    { message: m.priceBandOrder, path: ['priceMax'] },
  )
  .transform((v): SearchInput => {
    const windowDays = Number(v.windowDays);
    const size = v.size?.replace(/\s+/g, ' ');
    const [priceMin, priceMax] = [priceOf(v.priceMin), priceOf(v.priceMax)];
    return {
      itemName: v.itemName,
      condition: v.condition,
      ...(isSoldWindow(windowDays) && windowDays !== HEADLINE_WINDOW ? { windowDays } : {}),
      ...(size ? { size } : {}),
      ...(isMarketplace(v.marketplace) ? { marketplace: v.marketplace } : {}),
      ...(priceMin !== undefined ? { priceMin } : {}),
      ...(priceMax !== undefined ? { priceMax } : {}),
    };
  });
/**
 * What the form holds: text for every control; the select starts empty (''), which the schema rejects with 'Please
 * select a condition.' The narrowing fields may be left out (a search of an item and a condition alone).
 */
export type SearchFormInput = z.input<typeof searchFormSchema>;
export type SearchFormValues = z.output<typeof searchFormSchema>;

// The functions' answers (supabase/functions/_shared/market/search-handler.ts `shape()`). The figures and the facts
// that make them honest (the count or null, the demo flag) are required: an answer without them is unreadable and
// the screen shows the SPEC's error, never a 0 or figures without their demo badge. The Deeper look's extras fall
// back to "none" so a leaner source never breaks the three cards.
const count = z.number().finite().nonnegative();
// A condition's cell is null where the seller panel withholds it (too few sellers): never read as 0.
const cell = count.nullable();
const byConditionSchema = z
  .object({
    new_with_tags: cell,
    new_without_tags: cell,
    new_with_imperfections: cell,
    pre_owned: cell,
  })
  .nullable()
  .catch(null);
export type ByCondition = NonNullable<z.infer<typeof byConditionSchema>>;

export const dataOrigins = ['demo', 'panel', 'ebay', 'import'] as const;

/** The narrowing a source may say it could not apply. */
export const filterNames = ['size', 'marketplace', 'price'] as const;
export type FilterName = (typeof filterNames)[number];
/**
 * Where figures come from: the demo market (a panel of synthetic sellers), the Flipwise seller panel (resellers'
 * shared sales), eBay's API, or listings brought in with market:import.
 */
export type DataOrigin = (typeof dataOrigins)[number];

/**
 * The seller panel's threshold has a count shown only when it draws on at least `minSellers` distinct sellers. A
 * withheld figure says nothing of the sellers behind it (issue 49): no `sellers`, no number still needed.
 */
const panelSchema = z.object({
  withheld: z.boolean(),
  minSellers: z.number().int().positive(),
  /** Distinct sellers behind a shown figure. */
  sellers: z.number().int().nonnegative().optional(),
  /** Sold answers for the 90-day headline: the sellers with a matching item listed now or sold in the window. */
  headlineSellers: z.number().int().nonnegative().nullable().optional(),
});
export type PanelFacts = z.infer<typeof panelSchema>;

const answerBase = {
  source: z.string(),
  // Older (cached) answers have no origin: it is then read from the demo flag and the source.
  origin: z.enum(dataOrigins).optional(),
  isDemo: z.boolean(),
  approximate: z.boolean().default(false),
  cached: z.boolean().catch(false),
  byCondition: byConditionSchema,
  comps: count.nullable().catch(null),
  asOf: z.string().nullable().catch(null),
  reason: z.string().optional().catch(undefined),
  /** How the index read the query: typo fixes and words set aside (shown under the results line). */
  reading: z
    .object({
      corrected: z.array(z.object({ from: z.string(), to: z.string() })).catch([]),
      ignored: z.array(z.string()).catch([]),
      /** Brands, garments and models the lexicon knows in the query (answers cached before have none). */
      recognised: z
        .array(
          z.object({
            text: z.string(),
            kind: z.enum(['brand', 'garment', 'model']),
            label: z.string(),
            brand: z.string().optional().catch(undefined),
          }),
        )
        .catch([])
        .default([]),
      /** Words in no listing, not in the lexicon and not English words: what the index does not know at all. */
      unknown: z.array(z.string()).catch([]).default([]),
      /** A size the query writes ("size M" -> 'M', "32x30"): it fills the form's size choice (issue 54). */
      size: z.string().min(1).nullable().catch(null).default(null),
    })
    .nullable()
    .catch(null)
    .default(null),
  // Answers cached before the seller panel have no panel facts: today's behaviour then. Without readable facts a
  // null count still shows as unknown with its reason, never as 0.
  panel: panelSchema.optional().catch(undefined),
  /** The market index holds nothing at all: no market data source is set up (sent with a zero count). */
  indexEmpty: z.boolean().catch(false).default(false),
  /** Narrowing asked for that the source could not apply (eBay and a size): said beside the figures. */
  notNarrowedBy: z.array(z.enum(filterNames)).catch([]).default([]),
};

const withOrigin = <T extends { origin?: DataOrigin; isDemo: boolean; source: string }>(
  answer: T,
): T & { origin: DataOrigin } => ({
  ...answer,
  origin: answer.origin ?? (answer.isDemo ? 'demo' : answer.source === 'ebay' ? 'ebay' : 'import'),
});

export const availableResponseSchema = z
  .object({
    // null is meaningful: the source answered without a count (never read it as nothing listed).
    availableCount: count.nullable(),
    ...answerBase,
    byMarketplace: z.array(z.object({ marketplace: z.string(), available: count })).catch([]),
    /** "Did you mean" names, sent when nothing is listed. */
    suggestions: z.array(z.string()).catch([]).default([]),
    /** Words of the query no listing of it uses: the first suggestion is the search without them (issue 54). */
    unusedWords: z.array(z.string()).catch([]).default([]),
  })
  .transform(withOrigin);
export type AvailableResult = z.output<typeof availableResponseSchema>;

export const recentSaleSchema = z.object({
  title: z.string(),
  price: z.number().finite().nullable(),
  currency: z.string().catch('USD'),
  condition: z.enum(conditions),
  marketplace: z.string(),
  soldAt: z.string(),
  url: z
    .string()
    .nullable()
    // Only web links are ever rendered as links.
    .transform((url) => (url && /^https?:\/\//i.test(url) ? url : null))
    .catch(null),
});
export type RecentSale = z.output<typeof recentSaleSchema>;

// The seller panel's released figures (supabase/functions/_shared/market/types.ts PanelRelease, docs/decisions/080):
// noisy weekly totals, each with its likely error, kept apart from the exact figures and never added to them.
const estimateSchema = z.object({ value: count, error: count });
/** A released figure: 'about 140, within ±30' (value rounded, error the 95% half-width). */
export type Estimate = z.infer<typeof estimateSchema>;
const rangeSchema = z.object({ value: count, low: count, high: count });
/** A released price or days figure and the range it likely lies in. */
export type RangeEstimate = z.infer<typeof rangeSchema>;
// Any one part that cannot be read is "too few to say", never a number; the sold figure itself is required.
const optionalEstimate = estimateSchema.nullable().catch(null);
const releaseWindow = {
  weeks: z.number().int().positive(),
  /** The last day (UTC, 'YYYY-MM-DD') of the newest released week. */
  through: z.string().min(1),
  releasedAt: z.string().min(1),
  /** What the figures read ('Lululemon leggings'), or null when the query names no brand or garment the panel keeps. */
  item: z.string().nullable().catch(null),
  unusedWords: z.array(z.string()).catch([]).default([]),
  /** The narrowing asked for that the release cannot answer (it is kept by item, condition and week only). */
  notNarrowedBy: z.array(z.enum(filterNames)).catch([]).default([]),
};
const panelReleaseSchema = z.discriminatedUnion('shown', [
  z.object({ shown: z.literal(false), ...releaseWindow }),
  z.object({
    shown: z.literal(true),
    ...releaseWindow,
    sold: estimateSchema,
    listed: optionalEstimate,
    sellThrough: optionalEstimate,
    byCondition: z
      .object({
        new_with_tags: optionalEstimate,
        new_without_tags: optionalEstimate,
        new_with_imperfections: optionalEstimate,
        pre_owned: optionalEstimate,
      })
      .catch({ new_with_tags: null, new_without_tags: null, new_with_imperfections: null, pre_owned: null }),
    byMarketplace: z.array(z.object({ marketplace: z.string(), sold: estimateSchema })).catch([]),
    prices: z.object({ median: rangeSchema, p25: count, p75: count }).nullable().catch(null),
    daysToSell: rangeSchema.nullable().catch(null),
    /** The condition's released sold count per week of the window, null where that week's gate did not pass. */
    weekly: z
      .array(z.object({ week: z.string().min(1), sold: optionalEstimate }))
      .catch([])
      .default([]),
  }),
]);
export type PanelRelease = z.infer<typeof panelReleaseSchema>;
export type ShownPanelRelease = Extract<PanelRelease, { shown: true }>;

/** One ISO week of the window: null where it draws on too few sellers ("too few to say", never 0). */
const soldWeekSchema = z.object({
  week: z.string().min(1),
  sold: count.nullable(),
  medianPrice: z.number().finite().nonnegative().nullable(),
});
export type SoldWeek = z.infer<typeof soldWeekSchema>;

/** The trend's reading: the window's first third against its last; each part null when too few stand behind it. */
const trendReadingSchema = z.object({
  pace: z.enum(['faster', 'slower', 'steady']).nullable().catch(null),
  price: z.enum(['rising', 'falling', 'steady']).nullable().catch(null),
  earlySold: count.catch(0),
  recentSold: count.catch(0),
  earlyMedian: z.number().finite().nullable().catch(null).default(null),
  recentMedian: z.number().finite().nullable().catch(null).default(null),
});
export type TrendReading = z.infer<typeof trendReadingSchema>;

export const soldResponseSchema = z
  .object({
    // null is meaningful: the source cannot count sold items (never read it as zero sales).
    soldCount: count.nullable(),
    windowDays: z.number().int().positive(),
    ...answerBase,
    medianPrice: z.number().finite().nullable().catch(null),
    priceRange: z.object({ p25: z.number().finite(), p75: z.number().finite() }).nullable().catch(null),
    currency: z.string().catch('USD'),
    typicalDaysToSell: z.number().finite().nullable().catch(null),
    byMarketplace: z.array(z.object({ marketplace: z.string(), sold: count })).catch([]),
    /** The earliest sale the index holds (ISO): a window reaching further back than this has no more sales in it. */
    dataSince: z.string().nullable().catch(null).default(null),
    recentSales: z.array(recentSaleSchema).catch([]).default([]),
    /**
     * Null: no week of the panel has been released. Absent (eBay, answers cached before the release) or unreadable:
     * undefined, and the screen shows no panel section; the exact figures stand as they are either way.
     */
    panelRelease: panelReleaseSchema.nullable().optional().catch(undefined),
    /**
     * The trend (issue 54): every ISO week of the window, oldest first. Empty when the source has none (eBay, answers
     * cached before it) or the figure is withheld, or when unreadable: then no chart, the figures stand as they are.
     */
    weeks: z.array(soldWeekSchema).catch([]).default([]),
    trendReading: trendReadingSchema.nullable().catch(null).default(null),
  })
  .transform(withOrigin);
export type SoldResult = z.output<typeof soldResponseSchema>;

// search-listed (supabase/functions/search-listed/handler.ts): one "listed now" row per configured marketplace. Each
// row stands alone: its count is never added to or divided by any other figure on the screen (eBay's licence forbids
// mixing its content with non-eBay content and deriving rates from it).
export const listedMarketplaces = ['ebay', 'etsy'] as const;
const listedBase = {
  marketplace: z.enum(listedMarketplaces),
  label: z.enum(['eBay', 'Etsy']),
  // Only web links are rendered; the function builds them, this keeps anything else off the page.
  url: z.string().regex(/^https:\/\//i),
};
export const listedRowSchema = z.discriminatedUnion('status', [
  z.object({
    ...listedBase,
    status: z.literal('ok'),
    count: z.number().int().nonnegative(),
    approximate: z.literal(true),
    conditionScoped: z.boolean(),
    asOf: z.string(),
    cached: z.boolean(),
  }),
  z.object({
    ...listedBase,
    status: z.enum(['unavailable', 'quota']),
    message: z.string().min(1),
    retryAfter: z.number().nonnegative().optional(),
  }),
]);
export type ListedRow = z.infer<typeof listedRowSchema>;
export const listedResponseSchema = z.object({ rows: z.array(listedRowSchema) });
export type ListedResult = z.infer<typeof listedResponseSchema>;
