// GET /functions/v1/market-sources -> MarketSources: which sources this deployment's searches read (the local index's
// demo, seller panel and imported rows, or eBay), which marketplaces have a live "listed now" row, and the seller
// panel's threshold. No sign-in: visitors read it before they register (docs/decisions/059). It is read from the same
// settings and index state as search-available, search-sold and search-listed, through the same code
// (_shared/market/sources.ts), and kept in public caches for five minutes.
import { corsHeaders } from '../_shared/cors.ts';
import type { Env } from '../_shared/env.ts';
import { HttpError, json, withErrors } from '../_shared/http.ts';
import { marketSources, readIndexState } from '../_shared/market/sources.ts';
import { serviceClient } from '../_shared/supabase.ts';

/** Seconds a browser or CDN may keep the answer: a new source shows within minutes, and a page view costs no call. */
export const SOURCES_MAX_AGE_SECONDS = 300;

const methods = { 'Access-Control-Allow-Methods': 'GET, OPTIONS' };
export const UNREADABLE_MESSAGE =
  "Could not read this site's market data sources right now. Please try again.";

export function createSourcesHandler(log: (message: string) => void = console.error) {
  return async function handler(req: Request, env: Env): Promise<Response> {
    if (req.method === 'OPTIONS')
      return new Response('ok', { status: 200, headers: { ...corsHeaders, ...methods } });
    return withErrors(async () => {
      if (req.method !== 'GET')
        throw new HttpError(
          405,
          'Market sources are read with GET.',
          {},
          { Allow: 'GET, OPTIONS', ...methods },
        );
      const answer = await marketSources(env, () => readIndexState(serviceClient(env))).catch(
        (error: unknown) => {
          log(`Market sources unreadable: ${error instanceof Error ? error.message : String(error)}`);
          throw new HttpError(503, UNREADABLE_MESSAGE, {}, methods);
        },
      );
      return json(answer, 200, { ...methods, 'Cache-Control': `public, max-age=${SOURCES_MAX_AGE_SECONDS}` });
    }, log);
  };
}

export default createSourcesHandler();
