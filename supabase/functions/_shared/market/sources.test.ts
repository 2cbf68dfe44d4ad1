// What market-sources reports, from the settings and the index state alone: the same parsing the search functions use.
import { describe, expect, it } from 'vitest';
import handler from '../../market-sources/handler.ts';
import {
  indexOrigins,
  listedMarketplaces,
  marketProviderName,
  marketSources,
  panelMinSellers,
  type IndexState,
} from './sources.ts';

const state = (over: Partial<IndexState>): IndexState => ({
  hasDemo: false,
  hasPanel: false,
  hasImport: false,
  empty: false,
  ...over,
});
const at = () => new Date('2026-01-01T00:00:00.000Z');
const read = (s: IndexState) => async () => s;
const unreadable = async (): Promise<IndexState> => {
  throw new Error('the index must not be read');
};

describe('market sources from the settings and the index', () => {
  it('reads MARKET_PROVIDER and PANEL_MIN_SELLERS as the search functions do', () => {
    expect(marketProviderName({})).toBe('local');
    expect(marketProviderName({ MARKET_PROVIDER: '  ' })).toBe('local');
    expect(marketProviderName({ MARKET_PROVIDER: ' eBay ' })).toBe('ebay');
    expect(panelMinSellers({})).toBe(5);
    expect(panelMinSellers({ PANEL_MIN_SELLERS: '8' })).toBe(8);
    expect(panelMinSellers({ PANEL_MIN_SELLERS: '1' })).toBe(2);
    expect(panelMinSellers({ PANEL_MIN_SELLERS: 'many' })).toBe(5);
  });

  it('lists the marketplaces search-listed has a row for, eBay first, only with both halves of each key', () => {
    expect(listedMarketplaces({})).toEqual([]);
    expect(listedMarketplaces({ EBAY_CLIENT_ID: 'id' })).toEqual([]);
    expect(listedMarketplaces({ ETSY_API_KEY: 'k', ETSY_SHARED_SECRET: 's' })).toEqual(['etsy']);
    expect(
      listedMarketplaces({
        EBAY_CLIENT_ID: 'id',
        EBAY_CLIENT_SECRET: 'secret',
        ETSY_API_KEY: 'k',
        ETSY_SHARED_SECRET: 's',
      }),
    ).toEqual(['ebay', 'etsy']);
  });

  it("names the index's origins as the cards do", () => {
    expect(indexOrigins(state({ empty: true }))).toEqual([]);
    expect(indexOrigins(state({ hasDemo: true }))).toEqual(['demo']);
    expect(indexOrigins(state({ hasPanel: true, hasImport: true }))).toEqual(['panel', 'import']);
    // A database from before hasImport: imported rows can only be told when nothing else is there.
    expect(indexOrigins({ hasDemo: false, hasPanel: false, empty: false })).toEqual(['import']);
    expect(indexOrigins({ hasDemo: true, hasPanel: false, empty: false })).toEqual(['demo']);
  });

  it('a local index: its origins, the listed rows and the threshold', async () => {
    expect(
      await marketSources(
        { ETSY_API_KEY: 'k', ETSY_SHARED_SECRET: 's', PANEL_MIN_SELLERS: '7' },
        read(state({ hasPanel: true })),
        at,
      ),
    ).toEqual({
      origins: ['panel'],
      searchReady: true,
      listed: ['etsy'],
      panelMinSellers: 7,
      asOf: '2026-01-01T00:00:00.000Z',
    });
  });

  it('eBay as the headline only with its approval; without it, or with an unknown source, searches cannot run', async () => {
    expect(
      await marketSources({ MARKET_PROVIDER: 'ebay', EBAY_RATES_APPROVED: 'true' }, unreadable, at),
    ).toMatchObject({ origins: ['ebay'], searchReady: true });
    expect(await marketSources({ MARKET_PROVIDER: 'ebay' }, unreadable, at)).toMatchObject({
      origins: [],
      searchReady: false,
    });
    expect(await marketSources({ MARKET_PROVIDER: 'poshmark' }, unreadable, at)).toMatchObject({
      origins: [],
      searchReady: false,
    });
  });
});

describe('the market-sources handler without a backend', () => {
  const env = { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_SERVICE_ROLE_KEY: 'service-key' };

  it('answers the preflight for GET with CORS headers', async () => {
    const response = await handler(
      new Request('http://localhost/market-sources', { method: 'OPTIONS' }),
      env,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
  });

  it('refuses other methods with 405', async () => {
    const response = await handler(new Request('http://localhost/market-sources', { method: 'POST' }), env);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('answers 503, uncached, when the index cannot be read, and never guesses a source', async () => {
    const logged: string[] = [];
    const { createSourcesHandler } = await import('../../market-sources/handler.ts');
    const response = await createSourcesHandler((m) => logged.push(m))(
      new Request('http://localhost/market-sources'),
      env,
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBeNull();
    expect(await response.json()).toEqual({
      error: "Could not read this site's market data sources right now. Please try again.",
    });
    expect(logged.join('\n')).toMatch(/Market sources unreadable/);
  });

  it('needs no index when eBay is the headline source', async () => {
    const response = await handler(new Request('http://localhost/market-sources'), {
      ...env,
      MARKET_PROVIDER: 'ebay',
      EBAY_RATES_APPROVED: 'yes',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.json()).toMatchObject({ origins: ['ebay'], searchReady: true, listed: [] });
  });
});
