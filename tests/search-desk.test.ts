// The research desk through the search functions (issue 54): the window, a size, a marketplace and a price band in the
// request, checked and passed to the index as p_filters, cached apart from the plain search, and the sold answer's
// trend; the figures equal the SQL functions' over the same listings. eBay applies what it can (a price band, eBay
// itself) and says what it cannot (a size, another marketplace).
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { resetEbayState } from '../supabase/functions/_shared/market/ebay.ts';
import { ebayMarketEnv, startFakeEbay, type FakeEbay } from './fakes/ebay-server';
import { setFunctionEnv } from './support/function-env';
import { daysAgo, listingsOf } from './support/market';
import { signUpAndSignIn } from './support/supabase';

let emu: RunningEmulator;
let ebay: FakeEbay;
let user: SupabaseClient;

const listing = listingsOf('desk', {
  title: 'Lululemon Align Pant Black Size 6',
  brand: 'Lululemon',
  category: 'Leggings',
  size: '6',
  colour: 'Black',
  price: 50,
});

async function failure(result: { error: unknown }) {
  expect(result.error).toBeInstanceOf(FunctionsHttpError);
  const response = (result.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  ebay = await startFakeEbay({
    items: [
      { title: 'levis 501 jeans 32x30', conditionId: '3000', price: 25 },
      { title: 'levis 501 jeans dark', conditionId: '3000', price: 45 },
      { title: 'levis 501 jeans rare', conditionId: '3000', price: 120 },
    ],
  });
  await upsertListings(emu.db, [
    listing(1, {}),
    listing(2, { marketplace: 'ebay', price: 30 }),
    listing(3, { title: 'Lululemon Align Pant Black Size 8', size: '8', price: 70 }),
    listing(4, { status: 'sold', sold_at: daysAgo(5), listed_at: daysAgo(9), price: 48 }),
    listing(5, {
      status: 'sold',
      sold_at: daysAgo(20),
      listed_at: daysAgo(33),
      price: 22,
      marketplace: 'mercari',
    }),
    listing(6, { status: 'sold', sold_at: daysAgo(60), listed_at: daysAgo(70), price: 40 }),
    listing(7, { status: 'sold', sold_at: daysAgo(150), listed_at: daysAgo(160), price: 35 }),
    listing(8, {
      title: 'Lululemon Align Pant Black Size 8',
      size: '8',
      status: 'sold',
      sold_at: daysAgo(12),
      listed_at: daysAgo(15),
      price: 80,
    }),
  ]);
  await mergeCells(emu.db);
  user = (await signUpAndSignIn(emu, 'search-desk')).sb;
});

afterAll(async () => {
  await ebay?.stop();
  await emu?.stop();
});

afterEach(async () => {
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
  resetEbayState();
});

const base = { itemName: 'lululemon align', condition: 'pre_owned' };

describe('the desk in the request', () => {
  it('400 with a clear message for a size, marketplace or price band it cannot search by', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ size: 'x'.repeat(13) }, /^Size must be at most 12 letters/],
      [{ size: 'M; drop table' }, /^Size must be at most 12 letters/],
      [{ size: 42 }, /^Size must be/],
      [{ marketplace: 'amazon' }, /^Marketplace must be one of ebay, poshmark/],
      [{ priceMin: -1 }, 'The lowest price must be a number of dollars from 0 to 100,000.'],
      [{ priceMax: '50' }, 'The highest price must be a number of dollars from 0 to 100,000.'],
      [{ priceMax: 1e9 }, 'The highest price must be a number of dollars from 0 to 100,000.'],
      [{ priceMin: 50, priceMax: 50 }, 'The lowest price must be below the highest price.'],
      [{ priceMin: 80, priceMax: 20 }, 'The lowest price must be below the highest price.'],
      [{ windowDays: 60 }, 'The sold window must be one of 30, 90, 180, 365 days.'],
    ];
    for (const [extra, message] of cases) {
      for (const fn of ['search-available', 'search-sold']) {
        // The available search has no window: it ignores one it is sent.
        if (fn === 'search-available' && 'windowDays' in extra) continue;
        const r = await failure(await user.functions.invoke(fn, { body: { ...base, ...extra } }));
        expect(r.status, `${fn} ${JSON.stringify(extra)}`).toBe(400);
        expect(r.body.error, `${fn} ${JSON.stringify(extra)}`).toMatch(message);
      }
    }
  });

  it('reads empty narrowing as none: the plain answer', async () => {
    const plain = await user.functions.invoke('search-sold', { body: base });
    const empty = await user.functions.invoke('search-sold', {
      body: { ...base, size: '  ', marketplace: null, priceMin: null, priceMax: null },
    });
    expect(empty.error).toBeNull();
    expect(empty.data.soldCount).toBe(plain.data.soldCount);
    // The same cache entry: the plain search's key keeps its shape.
    expect(empty.data.cached).toBe(true);
  });
});

describe('the desk on the local index', () => {
  const sql = async (fn: 'available' | 'sold', filters: object, windowDays = 90) => {
    const { rows } = await emu.db.query<{ r: Record<string, unknown> }>(
      fn === 'available'
        ? `select public.market_count_available($1, $2, 5, $3::jsonb) as r`
        : `select public.market_count_sold($1, $2, $4, 5, $3::jsonb) as r`,
      fn === 'available'
        ? [base.itemName, base.condition, JSON.stringify(filters)]
        : [base.itemName, base.condition, JSON.stringify(filters), windowDays],
    );
    return rows[0].r;
  };

  const cases: [string, Record<string, unknown>, { available: number; sold: number }][] = [
    ['plain', {}, { available: 3, sold: 4 }],
    ['size 6', { size: '6' }, { available: 2, sold: 3 }],
    ['size 8', { size: '8' }, { available: 1, sold: 1 }],
    ['on Poshmark', { marketplace: 'poshmark' }, { available: 2, sold: 3 }],
    ['$20 to $50', { priceMin: 20, priceMax: 50 }, { available: 1, sold: 3 }],
    ['from $50', { priceMin: 50 }, { available: 2, sold: 1 }],
    ['under $50, on Mercari', { priceMax: 50, marketplace: 'mercari' }, { available: 0, sold: 1 }],
  ];

  it.each(cases)(
    '%s: the figures, by the function and by the SQL over the same listings',
    async (_, filters, want) => {
      const available = await user.functions.invoke('search-available', { body: { ...base, ...filters } });
      const sold = await user.functions.invoke('search-sold', { body: { ...base, ...filters } });
      expect(available.error).toBeNull();
      expect(sold.error).toBeNull();
      expect(available.data.availableCount).toBe(want.available);
      expect(sold.data.soldCount).toBe(want.sold);
      expect(available.data.availableCount).toBe((await sql('available', filters)).available);
      const direct = await sql('sold', filters);
      expect(sold.data.soldCount).toBe(direct.sold);
      expect(sold.data.weeks).toEqual(
        (direct.weeks as { week: string; sold: number | null; medianPrice: number | null }[]).map((w) => ({
          week: String(w.week).slice(0, 10),
          sold: w.sold,
          medianPrice: w.medianPrice === null ? null : Number(w.medianPrice),
        })),
      );
      expect(sold.data.trendReading).toEqual(direct.trendReading);
    },
  );

  it('caches each narrowing apart from the plain search and from the others', async () => {
    const body = { itemName: 'lululemon align pant', condition: 'pre_owned' };
    const first = await user.functions.invoke('search-sold', { body });
    expect(first.data).toMatchObject({ cached: false, soldCount: 4 });
    const narrowed = await user.functions.invoke('search-sold', { body: { ...body, size: '8' } });
    expect(narrowed.data).toMatchObject({ cached: false, soldCount: 1 });
    const other = await user.functions.invoke('search-sold', { body: { ...body, size: '8', priceMin: 100 } });
    expect(other.data).toMatchObject({ cached: false, soldCount: 0 });
    const again = await user.functions.invoke('search-sold', { body: { ...body, size: ' 8 ' } });
    expect(again.data).toMatchObject({ cached: true, soldCount: 1 });
    // Another window is another answer, with its own weeks.
    const month = await user.functions.invoke('search-sold', { body: { ...body, windowDays: 30 } });
    expect(month.data).toMatchObject({ cached: false, soldCount: 3, windowDays: 30 });
  });

  it('answers the window week by week: every ISO week, oldest first, with the reading of its thirds', async () => {
    for (const windowDays of [30, 90, 180, 365]) {
      const { data } = await user.functions.invoke('search-sold', { body: { ...base, windowDays } });
      const weeks = data.weeks as { week: string; sold: number | null; medianPrice: number | null }[];
      // From the week the window starts in to this week: 5 or 6 for 30 days, 53 or 54 for 365.
      expect(weeks.length).toBeGreaterThanOrEqual(Math.floor(windowDays / 7) + 1);
      expect(weeks.length).toBeLessThanOrEqual(Math.ceil(windowDays / 7) + 1);
      for (const [i, w] of weeks.entries()) {
        expect(new Date(`${w.week}T00:00:00Z`).getUTCDay(), w.week).toBe(1);
        if (i > 0) expect(Date.parse(w.week) - Date.parse(weeks[i - 1].week)).toBe(7 * 86_400_000);
      }
      expect(weeks.reduce((sum, w) => sum + (w.sold ?? 0), 0)).toBe(data.soldCount);
      // Four sales at most: too few to say how the pace or the price moves.
      expect(data.trendReading).toMatchObject({ pace: null, price: null });
    }
  });

  it('says the size a query writes, as the size choice writes it', async () => {
    const cases: [string, string | null][] = [
      ['lululemon align size 6', '6'],
      ['lululemon align pant M', 'M'],
      ['levis 501 32x30', '32x30'],
      ['lululemon align', null],
    ];
    for (const [itemName, size] of cases) {
      const { data } = await user.functions.invoke('search-available', {
        body: { itemName, condition: 'pre_owned' },
      });
      expect(data.reading?.size ?? null, itemName).toBe(size);
    }
  });
});

describe('the desk on eBay', () => {
  it('applies a price band as its own filter, eBay as the marketplace, and says a size it cannot apply', async () => {
    await setFunctionEnv(emu.url, ebayMarketEnv(ebay));
    const plain = await user.functions.invoke('search-available', {
      body: { itemName: 'levis 501', condition: 'pre_owned' },
    });
    expect(plain.data).toMatchObject({ availableCount: 3, source: 'ebay' });
    expect(plain.data.notNarrowedBy).toBeUndefined();

    const band = await user.functions.invoke('search-available', {
      body: {
        itemName: 'levis 501',
        condition: 'pre_owned',
        priceMin: 20,
        priceMax: 45,
        marketplace: 'ebay',
      },
    });
    // [20, 45): $25 in, $45 out (eBay's band is inclusive: asked to $44.99).
    expect(band.data).toMatchObject({ availableCount: 1, source: 'ebay' });
    const sent = ebay.requests.filter((r) => r.path === '/buy/browse/v1/item_summary/search').at(-1);
    expect(sent?.query.get('filter')).toContain('price:[20..44.99],priceCurrency:USD');

    const sized = await user.functions.invoke('search-available', {
      body: { itemName: 'levis 501', condition: 'pre_owned', size: '32x30' },
    });
    expect(sized.data).toMatchObject({ availableCount: 3, notNarrowedBy: ['size'] });
    const sizedSold = await user.functions.invoke('search-sold', {
      body: { itemName: 'levis 501', condition: 'pre_owned', size: '32x30' },
    });
    // This keyset has no sold data at all: said as before, whatever the narrowing.
    expect(sizedSold.data).toMatchObject({ soldCount: null, source: 'ebay' });
  });

  it('answers no count, with the reason, for another marketplace: none of its listings are eBay’s', async () => {
    await setFunctionEnv(emu.url, ebayMarketEnv(ebay));
    const before = ebay.requests.length;
    const { data, error } = await user.functions.invoke('search-available', {
      body: { itemName: 'levis 501', condition: 'pre_owned', marketplace: 'poshmark' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ availableCount: null, source: 'ebay' });
    expect(data.reason).toBe(
      "eBay's figures are eBay listings only, so they cannot be narrowed to another marketplace.",
    );
    expect(ebay.requests.length).toBe(before);
  });
});
