// The product's own market index (public.market_listings), counted by SQL functions through RPC with the service
// role. One RPC per search answers everything the response shows (see the migration 20250101000200_market.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  SOLD_WINDOW_DAYS,
  SourceUnavailableError,
  type AvailableResult,
  type ByCondition,
  type MarketProvider,
  type MarketQuery,
  type SoldResult,
} from './types.ts';

type AvailableRow = {
  available: number;
  byCondition: ByCondition;
  byMarketplace: { marketplace: string; available: number }[];
  demoComps: number;
};

type SoldRow = {
  sold: number;
  byCondition: ByCondition;
  byMarketplace: { marketplace: string; sold: number }[];
  prices: { p25: number; median: number; p75: number } | null;
  medianDaysToSell: number | null;
  demoComps: number;
};

export class LocalMarketProvider implements MarketProvider {
  readonly name = 'local' as const;

  constructor(private readonly service: SupabaseClient) {}

  private async rpc<T>(fn: string, args: Record<string, unknown>, signal: AbortSignal): Promise<T> {
    const { data, error } = await this.service.rpc(fn, args).abortSignal(signal);
    if (signal.aborted) throw signal.reason ?? new Error('aborted');
    if (error || data === null || data === undefined) {
      throw new SourceUnavailableError(`Market index query failed: ${error?.message ?? 'no data'}`, error);
    }
    return data as T;
  }

  /** A zero count from an index of demo rows is still a demo answer. */
  private async demoOnZero(comps: number, demoComps: number, signal: AbortSignal): Promise<boolean> {
    if (comps > 0) return demoComps > 0;
    return this.rpc<boolean>('market_has_demo', {}, signal);
  }

  async countAvailable(query: MarketQuery): Promise<AvailableResult> {
    const row = await this.rpc<AvailableRow>(
      'market_count_available',
      { p_query: query.itemName, p_condition: query.condition },
      query.signal,
    );
    return {
      availableCount: row.available,
      byCondition: row.byCondition,
      byMarketplace: row.byMarketplace,
      comps: row.available,
      isDemo: await this.demoOnZero(row.available, row.demoComps, query.signal),
    };
  }

  async countSold(query: MarketQuery): Promise<SoldResult> {
    const row = await this.rpc<SoldRow>(
      'market_count_sold',
      { p_query: query.itemName, p_condition: query.condition, p_window_days: SOLD_WINDOW_DAYS },
      query.signal,
    );
    return {
      soldCount: row.sold,
      windowDays: SOLD_WINDOW_DAYS,
      medianPrice: row.prices ? Number(row.prices.median) : null,
      priceRange: row.prices ? { p25: Number(row.prices.p25), p75: Number(row.prices.p75) } : null,
      typicalDaysToSell: row.medianDaysToSell === null ? null : Number(row.medianDaysToSell),
      byCondition: row.byCondition,
      byMarketplace: row.byMarketplace,
      comps: row.sold,
      isDemo: await this.demoOnZero(row.sold, row.demoComps, query.signal),
    };
  }
}
