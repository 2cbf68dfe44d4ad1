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

// The form keeps condition as a string so the select can start empty; the schema narrows it.
export const searchFormSchema = z.object({
  itemName: z
    .string()
    .trim()
    .min(2, m.itemNameTooShort)
    .max(100, m.itemNameTooLong)
    // The search functions refuse a name with nothing to search for ("!!! ???", only emoji); say so here first.
    .refine((value) => /[\p{L}\p{N}]/u.test(value), m.itemNameNoWords),
  condition: z.string().pipe(z.enum(conditions, { error: m.conditionRequired })),
});
/** What the form holds: the select starts empty (''), which the schema rejects with 'Please select a condition.' */
export type SearchFormInput = z.input<typeof searchFormSchema>;
export type SearchFormValues = z.output<typeof searchFormSchema>;
export type SearchInput = SearchFormValues;

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

/** The sold windows of the Deeper look's picker; 90 is the SPEC's headline figure. */
export const soldWindows = [30, 90, 180, 365] as const;
export type SoldWindow = (typeof soldWindows)[number];
export const HEADLINE_WINDOW: SoldWindow = 90;

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
    })
    .nullable()
    .catch(null)
    .default(null),
  // Answers cached before the seller panel have no panel facts: today's behaviour then. Without readable facts a
  // null count still shows as unknown with its reason, never as 0.
  panel: panelSchema.optional().catch(undefined),
  /** The market index holds nothing at all: no market data source is set up (sent with a zero count). */
  indexEmpty: z.boolean().catch(false).default(false),
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
  }),
]);
export type PanelRelease = z.infer<typeof panelReleaseSchema>;
export type ShownPanelRelease = Extract<PanelRelease, { shown: true }>;

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
