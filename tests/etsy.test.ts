// The Etsy listed-count adapter against a local fake that speaks Etsy's documented shapes (docs/decisions/055): the
// count, the per-second and per-day 429s with and without Retry-After, and a refused key. The block is kept in memory
// here; tests/search-listed.test.ts runs the same rules on the shared database table.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ETSY_KEY_REFUSED_MESSAGE,
  ETSY_QUOTA_MESSAGE,
  EtsyKeyRefusedError,
  EtsyListedSource,
  MemoryEtsyState,
  etsyConfig,
  etsyConfigured,
} from '../supabase/functions/_shared/market/etsy.ts';
import {
  SourceRateLimitedError,
  SourceUnavailableError,
} from '../supabase/functions/_shared/market/types.ts';
import { startFakeEtsy, type FakeEtsy } from './fakes/etsy-server.ts';

let etsy: FakeEtsy;
let state: MemoryEtsyState;
let logged: string[];
const signal = () => new AbortController().signal;

function source(extra: Record<string, string> = {}) {
  return new EtsyListedSource(
    etsyConfig({
      ETSY_API_BASE: etsy.url,
      ETSY_API_KEY: etsy.keystring,
      ETSY_SHARED_SECRET: etsy.sharedSecret,
      ...extra,
    }),
    state,
    (message) => logged.push(message),
  );
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

beforeEach(async () => {
  etsy = await startFakeEtsy({
    listings: [
      { title: 'Vintage Levis 501 jeans', taxonomyId: 448 },
      { title: 'Levis 501 jeans 1990s', taxonomyId: 448 },
      { title: 'Levis 501 denim jacket', taxonomyId: 449 },
    ],
  });
  state = new MemoryEtsyState();
  logged = [];
});
afterEach(async () => {
  await etsy.stop();
});

describe('configuration', () => {
  it('needs the keystring and the shared secret (Etsy requires both since February 2026)', () => {
    expect(etsyConfigured({ ETSY_API_KEY: 'k' })).toBe(false);
    expect(etsyConfigured({ ETSY_SHARED_SECRET: 's' })).toBe(false);
    expect(etsyConfigured({ ETSY_API_KEY: 'k', ETSY_SHARED_SECRET: 's' })).toBe(true);
    expect(etsyConfig({}).apiBase).toBe('https://openapi.etsy.com');
    expect(etsyConfig({ ETSY_TAXONOMY_ID: 'clothing' }).taxonomyId).toBeNull();
  });

  it('without a key it fails without asking Etsy', async () => {
    const error = await rejection(source({ ETSY_SHARED_SECRET: '' }).countListed('levis', signal()));
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect(etsy.requests).toHaveLength(0);
  });
});

describe('the count', () => {
  it("reads `count` from one listing's page, sending keystring:shared_secret and the normalised words", async () => {
    expect(await source().countListed("Levi's 501", signal())).toBe(3);
    const request = etsy.requests.at(-1)!;
    expect(request.path).toBe('/v3/application/listings/active');
    expect(request.apiKey).toBe(`${etsy.keystring}:${etsy.sharedSecret}`);
    expect(Object.fromEntries(request.query)).toEqual({ keywords: 'levis 501', limit: '1' });
  });

  it('searches within ETSY_TAXONOMY_ID when set', async () => {
    expect(await source({ ETSY_TAXONOMY_ID: '448' }).countListed('levis 501', signal())).toBe(2);
    expect(etsy.requests.at(-1)!.query.get('taxonomy_id')).toBe('448');
  });

  it('a real zero is 0; a 200 without a count is null (unknown), never 0', async () => {
    expect(await source().countListed('gucci loafers', signal())).toBe(0);
    etsy.failNext({ status: 200, body: { results: [] } });
    expect(await source().countListed('levis 501', signal())).toBeNull();
  });

  it("gives up with the caller's signal", async () => {
    etsy.setDelay(1000);
    const controller = new AbortController();
    const reason = new Error('deadline');
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejection(source().countListed('levis 501', controller.signal))).toBe(reason);
  });
});

describe('429', () => {
  it('over the per-second limit: blocked for 1 second, during which nobody asks Etsy', async () => {
    etsy.exceedPerSecond();
    const error = await rejection(source().countListed('levis 501', signal()));
    expect(error).toBeInstanceOf(SourceRateLimitedError);
    expect(error).toMatchObject({ message: ETSY_QUOTA_MESSAGE, retryAfter: 1 });
    // Another source on the same shared state (another instance) is refused without a request.
    expect(await rejection(source().countListed('levis 505', signal()))).toBeInstanceOf(
      SourceRateLimitedError,
    );
    expect(etsy.searches()).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await source().countListed('levis 501', signal())).toBe(3);
  });

  it("over the daily limit: Etsy's Retry-After when sent (seconds or a date)", async () => {
    etsy.exceedPerDay(86_400);
    expect(await rejection(source().countListed('levis 501', signal()))).toMatchObject({
      retryAfter: 86_400,
    });

    await etsy.stop();
    etsy = await startFakeEtsy();
    state = new MemoryEtsyState();
    const at = new Date(Date.now() + 600_000).toUTCString();
    etsy.failNext({
      status: 429,
      body: { error: 'Exceeded daily rate limit' },
      headers: { 'retry-after': at },
    });
    const retryAfter = ((await rejection(source().countListed('levis', signal()))) as SourceRateLimitedError)
      .retryAfter;
    expect(retryAfter).toBeGreaterThanOrEqual(598);
    expect(retryAfter).toBeLessThanOrEqual(601);
  });

  it('over the daily limit without a Retry-After: two hours, whether the header or the message says so', async () => {
    etsy.exceedPerDay();
    expect(await rejection(source().countListed('levis 501', signal()))).toMatchObject({ retryAfter: 7200 });

    await etsy.stop();
    etsy = await startFakeEtsy();
    state = new MemoryEtsyState();
    etsy.failNext({ status: 429, body: { error: 'Exceeded daily rate limit' } });
    expect(await rejection(source().countListed('levis 501', signal()))).toMatchObject({ retryAfter: 7200 });
  });

  it('a shorter block never shortens a longer one', async () => {
    etsy.exceedPerDay(3600);
    await rejection(source().countListed('levis 501', signal()));
    etsy.resetDay();
    await state.block(source().blockKey, 1);
    expect(await rejection(source().countListed('levis 501', signal()))).toMatchObject({ retryAfter: 3600 });
    expect(etsy.searches()).toBe(1);
  });
});

describe('a refused key', () => {
  it.each([
    ['a wrong keystring or secret', 403, { error: 'Invalid API key' }],
    ['a keystring without its secret', 403, { error: 'Shared secret is required in x-api-key header.' }],
    ['an older refusal', 400, { error: 'Invalid API key' }],
    ['a 401', 401, { error: 'Unauthorized' }],
  ])('%s is EtsyKeyRefusedError, logged, never a count', async (_, status, body) => {
    etsy.failNext({ status, body });
    const error = await rejection(source().countListed('levis 501', signal()));
    expect(error).toBeInstanceOf(EtsyKeyRefusedError);
    expect((error as Error).message).toBe(ETSY_KEY_REFUSED_MESSAGE);
    expect(logged).toEqual([`Etsy refused the API key: HTTP ${status} ${body.error}`]);
  });

  it('the fake refuses a wrong secret as Etsy does', async () => {
    const error = await rejection(source({ ETSY_SHARED_SECRET: 'wrong' }).countListed('levis 501', signal()));
    expect(error).toBeInstanceOf(EtsyKeyRefusedError);
  });

  it('a 5xx is unavailable, not a refused key', async () => {
    etsy.failNext({ status: 503, body: { error: 'Service unavailable' } });
    const error = await rejection(source().countListed('levis 501', signal()));
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect(error).not.toBeInstanceOf(EtsyKeyRefusedError);
    expect(logged).toEqual([]);
  });
});
