// The product's own market index (public.market_listings), counted by SQL functions through RPC with the service
// role. public.market_search answers a whole search in one RPC: rate limit, cache, count, cache write
// (migrations 20261125000200_market_listings.sql and 20261125000400_market_search.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  PANEL_MIN_SELLERS,
  SOLD_WINDOW_DAYS,
  SourceUnavailableError,
  WITHHELD_REASON,
  type AvailableResult,
  type ByCondition,
  type DataOrigin,
  type GateSettings,
  type GatedAnswer,
  type MarketProvider,
  type MarketQuery,
  type PanelFacts,
  type PanelRelease,
  type RecentSale,
  type SearchFilters,
  type SoldResult,
  type SoldWeek,
  type TrendReading,
} from './types.ts';
import { readingOf, type ParsedQuery } from './query.ts';
import { readSuggestions } from './suggest.ts';

/** What the counting functions say about the panel threshold (migration 20261125000400_market_search.sql). */
type PanelRow = {
  /** Null when the figure is withheld. */
  sellers?: number | null;
  minSellers?: number;
  panelSellers?: number | null;
  demoComps: number;
  panelComps?: number;
  hasDemo?: boolean;
  hasPanel?: boolean;
  indexEmpty?: boolean;
  asOf?: string;
  query?: Partial<ParsedQuery>;
  /** How the count was made (issue 53): 'cells' merged from the writes (decision 091), or 'rows'. */
  path?: 'cells' | 'rows';
};

type AvailableRow = PanelRow & {
  available: number | null;
  byCondition: ByCondition;
  byMarketplace: { marketplace: string; available: number }[];
};

type SoldRow = PanelRow & {
  sold: number | null;
  byCondition: ByCondition;
  byMarketplace: { marketplace: string; sold: number }[];
  prices: { p25: number; median: number; p75: number } | null;
  medianDaysToSell: number | null;
  recentSales?: (Omit<RecentSale, 'price'> & { price: number | string | null })[];
  dataSince?: string | null;
  /** market_search's sold answers: the panel's released figures, or null before any week is released. */
  panelRelease?: PanelRelease | null;
  /** Answers counted since issue 54: the window's ISO weeks, and the trend's reading (null when withheld). */
  weeks?: { week: string; sold: number | null; medianPrice: number | string | null }[];
  trendReading?: TrendReading | null;
};

/** The narrowing as p_filters: only the parts asked for ('{}' is a plain search). */
const filtersArg = (filters: SearchFilters | undefined): SearchFilters => ({ ...(filters ?? {}) });

/** A week's median price as a number (numeric comes through JSON as a number, and through some drivers as text). */
const weekOf = (w: NonNullable<SoldRow['weeks']>[number]): SoldWeek => ({
  week: String(w.week).slice(0, 10),
  sold: w.sold === null ? null : Number(w.sold),
  medianPrice: w.medianPrice === null ? null : Number(w.medianPrice),
});

/**
 * Where the exact counts come from. Panel rows are no longer in them (docs/decisions/080): the panel's figures travel
 * apart, as panelRelease, so an index that holds panel rows (hasPanel) does not make an exact count the panel's. Only an
 * answer counted before that change (still cached) has panel comps in its count.
 */
function originOf(row: PanelRow, isDemo: boolean): DataOrigin {
  if (isDemo) return 'demo';
  return (row.panelComps ?? 0) > 0 ? 'panel' : 'import';
}

/** The threshold facts, when the database sent them (answers cached before the panel have none). */
function panelFrom(row: PanelRow, count: number | null, headline: boolean): PanelFacts | undefined {
  if (row.minSellers === undefined) return undefined;
  // Withheld: nothing about the sellers behind it, whatever the row said (issue 49).
  if (count === null) return { withheld: true, minSellers: row.minSellers };
  return {
    withheld: false,
    sellers: row.sellers ?? 0,
    minSellers: row.minSellers,
    ...(headline ? { headlineSellers: row.panelSellers ?? null } : {}),
  };
}

type SearchRow<T> = { allowed: boolean; retryAfter?: number | null; cached?: boolean; result?: T };

function availableFrom(row: AvailableRow, isDemo: boolean): AvailableResult {
  const panel = panelFrom(row, row.available, false);
  return {
    availableCount: row.available,
    ...(row.available === null ? { reason: WITHHELD_REASON } : {}),
    byCondition: row.byCondition,
    byMarketplace: row.byMarketplace,
    comps: row.available ?? 0,
    isDemo,
    approximate: false,
    origin: originOf(row, isDemo),
    reading: readingOf(row.query),
    ...(panel ? { panel } : {}),
    ...(row.indexEmpty ? { indexEmpty: true } : {}),
    ...(row.path ? { counted: row.path } : {}),
  };
}

function soldFrom(row: SoldRow, isDemo: boolean, windowDays: number = SOLD_WINDOW_DAYS): SoldResult {
  const panel = panelFrom(row, row.sold, windowDays === SOLD_WINDOW_DAYS);
  return {
    soldCount: row.sold,
    ...(row.sold === null ? { reason: WITHHELD_REASON } : {}),
    windowDays,
    medianPrice: row.prices ? Number(row.prices.median) : null,
    priceRange: row.prices ? { p25: Number(row.prices.p25), p75: Number(row.prices.p75) } : null,
    typicalDaysToSell: row.medianDaysToSell === null ? null : Number(row.medianDaysToSell),
    byCondition: row.byCondition,
    byMarketplace: row.byMarketplace,
    comps: row.sold ?? 0,
    isDemo,
    approximate: false,
    origin: originOf(row, isDemo),
    recentSales: (row.recentSales ?? []).slice(0, 10).map((sale) => ({
      ...sale,
      price: sale.price === null ? null : Number(sale.price),
    })),
    reading: readingOf(row.query),
    dataSince: row.dataSince ? new Date(row.dataSince).toISOString() : null,
    ...(panel ? { panel } : {}),
    ...(row.indexEmpty ? { indexEmpty: true } : {}),
    ...(row.path ? { counted: row.path } : {}),
    // Absent from answers cached before the release (and from market_count_sold): left out, not made null.
    ...(row.panelRelease !== undefined ? { panelRelease: row.panelRelease } : {}),
    // Absent from answers cached before the trend: left out, and the screen shows no chart.
    ...(row.weeks ? { weeks: row.weeks.map(weekOf) } : {}),
    ...(row.trendReading !== undefined ? { trendReading: row.trendReading } : {}),
  };
}

export class LocalMarketProvider implements MarketProvider {
  readonly name = 'local' as const;

  constructor(private readonly service: SupabaseClient) {}

  private async rpc<T>(fn: string, args: Record<string, unknown>, signal: AbortSignal): Promise<T> {
    const { data, error } = await this.service.rpc(fn, args).abortSignal(signal);
    if (signal.aborted) throw signal.reason ?? new Error('aborted');
    if (error || data === null || data === undefined) {
      throw new SourceUnavailableError(`Market index query failed: ${error?.message ?? 'no data'}`, error);
    }
    return data as T;
  }

  /** A zero count from an index of demo rows is still a demo answer. */
  private async demoOnZero(comps: number | null, demoComps: number, signal: AbortSignal): Promise<boolean> {
    if (comps !== 0) return demoComps > 0;
    return this.rpc<boolean>('market_has_demo', {}, signal);
  }

  async countAvailable(query: MarketQuery): Promise<AvailableResult> {
    const row = await this.rpc<AvailableRow>(
      'market_count_available',
      {
        p_query: query.itemName,
        p_condition: query.condition,
        p_min_sellers: query.minSellers ?? PANEL_MIN_SELLERS,
        p_filters: filtersArg(query.filters),
      },
      query.signal,
    );
    return availableFrom(row, await this.demoOnZero(row.available, row.demoComps, query.signal));
  }

  async countSold(query: MarketQuery): Promise<SoldResult> {
    const row = await this.rpc<SoldRow>(
      'market_count_sold',
      {
        p_query: query.itemName,
        p_condition: query.condition,
        p_window_days: query.windowDays,
        p_min_sellers: query.minSellers ?? PANEL_MIN_SELLERS,
        p_filters: filtersArg(query.filters),
      },
      query.signal,
    );
    return soldFrom(row, await this.demoOnZero(row.sold, row.demoComps, query.signal), query.windowDays);
  }

  private async search<T extends { hasDemo?: boolean; asOf?: string }, R>(
    kind: 'available' | 'sold',
    query: MarketQuery,
    gate: GateSettings,
    map: (row: T, isDemo: boolean) => R,
  ): Promise<GatedAnswer<R>> {
    const row = await this.rpc<SearchRow<T>>(
      'market_search',
      {
        p_kind: kind,
        p_query: query.itemName,
        p_condition: query.condition,
        p_user: gate.userId,
        p_bucket: gate.bucket,
        p_limit: gate.limit,
        p_window_seconds: gate.windowSeconds,
        p_cache_key: gate.cacheKey,
        p_ttl_seconds: gate.ttlSeconds,
        p_window_days: query.windowDays,
        p_min_sellers: query.minSellers ?? PANEL_MIN_SELLERS,
        p_filters: filtersArg(query.filters),
      },
      query.signal,
    );
    if (!row.allowed || !row.result)
      return { allowed: false, retryAfter: Math.max(1, row.retryAfter ?? gate.windowSeconds) };
    const result = row.result;
    // A listed count of none comes with its "did you mean" (market_search asks market_suggestions in the same call).
    const suggestions = (result as { suggestions?: unknown }).suggestions;
    return {
      allowed: true,
      cached: row.cached === true,
      result: map(result, result.hasDemo === true),
      asOf: result.asOf ? new Date(result.asOf).toISOString() : new Date().toISOString(),
      ...(suggestions === undefined ? {} : { suggested: readSuggestions(suggestions) }),
    };
  }

  gatedCountAvailable(query: MarketQuery, gate: GateSettings): Promise<GatedAnswer<AvailableResult>> {
    return this.search<AvailableRow, AvailableResult>('available', query, gate, availableFrom);
  }

  gatedCountSold(query: MarketQuery, gate: GateSettings): Promise<GatedAnswer<SoldResult>> {
    return this.search<SoldRow, SoldResult>('sold', query, gate, (row, isDemo) =>
      soldFrom(row, isDemo, query.windowDays),
    );
  }
}
