// search-listed end to end (issue 22): a signed-in supabase-js user, the emulator's function and database (the cache,
// the shared token and block tables), the fake eBay and the fake Etsy. The eBay row stands alone: its count is in no sum
// or ratio with any other figure, and it is kept at most an hour; Etsy's count, 429s and bad key are handled per row.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { resetEbayState } from '../supabase/functions/_shared/market/ebay.ts';
import { ETSY_KEY_REFUSED_MESSAGE } from '../supabase/functions/_shared/market/etsy.ts';
import { createListedHandler } from '../supabase/functions/search-listed/handler.ts';
import { ebayEnv, levis501Listings, startFakeEbay, type FakeEbay, type FakeItem } from './fakes/ebay-server';
import { startFakeEtsy, type FakeEtsy } from './fakes/etsy-server';
import { setFunctionEnv } from './support/function-env';
import { client, signUpAndSignIn } from './support/supabase';
import { daysAgo, levis501, listingsOf } from './support/market';

const ebayItems: FakeItem[] = [
  ...levis501Listings,
  { title: 'Levis 501 jeans new', conditionId: '1000', price: 60 },
];
const etsyListings = [
  { title: 'Vintage Levis 501 jeans 1990s' },
  { title: 'Levis 501 jeans made in USA' },
  { title: 'Levis 501 jeans patched' },
  { title: 'Levis 501 jeans black' },
  { title: 'Levis 501 jeans selvedge' },
];
const listing = listingsOf('listed', { ...levis501, listed_at: daysAgo(10) });

const OK_KEYS = [
  'approximate',
  'asOf',
  'cached',
  'conditionScoped',
  'count',
  'label',
  'marketplace',
  'status',
  'url',
];

let emu: RunningEmulator;
let ebay: FakeEbay;
let etsy: FakeEtsy;

function signIn(): Promise<{ sb: SupabaseClient; token: string }> {
  return signUpAndSignIn(emu, 'search-listed');
}
const signedInUser = async () => (await signIn()).sb;

async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Row = Record<string, unknown>;
async function listed(user: SupabaseClient, itemName: string, condition = 'pre_owned'): Promise<Row[]> {
  const { data, error } = await user.functions.invoke('search-listed', { body: { itemName, condition } });
  expect(error).toBeNull();
  expect(Object.keys(data)).toEqual(['rows']);
  return data.rows as Row[];
}
const row = (rows: Row[], marketplace: string) => rows.find((r) => r.marketplace === marketplace);
const browseCalls = () => ebay.requests.filter((r) => r.path.startsWith('/buy/browse')).length;

const etsyEnv = () => ({
  ETSY_API_BASE: etsy.url,
  ETSY_API_KEY: etsy.keystring,
  ETSY_SHARED_SECRET: etsy.sharedSecret,
});
const useBoth = (extra: Record<string, string> = {}) =>
  setFunctionEnv(emu.url, { ...ebayEnv(ebay), ...etsyEnv(), ...extra });

/** Every number anywhere in a JSON value, with its path. */
function numbers(value: unknown, at = ''): { path: string; value: number }[] {
  if (typeof value === 'number') return [{ path: at, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numbers(v, at ? `${at}.${k}` : k));
  return [];
}

async function clearListedCache() {
  const { error } = await client(emu.url, emu.serviceRoleKey)
    .from('market_search_cache')
    .delete()
    .like('cache_key', 'listed|%');
  expect(error).toBeNull();
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  await upsertListings(emu.db, [listing(1, {}), listing(2, { marketplace: 'mercari' })]);
  await mergeCells(emu.db);
});
beforeEach(async () => {
  // New fakes on new ports are new keysets: no token, block or cached count carries over from another test.
  ebay = await startFakeEbay({ items: ebayItems });
  etsy = await startFakeEtsy({ listings: etsyListings });
});
afterEach(async () => {
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
  await clearListedCache();
  await ebay.stop();
  await etsy.stop();
  resetEbayState();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await emu?.stop();
});

describe('the listed-now rows', () => {
  it('a signed-in user gets an eBay row for the condition and an Etsy row for the words, each with its link', async () => {
    await useBoth();
    const rows = await listed(await signedInUser(), "Levi's 501 jeans");
    expect(rows).toEqual([
      {
        marketplace: 'ebay',
        label: 'eBay',
        status: 'ok',
        count: 3,
        approximate: true,
        conditionScoped: true,
        asOf: expect.any(String),
        cached: false,
        url: 'https://www.ebay.com/sch/i.html?_nkw=Levi%27s+501+jeans&_sacat=11450&LH_ItemCondition=2990%7C3000%7C3010',
      },
      {
        marketplace: 'etsy',
        label: 'Etsy',
        status: 'ok',
        count: 5,
        approximate: true,
        conditionScoped: false,
        asOf: expect.any(String),
        cached: false,
        url: 'https://www.etsy.com/search?q=Levi%27s+501+jeans',
      },
    ]);
    for (const r of rows) expect(Date.now() - Date.parse(String(r.asOf))).toBeLessThan(60_000);
    const search = etsy.requests.at(-1)!;
    expect(search.apiKey).toBe(`${etsy.keystring}:${etsy.sharedSecret}`);
    expect(search.query.get('keywords')).toBe('levis 501 jeans');
    expect(search.query.get('limit')).toBe('1');
    expect(ebay.requests.find((r) => r.path.startsWith('/buy/browse'))?.query.get('filter')).toContain(
      'conditionIds:{2990|3000|3010}',
    );
  });

  it('only configured sources appear; with none the answer is an empty list and nothing is asked', async () => {
    const user = await signedInUser();
    expect(await listed(user, 'levis 501')).toEqual([]);
    await setFunctionEnv(emu.url, etsyEnv());
    expect((await listed(user, 'levis 501')).map((r) => r.marketplace)).toEqual(['etsy']);
    // Etsy has required the shared secret since February 2026: a keystring alone is not a configured source.
    await setFunctionEnv(emu.url, { ...etsyEnv(), ETSY_SHARED_SECRET: null, ...ebayEnv(ebay) });
    expect((await listed(user, 'levis 501')).map((r) => r.marketplace)).toEqual(['ebay']);
    expect(etsy.searches()).toBe(1);
  });

  it('401 signed out, 400 for a bad body, before any source is asked', async () => {
    await useBoth();
    const anon = client(emu.url, emu.anonKey);
    const out = await failure(
      await anon.functions.invoke('search-listed', {
        body: { itemName: 'levis 501', condition: 'pre_owned' },
      }),
    );
    expect(out).toEqual({ status: 401, body: { error: 'Please log in to search.' } });
    const user = await signedInUser();
    for (const [body, message] of [
      [{ itemName: 'l', condition: 'pre_owned' }, 'Item name must be at least 2 characters.'],
      [{ itemName: 'levis 501' }, 'Please select a condition.'],
      [{ itemName: 'levis 501', condition: 'mint' }, 'Please select a condition.'],
      [
        { itemName: '!!! ???', condition: 'pre_owned' },
        'Item name must contain letters or numbers to search for.',
      ],
    ] as const) {
      expect(await failure(await user.functions.invoke('search-listed', { body }))).toEqual({
        status: 400,
        body: { error: message },
      });
    }
    expect(ebay.requests).toHaveLength(0);
    expect(etsy.requests).toHaveLength(0);
  });
});

describe('the per-user limit', () => {
  it('429 with Retry-After past MARKET_RATE_LIMIT, counted apart from the other searches', async () => {
    await useBoth({ MARKET_RATE_LIMIT: '2', MARKET_RATE_WINDOW_SECONDS: '600' });
    const user = await signedInUser();
    await listed(user, 'levis 501 jeans');
    await listed(user, 'levis 501 jeans');
    const refused = await user.functions.invoke('search-listed', {
      body: { itemName: 'levis 501 jeans', condition: 'pre_owned' },
    });
    const r = await failure(refused);
    expect(r.status).toBe(429);
    expect(r.body.error).toMatch(/^Too many searches\. Please wait \d+ seconds? and try again\.$/);
    const available = await user.functions.invoke('search-available', {
      body: { itemName: 'levis 501 jeans', condition: 'pre_owned' },
    });
    expect(available.error).toBeNull();
  });
});

describe('eBay stays on its own', () => {
  it('the answer holds each count once, in its own row: no sum, ratio, rate, price or sold figure anywhere', async () => {
    await useBoth();
    const user = await signedInUser();
    const { data, error } = await user.functions.invoke('search-listed', {
      body: { itemName: 'levis 501 jeans', condition: 'pre_owned' },
    });
    expect(error).toBeNull();
    expect(Object.keys(data)).toEqual(['rows']);
    for (const r of data.rows as Row[]) expect(Object.keys(r).sort()).toEqual(OK_KEYS);
    // The only numbers are the two counts, each where its marketplace says: nothing is derived from them.
    expect(numbers(data)).toEqual([
      { path: 'rows[0].count', value: 3 },
      { path: 'rows[1].count', value: 5 },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/rate|sold|price|total|sum|ratio|average|median|share|percent/i);
  });

  it("search-available's figures are the same whatever eBay's listed count is", async () => {
    const user = await signedInUser();
    const available = async () => {
      const { data, error } = await user.functions.invoke('search-available', {
        body: { itemName: 'levis 501 jeans', condition: 'pre_owned' },
      });
      expect(error).toBeNull();
      const { asOf: _asOf, cached: _cached, ...figures } = data as Record<string, unknown>;
      return figures;
    };
    await useBoth({ MARKET_CACHE: 'off' });
    const before = await available();
    expect(row(await listed(user, 'levis 501 jeans'), 'ebay')).toMatchObject({ count: 3 });

    // eBay now lists ten times as many (and the cached count is gone); the local figures do not move.
    await clearListedCache();
    await ebay.stop();
    ebay = await startFakeEbay({
      items: Array.from({ length: 30 }, (_, n) => ({
        title: `Levis 501 jeans ${n}`,
        conditionId: '3000',
        price: 20,
      })),
    });
    await useBoth({ MARKET_CACHE: 'off' });
    expect(row(await listed(user, 'levis 501 jeans'), 'ebay')).toMatchObject({ count: 30, cached: false });
    const after = await available();
    expect(after).toEqual(before);
    expect(after.availableCount).toBe(2);
    expect(numbers(after).map((n) => n.value)).not.toContain(30);
    expect(numbers(after).map((n) => n.value)).not.toContain(32);
  });
});

describe('the cache', () => {
  it('keeps only the count and its time, for at most an hour even when asked for a day', async () => {
    await useBoth({ LISTED_CACHE_TTL_SECONDS: '86400' });
    const user = await signedInUser();
    const first = await listed(user, 'levis 501 jeans');
    const { data, error } = await client(emu.url, emu.serviceRoleKey)
      .from('market_search_cache')
      .select('cache_key, payload, created_at, expires_at')
      .like('cache_key', 'listed|%')
      .order('cache_key');
    expect(error).toBeNull();
    expect(data!.map((r) => r.cache_key)).toEqual([
      'listed|ebay|pre_owned|levis 501 jeans',
      'listed|etsy|levis 501 jeans',
    ]);
    for (const r of data!) {
      expect(Object.keys(r.payload).sort()).toEqual(['approximate', 'asOf', 'count']);
      const kept = (Date.parse(r.expires_at) - Date.parse(r.created_at)) / 1000;
      expect(kept).toBeLessThanOrEqual(3600);
      expect(kept).toBeGreaterThan(3500);
    }
    expect(data!.map((r) => r.payload.count)).toEqual([3, 5]);
    expect(row(first, 'ebay')?.asOf).toBe(data![0].payload.asOf);
  });

  it('a second search within the time to live asks neither marketplace; another condition asks eBay only', async () => {
    await useBoth();
    const user = await signedInUser();
    const first = await listed(user, 'levis 501 jeans');
    expect([browseCalls(), etsy.searches()]).toEqual([1, 1]);

    const again = await listed(await signedInUser(), 'Levis 501  JEANS');
    expect([browseCalls(), etsy.searches()]).toEqual([1, 1]);
    expect(again.map((r) => [r.marketplace, r.count, r.cached, r.asOf])).toEqual(
      first.map((r) => [r.marketplace, r.count, true, r.asOf]),
    );

    const other = await listed(user, 'levis 501 jeans', 'new_with_tags');
    expect([browseCalls(), etsy.searches()]).toEqual([2, 1]);
    expect(row(other, 'ebay')).toMatchObject({ count: 1, cached: false, conditionScoped: true });
    expect(row(other, 'etsy')).toMatchObject({ count: 5, cached: true, conditionScoped: false });
  });

  it('a failed row is not cached: the next search asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await useBoth();
    etsy.failNext({ status: 503, body: { error: 'Service unavailable' } });
    const user = await signedInUser();
    expect(row(await listed(user, 'levis 501 jeans'), 'etsy')).toMatchObject({ status: 'unavailable' });
    expect(row(await listed(user, 'levis 501 jeans'), 'etsy')).toMatchObject({ status: 'ok', count: 5 });
    expect(etsy.searches()).toBe(2);
  });
});

describe("Etsy's limits, key and speed, row by row", () => {
  it('429 over the per-second limit: a quota row for a second, and the eBay row is unaffected', async () => {
    await useBoth();
    etsy.exceedPerSecond();
    const rows = await listed(await signedInUser(), 'levis 501 jeans');
    expect(row(rows, 'etsy')).toEqual({
      marketplace: 'etsy',
      label: 'Etsy',
      status: 'quota',
      message:
        "Etsy's request limit for our app has been reached, so Etsy counts are paused until it resets. " +
        'Please try again in 1 second.',
      retryAfter: 1,
      url: 'https://www.etsy.com/search?q=levis+501+jeans',
    });
    expect(row(rows, 'ebay')).toMatchObject({ status: 'ok', count: 3 });
    const { data } = await client(emu.url, emu.serviceRoleKey)
      .from('market_source_blocks')
      .select('key, reason')
      .like('key', `${etsy.url}|%`);
    expect(data).toEqual([
      {
        key: `${etsy.url}|${etsy.keystring}|open-api`,
        reason: 'HTTP 429 per second: Exceeded per second rate limit',
      },
    ]);
  });

  it("429 over the daily limit honours Etsy's Retry-After, and another instance does not ask Etsy while blocked", async () => {
    await useBoth();
    etsy.exceedPerDay(3600);
    const first = row(await listed(await signedInUser(), 'levis 501 jeans'), 'etsy');
    expect(first).toMatchObject({ status: 'quota', retryAfter: 3600 });
    expect(first?.message).toMatch(/Please try again in 60 minutes\.$/);
    expect(etsy.searches()).toBe(1);

    // A second handler instance, another user and another query: the block is read from the database.
    const { token } = await signIn();
    const instance = createListedHandler(() => {});
    const answer = await instance(
      new Request('http://localhost/search-listed', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ itemName: 'levis 505', condition: 'new_with_tags' }),
      }),
      { ...emu.ctx.functionEnv },
    );
    expect(answer.status).toBe(200);
    const second = row(((await answer.json()) as { rows: Row[] }).rows, 'etsy');
    expect(second?.status).toBe('quota');
    expect(second?.retryAfter).toBeGreaterThanOrEqual(3595);
    expect(second?.retryAfter).toBeLessThanOrEqual(3600);
    expect(etsy.searches()).toBe(1);
  });

  it('429 over the daily limit without a Retry-After blocks for two hours (the sliding window frees up by then)', async () => {
    await useBoth();
    etsy.exceedPerDay();
    const user = await signedInUser();
    const first = row(await listed(user, 'levis 501 jeans'), 'etsy');
    expect(first).toMatchObject({ status: 'quota', retryAfter: 7200 });
    expect(first?.message).toMatch(/Please try again in about 2 hours\.$/);
    etsy.resetDay();
    expect(row(await listed(user, 'gap hoodie'), 'etsy')).toMatchObject({ status: 'quota' });
    expect(etsy.searches()).toBe(1);
  });

  it('a refused key is an unavailable row that says so, never a 0, and is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await useBoth({ ETSY_SHARED_SECRET: 'not-the-secret' });
    const rows = await listed(await signedInUser(), 'levis 501 jeans');
    expect(row(rows, 'etsy')).toEqual({
      marketplace: 'etsy',
      label: 'Etsy',
      status: 'unavailable',
      message: ETSY_KEY_REFUSED_MESSAGE,
      url: 'https://www.etsy.com/search?q=levis+501+jeans',
    });
    expect(row(rows, 'ebay')).toMatchObject({ status: 'ok', count: 3 });
    expect(errors.mock.calls.flat().join('\n')).toContain(
      'Etsy refused the API key: HTTP 403 Invalid API key',
    );
  });

  it('a slow marketplace misses only its own deadline', async () => {
    await useBoth({ LISTED_TIMEOUT_MS: '400' });
    etsy.setDelay(1500);
    const started = Date.now();
    const rows = await listed(await signedInUser(), 'levis 501 jeans');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(row(rows, 'etsy')).toMatchObject({
      status: 'unavailable',
      message: 'Etsy did not answer within 0.4 seconds. Please try again.',
    });
    expect(row(rows, 'ebay')).toMatchObject({ status: 'ok', count: 3 });
  });

  it("eBay's used-up quota is a quota row of its own; the Etsy row is unaffected", async () => {
    await useBoth();
    ebay.failNext('/buy/browse', {
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: {
        errors: [{ errorId: 2001, domain: 'ACCESS', category: 'REQUEST', message: 'Too many requests.' }],
      },
    });
    const rows = await listed(await signedInUser(), 'levis 501 jeans');
    expect(row(rows, 'ebay')).toMatchObject({ status: 'quota', retryAfter: 3600 });
    expect(row(rows, 'ebay')?.message).toMatch(/^eBay's request limit for our app has been reached/);
    expect(row(rows, 'etsy')).toMatchObject({ status: 'ok', count: 5 });
  });
});
