// search-available and search-sold end to end: real supabase-js users against the emulator, the local market index in
// its database, and the fake eBay server for source failures.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signJwt } from '../emulator/keys';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { resetEbayState } from '../supabase/functions/_shared/market/ebay.ts';
import { ebayMarketEnv, startFakeEbay, type FakeEbay } from './fakes/ebay-server';
import { setFunctionEnv } from './support/function-env';
import { startCountingProxy, type CountingProxy } from './support/counting-proxy';
import { client, forgedToken, signUpAndSignIn, userToken } from './support/supabase';
import { daysAgo, listingsOf } from './support/market';

let emu: RunningEmulator;
let ebay: FakeEbay;
let user: SupabaseClient;

const ago = daysAgo;
const listing = listingsOf('fn', {
  title: 'Lululemon Align Pant Black Size 6',
  brand: 'Lululemon',
  category: 'Leggings',
  size: '6',
  colour: 'Black',
  price: 50,
});

function signIn(): Promise<{ sb: SupabaseClient; token: string; userId: string }> {
  return signUpAndSignIn(emu, 'search-fn');
}

async function signedInUser(): Promise<SupabaseClient> {
  return (await signIn()).sb;
}

/** The status and JSON body of a failed invoke, as the search screen reads them. */
async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  ebay = await startFakeEbay({ items: [{ title: 'levis 501 jeans', conditionId: '3000', price: 30 }] });
  await upsertListings(emu.db, [
    listing(1, {}),
    listing(2, { marketplace: 'ebay', title: 'LULULEMON align leggings 25"' }),
    listing(3, { condition: 'new_with_tags', price: 90 }),
    listing(4, { status: 'sold', sold_at: ago(5), listed_at: ago(9), price: 48 }),
    listing(5, { status: 'sold', sold_at: ago(30), listed_at: ago(33), price: 52, marketplace: 'mercari' }),
    listing(6, { status: 'sold', sold_at: ago(150), listed_at: ago(160), price: 40 }),
    listing(7, { title: 'Forever 21 Bodycon Dress', brand: 'Forever 21', category: 'Dresses' }),
  ]);
  await mergeCells(emu.db);
  user = await signedInUser();
});

afterAll(async () => {
  await ebay?.stop();
  await emu?.stop();
});

afterEach(async () => {
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
  resetEbayState();
});

describe('search functions: the request', () => {
  it('answers the CORS preflight with ok and the allowed headers', async () => {
    const response = await fetch(`${emu.url}/functions/v1/search-available`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('401 with a JSON error for the anon key alone (no signed-in user), with CORS headers', async () => {
    const anon = client(emu.url, emu.anonKey);
    for (const fn of ['search-available', 'search-sold']) {
      const { status, body, headers } = await failure(
        await anon.functions.invoke(fn, { body: { itemName: 'lululemon align', condition: 'pre_owned' } }),
      );
      expect(status).toBe(401);
      expect(body).toEqual({ error: 'Please log in to search.' });
      expect(headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('400 with the form messages for a short item name and a missing condition', async () => {
    let r = await failure(
      await user.functions.invoke('search-available', { body: { itemName: ' a ', condition: 'pre_owned' } }),
    );
    expect(r).toMatchObject({ status: 400, body: { error: 'Item name must be at least 2 characters.' } });
    r = await failure(
      await user.functions.invoke('search-sold', { body: { itemName: 'lululemon align', condition: '' } }),
    );
    expect(r).toMatchObject({ status: 400, body: { error: 'Please select a condition.' } });
    r = await failure(
      await user.functions.invoke('search-sold', {
        body: { itemName: 'x'.repeat(101), condition: 'pre_owned' },
      }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/at most 100 characters/);
  });
});

describe('search functions: who is calling (access tokens verified against the JWKS)', () => {
  const fns = ['search-available', 'search-sold'] as const;
  const body = { itemName: 'lululemon align', condition: 'pre_owned' };
  let proxy: CountingProxy;
  let signedIn: Awaited<ReturnType<typeof signIn>>;
  const USER = 'GET /auth/v1/user';
  const JWKS = 'GET /auth/v1/.well-known/jwks.json';

  beforeAll(async () => {
    signedIn = await signIn();
  });
  // The functions reach the project through a proxy that writes down what they ask. Its hostname differs from the
  // emulator's, so the first test here starts with no JWKS cached (auth-js caches it per hostname, for 10 minutes).
  beforeEach(async () => {
    proxy = await startCountingProxy(emu.url);
    // The cache off: these searches must not answer the market tests' questions from the cache.
    await setFunctionEnv(emu.url, { SUPABASE_URL: proxy.url, MARKET_CACHE: 'off' });
  });
  afterEach(async () => {
    await proxy.stop();
  });

  /** Status, body and the auth part of Server-Timing of one call with `token` as the bearer. */
  async function call(fn: string, token: string) {
    const response = await fetch(`${emu.url}/functions/v1/${fn}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: emu.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const timing = /(?:^|,\s*)auth;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    return {
      status: response.status,
      body: await response.json(),
      authMs: timing ? Number(timing[1]) : null,
    };
  }

  it('accepts the ES256 token from sign-in with no call to /auth/v1/user, fetching the JWKS once', async () => {
    const header = decodeProtectedHeader(signedIn.token);
    expect(header).toMatchObject({ alg: 'ES256', kid: emu.ctx.keys.signingKey.kid });
    for (let round = 0; round < 3; round++) {
      for (const fn of fns) {
        const r = await call(fn, signedIn.token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.authMs).not.toBeNull();
      }
    }
    expect(proxy.count(USER)).toBe(0);
    // One fetch, then the cached key set, for both functions (in this process they share supabase-js).
    expect(proxy.count(JWKS)).toBe(1);
    // The searches themselves did reach the project through the proxy.
    expect(proxy.requests.some((r) => r.startsWith('POST /rest/v1/rpc/'))).toBe(true);
  });

  it('401 for a token signed with another key under the project kid, and for an expired token', async () => {
    const claims = {
      sub: signedIn.userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'x@example.com',
    };
    const forged = await forgedToken(claims, emu.ctx.keys.signingKey.kid);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt(
      { ...claims, iat: now - 7200, exp: now - 3600 },
      { signingKey: emu.ctx.keys.signingKey },
    );
    for (const fn of fns) {
      for (const token of [forged, expired]) {
        const r = await call(fn, token);
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ error: 'Please log in to search.' });
      }
    }
    // Neither was taken to the auth service: the signature and the expiry are checked here.
    expect(proxy.count(USER)).toBe(0);
  });

  it('takes a token it has verified again without checking it, but only until the token expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await signJwt(
      { sub: signedIn.userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3 },
      { signingKey: emu.ctx.keys.signingKey },
    );
    for (let round = 0; round < 2; round++) {
      for (const fn of fns) expect((await call(fn, shortLived)).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 3) * 1000 - Date.now() + 50));
    for (const fn of fns) {
      const r = await call(fn, shortLived);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'Please log in to search.' });
    }
    expect(proxy.count(USER)).toBe(0);
  });

  it('still accepts an HS256 token signed with the legacy project secret, by asking /auth/v1/user', async () => {
    const legacy = await userToken(signedIn.userId);
    expect(decodeProtectedHeader(legacy)).toEqual({ alg: 'HS256', typ: 'JWT' });
    for (const fn of fns) expect((await call(fn, legacy)).status).toBe(200);
    expect(proxy.count(USER)).toBe(fns.length);
    const stranger = await userToken(signedIn.userId, {
      secret: 'not-the-project-secret-but-long-enough-1234',
    });
    expect(await call('search-sold', stranger)).toMatchObject({
      status: 401,
      body: { error: 'Please log in to search.' },
    });
  });
});

describe('search functions: answers from the local market index', () => {
  it('search-available counts similar listings in the same condition, with the ladder and marketplaces', async () => {
    const { data, error } = await user.functions.invoke('search-available', {
      body: {
        itemName: '  Lululemon ALIGN  ',
        condition: 'pre_owned',
        timestamp: new Date().toISOString(),
        clientInfo: { userAgent: 'vitest', platform: 'linux' },
      },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      availableCount: 2,
      source: 'local',
      isDemo: true,
      cached: false,
      comps: 2,
      byCondition: { new_with_tags: 1, new_without_tags: 0, new_with_imperfections: 0, pre_owned: 2 },
      byMarketplace: [
        { marketplace: 'ebay', available: 1 },
        { marketplace: 'poshmark', available: 1 },
      ],
    });
    expect(Date.parse(data.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('search-sold counts sales of the last 90 days with prices and days to sell', async () => {
    const { data, error } = await user.functions.invoke('search-sold', {
      body: { itemName: 'lululemon align leggings', condition: 'pre_owned' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      soldCount: 2,
      windowDays: 90,
      source: 'local',
      isDemo: true,
      cached: false,
      currency: 'USD',
      medianPrice: 50,
      priceRange: { p25: 49, p75: 51 },
      typicalDaysToSell: 3.5,
      comps: 2,
      byMarketplace: [
        { marketplace: 'mercari', sold: 1 },
        { marketplace: 'poshmark', sold: 1 },
      ],
    });
    expect(data.reason).toBeUndefined();
  });

  it('a real zero: a term with listings but no sales answers soldCount 0, not null', async () => {
    const { data } = await user.functions.invoke('search-sold', {
      body: { itemName: 'forever 21 dress', condition: 'pre_owned' },
    });
    expect(data).toMatchObject({
      soldCount: 0,
      medianPrice: null,
      priceRange: null,
      typicalDaysToSell: null,
      isDemo: true,
    });
  });

  it('serves a repeated search from the cache for 15 minutes', async () => {
    const body = { itemName: 'Forever 21 Bodycon', condition: 'pre_owned' };
    const first = await user.functions.invoke('search-available', { body });
    expect(first.data).toMatchObject({ availableCount: 1, cached: false });
    // A new matching listing does not change a cached answer...
    await upsertListings(emu.db, [
      listing(8, { title: 'Forever 21 Bodycon Dress Red', brand: 'Forever 21', category: 'Dresses' }),
    ]);
    await mergeCells(emu.db);
    const second = await user.functions.invoke('search-available', {
      body: { ...body, itemName: 'forever 21  bodycon' },
    });
    expect(second.data).toMatchObject({ availableCount: 1, cached: true, asOf: first.data.asOf });
    // ...until the cache is bypassed.
    await setFunctionEnv(emu.url, { MARKET_CACHE: 'off' });
    const third = await user.functions.invoke('search-available', { body });
    expect(third.data).toMatchObject({ availableCount: 2, cached: false });
  });

  it('counts a query once when several users ask for it at the same moment: the others get that answer', async () => {
    const body = { itemName: 'lululemon align leggings', condition: 'pre_owned' };
    const users = await Promise.all([signedInUser(), signedInUser(), signedInUser(), signedInUser()]);
    const answers = await Promise.all(
      users.flatMap((sb) => [1, 2].map(() => sb.functions.invoke('search-available', { body }))),
    );
    for (const answer of answers) expect(answer.error).toBeNull();
    const counted = answers.filter((answer) => answer.data.cached === false);
    expect(counted).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.data).toMatchObject({
        availableCount: counted[0].data.availableCount,
        asOf: counted[0].data.asOf,
      });
    }
    expect(counted[0].data.availableCount).toBeGreaterThan(0);
  });

  it('429 with retryAfter and Retry-After past the per-user limit; other users are not affected', async () => {
    // An hour-long window: three calls made within a second cannot straddle its edge and reset the count.
    await setFunctionEnv(emu.url, { MARKET_RATE_LIMIT: '3', MARKET_RATE_WINDOW_SECONDS: '3600' });
    const limited = await signedInUser();
    for (let i = 0; i < 3; i++) {
      const { error } = await limited.functions.invoke('search-sold', {
        body: { itemName: `gap hoodie ${i}`, condition: 'pre_owned' },
      });
      expect(error).toBeNull();
    }
    const r = await failure(
      await limited.functions.invoke('search-sold', {
        body: { itemName: 'gap hoodie', condition: 'pre_owned' },
      }),
    );
    expect(r.status).toBe(429);
    expect(r.body.error).toMatch(/^Too many searches\. Please wait \d+ seconds? and try again\.$/);
    expect(r.body.retryAfter).toBeGreaterThan(0);
    expect(r.body.retryAfter).toBeLessThanOrEqual(3600);
    expect(r.headers.get('retry-after')).toBe(String(r.body.retryAfter));
    const other = await user.functions.invoke('search-sold', {
      body: { itemName: 'gap hoodie', condition: 'pre_owned' },
    });
    expect(other.error).toBeNull();
  });
});

describe('search functions: the eBay source', () => {
  it('200 from eBay Browse; sold is null with a reason when the keyset has no Marketplace Insights', async () => {
    await setFunctionEnv(emu.url, ebayMarketEnv(ebay));
    const available = await user.functions.invoke('search-available', {
      body: { itemName: "Levi's 501", condition: 'pre_owned' },
    });
    expect(available.data).toMatchObject({
      availableCount: 1,
      source: 'ebay',
      isDemo: false,
      byCondition: null,
    });
    const sold = await user.functions.invoke('search-sold', {
      body: { itemName: "Levi's 501", condition: 'pre_owned' },
    });
    expect(sold.data).toMatchObject({ soldCount: null, source: 'ebay', windowDays: 90 });
    expect(sold.data.reason).toMatch(/Sold data isn't available from eBay for this account/);
  });

  it('503 whose message says unavailable when eBay fails (5xx)', async () => {
    await setFunctionEnv(emu.url, ebayMarketEnv(ebay));
    ebay.failNext('/buy/browse', {
      status: 500,
      body: {
        errors: [
          { errorId: 12000, domain: 'API_BROWSE', category: 'APPLICATION', message: 'Internal error' },
        ],
      },
    });
    const r = await failure(
      await user.functions.invoke('search-available', {
        body: { itemName: 'levis 501', condition: 'pre_owned' },
      }),
    );
    expect(r.status).toBe(503);
    expect(r.body.error).toBe('Search service temporarily unavailable. Please try again in a moment.');
    // eBay's 429 (quota) is its own answer, a remembered 429: tests/search-ebay-handler.test.ts.
  });

  it('504 whose message contains timeout when the source is slower than the deadline', async () => {
    await setFunctionEnv(emu.url, { ...ebayMarketEnv(ebay), MARKET_TIMEOUT_MS: '300' });
    ebay.setDelay(1500);
    try {
      const r = await failure(
        await user.functions.invoke('search-available', {
          body: { itemName: 'levis 501', condition: 'pre_owned' },
        }),
      );
      expect(r.status).toBe(504);
      expect(r.body.error).toContain('timeout');
    } finally {
      ebay.setDelay(0);
    }
  });
});
