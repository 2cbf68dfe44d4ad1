// The local index's answers as the search functions pass them on (issue 52): the seller panel's released figures travel
// apart from the exact counts, which are no longer the panel's. The RPC is answered by a stand-in for the service client.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { LocalMarketProvider } from './local.ts';
import { shape } from './search-handler.ts';
import type { GateSettings, MarketQuery, PanelRelease } from './types.ts';

/** A service client whose every rpc answers `data`. */
const serviceAnswering = (data: unknown) =>
  ({
    rpc: () => ({ abortSignal: async () => ({ data, error: null }) }),
  }) as unknown as SupabaseClient;

const query: MarketQuery = {
  itemName: 'lululemon leggings black 25',
  condition: 'pre_owned',
  windowDays: 90,
  signal: new AbortController().signal,
};
const gate: GateSettings = {
  userId: '00000000-0000-4000-8000-000000000001',
  bucket: 'search-sold',
  limit: 30,
  windowSeconds: 60,
  cacheKey: null,
  ttlSeconds: 900,
};

const estimate = (value: number, error: number) => ({ value, error });
const released: PanelRelease = {
  shown: true,
  weeks: 13,
  through: '2026-11-15',
  releasedAt: '2026-11-23T03:00:00Z',
  item: 'Lululemon leggings',
  unusedWords: ['black', '25'],
  sold: estimate(140, 30),
  listed: estimate(60, 40),
  sellThrough: estimate(233, 120),
  byCondition: {
    new_with_tags: null,
    new_without_tags: estimate(20, 12),
    new_with_imperfections: null,
    pre_owned: estimate(110, 28),
  },
  byMarketplace: [{ marketplace: 'poshmark', sold: estimate(90, 25) }],
  prices: { median: { value: 48, low: 42, high: 55 }, p25: 30, p75: 70 },
  daysToSell: { value: 12, low: 8, high: 18 },
};

/** A sold answer of market_search: exact counts of imported listings only, and the panel's release beside them. */
const soldRow = (extra: Record<string, unknown>) => ({
  allowed: true,
  cached: false,
  result: {
    sold: 0,
    byCondition: { new_with_tags: 0, new_without_tags: 0, new_with_imperfections: 0, pre_owned: 0 },
    byMarketplace: [],
    prices: null,
    medianDaysToSell: null,
    recentSales: [],
    demoComps: 0,
    panelComps: 0,
    minSellers: 5,
    sellers: 0,
    panelSellers: null,
    hasDemo: false,
    // The index holds panel rows, but none is in the count.
    hasPanel: true,
    indexEmpty: false,
    asOf: '2026-11-29T01:00:00Z',
    ...extra,
  },
});

async function soldAnswer(extra: Record<string, unknown>) {
  const provider = new LocalMarketProvider(serviceAnswering(soldRow(extra)));
  const answer = await provider.gatedCountSold(query, gate);
  if (!answer.allowed) throw new Error('refused');
  return shape('sold', 'local', answer.result, answer.asOf, answer.cached);
}

describe('the local index passes the panel release on', () => {
  it('as the database sent it, beside exact counts that are not the panel’s', async () => {
    const payload = await soldAnswer({ panelRelease: released });
    expect(payload.panelRelease).toEqual(released);
    expect(payload).toMatchObject({ soldCount: 0, origin: 'import', isDemo: false });
  });

  it('withheld and never-released answers as they are', async () => {
    const withheld = {
      shown: false,
      weeks: 13,
      through: '2026-11-15',
      releasedAt: '2026-11-23T03:00:00Z',
      item: null,
      unusedWords: ['zorblax'],
    };
    expect((await soldAnswer({ panelRelease: withheld })).panelRelease).toEqual(withheld);
    const none = await soldAnswer({ panelRelease: null });
    expect(none).toHaveProperty('panelRelease', null);
  });

  it('an answer without the field (cached before the release) sends none', async () => {
    expect(await soldAnswer({})).not.toHaveProperty('panelRelease');
  });

  it('names the demo market for demo counts, and the panel only for panel comps counted before the release', async () => {
    expect(await soldAnswer({ sold: 4, demoComps: 4, hasDemo: true })).toMatchObject({ origin: 'demo' });
    expect(await soldAnswer({ sold: 4, panelComps: 4 })).toMatchObject({ origin: 'panel' });
  });
});

describe('the local index brings "did you mean" with a listed count of none', () => {
  const availableRow = (extra: Record<string, unknown>) => ({
    allowed: true,
    cached: false,
    result: {
      available: 0,
      byCondition: { new_with_tags: 0, new_without_tags: 0, new_with_imperfections: 0, pre_owned: 0 },
      byMarketplace: [],
      demoComps: 0,
      panelComps: 0,
      minSellers: 5,
      sellers: 0,
      hasDemo: true,
      hasPanel: false,
      indexEmpty: false,
      asOf: '2026-11-29T01:00:00Z',
      ...extra,
    },
  });
  const listed = (extra: Record<string, unknown>) =>
    new LocalMarketProvider(serviceAnswering(availableRow(extra))).gatedCountAvailable(query, gate);

  it('as market_search sent it: three at most, and the words left out only beside a suggestion', async () => {
    const answer = await listed({
      suggestions: {
        suggestions: ['Lululemon leggings', 'Lululemon', 'Lululemon align', 'x'],
        unused: ['black', '25'],
      },
    });
    expect(answer).toMatchObject({
      allowed: true,
      suggested: {
        suggestions: ['Lululemon leggings', 'Lululemon', 'Lululemon align'],
        unusedWords: ['black', '25'],
      },
    });
    expect(await listed({ suggestions: { suggestions: [], unused: ['black'] } })).toMatchObject({
      suggested: { suggestions: [], unusedWords: [] },
    });
  });

  it('none when the answer holds none (a count above none, or suggestions that failed): the caller asks itself', async () => {
    const answer = await listed({});
    expect(answer.allowed).toBe(true);
    expect(answer).not.toHaveProperty('suggested');
  });
});
