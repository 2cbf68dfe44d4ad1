// The two search functions share everything but the count they ask the source for. Order of checks: preflight, method,
// signed-in user (401), body (400), rate limit and cache (429 or a cached answer), then the source under a deadline
// (504 past it, 503 when it fails).
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { cacheKey, cachePut } from '../cache.ts';
import { preflight } from '../cors.ts';
import { flagEnv, intEnv, type Env } from '../env.ts';
import { HttpError, json, readJsonBody, withErrors } from '../http.ts';
import { passGate, tooManyRequests } from '../rate-limit.ts';
import { serviceClient } from '../supabase.ts';
import { marketProvider } from './index.ts';
import { normalizeQuery } from './normalize.ts';
import {
  CONDITIONS,
  type AvailableResult,
  type Condition,
  type GateSettings,
  type GatedAnswer,
  type MarketQuery,
  type SoldResult,
  SOLD_WINDOW_DAYS,
} from './types.ts';

export type SearchKind = 'available' | 'sold';

export const MESSAGES = {
  unauthorised: 'Please log in to search.',
  itemNameShort: 'Item name must be at least 2 characters.',
  itemNameLong: 'Item name must be at most 100 characters.',
  condition: 'Please select a condition.',
  unavailable: 'Search service temporarily unavailable. Please try again in a moment.',
  timeout: (seconds: number) =>
    `Search request timeout: the market data source did not answer within ${seconds} seconds. Please try again.`,
} as const;

const itemName = z
  .string({ error: MESSAGES.itemNameShort })
  .trim()
  .min(2, MESSAGES.itemNameShort)
  .max(100, MESSAGES.itemNameLong);
const condition = z.enum(CONDITIONS, { error: MESSAGES.condition });

const soldSchema = z.object({ itemName, condition }, { error: 'Request body must be a JSON object.' });
const availableSchema = soldSchema.extend({
  // Sent by the web client for the log's sake; checked for shape, not required.
  timestamp: z.string().max(64).optional(),
  clientInfo: z
    .object({ userAgent: z.string().max(1000).optional(), platform: z.string().max(200).optional() })
    .optional(),
});

export function parseSearchBody(kind: SearchKind, body: unknown): { itemName: string; condition: Condition } {
  const result = (kind === 'available' ? availableSchema : soldSchema).safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? MESSAGES.itemNameShort);
  return { itemName: result.data.itemName, condition: result.data.condition };
}

class DeadlineExceeded extends Error {}

/** Runs the source call; aborts it and answers 504 past `timeoutMs`, 503 when it fails. */
async function withDeadline<T>(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
  log: (m: string) => void,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineExceeded();
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof DeadlineExceeded || controller.signal.aborted) {
      throw new HttpError(504, MESSAGES.timeout(Math.round(timeoutMs / 100) / 10));
    }
    log(`Market source failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(503, MESSAGES.unavailable);
  } finally {
    clearTimeout(timer);
  }
}

function shape(
  kind: SearchKind,
  source: string,
  r: AvailableResult | SoldResult,
  asOf: string,
  cached: boolean,
): Record<string, unknown> {
  const common = { source, cached };
  if (kind === 'available') {
    const a = r as AvailableResult;
    return {
      availableCount: a.availableCount,
      ...common,
      isDemo: a.isDemo,
      byCondition: a.byCondition,
      byMarketplace: a.byMarketplace,
      comps: a.comps,
      asOf,
    };
  }
  const s = r as SoldResult;
  return {
    soldCount: s.soldCount,
    ...(s.soldCount === null ? { reason: s.reason ?? 'Sold data is not available from this source.' } : {}),
    windowDays: s.windowDays,
    ...common,
    isDemo: s.isDemo,
    medianPrice: s.medianPrice,
    priceRange: s.priceRange,
    currency: 'USD',
    typicalDaysToSell: s.typicalDaysToSell,
    byCondition: s.byCondition,
    byMarketplace: s.byMarketplace,
    comps: s.comps,
    asOf,
  };
}

/**
 * Environment: MARKET_PROVIDER (local | ebay), MARKET_TIMEOUT_MS (8000), MARKET_RATE_LIMIT (30 per window),
 * MARKET_RATE_WINDOW_SECONDS (60), MARKET_CACHE_TTL_SECONDS (900), MARKET_CACHE=off to bypass the cache.
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
      const useCache =
        !/^(off|false|0|no)$/i.test(env.MARKET_CACHE ?? '') && !flagEnv(env, 'MARKET_CACHE_BYPASS');
      const key = useCache
        ? cacheKey([bucket, provider.name, input.condition, normalizeQuery(input.itemName)])
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
        windowDays: SOLD_WINDOW_DAYS,
        signal,
      });
      let payload: Record<string, unknown>;

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
      } else {
        const gate = await passGate(service, { ...settings });
        lap('gate');
        if (gate.cached)
          return json({ ...gate.cached, cached: true }, 200, { 'Server-Timing': timings.join(', ') });
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
      return json(payload, 200, { 'Server-Timing': timings.join(', ') });
    });
  };
}
