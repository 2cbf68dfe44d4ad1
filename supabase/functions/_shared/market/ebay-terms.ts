// What eBay's licence allows us to show (docs/decisions/055), in one place for the functions and `npm run check:deploy`
// (which must not load supabase-js). A sold count, sell-through rate or average price derived from eBay data needs
// eBay's written approval; a deployer who has it says so with EBAY_RATES_APPROVED=true.
import { flagEnv, type Env } from '../env.ts';

export const EBAY_RATES_NOT_APPROVED =
  'MARKET_PROVIDER=ebay needs EBAY_RATES_APPROVED=true: it makes eBay the headline source, with a sold count and a ' +
  "sell-through rate derived from eBay data, which eBay's API License Agreement does not allow without eBay's " +
  'written approval (docs/decisions/055). Set EBAY_RATES_APPROVED=true only once eBay has approved that use in ' +
  "writing; until then use MARKET_PROVIDER=local, and eBay's listed count is shown by search-listed.";

/** MARKET_PROVIDER=ebay without the approval flag: the one configuration our eBay terms rule out. */
export function ebayRatesMisconfigured(env: Env): boolean {
  const provider = (env.MARKET_PROVIDER ?? '').trim().toLowerCase();
  return provider === 'ebay' && !flagEnv(env, 'EBAY_RATES_APPROVED');
}
