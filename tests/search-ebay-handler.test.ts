// search-available and search-sold with MARKET_PROVIDER=ebay, end to end (issue 10, point 5): a signed-in supabase-js
// user, the emulator's functions and database (the shared token and quota tables), and the fake eBay server.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import {
  AVAILABLE_UNKNOWN_REASON,
  resetEbayState,
  secondsUntilQuotaReset,
} from '../supabase/functions/_shared/market/ebay.ts';
import { EBAY_RATES_NOT_APPROVED } from '../supabase/functions/_shared/market/ebay-terms.ts';
import {
  BROWSE_FILTER_WARNING,
  BROWSE_SCOPE,
  INSIGHTS_SCOPE,
  ebayMarketEnv,
  levis501Listings,
  QUOTA_EXCEEDED_BODY,
  startFakeEbay,
  type FakeEbay,
  warningWithoutTotal,
  type FakeItem,
} from './fakes/ebay-server';
import { setFunctionEnv } from './support/function-env';
import { daysAgo } from './support/market';
import { signUpAndSignIn } from './support/supabase';

const items: FakeItem[] = [
  ...levis501Listings,
  {
    title: 'Levis 501 jeans lot',
    conditionId: '3000',
    price: 20,
    lastSoldDate: daysAgo(4),
    totalSoldQuantity: 4,
  },
  { title: 'Levis 501 jeans sold', conditionId: '2990', price: 30, lastSoldDate: daysAgo(20) },
];

let emu: RunningEmulator;
let ebay: FakeEbay;

async function signedInUser(): Promise<SupabaseClient> {
  return (await signUpAndSignIn(emu, 'search-ebay')).sb;
}

/** The status, JSON body and headers of a failed invoke, as the search screen reads them. */
async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const search = (user: SupabaseClient, kind: 'available' | 'sold', itemName: string) =>
  user.functions.invoke(`search-${kind}`, { body: { itemName, condition: 'pre_owned' } });
const calls = (prefix: string) => ebay.requests.filter((r) => r.path.startsWith(prefix)).length;

async function useEbay(extra: Record<string, string> = {}) {
  await setFunctionEnv(emu.url, { ...ebayMarketEnv(ebay), ...extra });
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
});
beforeEach(async () => {
  // A fresh fake on a new port is a new keyset as far as the shared state goes: every test starts cold.
  ebay = await startFakeEbay({ items, grantedScopes: [BROWSE_SCOPE, INSIGHTS_SCOPE], tokenDelayMs: 300 });
});
afterEach(async () => {
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
  await ebay.stop();
  resetEbayState();
});
afterAll(async () => {
  await emu?.stop();
});

describe('eBay counts through the functions', () => {
  it('Browse total comes back as an estimate: approximate, from eBay', async () => {
    await useEbay();
    const { data, error } = await search(await signedInUser(), 'available', "Levi's 501 jeans");
    expect(error).toBeNull();
    expect(data).toMatchObject({ availableCount: 3, approximate: true, origin: 'ebay', source: 'ebay' });
  });

  it('asks eBay what the local index would match: the brand by its name, exclusions kept', async () => {
    await useEbay();
    const user = await signedInUser();
    const { data, error } = await search(user, 'available', 'DMs 1460 -kids');
    expect(error).toBeNull();
    expect(data.origin).toBe('ebay');
    const browse = ebay.requests.filter((r) => r.path.startsWith('/buy/browse'));
    expect(browse.at(-1)?.query.get('q')).toBe('dr martens 1460 -kid');
  });

  it('a 200 with warnings and no total is unknown: null with a reason, never 0 and no suggestions', async () => {
    await useEbay();
    ebay.failNext(
      '/buy/browse',
      warningWithoutTotal(
        `${ebay.url}/buy/browse/v1/item_summary/search?q=levis+501`,
        1,
        BROWSE_FILTER_WARNING,
      ),
    );
    const { data, error } = await search(await signedInUser(), 'available', 'levis 501');
    expect(error).toBeNull();
    expect(data).toMatchObject({ availableCount: null, reason: AVAILABLE_UNKNOWN_REASON, origin: 'ebay' });
    expect(data.suggestions).toBeUndefined();
  });

  it('sold units add up totalSoldQuantity (4 + 1), not the 2 listings', async () => {
    await useEbay({ EBAY_INSIGHTS: 'true' });
    const { data, error } = await search(await signedInUser(), 'sold', 'levis 501');
    expect(error).toBeNull();
    expect(data).toMatchObject({ soldCount: 5, comps: 2, approximate: true, origin: 'ebay' });
    expect(data.byMarketplace).toEqual([{ marketplace: 'ebay', sold: 5 }]);
  });
});

describe('eBay as the headline source needs EBAY_RATES_APPROVED', () => {
  it('without it both searches answer 503 unavailable, as for any source failure, and eBay is not asked', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await useEbay({ EBAY_RATES_APPROVED: 'false', EBAY_INSIGHTS: 'true' });
    const user = await signedInUser();
    for (const kind of ['available', 'sold'] as const) {
      const r = await failure(await search(user, kind, 'levis 501'));
      expect(r.status).toBe(503);
      expect(r.body).toEqual({
        error: 'Search service temporarily unavailable. Please try again in a moment.',
      });
    }
    expect(ebay.requests).toHaveLength(0);
    // The deployer's log says what to fix and why.
    expect(errors).toHaveBeenCalledWith(`Market source misconfigured: ${EBAY_RATES_NOT_APPROVED}`);
    errors.mockRestore();
  });
});

describe("eBay's quota", () => {
  it("a 429 from eBay is a 429 with eBay's Retry-After, remembered: the next search does not reach eBay", async () => {
    await useEbay();
    ebay.failNext('/buy/browse', {
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: QUOTA_EXCEEDED_BODY,
    });
    const first = await failure(await search(await signedInUser(), 'available', 'levis 501'));
    expect(first.status).toBe(429);
    expect(first.body).toMatchObject({ retryAfter: 3600, reason: 'source-quota' });
    expect(first.body.error).toBe(
      "eBay's request limit for our app has been reached, so eBay searches are paused until it resets. " +
        'Please try again in 60 minutes.',
    );
    expect(first.headers.get('retry-after')).toBe('3600');
    expect(calls('/buy/browse')).toBe(1);

    // Another user, another query, a fresh function instance: the same 429, and eBay is not asked.
    resetEbayState();
    const again = await failure(await search(await signedInUser(), 'available', 'levis 505'));
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(3595);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(again.body.error).toBe(first.body.error);
    expect(calls('/buy/browse')).toBe(1);
    expect(calls('/identity')).toBe(1);
  });

  it('without a Retry-After the quota is remembered until it resets at midnight Pacific', async () => {
    await useEbay();
    ebay.failNext('/buy/browse', { status: 429, body: QUOTA_EXCEEDED_BODY });
    const first = await failure(await search(await signedInUser(), 'available', 'levis 501'));
    const reset = secondsUntilQuotaReset();
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(reset - 10);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(reset + 1);
    const again = await failure(await search(await signedInUser(), 'available', 'levis 501'));
    expect(again.status).toBe(429);
    expect(calls('/buy/browse')).toBe(1);
  });
});

describe('the shared application token', () => {
  it('10 simultaneous cold searches mint one token between them', async () => {
    await useEbay({ MARKET_RATE_LIMIT: '100' });
    const user = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        search(user, 'available', n % 2 ? 'levis 501' : 'levis 501 jeans'),
      ),
    );
    expect(answers.map((a) => a.error)).toEqual(Array(10).fill(null));
    expect(answers.map((a) => a.data.availableCount)).toEqual(Array(10).fill(3));
    expect(calls('/identity/v1/oauth2/token')).toBe(1);
    expect(calls('/buy/browse')).toBe(10);
    // Every search used that one token.
    expect(
      new Set(ebay.requests.filter((r) => r.path.startsWith('/buy')).map((r) => r.authorization)).size,
    ).toBe(1);
  });

  it('a later instance reads the stored token instead of minting', async () => {
    await useEbay();
    const user = await signedInUser();
    expect((await search(user, 'available', 'levis 501')).error).toBeNull();
    resetEbayState();
    expect((await search(user, 'available', 'levis 501')).error).toBeNull();
    expect(calls('/identity/v1/oauth2/token')).toBe(1);
  });
});

describe('a query with nothing to search for', () => {
  it.each([['!!! ???'], ['🙂🙂🙂'], ['—— ..']])('%s is a 400 before eBay is asked', async (itemName) => {
    await useEbay({ EBAY_INSIGHTS: 'true' });
    const user = await signedInUser();
    for (const kind of ['available', 'sold'] as const) {
      const r = await failure(await search(user, kind, itemName));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Item name must contain letters or numbers to search for.');
    }
    expect(ebay.requests).toHaveLength(0);
  });
});
