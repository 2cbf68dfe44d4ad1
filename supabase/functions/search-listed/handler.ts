// POST /functions/v1/search-listed {itemName, condition} -> {rows}: one "<marketplace> · listed now · about N" row per
// configured marketplace (eBay, Etsy), each fetched live under its own deadline, cached on its own for at most an hour
// (only the count and when it was taken), and never added to or divided by any other figure: eBay's licence forbids
// mixing eBay content with non-eBay content and deriving rates from it (docs/decisions/055). Order of checks: preflight,
// method, signed-in user (401), body (400), then per-user rate limit (429) and the cache, then the sources at once.
//
// Environment: EBAY_CLIENT_ID + EBAY_CLIENT_SECRET (the eBay row), ETSY_API_KEY + ETSY_SHARED_SECRET (the Etsy row),
// LISTED_TIMEOUT_MS (4000, per row), LISTED_CACHE_TTL_SECONDS (900, never more than 3600), MARKET_RATE_LIMIT /
// MARKET_RATE_WINDOW_SECONDS (30 per 60 s, counted apart from the other searches), ETSY_TAXONOMY_ID, ETSY_API_BASE.
import type { SupabaseClient } from '@supabase/supabase-js';
import { requireUser } from '../_shared/auth.ts';
import { cacheKey, cachePut } from '../_shared/cache.ts';
import { DeadlineExceeded, raceDeadline } from '../_shared/deadline.ts';
import { preflight } from '../_shared/cors.ts';
import { intEnv, type Env } from '../_shared/env.ts';
import { HttpError, json, readJsonBody, withErrors } from '../_shared/http.ts';
import { passGate } from '../_shared/rate-limit.ts';
import { serviceClient } from '../_shared/supabase.ts';
import {
  AVAILABLE_UNKNOWN_REASON,
  DatabaseEbayState,
  EBAY_CONDITION_IDS,
  EbayMarketProvider,
  ebayConfig,
  type EbayConfig,
} from '../_shared/market/ebay.ts';
import {
  DatabaseEtsyState,
  ETSY_UNKNOWN_MESSAGE,
  EtsyKeyRefusedError,
  EtsyListedSource,
  etsyConfig,
  etsyConfigured,
} from '../_shared/market/etsy.ts';
import { cacheQueryKey } from '../_shared/market/normalize.ts';
import { parseQuery } from '../_shared/market/query.ts';
import { ebayListedConfigured } from '../_shared/market/sources.ts';
import { MESSAGES, parseSearchBody, quotaWait, type SearchBody } from '../_shared/market/search-handler.ts';
import { SOLD_WINDOW_DAYS, SourceRateLimitedError, type Condition } from '../_shared/market/types.ts';

export type ListedMarketplace = 'ebay' | 'etsy';
type Label = 'eBay' | 'Etsy';

/** One marketplace's row. Only `count` is a figure; nothing in the answer is computed from it. */
export type ListedRow =
  | {
      marketplace: ListedMarketplace;
      label: Label;
      status: 'ok';
      count: number;
      /** Both sources' totals are estimates of a moving number: shown as "about". */
      approximate: true;
      /** eBay counts the chosen condition; Etsy has no condition filter for clothing. */
      conditionScoped: boolean;
      asOf: string;
      cached: boolean;
      url: string;
    }
  | {
      marketplace: ListedMarketplace;
      label: Label;
      status: 'unavailable' | 'quota';
      message: string;
      retryAfter?: number;
      url: string;
    };

/** What a cache row holds: the count and when it was taken, no listing data. */
type CachedCount = { count: number; approximate: true; asOf: string };

/** However LISTED_CACHE_TTL_SECONDS is set, a count is never kept longer than this. */
export const MAX_LISTED_CACHE_SECONDS = 3600;

type ListedSource = {
  marketplace: ListedMarketplace;
  label: Label;
  conditionScoped: boolean;
  cacheKey: string;
  url: string;
  /** null: the source answered without a count (unknown, never 0). */
  count(signal: AbortSignal): Promise<number | null>;
  unknownMessage: string;
};

const unavailableMessage = (label: Label) =>
  `${label}'s listed count is unavailable right now. Please try again in a moment.`;
const timeoutMessage = (label: Label, ms: number) =>
  `${label} did not answer within ${Math.round(ms / 100) / 10} seconds. Please try again.`;

const EBAY_SITES: Record<string, string> = {
  EBAY_US: 'www.ebay.com',
  EBAY_GB: 'www.ebay.co.uk',
  EBAY_DE: 'www.ebay.de',
  EBAY_AU: 'www.ebay.com.au',
  EBAY_CA: 'www.ebay.ca',
  EBAY_FR: 'www.ebay.fr',
  EBAY_IT: 'www.ebay.it',
  EBAY_ES: 'www.ebay.es',
};

/** eBay's own search page for the query, in the same category and condition as the count. */
export function ebaySearchUrl(config: EbayConfig, itemName: string, condition: Condition): string {
  const params = new URLSearchParams({
    _nkw: itemName.trim(),
    _sacat: config.categoryId,
    LH_ItemCondition: EBAY_CONDITION_IDS[condition].join('|'),
  });
  return `https://${EBAY_SITES[config.marketplaceId] ?? EBAY_SITES.EBAY_US}/sch/i.html?${params.toString()}`;
}

/** The configured sources, eBay first. */
function listedSources(env: Env, input: SearchBody, service: () => SupabaseClient): ListedSource[] {
  const sources: ListedSource[] = [];
  const query = cacheQueryKey(input.itemName);
  // The same test as market-sources, which tells visitors which marketplaces have a row.
  if (ebayListedConfigured(env)) {
    const config = ebayConfig(env);
    // The same Browse call, token and remembered quota as the eBay search source (decision 031); the query is read
    // like the local index reads it (decision 029).
    const provider = new EbayMarketProvider(config, new DatabaseEbayState(service()), (itemName, signal) =>
      parseQuery(service(), itemName, signal),
    );
    sources.push({
      marketplace: 'ebay',
      label: 'eBay',
      conditionScoped: true,
      cacheKey: cacheKey(['listed', 'ebay', input.condition, query]),
      url: ebaySearchUrl(config, input.itemName, input.condition),
      count: async (signal) =>
        (
          await provider.countAvailable({
            itemName: input.itemName,
            condition: input.condition,
            windowDays: SOLD_WINDOW_DAYS,
            signal,
          })
        ).availableCount,
      unknownMessage: AVAILABLE_UNKNOWN_REASON,
    });
  }
  if (etsyConfigured(env)) {
    const etsy = new EtsyListedSource(etsyConfig(env), new DatabaseEtsyState(service()));
    sources.push({
      marketplace: 'etsy',
      label: 'Etsy',
      conditionScoped: false,
      // Not scoped by condition, so one entry serves every condition.
      cacheKey: cacheKey(['listed', 'etsy', query]),
      url: EtsyListedSource.searchUrl(input.itemName),
      count: (signal) => etsy.countListed(input.itemName, signal),
      unknownMessage: ETSY_UNKNOWN_MESSAGE,
    });
  }
  return sources;
}

/** A cached count still inside its hour, or null. A cache that cannot be read only costs a live call. */
async function readCachedCount(
  service: SupabaseClient,
  key: string,
  log: (message: string) => void,
): Promise<CachedCount | null> {
  const { data, error } = await service
    .from('market_search_cache')
    .select('payload')
    .eq('cache_key', key)
    .gt('expires_at', new Date().toISOString())
    .maybeSingle();
  if (error) {
    log(`Listed cache read failed: ${error.message}`);
    return null;
  }
  const payload = (data?.payload ?? null) as Partial<CachedCount> | null;
  const age = Date.now() - Date.parse(String(payload?.asOf));
  const valid =
    payload &&
    typeof payload.count === 'number' &&
    Number.isInteger(payload.count) &&
    payload.count >= 0 &&
    age >= -60_000 &&
    age <= MAX_LISTED_CACHE_SECONDS * 1000;
  return valid ? { count: payload.count!, approximate: true, asOf: String(payload.asOf) } : null;
}

function okRow(source: ListedSource, counted: CachedCount, cached: boolean): ListedRow {
  return {
    marketplace: source.marketplace,
    label: source.label,
    status: 'ok',
    count: counted.count,
    approximate: true,
    conditionScoped: source.conditionScoped,
    asOf: counted.asOf,
    cached,
    url: source.url,
  };
}

function problemRow(
  source: ListedSource,
  status: 'unavailable' | 'quota',
  message: string,
  retryAfter?: number,
): ListedRow {
  return {
    marketplace: source.marketplace,
    label: source.label,
    status,
    message,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    url: source.url,
  };
}

/** Asks one source under its own deadline; whatever happens becomes that row, never the other's failure. */
async function liveRow(
  source: ListedSource,
  timeoutMs: number,
  log: (message: string) => void,
): Promise<{ row: ListedRow; fresh: CachedCount | null }> {
  try {
    const count = await raceDeadline(timeoutMs, (signal) => source.count(signal));
    if (count === null) return { row: problemRow(source, 'unavailable', source.unknownMessage), fresh: null };
    const fresh: CachedCount = { count, approximate: true, asOf: new Date().toISOString() };
    return { row: okRow(source, fresh, false), fresh };
  } catch (error) {
    if (error instanceof SourceRateLimitedError) {
      const { retryAfter, message } = quotaWait(error);
      return { row: problemRow(source, 'quota', message, retryAfter), fresh: null };
    }
    if (error instanceof DeadlineExceeded) {
      return { row: problemRow(source, 'unavailable', timeoutMessage(source.label, timeoutMs)), fresh: null };
    }
    // The adapter logged the refusal; the row says the key was refused.
    if (error instanceof EtsyKeyRefusedError) {
      return { row: problemRow(source, 'unavailable', error.message), fresh: null };
    }
    log(`${source.label} listed count failed: ${error instanceof Error ? error.message : String(error)}`);
    return { row: problemRow(source, 'unavailable', unavailableMessage(source.label)), fresh: null };
  }
}

export function createListedHandler(log: (message: string) => void = console.error) {
  return async function handler(req: Request, env: Env): Promise<Response> {
    const pre = preflight(req);
    if (pre) return pre;
    return withErrors(async () => {
      if (req.method !== 'POST') throw new HttpError(405, 'Searches are sent with POST.');
      const user = await requireUser(req, env, MESSAGES.unauthorised);
      const input = parseSearchBody('available', await readJsonBody(req));
      const sources = listedSources(env, input, () => serviceClient(env));
      if (sources.length === 0) return json({ rows: [] });

      const service = serviceClient(env);
      const [, cached] = await Promise.all([
        passGate(service, {
          userId: user.id,
          bucket: 'search-listed',
          limit: intEnv(env, 'MARKET_RATE_LIMIT', 30),
          windowSeconds: intEnv(env, 'MARKET_RATE_WINDOW_SECONDS', 60),
          // The gate reads one key; each row has its own, read below.
          cacheKey: null,
        }),
        Promise.all(sources.map((source) => readCachedCount(service, source.cacheKey, log))),
      ]);
      const timeoutMs = intEnv(env, 'LISTED_TIMEOUT_MS', 4000);
      const ttlSeconds = Math.min(intEnv(env, 'LISTED_CACHE_TTL_SECONDS', 900), MAX_LISTED_CACHE_SECONDS);

      const rows = await Promise.all(
        sources.map(async (source, n) => {
          const hit = cached[n];
          if (hit) return okRow(source, hit, true);
          const { row, fresh } = await liveRow(source, timeoutMs, log);
          // Only the count and its time are kept, for at most an hour.
          if (fresh) await cachePut(service, source.cacheKey, fresh, ttlSeconds);
          return row;
        }),
      );
      return json({ rows });
    }, log);
  };
}

export default createListedHandler();
