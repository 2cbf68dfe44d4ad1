// The two search functions share everything but the count they ask the source for. Order of checks: preflight, method,
// signed-in user (401), body (400), rate limit and cache (429 or a cached answer), then the source under a deadline
// (504 past it, 503 when it fails).
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { cacheKey, cachePut } from '../cache.ts';
import { DeadlineExceeded, raceDeadline } from '../deadline.ts';
import { preflight } from '../cors.ts';
import { flagEnv, intEnv, type Env } from '../env.ts';
import { HttpError, json, readJsonBody, withErrors } from '../http.ts';
import { passGate, tooManyRequests } from '../rate-limit.ts';
import { serviceClient } from '../supabase.ts';
import { marketProvider } from './index.ts';
import { cacheQueryKey, normalizeQuery } from './normalize.ts';
import { panelMinSellers } from './sources.ts';
import {
  CONDITIONS,
  MARKETPLACES,
  PANEL_MIN_SELLERS,
  SourceRateLimitedError,
  type AvailableResult,
  type Condition,
  type GateSettings,
  type GatedAnswer,
  type MarketQuery,
  type SearchFilters,
  type SoldResult,
  type SoldWindow,
  SOLD_WINDOW_DAYS,
  SOLD_WINDOWS,
} from './types.ts';
import { suggestSearches, type Suggestions } from './suggest.ts';

export type SearchKind = 'available' | 'sold';

export const MESSAGES = {
  unauthorised: 'Please log in to search.',
  itemNameShort: 'Item name must be at least 2 characters.',
  itemNameLong: 'Item name must be at most 100 characters.',
  itemNameNoWords: 'Item name must contain letters or numbers to search for.',
  itemNameCharacters: 'Item name contains characters that cannot be searched for. Please type it again.',
  condition: 'Please select a condition.',
  windowDays: `The sold window must be one of ${SOLD_WINDOWS.join(', ')} days.`,
  size: 'Size must be at most 12 letters, numbers, spaces, dots, slashes or dashes, such as M, 8 or 32x30.',
  marketplace: `Marketplace must be one of ${MARKETPLACES.join(', ')}.`,
  priceMin: 'The lowest price must be a number of dollars from 0 to 100,000.',
  priceMax: 'The highest price must be a number of dollars from 0 to 100,000.',
  priceBand: 'The lowest price must be below the highest price.',
  unavailable: 'Search service temporarily unavailable. Please try again in a moment.',
  timeout: (seconds: number) =>
    `Search request timeout: the market data source did not answer within ${seconds} seconds. Please try again.`,
} as const;

const itemName = z
  .string({ error: MESSAGES.itemNameShort })
  .trim()
  .min(2, MESSAGES.itemNameShort)
  .max(100, MESSAGES.itemNameLong)
  // NUL and other control characters cannot be typed into the field and cannot be stored (issue 12: a 400, not a 503).
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((value) => !/[\u0000-\u001F\u007F]/.test(value), MESSAGES.itemNameCharacters);
const condition = z.enum(CONDITIONS, { error: MESSAGES.condition });

// The research desk's narrowing (issue 54), the same on both searches; each is optional, and empty is none.
const price = (message: string) => z.number({ error: message }).min(0, message).max(100_000, message);
const narrowing = {
  size: z
    .string({ error: MESSAGES.size })
    .trim()
    .max(12, MESSAGES.size)
    .regex(/^[\p{L}\p{N} ./-]*$/u, MESSAGES.size)
    .nullish(),
  marketplace: z.enum(MARKETPLACES, { error: MESSAGES.marketplace }).nullish(),
  priceMin: price(MESSAGES.priceMin).nullish(),
  priceMax: price(MESSAGES.priceMax).nullish(),
};
const bandInOrder = (body: { priceMin?: number | null; priceMax?: number | null }) =>
  body.priceMin == null || body.priceMax == null || body.priceMin < body.priceMax;

const bodyError = { error: 'Request body must be a JSON object.' };
const soldSchema = z
  .object(
    {
      itemName,
      condition,
      // The search's window (issue 54): the headline's sold count and rate; SOLD_WINDOW_DAYS (90) unless picked.
      windowDays: z.literal(SOLD_WINDOWS, { error: MESSAGES.windowDays }).default(SOLD_WINDOW_DAYS),
      ...narrowing,
    },
    bodyError,
  )
  .refine(bandInOrder, MESSAGES.priceBand);
const availableSchema = z
  .object(
    {
      itemName,
      condition,
      // Sent by the web client for the log's sake; checked for shape, not required.
      timestamp: z.string().max(64).optional(),
      clientInfo: z
        .object({ userAgent: z.string().max(1000).optional(), platform: z.string().max(200).optional() })
        .optional(),
      ...narrowing,
    },
    bodyError,
  )
  .refine(bandInOrder, MESSAGES.priceBand);

export type SearchBody = {
  itemName: string;
  condition: Condition;
  windowDays: SoldWindow;
  filters: SearchFilters;
};

/** The narrowing of a parsed body with the empty parts left out: `{}` is a plain search. */
function filtersOf(body: z.output<typeof availableSchema> | z.output<typeof soldSchema>): SearchFilters {
  const size = body.size?.replace(/\s+/g, ' ');
  return {
    ...(size ? { size } : {}),
    ...(body.marketplace ? { marketplace: body.marketplace } : {}),
    ...(body.priceMin != null ? { priceMin: body.priceMin } : {}),
    ...(body.priceMax != null ? { priceMax: body.priceMax } : {}),
  };
}

/**
 * The narrowing's part of a cache key: none for a plain search (its key keeps its old shape), else one part that
 * names each choice ('size=m;market=poshmark;price=20-50'). A size is keyed as written, lower case.
 */
export function filtersCacheKey(filters: SearchFilters): string[] {
  const parts = [
    filters.size ? `size=${filters.size.toLowerCase()}` : null,
    filters.marketplace ? `market=${filters.marketplace}` : null,
    filters.priceMin !== undefined || filters.priceMax !== undefined
      ? `price=${filters.priceMin ?? ''}-${filters.priceMax ?? ''}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? [parts.join(';')] : [];
}

/**
 * The one place that decides whether a query has anything to search for ('!!! ???' or only emoji has not): refused
 * with a 400 before any source is asked. The query parser that replaces normalizeQuery plugs in here.
 */
function requireSearchableWords(itemName: string): void {
  if (!normalizeQuery(itemName)) throw new HttpError(400, MESSAGES.itemNameNoWords);
}

export function parseSearchBody(kind: SearchKind, body: unknown): SearchBody {
  if (kind === 'available') {
    const result = availableSchema.safeParse(body);
    if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? MESSAGES.itemNameShort);
    requireSearchableWords(result.data.itemName);
    return {
      itemName: result.data.itemName,
      condition: result.data.condition,
      windowDays: SOLD_WINDOW_DAYS,
      filters: filtersOf(result.data),
    };
  }
  const result = soldSchema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? MESSAGES.itemNameShort);
  requireSearchableWords(result.data.itemName);
  return {
    itemName: result.data.itemName,
    condition: result.data.condition,
    windowDays: result.data.windowDays,
    filters: filtersOf(result.data),
  };
}

/** How long until a source's quota resets, in words: "45 seconds", "12 minutes", "about 7 hours". */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/** The seconds to wait before asking a source whose quota ran out again (at least 1), and the sentence saying so. */
export function quotaWait(error: SourceRateLimitedError): { retryAfter: number; message: string } {
  const retryAfter = Math.max(1, Math.ceil(error.retryAfter));
  return { retryAfter, message: `${error.message} Please try again in ${waitInWords(retryAfter)}.` };
}

/** The source's own quota ran out (eBay 429 / errorId 2001): a 429 of ours that says so, with Retry-After. */
export function sourceRateLimited(error: SourceRateLimitedError): HttpError {
  const { retryAfter, message } = quotaWait(error);
  return new HttpError(
    429,
    message,
    { retryAfter, reason: 'source-quota' },
    { 'Retry-After': String(retryAfter) },
  );
}

/** Runs the source call; aborts it and answers 504 past `timeoutMs`, 503 when it fails. */
async function withDeadline<T>(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
  log: (m: string) => void,
): Promise<T> {
  try {
    return await raceDeadline(timeoutMs, run);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof SourceRateLimitedError) throw sourceRateLimited(error);
    if (error instanceof DeadlineExceeded)
      throw new HttpError(504, MESSAGES.timeout(Math.round(timeoutMs / 100) / 10));
    log(`Market source failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(503, MESSAGES.unavailable);
  }
}

const ORIGIN_REASON: Record<string, string> = {
  available: 'This data source did not give a count of current listings.',
  sold: 'Sold data is not available from this source.',
};

/**
 * The answer the web client reads (src/features/search/schemas.ts parses it strictly): the count, or null with a
 * reason (unknown is never 0); whether it is an estimate; where it comes from; the window it covers; when it was taken.
 */
export function shape(
  kind: SearchKind,
  source: string,
  r: AvailableResult | SoldResult,
  asOf: string,
  cached: boolean,
): Record<string, unknown> {
  const common = { source, origin: r.origin, isDemo: r.isDemo, approximate: r.approximate, cached };
  if (kind === 'available') {
    const a = r as AvailableResult;
    return {
      availableCount: a.availableCount,
      ...(a.availableCount === null ? { reason: a.reason ?? ORIGIN_REASON.available } : {}),
      ...common,
      byCondition: a.byCondition,
      byMarketplace: a.byMarketplace,
      comps: a.comps,
      ...(a.reading ? { reading: a.reading } : {}),
      ...(a.panel ? { panel: a.panel } : {}),
      ...(a.indexEmpty ? { indexEmpty: true } : {}),
      ...(a.notNarrowedBy?.length ? { notNarrowedBy: a.notNarrowedBy } : {}),
      // How the market index counted it (issue 53): from the exact cells (merged from the writes in the background,
      // and asOf is then the time they are current to: decision 091), or from rows.
      ...(a.counted ? { counted: a.counted } : {}),
      asOf,
    };
  }
  const s = r as SoldResult;
  return {
    soldCount: s.soldCount,
    ...(s.soldCount === null ? { reason: s.reason ?? ORIGIN_REASON.sold } : {}),
    windowDays: s.windowDays,
    ...common,
    medianPrice: s.medianPrice,
    priceRange: s.priceRange,
    currency: 'USD',
    typicalDaysToSell: s.typicalDaysToSell,
    byCondition: s.byCondition,
    byMarketplace: s.byMarketplace,
    comps: s.comps,
    recentSales: s.recentSales.slice(0, 10),
    dataSince: s.dataSince ?? null,
    ...(s.reading ? { reading: s.reading } : {}),
    ...(s.panel ? { panel: s.panel } : {}),
    ...(s.indexEmpty ? { indexEmpty: true } : {}),
    // The seller panel's released figures, apart from the exact ones above; sources without them send none.
    ...(s.panelRelease !== undefined ? { panelRelease: s.panelRelease } : {}),
    // The trend (issue 54): sources without one (eBay) send none, and the screen shows no chart.
    ...(s.weeks ? { weeks: s.weeks } : {}),
    ...(s.trendReading !== undefined ? { trendReading: s.trendReading } : {}),
    ...(s.notNarrowedBy?.length ? { notNarrowedBy: s.notNarrowedBy } : {}),
    ...(s.counted ? { counted: s.counted } : {}),
    asOf,
  };
}

/**
 * Environment: MARKET_PROVIDER (local | ebay), MARKET_TIMEOUT_MS (8000), MARKET_RATE_LIMIT (30 per window),
 * MARKET_RATE_WINDOW_SECONDS (60), MARKET_CACHE_TTL_SECONDS (900), MARKET_CACHE=off to bypass the cache,
 * PANEL_MIN_SELLERS (5, at least 2): the sellers a panel figure must draw on.
 */
export function createSearchHandler(kind: SearchKind) {
  const bucket = `search-${kind}`;
  return async function handler(req: Request, env: Env): Promise<Response> {
    const pre = preflight(req);
    if (pre) return pre;
    return withErrors(async () => {
      if (req.method !== 'POST') throw new HttpError(405, 'Searches are sent with POST.');
      // Server-Timing tells the bench (and the browser's network panel) where the milliseconds go.
      const timings: string[] = [];
      let mark = performance.now();
      const lap = (name: string) => {
        const now = performance.now();
        timings.push(`${name};dur=${(now - mark).toFixed(1)}`);
        mark = now;
      };
      const user = await requireUser(req, env, MESSAGES.unauthorised);
      lap('auth');
      const input = parseSearchBody(kind, await readJsonBody(req));
      const provider = marketProvider(env);
      const service = serviceClient(env);
      // The seller panel's threshold, read as market-sources reports it to visitors.
      const minSellers = panelMinSellers(env);
      const useCache =
        !/^(off|false|0|no)$/i.test(env.MARKET_CACHE ?? '') && !flagEnv(env, 'MARKET_CACHE_BYPASS');
      const key = useCache
        ? cacheKey([
            bucket,
            provider.name,
            input.condition,
            // Each sold window is its own answer; the 90-day key keeps its old shape.
            ...(kind === 'sold' && input.windowDays !== SOLD_WINDOW_DAYS ? [`${input.windowDays}d`] : []),
            ...(minSellers !== PANEL_MIN_SELLERS ? [`k${minSellers}`] : []),
            // Each narrowing is its own answer; a plain search's key keeps its old shape. Before the query, whose
            // length the key's 400 characters may cut.
            ...filtersCacheKey(input.filters),
            cacheQueryKey(input.itemName),
          ])
        : null;

      const settings: GateSettings = {
        userId: user.id,
        bucket,
        limit: intEnv(env, 'MARKET_RATE_LIMIT', 30),
        windowSeconds: intEnv(env, 'MARKET_RATE_WINDOW_SECONDS', 60),
        cacheKey: key,
        ttlSeconds: intEnv(env, 'MARKET_CACHE_TTL_SECONDS', 900),
      };
      const timeoutMs = intEnv(env, 'MARKET_TIMEOUT_MS', 8000);
      const query = (signal: AbortSignal): MarketQuery => ({
        itemName: input.itemName,
        condition: input.condition,
        windowDays: input.windowDays,
        minSellers,
        filters: input.filters,
        signal,
      });
      let payload: Record<string, unknown>;
      // "Did you mean" that the source answered beside a listed count of none, in the same call.
      let suggested: Suggestions | undefined;

      const gated:
        | ((q: MarketQuery, g: GateSettings) => Promise<GatedAnswer<AvailableResult | SoldResult>>)
        | undefined =
        kind === 'available'
          ? provider.gatedCountAvailable?.bind(provider)
          : provider.gatedCountSold?.bind(provider);
      if (gated) {
        // The source applies the rate limit and cache itself, in the same round trip as the count.
        const answer: GatedAnswer<AvailableResult | SoldResult> = await withDeadline(
          timeoutMs,
          (signal) => gated(query(signal), settings),
          console.error,
        );
        lap('search');
        if (!answer.allowed) throw tooManyRequests(answer.retryAfter);
        payload = shape(kind, provider.name, answer.result, answer.asOf, answer.cached);
        suggested = answer.suggested;
      } else {
        const gate = await passGate(service, { ...settings });
        lap('gate');
        if (gate.cached) {
          payload = { ...gate.cached, cached: true };
        } else {
          payload = await withDeadline(
            timeoutMs,
            async (signal) => {
              const result =
                kind === 'available'
                  ? await provider.countAvailable(query(signal))
                  : await provider.countSold(query(signal));
              return shape(kind, provider.name, result, new Date().toISOString(), false);
            },
            console.error,
          );
          lap('source');
          if (key) {
            await cachePut(service, key, payload, settings.ttlSeconds);
            lap('cache');
          }
        }
      }
      if (kind === 'available' && payload.availableCount === 0) {
        // Nothing listed: offer nearby searches, the query without the words no listing of it uses first, and name
        // those words (unusedWords). Best effort, so a failure only costs the suggestions.
        payload = {
          ...payload,
          ...(suggested ?? (await suggestSearches(service, input.itemName, console.warn))),
        };
        lap('suggest');
      }
      return json(payload, 200, { 'Server-Timing': timings.join(', ') });
    });
  };
}
