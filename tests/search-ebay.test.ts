// The eBay source against a local fake that speaks eBay's documented shapes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AVAILABLE_UNKNOWN_REASON,
  EbayMarketProvider,
  SOLD_UNAVAILABLE_REASON,
  SOLD_UNKNOWN_REASON,
  ebayConfig,
  resetEbayState,
  secondsUntilQuotaReset,
  soldUnits,
} from '../supabase/functions/_shared/market/ebay.ts';
import {
  SourceRateLimitedError,
  SourceUnavailableError,
  type Condition,
} from '../supabase/functions/_shared/market/types.ts';
import {
  BROWSE_FILTER_WARNING,
  INSIGHTS_SCOPE,
  BROWSE_SCOPE,
  ebayEnv,
  levis501Listings,
  QUOTA_EXCEEDED_BODY,
  startFakeEbay,
  type FakeEbay,
  warningWithoutTotal,
  type FakeItem,
} from './fakes/ebay-server.ts';
import { daysAgo } from './support/market';

const items: FakeItem[] = [
  ...levis501Listings,
  { title: 'Levis 501 jeans NWT', conditionId: '1000', price: 60 },
  { title: 'Levis 505 jeans', conditionId: '3000', price: 20 },
  { title: 'Levis 501 jeans sold A', conditionId: '3000', price: 30, lastSoldDate: daysAgo(10) },
  { title: 'Levis 501 jeans sold B', conditionId: '2990', price: 40, lastSoldDate: daysAgo(40) },
  { title: 'Levis 501 jeans sold long ago', conditionId: '3000', price: 50, lastSoldDate: daysAgo(120) },
];

let ebay: FakeEbay;
const signal = () => new AbortController().signal;
const query = (itemName: string, condition: Condition = 'pre_owned') => ({
  itemName,
  condition,
  windowDays: 90 as const,
  signal: signal(),
});

function provider(extra: Record<string, string> = {}) {
  return new EbayMarketProvider(
    ebayConfig({
      ...ebayEnv(ebay),
      ...extra,
    }),
  );
}

beforeEach(async () => {
  resetEbayState();
  ebay = await startFakeEbay({ items, grantedScopes: [BROWSE_SCOPE, INSIGHTS_SCOPE] });
});
afterEach(() => ebay.stop());

describe('eBay available (Browse item_summary/search)', () => {
  it('counts every apparel pre-owned grade (2990, 3000, 3010) and sends the documented request', async () => {
    const result = await provider().countAvailable(query("Levi's 501 Jeans"));
    expect(result).toMatchObject({ availableCount: 3, comps: 3, isDemo: false, byCondition: null });
    expect(result.byMarketplace).toEqual([{ marketplace: 'ebay', available: 3 }]);
    const search = ebay.requests.find((r) => r.path === '/buy/browse/v1/item_summary/search')!;
    expect(search.query.get('q')).toBe('levis 501 jeans');
    expect(search.query.get('filter')).toBe(
      'conditionIds:{2990|3000|3010},buyingOptions:{FIXED_PRICE|AUCTION}',
    );
    expect(search.query.get('category_ids')).toBe('11450');
    expect(search.query.get('limit')).toBe('1');
    expect(search.marketplace).toBe('EBAY_US');
  });

  it('maps new with tags to condition 1000', async () => {
    expect((await provider().countAvailable(query('levis 501', 'new_with_tags'))).availableCount).toBe(1);
  });

  it('marks the count approximate: Browse total is an estimate', async () => {
    expect(await provider().countAvailable(query('levis 501'))).toMatchObject({
      availableCount: 3,
      approximate: true,
      origin: 'ebay',
    });
  });

  it('a 200 with warnings and no total is unknown (null with a reason), never 0', async () => {
    ebay.failNext('/buy/browse', warningWithoutTotal('x', 1, BROWSE_FILTER_WARNING));
    const result = await provider().countAvailable(query('levis 501'));
    expect(result).toMatchObject({ availableCount: null, reason: AVAILABLE_UNKNOWN_REASON, comps: 0 });
    expect(result.byMarketplace).toEqual([]);
  });

  it('mints one token and reuses it until a minute before expiry', async () => {
    const p = provider();
    await p.countAvailable(query('levis 501'));
    await p.countAvailable(query('levis 505'));
    expect(ebay.mints()).toBe(1);
  });

  it('mints a new token when the cached one is within a minute of expiry', async () => {
    await ebay.stop();
    ebay = await startFakeEbay({ items, tokenExpiresIn: 59 });
    const p = provider();
    await p.countAvailable(query('levis 501'));
    await p.countAvailable(query('levis 501'));
    expect(ebay.mints()).toBe(2);
  });

  it('on 401 drops the token, mints a new one and retries once', async () => {
    const p = provider();
    await p.countAvailable(query('levis 501'));
    ebay.revokeTokens();
    expect((await p.countAvailable(query('levis 501'))).availableCount).toBe(3);
    expect(ebay.mints()).toBe(2);
  });

  it('a second 401 after the retry is a source failure', async () => {
    ebay.failNext(
      '/buy/browse',
      {
        status: 401,
        body: {
          errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token' }],
        },
      },
      2,
    );
    await expect(provider().countAvailable(query('levis 501'))).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });

  it('429 (daily quota) is remembered until midnight Pacific: no second call to eBay', async () => {
    ebay.failNext('/buy/browse', { status: 429, body: QUOTA_EXCEEDED_BODY });
    const p = provider();
    const first = await p.countAvailable(query('levis 501')).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SourceRateLimitedError);
    const reset = secondsUntilQuotaReset();
    expect((first as SourceRateLimitedError).retryAfter).toBeGreaterThanOrEqual(reset - 5);
    expect((first as SourceRateLimitedError).retryAfter).toBeLessThanOrEqual(reset + 1);
    const browseCalls = () => ebay.requests.filter((r) => r.path.startsWith('/buy/browse')).length;
    expect(browseCalls()).toBe(1);
    await expect(p.countAvailable(query('levis 505'))).rejects.toBeInstanceOf(SourceRateLimitedError);
    expect(browseCalls()).toBe(1);
  });

  it("takes eBay's Retry-After when it sends one", async () => {
    ebay.failNext('/buy/browse', {
      status: 429,
      headers: { 'Retry-After': '120' },
      body: {
        errors: [{ errorId: 2001, domain: 'ACCESS', category: 'REQUEST', message: 'Too many requests.' }],
      },
    });
    const error = await provider()
      .countAvailable(query('levis 501'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRateLimitedError);
    expect((error as SourceRateLimitedError).retryAfter).toBeGreaterThanOrEqual(119);
    expect((error as SourceRateLimitedError).retryAfter).toBeLessThanOrEqual(120);
  });

  it('5xx is a source failure that says unavailable', async () => {
    ebay.failNext('/buy/browse', {
      status: 500,
      body: {
        errors: [
          {
            errorId: 12000,
            domain: 'API_BROWSE',
            category: 'APPLICATION',
            message: 'There was a problem with an eBay internal system or process.',
          },
        ],
      },
    });
    await expect(provider().countAvailable(query('levis 501'))).rejects.toThrow(/unavailable.*500/);
  });

  it('wrong credentials are a source failure', async () => {
    await expect(
      provider({ EBAY_CLIENT_SECRET: 'wrong' }).countAvailable(query('levis 501')),
    ).rejects.toBeInstanceOf(SourceUnavailableError);
  });

  it('a network failure is a source failure', async () => {
    await ebay.stop();
    await expect(provider().countAvailable(query('levis 501'))).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
    ebay = await startFakeEbay({ items });
  });
});

describe('eBay sold (Marketplace Insights item_sales/search)', () => {
  it('without EBAY_INSIGHTS answers null with a reason and calls nothing', async () => {
    const result = await provider().countSold(query('levis 501'));
    expect(result.soldCount).toBeNull();
    expect(result.reason).toBe(SOLD_UNAVAILABLE_REASON);
    expect(ebay.requests).toHaveLength(0);
  });

  it('with the scope counts sales of the last 90 days and their prices', async () => {
    const result = await provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'));
    expect(result).toMatchObject({
      soldCount: 2,
      windowDays: 90,
      medianPrice: 35,
      priceRange: { p25: 32.5, p75: 37.5 },
      comps: 2,
    });
    const search = ebay.requests.find((r) => r.path.includes('item_sales'))!;
    expect(search.query.get('filter')).toMatch(
      /^conditionIds:\{2990\|3000\|3010\},lastSoldDate:\[\d{4}-\d\d-\d\dT[^\]]+\.\.\]$/,
    );
    expect(search.marketplace).toBe('EBAY_US');
  });

  it('counts units with totalSoldQuantity, not listings', async () => {
    await ebay.stop();
    ebay = await startFakeEbay({
      items: [
        ...items,
        {
          title: 'Levis 501 jeans lot of 6',
          conditionId: '3000',
          price: 20,
          lastSoldDate: daysAgo(3),
          totalSoldQuantity: 6,
        },
      ],
      grantedScopes: [BROWSE_SCOPE, INSIGHTS_SCOPE],
    });
    const result = await provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'));
    expect(result).toMatchObject({ soldCount: 8, comps: 3, approximate: true });
    expect(result.byMarketplace).toEqual([{ marketplace: 'ebay', sold: 8 }]);
  });

  it('past one page, scales the units per listing to the listing total', () => {
    expect(
      soldUnits(
        400,
        Array.from({ length: 200 }, (_, n) => ({ totalSoldQuantity: n < 100 ? 3 : 1 })),
      ),
    ).toBe(800);
    expect(soldUnits(5, [{}, {}])).toBe(5);
    expect(soldUnits(2, [{ totalSoldQuantity: 4 }, {}])).toBe(5);
  });

  it('a 200 without a total is unknown sold, not zero', async () => {
    ebay.failNext(
      '/buy/marketplace_insights',
      warningWithoutTotal('x', 200, {
        errorId: 100002,
        domain: 'API_MARKETPLACE_INSIGHTS',
        message: 'The filter was ignored.',
      }),
    );
    const result = await provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'));
    expect(result).toMatchObject({ soldCount: null, reason: SOLD_UNKNOWN_REASON });
  });

  it('a keyset without the Insights scope (invalid_scope) answers null with a reason, not zero', async () => {
    await ebay.stop();
    ebay = await startFakeEbay({ items, grantedScopes: [BROWSE_SCOPE] });
    const result = await provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'));
    expect(result.soldCount).toBeNull();
    expect(result.reason).toBe(SOLD_UNAVAILABLE_REASON);
  });

  it('403 Access denied (1100) on the search also means not licensed', async () => {
    ebay.failNext('/buy/marketplace_insights', {
      status: 403,
      body: { errors: [{ errorId: 1100, domain: 'ACCESS', category: 'REQUEST', message: 'Access denied' }] },
    });
    const result = await provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'));
    expect(result.soldCount).toBeNull();
  });

  it('5xx from Insights is a source failure', async () => {
    ebay.failNext('/buy/marketplace_insights', {
      status: 503,
      body: {
        errors: [
          {
            errorId: 100000,
            domain: 'API_MARKETPLACE_INSIGHTS',
            category: 'APPLICATION',
            message: 'Internal error',
          },
        ],
      },
    });
    await expect(provider({ EBAY_INSIGHTS: 'true' }).countSold(query('levis 501'))).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
  });
});
