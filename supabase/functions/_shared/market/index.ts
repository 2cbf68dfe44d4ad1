// Picks the market-data source: MARKET_PROVIDER=local (default, the product's own index) or ebay.
import type { Env } from '../env.ts';
import { serviceClient } from '../supabase.ts';
import { DatabaseEbayState, EbayMarketProvider, ebayConfig } from './ebay.ts';
import { LocalMarketProvider } from './local.ts';
import type { MarketProvider } from './types.ts';

export function marketProvider(env: Env): MarketProvider {
  const name = (env.MARKET_PROVIDER ?? 'local').trim().toLowerCase() || 'local';
  // eBay's token and quota state lives in the database, shared by every instance (decision 031).
  if (name === 'ebay')
    return new EbayMarketProvider(ebayConfig(env), new DatabaseEbayState(serviceClient(env)));
  if (name === 'local') return new LocalMarketProvider(serviceClient(env));
  throw new Error(`MARKET_PROVIDER must be local or ebay, not ${name}`);
}

export * from './types.ts';
