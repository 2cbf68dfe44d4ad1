// The two search functions share everything but the count they ask the source for. Order of checks: preflight, method,
// signed-in user (401), body (400), rate limit and cache (429 or a cached answer), then the source under a deadline
// (504 past it, 503 when it fails).
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { cacheKey, cachePut } from '../cache.ts';
import { preflight } from '../cors.ts';
import { flagEnv, intEnv, type Env } from '../env.ts';
import { HttpError, json, readJsonBody, withErrors } from '../http.ts';
import { passGate } from '../rate-limit.ts';
import { serviceClient } from '../supabase.ts';
import { marketProvider } from './index.ts';
import { normalizeQuery } from './normalize.ts';
import { CONDITIONS, type Condition, type MarketProvider, type MarketQuery } from './types.ts';

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
async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>, log: (m: string) => void): Promise<T> {
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
    if (error instanceof DeadlineExceeded || controller.signal.aborted) {
      throw new HttpError(504, MESSAGES.timeout(Math.round(timeoutMs / 100) / 10));
    }
    log(`Market source failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(503, MESSAGES.unavailable);
  } finally {
    clearTimeout(timer);
  }
}

async function count(kind: SearchKind, provider: MarketProvider, query: MarketQuery): Promise<Record<string, unknown>> {
  const asOf = new Date().toISOString();
  const common = { source: provider.name, cached: false };
  if (kind === 'available') {
    const r = await provider.countAvailable(query);
    return {
      availableCount: r.availableCount,
      ...common,
      isDemo: r.isDemo,
      byCondition: r.byCondition,
      byMarketplace: r.byMarketplace,
      comps: r.comps,
      asOf,
    };
  }
  const r = await provider.countSold(query);
  return {
    soldCount: r.soldCount,
    ...(r.soldCount === null ? { reason: r.reason ?? 'Sold data is not available from this source.' } : {}),
    windowDays: r.windowDays,
    ...common,
    isDemo: r.isDemo,
    medianPrice: r.medianPrice,
    priceRange: r.priceRange,
    currency: 'USD',
    typicalDaysToSell: r.typicalDaysToSell,
    byCondition: r.byCondition,
    byMarketplace: r.byMarketplace,
    comps: r.comps,
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
      const user = await requireUser(req, env, MESSAGES.unauthorised);
      const input = parseSearchBody(kind, await readJsonBody(req));
      const provider = marketProvider(env);
      const service = serviceClient(env);
      const useCache = !/^(off|false|0|no)$/i.test(env.MARKET_CACHE ?? '') && !flagEnv(env, 'MARKET_CACHE_BYPASS');
      const key = useCache ? cacheKey([bucket, provider.name, input.condition, normalizeQuery(input.itemName)]) : null;

      const gate = await passGate(service, {
        userId: user.id,
        bucket,
        limit: intEnv(env, 'MARKET_RATE_LIMIT', 30),
        windowSeconds: intEnv(env, 'MARKET_RATE_WINDOW_SECONDS', 60),
        cacheKey: key,
      });
      if (gate.cached) return json({ ...gate.cached, cached: true });

      const payload = await withDeadline(
        intEnv(env, 'MARKET_TIMEOUT_MS', 8000),
        (signal) => count(kind, provider, { itemName: input.itemName, condition: input.condition, signal }),
        console.error,
      );
      if (key) await cachePut(service, key, payload, intEnv(env, 'MARKET_CACHE_TTL_SECONDS', 900));
      return json(payload);
    });
  };
}
