// Picks the market-data source: MARKET_PROVIDER=local (default, the product's own index) or ebay.
import type { Env } from '../env.ts';
import { serviceClient } from '../supabase.ts';
import { DatabaseEbayState, EbayMarketProvider, ebayConfig } from './ebay.ts';
import { LocalMarketProvider } from './local.ts';
import { parseQuery } from './query.ts';
import type { MarketProvider } from './types.ts';

export function marketProvider(env: Env): MarketProvider {
  const name = (env.MARKET_PROVIDER ?? 'local').trim().toLowerCase() || 'local';
  // eBay's token and quota state lives in the database, shared by every instance (decision 031); its query is read
  // by the same SQL as the local index's (decision 029).
  if (name === 'ebay') {
    const service = serviceClient(env);
    return new EbayMarketProvider(ebayConfig(env), new DatabaseEbayState(service), (itemName, signal) =>
      parseQuery(service, itemName, signal),
    );
  }
  if (name === 'local') return new LocalMarketProvider(serviceClient(env));
  throw new Error(`MARKET_PROVIDER must be local or ebay, not ${name}`);
}

export * from './types.ts';
