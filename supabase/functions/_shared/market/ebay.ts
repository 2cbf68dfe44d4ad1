// eBay as a market-data source: Browse item_summary/search for available listings, Marketplace Insights
// item_sales/search for sold ones (limited release: most keysets lack it, and then we say so instead of guessing).
// Shapes, condition IDs and error codes: docs/research is ../shared/research/ebay-api.md.
import { flagEnv, type Env } from '../env.ts';
import { queryKeywords } from './normalize.ts';
import {
  SOLD_WINDOW_DAYS,
  SourceUnavailableError,
  type AvailableResult,
  type Condition,
  type MarketProvider,
  type MarketQuery,
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

const UNAVAILABLE = 'eBay search is unavailable right now.';
/** Tokens are reused until this long before they expire (eBay allows 1,000 mints a day per app). */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
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

type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, CachedToken>();
const notLicensedUntil = new Map<string, number>();

/** For tests: forget cached tokens and licence answers. */
export function resetEbayState(): void {
  tokens.clear();
  notLicensedUntil.clear();
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

  constructor(private readonly config: EbayConfig) {}

  private tokenKey(scope: string): string {
    return `${this.config.authBase}|${this.config.clientId}|${scope}`;
  }

  private async token(scope: string, signal: AbortSignal, fresh = false): Promise<string> {
    const key = this.tokenKey(scope);
    const cached = tokens.get(key);
    if (!fresh && cached && Date.now() < cached.expiresAt - TOKEN_MARGIN_MS) return cached.token;
    if (!this.config.clientId || !this.config.clientSecret) {
      throw new SourceUnavailableError(`${UNAVAILABLE} (EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set)`);
    }
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
    if (!response.ok || typeof payload.access_token !== 'string') {
      if (payload.error === 'invalid_scope')
        throw new ScopeNotGrantedError(String(payload.error_description ?? ''));
      throw new SourceUnavailableError(
        `${UNAVAILABLE} (token request answered ${response.status} ${String(payload.error ?? '')})`,
      );
    }
    const expiresIn = Number(payload.expires_in) > 0 ? Number(payload.expires_in) : 7200;
    tokens.set(key, { token: payload.access_token, expiresAt: Date.now() + expiresIn * 1000 });
    return payload.access_token;
  }

  /** GET with the app token; a 401 means the token went stale: mint a new one and retry once. */
  private async get(
    path: string,
    params: URLSearchParams,
    scope: string,
    signal: AbortSignal,
  ): Promise<Response> {
    const url = `${this.config.apiBase}${path}?${params.toString()}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(scope, signal, attempt > 0);
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
        tokens.delete(this.tokenKey(scope));
        await response.body?.cancel();
        continue;
      }
      return response;
    }
  }

  private failure(response: Response, payload: Record<string, unknown>): SourceUnavailableError {
    const why =
      response.status === 429
        ? "eBay's request limit for today has been reached"
        : `eBay answered ${response.status}`;
    return new SourceUnavailableError(
      `${UNAVAILABLE} (${why}; error ids ${errorIds(payload).join(', ') || 'none'})`,
    );
  }

  private filter(condition: Condition, extra: string[] = []): string {
    return [`conditionIds:{${EBAY_CONDITION_IDS[condition].join('|')}}`, ...extra].join(',');
  }

  async countAvailable(query: MarketQuery): Promise<AvailableResult> {
    const params = new URLSearchParams({
      q: queryKeywords(query.itemName),
      category_ids: this.config.categoryId,
      // Browse leaves out auction-only listings unless asked; a reseller's "available" includes them.
      filter: this.filter(query.condition, ['buyingOptions:{FIXED_PRICE|AUCTION}']),
      limit: '1',
    });
    const response = await this.get('/buy/browse/v1/item_summary/search', params, BROWSE_SCOPE, query.signal);
    const payload = await body(response);
    if (!response.ok) throw this.failure(response, payload);
    const total = Math.max(0, Math.floor(Number(payload.total) || 0));
    return {
      availableCount: total,
      byCondition: null,
      byMarketplace: [{ marketplace: 'ebay', available: total }],
      comps: total,
      isDemo: false,
      approximate: true,
      origin: 'ebay',
    };
  }

  private notLicensed(): SoldResult {
    notLicensedUntil.set(this.config.clientId, Date.now() + NOT_LICENSED_MS);
    return unavailableSold();
  }

  async countSold(query: MarketQuery): Promise<SoldResult> {
    if (!this.config.insights || (notLicensedUntil.get(this.config.clientId) ?? 0) > Date.now())
      return unavailableSold();
    const since = new Date(Date.now() - SOLD_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const params = new URLSearchParams({
      q: queryKeywords(query.itemName),
      category_ids: this.config.categoryId,
      filter: this.filter(query.condition, [`lastSoldDate:[${since}..]`]),
      // One page of sales gives the price spread without a second call.
      limit: '200',
    });
    let response: Response;
    try {
      response = await this.get(
        '/buy/marketplace_insights/v1_beta/item_sales/search',
        params,
        INSIGHTS_SCOPE,
        query.signal,
      );
    } catch (error) {
      if (error instanceof ScopeNotGrantedError) return this.notLicensed();
      throw error;
    }
    const payload = await body(response);
    if (response.status === 403 && errorIds(payload).some((id) => id === 1100 || id === 100017))
      return this.notLicensed();
    if (!response.ok) throw this.failure(response, payload);
    const total = Math.max(0, Math.floor(Number(payload.total) || 0));
    const sales = Array.isArray(payload.itemSales)
      ? (payload.itemSales as { lastSoldPrice?: { value?: string; currency?: string } }[])
      : [];
    const prices = sales
      .filter((sale) => (sale.lastSoldPrice?.currency ?? 'USD') === 'USD')
      .map((sale) => Number(sale.lastSoldPrice?.value))
      .filter((price) => Number.isFinite(price) && price >= 0)
      .sort((a, b) => a - b);
    return {
      soldCount: total,
      windowDays: SOLD_WINDOW_DAYS,
      medianPrice: prices.length ? percentile(prices, 0.5) : null,
      priceRange: prices.length ? { p25: percentile(prices, 0.25), p75: percentile(prices, 0.75) } : null,
      typicalDaysToSell: null,
      byCondition: null,
      byMarketplace: [{ marketplace: 'ebay', sold: total }],
      comps: total,
      isDemo: false,
      approximate: true,
      origin: 'ebay',
      recentSales: [],
    };
  }
}

function unavailableSold(): SoldResult {
  return {
    soldCount: null,
    reason: SOLD_UNAVAILABLE_REASON,
    windowDays: SOLD_WINDOW_DAYS,
    medianPrice: null,
    priceRange: null,
    typicalDaysToSell: null,
    byCondition: null,
    byMarketplace: [],
    comps: 0,
    isDemo: false,
    approximate: false,
    origin: 'ebay',
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
