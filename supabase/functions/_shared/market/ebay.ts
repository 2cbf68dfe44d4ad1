// eBay as a market-data source: Browse item_summary/search for available listings, Marketplace Insights
// item_sales/search for sold ones (limited release: most keysets lack it, and then we say so instead of guessing).
// Shapes, condition IDs and error codes: docs/research is ../shared/research/ebay-api.md. The application token and a
// used-up quota are shared by every function instance through the database (decision 031).
import type { SupabaseClient } from '@supabase/supabase-js';
import { flagEnv, type Env } from '../env.ts';
import { queryKeywords } from './normalize.ts';
import { ebayKeywords, readingOf, type ParsedQuery } from './query.ts';
import { retryAfterHeader } from './retry-after.ts';
import {
  SOLD_WINDOW_DAYS,
  soldWindowStart,
  SourceRateLimitedError,
  SourceUnavailableError,
  type AvailableResult,
  type Condition,
  type FilterName,
  type MarketProvider,
  type MarketQuery,
  type QueryReading,
  type SearchFilters,
  type SoldResult,
} from './types.ts';

export const BROWSE_SCOPE = 'https://api.ebay.com/oauth/api_scope';
export const INSIGHTS_SCOPE = 'https://api.ebay.com/oauth/api_scope/buy.marketplace.insights';

/** Apparel uses three pre-owned grades since 2025: 3000 alone would miss Excellent (2990) and Fair (3010). */
export const EBAY_CONDITION_IDS: Record<Condition, number[]> = {
  new_with_tags: [1000],
  new_without_tags: [1500],
  new_with_imperfections: [1750],
  pre_owned: [2990, 3000, 3010],
};

export const SOLD_UNAVAILABLE_REASON =
  "Sold data isn't available from eBay for this account: eBay shares sold listings only with developers approved " +
  'for its Marketplace Insights API, so we show no number rather than a guess.';

export const AVAILABLE_UNKNOWN_REASON =
  'eBay answered this search without a count of current listings, so we show no number rather than 0.';
export const SOLD_UNKNOWN_REASON =
  'eBay answered this search without a count of sales, so we show no number rather than 0.';
export const QUOTA_MESSAGE =
  "eBay's request limit for our app has been reached, so eBay searches are paused until it resets.";

/** A search narrowed to another marketplace: eBay's figures are eBay's listings, none of them that marketplace's. */
export const OTHER_MARKETPLACE_REASON =
  "eBay's figures are eBay listings only, so they cannot be narrowed to another marketplace.";

const UNAVAILABLE = 'eBay search is unavailable right now.';
/** Tokens are refreshed this long before they expire (eBay allows 1,000 mints a day per app). */
const TOKEN_MARGIN_SECONDS = 60;
/** A minter that has not stored its token after this long is presumed dead; another caller may mint. */
const MINT_LEASE_SECONDS = 10;
/** How often a caller waiting for someone else's mint looks again. */
const MINT_POLL_MS = 100;
/** eBay's "call limit reached" error (HTTP 429, domain ACCESS). */
const QUOTA_ERROR_IDS = new Set([2001]);
/** "Not licensed" is remembered for a day so each search does not spend a token mint finding out again. */
const NOT_LICENSED_MS = 24 * 60 * 60 * 1000;

export type EbayConfig = {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  authBase: string;
  marketplaceId: string;
  categoryId: string;
  insights: boolean;
};

export function ebayConfig(env: Env): EbayConfig {
  return {
    clientId: env.EBAY_CLIENT_ID ?? '',
    clientSecret: env.EBAY_CLIENT_SECRET ?? '',
    apiBase: (env.EBAY_API_BASE ?? 'https://api.ebay.com').replace(/\/+$/, ''),
    authBase: (env.EBAY_AUTH_BASE ?? env.EBAY_API_BASE ?? 'https://api.ebay.com').replace(/\/+$/, ''),
    marketplaceId: env.EBAY_MARKETPLACE_ID ?? 'EBAY_US',
    // Clothing, Shoes & Accessories (US).
    categoryId: env.EBAY_CATEGORY_ID ?? '11450',
    insights: flagEnv(env, 'EBAY_INSIGHTS'),
  };
}

/** What the shared state says before a call to one eBay API. */
export type SourceAccess =
  { blocked: true; retryAfter: number } | { token: string } | { mint: true; lease: string } | { wait: true };

/**
 * State shared by every instance of the functions (decision 031): the application token per scope and a used-up
 * quota per API. In production it is the database (public.market_oauth_tokens, public.market_source_blocks).
 */
export interface EbayState {
  access(blockKey: string, tokenKey: string, staleToken: string | null): Promise<SourceAccess>;
  /** Stores a minted token, or with null gives up the lease after a failed mint. */
  putToken(tokenKey: string, lease: string, token: string | null, expiresIn: number): Promise<void>;
  /** Remembers the quota is used up for `seconds`; answers the seconds left on the block in effect. */
  block(blockKey: string, seconds: number, reason: string): Promise<number>;
}

/** The database as the shared state, through three service-role-only SQL functions. */
export class DatabaseEbayState implements EbayState {
  constructor(private readonly service: SupabaseClient) {}

  private async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    const { data, error } = await this.service.rpc(fn, args);
    if (error || data === null || data === undefined) {
      throw new SourceUnavailableError(
        `${UNAVAILABLE} (${fn} failed: ${error?.message ?? 'no data'})`,
        error,
      );
    }
    return data as T;
  }

  access(blockKey: string, tokenKey: string, staleToken: string | null): Promise<SourceAccess> {
    return this.rpc<SourceAccess>('market_source_access', {
      p_block_key: blockKey,
      p_token_key: tokenKey,
      p_margin_seconds: TOKEN_MARGIN_SECONDS,
      p_lease_seconds: MINT_LEASE_SECONDS,
      p_stale_token: staleToken,
    });
  }

  async putToken(tokenKey: string, lease: string, token: string | null, expiresIn: number): Promise<void> {
    await this.rpc<boolean>('market_oauth_token_put', {
      p_key: tokenKey,
      p_lease: lease,
      p_token: token,
      p_expires_in: expiresIn,
    });
  }

  block(blockKey: string, seconds: number, reason: string): Promise<number> {
    return this.rpc<number>('market_source_block', { p_key: blockKey, p_seconds: seconds, p_reason: reason });
  }
}

/** The same rules in this isolate's memory: for the provider's own tests, which run without a database. */
export class MemoryEbayState implements EbayState {
  private readonly tokens = new Map<
    string,
    { token: string | null; expiresAt: number; lease: string | null; leaseUntil: number }
  >();
  private readonly blocks = new Map<string, number>();

  async access(blockKey: string, tokenKey: string, staleToken: string | null): Promise<SourceAccess> {
    const now = Date.now();
    const until = this.blocks.get(blockKey) ?? 0;
    if (until > now) return { blocked: true, retryAfter: Math.max(1, Math.ceil((until - now) / 1000)) };
    const row = this.tokens.get(tokenKey);
    if (row?.token && row.token !== staleToken && row.expiresAt > now + TOKEN_MARGIN_SECONDS * 1000)
      return { token: row.token };
    if (row && row.leaseUntil > now) return { wait: true };
    const lease = crypto.randomUUID();
    this.tokens.set(tokenKey, {
      token: row?.token ?? null,
      expiresAt: row?.expiresAt ?? 0,
      lease,
      leaseUntil: now + MINT_LEASE_SECONDS * 1000,
    });
    return { mint: true, lease };
  }

  async putToken(tokenKey: string, lease: string, token: string | null, expiresIn: number): Promise<void> {
    const row = this.tokens.get(tokenKey);
    if (!row || row.lease !== lease) return;
    this.tokens.set(tokenKey, {
      token: token ?? row.token,
      expiresAt: token ? Date.now() + expiresIn * 1000 : row.expiresAt,
      lease: null,
      leaseUntil: 0,
    });
  }

  async block(blockKey: string, seconds: number): Promise<number> {
    const until = Math.max(this.blocks.get(blockKey) ?? 0, Date.now() + Math.max(1, seconds) * 1000);
    this.blocks.set(blockKey, until);
    return Math.max(1, Math.ceil((until - Date.now()) / 1000));
  }
}

let memoryState = new MemoryEbayState();
const notLicensedUntil = new Map<string, number>();

/** For tests: forget the in-memory state and licence answers (the database state is the test's to clear). */
export function resetEbayState(): void {
  memoryState = new MemoryEbayState();
  notLicensedUntil.clear();
}

/**
 * Seconds until eBay's daily quota resets: midnight US Pacific time (the Browse call limits' documented reset).
 * `now` is for tests.
 */
export function secondsUntilQuotaReset(now = Date.now()): number {
  const offset = (at: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(at)
        .map((p) => [p.type, Number(p.value)]),
    );
    const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    return { parts, offset: local - Math.floor(at / 1000) * 1000 };
  };
  const { parts, offset: nowOffset } = offset(now);
  const midnight = Date.UTC(parts.year, parts.month - 1, parts.day + 1, 0, 0, 0);
  // The offset at midnight may differ from now's when the clocks change in between.
  const reset = midnight - offset(midnight - nowOffset).offset;
  return Math.max(1, Math.ceil((reset - now) / 1000));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** A count eBay sent, or null when it sent none (unknown is never 0). */
function countFrom(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'string' && !value.trim()) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

class ScopeNotGrantedError extends Error {}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    throw new SourceUnavailableError(UNAVAILABLE, error);
  }
}

async function body(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function errorIds(payload: Record<string, unknown>): number[] {
  const errors = Array.isArray(payload.errors) ? (payload.errors as { errorId?: unknown }[]) : [];
  return errors.map((e) => Number(e.errorId)).filter(Number.isFinite);
}

export class EbayMarketProvider implements MarketProvider {
  readonly name = 'ebay' as const;

  /**
   * `state`: shared across instances (the database) in the functions; this isolate's memory when left out.
   * `parse`: the same query reading as the local index (public.market_parse_query), so eBay is asked for the entry
   * names, phrases, exclusions and alternatives the local matcher would use; plain keywords when left out.
   */
  constructor(
    private readonly config: EbayConfig,
    private readonly state: EbayState = memoryState,
    private readonly parse?: (itemName: string, signal: AbortSignal) => Promise<ParsedQuery>,
  ) {}

  /** The `q` of a search, and how the query was read (for the screen's "matched as" note). */
  private async keywords(query: MarketQuery): Promise<{ q: string; reading?: QueryReading }> {
    if (!this.parse) return { q: queryKeywords(query.itemName) };
    try {
      const parsed = await this.parse(query.itemName, query.signal);
      const q = ebayKeywords(parsed);
      if (q) return { q, reading: readingOf(parsed) };
    } catch (error) {
      console.warn(
        `Query reading failed, searching eBay by keywords: ${error instanceof Error ? error.message : error}`,
      );
    }
    return { q: queryKeywords(query.itemName) };
  }

  private tokenKey(scope: string): string {
    return `${this.config.authBase}|${this.config.clientId}|${scope}`;
  }

  private blockKey(api: string): string {
    return `${this.config.apiBase}|${this.config.clientId}|${api}`;
  }

  /**
   * Before any call to `api`: refuses when its quota is remembered as used up; otherwise the shared token, minting it
   * only when this caller holds the lease and waiting for the holder otherwise.
   */
  private async token(
    api: string,
    scope: string,
    signal: AbortSignal,
    stale: string | null,
  ): Promise<string> {
    if (!this.config.clientId || !this.config.clientSecret) {
      throw new SourceUnavailableError(`${UNAVAILABLE} (EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set)`);
    }
    for (;;) {
      const access = await this.state.access(this.blockKey(api), this.tokenKey(scope), stale);
      if (signal.aborted) throw abortError(signal);
      if ('blocked' in access) throw new SourceRateLimitedError(QUOTA_MESSAGE, access.retryAfter);
      if ('token' in access) return access.token;
      if ('mint' in access) return this.mint(api, scope, access.lease, signal);
      await sleep(MINT_POLL_MS, signal);
    }
  }

  private async mint(api: string, scope: string, lease: string, signal: AbortSignal): Promise<string> {
    const key = this.tokenKey(scope);
    let minted: { token: string; expiresIn: number } | null = null;
    try {
      const response = await send(
        `${this.config.authBase}/identity/v1/oauth2/token`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${btoa(`${this.config.clientId}:${this.config.clientSecret}`)}`,
          },
          body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
        },
        signal,
      );
      const payload = await body(response);
      if (response.status === 429) throw await this.quotaExceeded(api, response, payload);
      if (!response.ok || typeof payload.access_token !== 'string') {
        if (payload.error === 'invalid_scope')
          throw new ScopeNotGrantedError(String(payload.error_description ?? ''));
        throw new SourceUnavailableError(
          `${UNAVAILABLE} (token request answered ${response.status} ${String(payload.error ?? '')})`,
        );
      }
      const expiresIn = Number(payload.expires_in) > 0 ? Math.floor(Number(payload.expires_in)) : 7200;
      minted = { token: payload.access_token, expiresIn };
      return payload.access_token;
    } finally {
      // Stored for every instance; on failure the lease is given up so a waiting caller may try at once.
      await this.state.putToken(key, lease, minted?.token ?? null, minted?.expiresIn ?? 0);
    }
  }

  /** Remembers a used-up quota for every instance until it resets, and says how long that is. */
  private async quotaExceeded(
    api: string,
    response: Response,
    payload: Record<string, unknown>,
  ): Promise<SourceRateLimitedError> {
    await response.body?.cancel().catch(() => undefined);
    const seconds = retryAfterHeader(response) ?? secondsUntilQuotaReset();
    const reason = `HTTP ${response.status}; error ids ${errorIds(payload).join(', ') || 'none'}`;
    const retryAfter = await this.state.block(this.blockKey(api), seconds, reason);
    return new SourceRateLimitedError(QUOTA_MESSAGE, retryAfter);
  }

  private isQuotaError(response: Response, payload: Record<string, unknown>): boolean {
    return response.status === 429 || errorIds(payload).some((id) => QUOTA_ERROR_IDS.has(id));
  }

  /**
   * GET with the app token; a 401 means the token went stale: get a fresh one (minted by whoever is first) and retry
   * once. A quota refusal is remembered and thrown as SourceRateLimitedError.
   */
  private async get(
    api: string,
    path: string,
    params: URLSearchParams,
    scope: string,
    signal: AbortSignal,
  ): Promise<{ response: Response; payload: Record<string, unknown> }> {
    const url = `${this.config.apiBase}${path}?${params.toString()}`;
    let stale: string | null = null;
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(api, scope, signal, stale);
      const response = await send(
        url,
        {
          headers: {
            Authorization: `Bearer ${token}`,
            'X-EBAY-C-MARKETPLACE-ID': this.config.marketplaceId,
            Accept: 'application/json',
          },
        },
        signal,
      );
      if (response.status === 401 && attempt === 0) {
        stale = token;
        await response.body?.cancel();
        continue;
      }
      const payload = await body(response);
      if (this.isQuotaError(response, payload)) throw await this.quotaExceeded(api, response, payload);
      return { response, payload };
    }
  }

  private failure(response: Response, payload: Record<string, unknown>): SourceUnavailableError {
    return new SourceUnavailableError(
      `${UNAVAILABLE} (eBay answered ${response.status}; error ids ${errorIds(payload).join(', ') || 'none'})`,
    );
  }

  private filter(condition: Condition, extra: string[] = []): string {
    return [`conditionIds:{${EBAY_CONDITION_IDS[condition].join('|')}}`, ...extra].join(',');
  }

  async countAvailable(query: MarketQuery): Promise<AvailableResult> {
    const narrowing = ebayNarrowing(query.filters);
    if (narrowing.otherMarketplace)
      return { availableCount: null, reason: OTHER_MARKETPLACE_REASON, ...withoutFigure() };
    const { q, reading } = await this.keywords(query);
    const params = new URLSearchParams({
      q,
      category_ids: this.config.categoryId,
      // Browse leaves out auction-only listings unless asked; a reseller's "available" includes them.
      filter: this.filter(query.condition, ['buyingOptions:{FIXED_PRICE|AUCTION}', ...narrowing.filters]),
      limit: '1',
    });
    const { response, payload } = await this.get(
      'browse',
      '/buy/browse/v1/item_summary/search',
      params,
      BROWSE_SCOPE,
      query.signal,
    );
    if (!response.ok) throw this.failure(response, payload);
    const total = countFrom(payload.total);
    if (total === null) {
      // A 200 with warnings (an ignored filter, say) and no total: unknown, never 0.
      return { availableCount: null, reason: AVAILABLE_UNKNOWN_REASON, ...withoutFigure() };
    }
    return {
      availableCount: total,
      byCondition: null,
      byMarketplace: [{ marketplace: 'ebay', available: total }],
      comps: total,
      isDemo: false,
      // Browse's `total` is "just an indicator" (eBay's words): shown as "about".
      approximate: true,
      origin: 'ebay',
      ...(reading ? { reading } : {}),
      ...(narrowing.notNarrowedBy.length ? { notNarrowedBy: narrowing.notNarrowedBy } : {}),
    };
  }

  private notLicensed(windowDays: number): SoldResult {
    notLicensedUntil.set(this.config.clientId, Date.now() + NOT_LICENSED_MS);
    return unavailableSold(windowDays);
  }

  async countSold(query: MarketQuery): Promise<SoldResult> {
    const windowDays = query.windowDays ?? SOLD_WINDOW_DAYS;
    if (!this.config.insights || (notLicensedUntil.get(this.config.clientId) ?? 0) > Date.now())
      return unavailableSold(windowDays);
    const narrowing = ebayNarrowing(query.filters);
    if (narrowing.otherMarketplace)
      return { ...unavailableSold(windowDays), reason: OTHER_MARKETPLACE_REASON };
    const since = soldWindowStart(windowDays).toISOString();
    const { q } = await this.keywords(query);
    const params = new URLSearchParams({
      q,
      category_ids: this.config.categoryId,
      filter: this.filter(query.condition, [`lastSoldDate:[${since}..]`, ...narrowing.filters]),
      // One page of sales gives the price spread and the units per listing without a second call.
      limit: '200',
    });
    let answer: { response: Response; payload: Record<string, unknown> };
    try {
      answer = await this.get(
        'marketplace_insights',
        '/buy/marketplace_insights/v1_beta/item_sales/search',
        params,
        INSIGHTS_SCOPE,
        query.signal,
      );
    } catch (error) {
      if (error instanceof ScopeNotGrantedError) return this.notLicensed(windowDays);
      throw error;
    }
    const { response, payload } = answer;
    if (response.status === 403 && errorIds(payload).some((id) => id === 1100 || id === 100017))
      return this.notLicensed(windowDays);
    if (!response.ok) throw this.failure(response, payload);
    const listings = countFrom(payload.total);
    if (listings === null) return { ...unavailableSold(windowDays), reason: SOLD_UNKNOWN_REASON };
    const sales = Array.isArray(payload.itemSales)
      ? (payload.itemSales as {
          lastSoldPrice?: { value?: string; currency?: string };
          totalSoldQuantity?: unknown;
        }[])
      : [];
    const prices = sales
      .filter((sale) => (sale.lastSoldPrice?.currency ?? 'USD') === 'USD')
      .map((sale) => Number(sale.lastSoldPrice?.value))
      .filter((price) => Number.isFinite(price) && price >= 0)
      .sort((a, b) => a - b);
    const units = soldUnits(listings, sales);
    return {
      soldCount: units,
      windowDays,
      medianPrice: prices.length ? percentile(prices, 0.5) : null,
      priceRange: prices.length ? { p25: percentile(prices, 0.25), p75: percentile(prices, 0.75) } : null,
      typicalDaysToSell: null,
      byCondition: null,
      byMarketplace: [{ marketplace: 'ebay', sold: units }],
      comps: listings,
      isDemo: false,
      approximate: true,
      origin: 'ebay',
      recentSales: [],
      dataSince: null,
      ...(narrowing.notNarrowedBy.length ? { notNarrowedBy: narrowing.notNarrowedBy } : {}),
    };
  }
}

/**
 * What eBay can do with the desk's narrowing (issue 54): a price band is its own `price` filter (inclusive, so the
 * band's top is a cent below its max); eBay as the marketplace is every listing it has, another marketplace none of
 * them; a size is an item aspect whose name differs by category ("Size", "US Shoe Size", "Waist Size"), so it is said
 * as not applied rather than guessed.
 */
export function ebayNarrowing(filters: SearchFilters | undefined): {
  filters: string[];
  otherMarketplace: boolean;
  notNarrowedBy: FilterName[];
} {
  const f = filters ?? {};
  const band =
    f.priceMin !== undefined || f.priceMax !== undefined
      ? [
          `price:[${f.priceMin ?? ''}..${f.priceMax !== undefined ? Math.max(0, Math.round(f.priceMax * 100 - 1) / 100) : ''}]`,
          'priceCurrency:USD',
        ]
      : [];
  return {
    filters: band,
    otherMarketplace: f.marketplace !== undefined && f.marketplace !== 'ebay',
    notNarrowedBy: f.size ? ['size'] : [],
  };
}

/**
 * Units sold, not listings: eBay folds a multi-quantity listing into one row with its `totalSoldQuantity`. The sum
 * over the page is the count when the page holds every listing; past one page the page's units per listing are
 * scaled to eBay's listing total. Rows without the field count as one unit; no field anywhere, the listing total.
 */
export function soldUnits(listings: number, sales: { totalSoldQuantity?: unknown }[]): number {
  const quantities = sales.map((sale) => countFrom(sale.totalSoldQuantity));
  if (!quantities.some((q) => q !== null)) return listings;
  const pageUnits = quantities.reduce<number>((sum, q) => sum + (q === null ? 1 : Math.max(1, q)), 0);
  if (sales.length >= listings) return pageUnits;
  return Math.round((pageUnits / sales.length) * listings);
}

/** The rest of an eBay answer that has no figure: no breakdowns and no comparables, from eBay, not demo data. */
const withoutFigure = () => ({
  byCondition: null,
  byMarketplace: [],
  comps: 0,
  isDemo: false,
  approximate: false,
  origin: 'ebay' as const,
});

function unavailableSold(windowDays: number): SoldResult {
  return {
    soldCount: null,
    reason: SOLD_UNAVAILABLE_REASON,
    windowDays,
    dataSince: null,
    medianPrice: null,
    priceRange: null,
    typicalDaysToSell: null,
    ...withoutFigure(),
    recentSales: [],
  };
}

/** Linear interpolation between closest ranks, like PostgreSQL's percentile_cont. `sorted` is ascending. */
export function percentile(sorted: number[], fraction: number): number {
  const rank = (sorted.length - 1) * fraction;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const value = sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
  return Math.round(value * 100) / 100;
}
