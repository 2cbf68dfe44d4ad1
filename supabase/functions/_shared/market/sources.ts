// Which sources this deployment's searches read, for anyone to see before signing up (docs/decisions/059). The same
// settings, parsed by the same functions, and the same index state the search functions use: the words on the site are
// made from this answer, so they never name a source the searches do not have.
import type { SupabaseClient } from '@supabase/supabase-js';
import { intEnv, type Env } from '../env.ts';
import { ebayRatesMisconfigured } from './ebay-terms.ts';
import { etsyConfigured } from './etsy.ts';
import { PANEL_MIN_SELLERS, type DataOrigin } from './types.ts';

/** MARKET_PROVIDER as the search functions read it: 'local' when unset or blank. */
export function marketProviderName(env: Env): string {
  return (env.MARKET_PROVIDER ?? 'local').trim().toLowerCase() || 'local';
}

/** PANEL_MIN_SELLERS (default 5). Below 2 a figure could be one person's sales, whatever the setting says. */
export function panelMinSellers(env: Env): number {
  return Math.max(2, intEnv(env, 'PANEL_MIN_SELLERS', PANEL_MIN_SELLERS));
}

export type ListedMarketplace = 'ebay' | 'etsy';

/** eBay's keyset is set: search-listed answers an eBay "listed now" row. */
export function ebayListedConfigured(env: Env): boolean {
  return Boolean(env.EBAY_CLIENT_ID?.trim() && env.EBAY_CLIENT_SECRET?.trim());
}

/** The marketplaces search-listed answers a live "listed now" row for, eBay first. */
export function listedMarketplaces(env: Env): ListedMarketplace[] {
  return [
    ...(ebayListedConfigured(env) ? (['ebay'] as const) : []),
    ...(etsyConfigured(env) ? (['etsy'] as const) : []),
  ];
}

/** What public.market_index_state() answers: which kinds of rows the market index holds. */
export type IndexState = { hasDemo: boolean; hasPanel: boolean; hasImport?: boolean; empty: boolean };

/** The answer of the market-sources function. */
export type MarketSources = {
  /**
   * What the headline figures (search-available, search-sold) can come from, in the cards' own terms (`origin`):
   * 'demo', 'panel', 'ebay', 'import'. Empty: nothing to count (an empty index), or searches are unavailable.
   */
  origins: DataOrigin[];
  /** false: the search functions answer 503 to every search (a source that is not allowed or not known). */
  searchReady: boolean;
  /** Marketplaces with their own live "listed now" row beside the figures (search-listed), never mixed into them. */
  listed: ListedMarketplace[];
  /** The seller panel's threshold: a panel figure is shown only when this many distinct sellers stand behind it. */
  panelMinSellers: number;
  asOf: string;
};

/** The origins an index of these rows gives the cards (supabase/functions/_shared/market/local.ts `originOf`). */
export function indexOrigins(state: IndexState): DataOrigin[] {
  if (state.empty) return [];
  // Rows of no seller that are not demo rows are labelled imported listings; a database migrated before hasImport
  // existed can only say so when nothing else is there.
  const imported = state.hasImport ?? (!state.hasDemo && !state.hasPanel);
  return [
    ...(state.hasDemo ? (['demo'] as const) : []),
    ...(state.hasPanel ? (['panel'] as const) : []),
    ...(imported ? (['import'] as const) : []),
  ];
}

/** Reads the index state only when the local index is the headline source. */
export async function marketSources(
  env: Env,
  readIndexState: () => Promise<IndexState>,
  now: () => Date = () => new Date(),
): Promise<MarketSources> {
  const provider = marketProviderName(env);
  const common = { listed: listedMarketplaces(env), panelMinSellers: panelMinSellers(env) };
  let origins: DataOrigin[] = [];
  let searchReady = true;
  if (provider === 'local') origins = indexOrigins(await readIndexState());
  // eBay as the headline only with eBay's written approval (decision 055); without it every search answers 503.
  else if (provider === 'ebay' && !ebayRatesMisconfigured(env)) origins = ['ebay'];
  else searchReady = false;
  return { origins, searchReady, ...common, asOf: now().toISOString() };
}

/** public.market_index_state() through the service role (the function is granted to nobody else). */
export async function readIndexState(service: SupabaseClient): Promise<IndexState> {
  const { data, error } = await service.rpc('market_index_state');
  if (error) throw new Error(`market_index_state failed: ${error.message}`);
  const state = (data ?? {}) as Partial<IndexState>;
  if (
    typeof state.hasDemo !== 'boolean' ||
    typeof state.hasPanel !== 'boolean' ||
    typeof state.empty !== 'boolean'
  )
    throw new Error('market_index_state answered without hasDemo, hasPanel and empty');
  return {
    hasDemo: state.hasDemo,
    hasPanel: state.hasPanel,
    empty: state.empty,
    ...(typeof state.hasImport === 'boolean' ? { hasImport: state.hasImport } : {}),
  };
}
