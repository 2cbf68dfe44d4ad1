// Picks the market-data source: MARKET_PROVIDER=local (default, the product's own index) or ebay.
import type { Env } from '../env.ts';
import { HttpError } from '../http.ts';
import { serviceClient } from '../supabase.ts';
import { DatabaseEbayState, EbayMarketProvider, ebayConfig } from './ebay.ts';
import { EBAY_RATES_NOT_APPROVED, ebayRatesMisconfigured } from './ebay-terms.ts';
import { LocalMarketProvider } from './local.ts';
import { parseQuery } from './query.ts';
import { marketProviderName } from './sources.ts';
import type { MarketProvider } from './types.ts';

/**
 * The source is misconfigured: the caller gets the same 503 as for any source failure, and the log says what to fix.
 */
export class MarketConfigurationError extends HttpError {
  constructor(readonly reason: string) {
    super(503, 'Search service temporarily unavailable. Please try again in a moment.');
    this.name = 'MarketConfigurationError';
  }
}

export function marketProvider(env: Env): MarketProvider {
  const name = marketProviderName(env);
  // eBay's token and quota state lives in the database, shared by every instance (decision 031); its query is read
  // by the same SQL as the local index's (decision 029).
  if (name === 'ebay') {
    // eBay as the headline means an eBay sold count and rate: only with eBay's written approval (decision 055).
    if (ebayRatesMisconfigured(env)) {
      console.error(`Market source misconfigured: ${EBAY_RATES_NOT_APPROVED}`);
      throw new MarketConfigurationError(EBAY_RATES_NOT_APPROVED);
    }
    const service = serviceClient(env);
    return new EbayMarketProvider(ebayConfig(env), new DatabaseEbayState(service), (itemName, signal) =>
      parseQuery(service, itemName, signal),
    );
  }
  if (name === 'local') return new LocalMarketProvider(serviceClient(env));
  throw new Error(`MARKET_PROVIDER must be local or ebay, not ${name}`);
}

export * from './types.ts';
