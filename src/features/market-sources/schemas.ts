import * as z from 'zod/mini';

// The answer of the market-sources function (supabase/functions/_shared/market/sources.ts `MarketSources`). zod/mini,
// as for the blog: this is read on the public, prerendered pages, where the full zod API would cost ~40 KB of gzipped
// JavaScript. Strict: an origin this client cannot name is an unreadable answer, so the words never leave one out.
export const dataOrigins = ['demo', 'panel', 'ebay', 'import'] as const;
export type DataOrigin = (typeof dataOrigins)[number];
export const listedMarketplaces = ['ebay', 'etsy'] as const;
export type ListedMarketplace = (typeof listedMarketplaces)[number];

export const marketSourcesSchema = z.object({
  /** What the headline figures can come from, in the cards' own terms. */
  origins: z.array(z.enum(dataOrigins)),
  /** false: every search answers 'Search service temporarily unavailable' (a source that is not allowed). */
  searchReady: z.boolean(),
  /** Marketplaces with their own live "listed now" row, shown apart from the figures. */
  listed: z.array(z.enum(listedMarketplaces)),
  /** The seller panel's threshold (PANEL_MIN_SELLERS, never below 2). */
  panelMinSellers: z.int().check(z.gte(2)),
  asOf: z.string(),
});
export type MarketSources = z.infer<typeof marketSourcesSchema>;
