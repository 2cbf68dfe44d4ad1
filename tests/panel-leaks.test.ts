// The seller panel's cheap leaks (issue 49), tried as a competitor would: ordinary accounts, ordinary calls. A
// withheld answer says nothing of who stands behind it; no call returns another seller's shared row; "data since"
// is a date of the question, not of anyone's rows; out-of-range dates are refused on every path; and a loop of
// sharing calls is limited and leaves other users' cached answers alone. The real supabase-js client against the
// emulator; on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import type { SaleRow } from '../src/features/sales/lib/import/types';
import { client, userClient } from './support/supabase';

type User = { id: string; email: string; db: SupabaseClient };

const day = 86_400_000;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();

function item(tag: string, over: Partial<SaleRow> = {}): SaleRow {
  return {
    marketplace: 'poshmark',
    external_id: `order-${tag}`,
    title: `Vintage Pendleton Board Shirt ${tag}`,
    brand: 'Pendleton',
    category: 'Shirts',
    size: 'L',
    condition: 'pre_owned',
    status: 'sold',
    price: 64,
    currency: 'USD',
    listed_at: iso(30),
    sold_at: iso(10),
    ...over,
  };
}

let emu: RunningEmulator;
let service: SupabaseClient;
let seq = 0;

async function seller(rows: SaleRow[]): Promise<User> {
  const user = await userClient(emu, `leak${++seq}.panel@example.com`);
  const { error } = await user.db.rpc('seller_items_import', { p_rows: rows, p_format: null });
  expect(error).toBeNull();
  const shared = await user.db.rpc('panel_set_sharing', { p_share: true });
  expect(shared.error).toBeNull();
  return user;
}

async function search(user: User, kind: 'available' | 'sold', body: Record<string, unknown>) {
  const { data, error } = await user.db.functions.invoke(`search-${kind}`, { body });
  expect(error).toBeNull();
  return data as Record<string, unknown>;
}

/** The answer as a client receives it, less the moment it was counted (asOf: the clock, not the data), */
// and less whether it came from the cache (a sharing change forgets no answer, issue 52, so the second ask is cached).
const withoutClock = (answer: Record<string, unknown>) =>
  JSON.stringify({ ...answer, asOf: undefined, cached: undefined });

beforeAll(async () => {
  // The searches' own rate limit (30 a minute) is not what this file tries.
  emu = await startEmulator({
    port: 0,
    dataDir: 'memory',
    testing: true,
    log: false,
    functionEnv: { MARKET_RATE_LIMIT: '1000' },
  });
  service = client(emu.url, emu.serviceRoleKey);
});

afterAll(async () => {
  await emu?.stop();
});

describe('a withheld answer', () => {
  it('is the same, byte for byte, for one seller and for four, in every window and on both sides', async () => {
    const viewer = await userClient(emu, 'withheld.viewer@example.com');
    // Each query is asked once per number of sellers, so no answer comes from the cache of another.
    const ask = async (q: string) => {
      const answers: string[] = [];
      answers.push(withoutClock(await search(viewer, 'available', { itemName: q, condition: 'pre_owned' })));
      for (const windowDays of [30, 90, 180, 365])
        answers.push(
          withoutClock(await search(viewer, 'sold', { itemName: q, condition: 'pre_owned', windowDays })),
        );
      return answers;
    };
    const kapital = { title: 'Kapital Boro Kakashi Jacket', brand: 'Kapital', category: 'Jackets' };
    const listed = (tag: string) =>
      item(tag, { ...kapital, title: `${kapital.title} ${tag}`, status: 'available', sold_at: null });
    const sold = (tag: string) => item(tag, { ...kapital, title: `${kapital.title} ${tag}`, price: 410 });

    await seller([listed('v1'), sold('v2')]);
    const one = await ask('kapital boro kakashi jacket');
    for (let s = 0; s < 3; s++) await seller([listed(`a${s}1`), sold(`a${s}2`), sold(`a${s}3`)]);
    const four = await ask('kapital boro kakashi jacket');

    expect(four).toEqual(one);
    const available = JSON.parse(one[0]);
    // Shared rows are never counted by a search (issue 52): both are the answers of no sales at all.
    expect(available).toMatchObject({ availableCount: 0 });
    expect(JSON.parse(one[2])).toMatchObject({ soldCount: 0, recentSales: [], medianPrice: null });
  });
});

describe('other sellers’ shared rows', () => {
  it('are counted and never returned: not in recent sales, not in any answer or call a user can make', async () => {
    // A victim's shared sale with a shop handle in its title, and a price no one else uses; four more sellers lift
    // every figure over the threshold.
    const handle = 'zqxvshop';
    const victim = await seller([
      item('victim', {
        title: `Vintage Pendleton Board Shirt DM @${handle}`,
        price: 123.45,
        sold_at: iso(1),
      }),
    ]);
    const others = [];
    for (let s = 0; s < 5; s++)
      others.push(await seller([item(`o${s}a`), item(`o${s}b`, { sold_at: iso(20) })]));
    const viewer = await userClient(emu, 'rows.viewer@example.com');

    // The vocabulary ("did you mean", typo corrections) is rebuilt from the index, shared titles included.
    expect((await service.rpc('market_refresh_vocabulary')).error).toBeNull();
    const bodies: string[] = [];
    const typo = `${handle.slice(0, -1)}x`;
    for (const q of [
      'pendleton board shirt',
      `pendleton ${handle}`,
      handle,
      'pendleton',
      `pendleton ${typo}`,
      typo,
    ])
      for (const condition of ['pre_owned', 'new_with_tags']) {
        bodies.push(JSON.stringify(await search(viewer, 'available', { itemName: q, condition })));
        for (const windowDays of [30, 90, 180, 365])
          bodies.push(JSON.stringify(await search(viewer, 'sold', { itemName: q, condition, windowDays })));
      }
    // Shared sales reach a search only through the weekly release (issue 52): the exact count holds none of them.
    const headline = JSON.parse(bodies[2]);
    expect(headline.soldCount).toBe(0);
    expect(headline.recentSales).toEqual([]);
    for (const rpc of [
      ['seller_sales_summary', {}],
      ['seller_history', { p_query: 'pendleton board shirt', p_condition: 'pre_owned' }],
      ['panel_sharing_status', {}],
    ] as const) {
      const { data, error } = await viewer.db.rpc(rpc[0], rpc[1]);
      expect(error).toBeNull();
      bodies.push(JSON.stringify(data));
    }
    const sources = await viewer.db.functions.invoke('market-sources', { method: 'GET' });
    bodies.push(JSON.stringify(sources.data));
    for (const body of bodies) {
      expect(body).not.toContain(handle);
      expect(body).not.toContain('123.45');
      expect(body).not.toContain(victim.id);
    }
  });
});

describe('data since', () => {
  it('is the window’s start, the same before and after a seller shares a sale dated years back', async () => {
    const viewer = await userClient(emu, 'since.viewer@example.com');
    const since = async (q: string) => {
      const answer = await search(viewer, 'sold', { itemName: q, condition: 'pre_owned', windowDays: 365 });
      // The UTC day the window starts on: today and the 364 days before it (decision 086).
      const start = new Date(Date.parse(answer.asOf as string) - 364 * day);
      expect(answer.dataSince).toBe(
        new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())).toISOString(),
      );
      return (answer.dataSince as string).slice(0, 10);
    };
    const before = await since('pendleton board shirt');
    await seller([item('old', { listed_at: iso(6 * 365 + 30), sold_at: iso(6 * 365) })]);
    expect(await since('pendleton flannel')).toBe(before);
  });
});

describe('dates out of range', () => {
  const bad = [
    '9999-12-31T00:00:00Z',
    'infinity',
    '-infinity',
    '0001-01-01T00:00:00Z',
    '1999-12-31T00:00:00Z',
  ];

  it('are refused by the import RPC, a direct insert and an update, for sale and listing dates', async () => {
    const user = await userClient(emu, 'dates.importer@example.com');
    for (const [n, at] of bad.entries()) {
      const sale = await user.db.rpc('seller_items_import', {
        p_rows: [item(`d${n}`, { sold_at: at, listed_at: null })],
        p_format: null,
      });
      expect(sale.error?.message, at).toMatch(/seller_items_dates_in_range/);
      const listing = await user.db.rpc('seller_items_import', {
        p_rows: [item(`l${n}`, { status: 'available', sold_at: null, listed_at: at })],
        p_format: null,
      });
      expect(listing.error?.message, at).toMatch(/seller_items_dates_in_range/);
      const direct = await user.db
        .from('seller_items')
        .insert(item(`i${n}`, { sold_at: at, listed_at: null }));
      expect(direct.error?.message, at).toMatch(/seller_items_dates_in_range/);
    }
    // Three days ahead is refused; tomorrow is not (a late sale west of UTC is already tomorrow there).
    const ahead = new Date(Date.now() + 3 * day).toISOString();
    const tomorrow = new Date(Date.now() + day).toISOString();
    expect(
      (
        await user.db.rpc('seller_items_import', {
          p_rows: [item('ahead', { sold_at: ahead, listed_at: null })],
        })
      ).error?.message,
    ).toMatch(/seller_items_dates_in_range/);
    expect(
      (
        await user.db.rpc('seller_items_import', {
          p_rows: [item('tomorrow', { sold_at: tomorrow, listed_at: null })],
        })
      ).error,
    ).toBeNull();
    const update = await user.db
      .from('seller_items')
      .update({ sold_at: '9999-01-01T00:00:00Z' })
      .eq('external_id', 'order-tomorrow');
    expect(update.error?.message).toMatch(/seller_items_dates_in_range/);
    const { count } = await user.db.from('seller_items').select('*', { count: 'exact', head: true });
    expect(count).toBe(1);
  });

  it('are refused in the market index itself, whatever writes there (market import, the service role)', async () => {
    for (const at of bad) {
      const { error } = await service.from('market_listings').insert({
        marketplace: 'ebay',
        external_id: `range-${at}`,
        title: 'Pendleton Board Shirt',
        condition: 'pre_owned',
        status: 'sold',
        sold_at: at,
        source: 'import',
      });
      expect(error?.message, at).toMatch(/market_listings_dates_in_range/);
    }
  });
});

describe('sharing calls', () => {
  it('are limited per account, and a loop of them leaves another user’s cached answer in place', async () => {
    const viewer = await userClient(emu, 'loop.viewer@example.com');
    const body = { itemName: 'pendleton board shirt', condition: 'pre_owned' };
    await search(viewer, 'available', body);
    expect(await search(viewer, 'available', body)).toMatchObject({ cached: true });

    const windows = new Set([Math.floor(Date.now() / 60_000)]);
    const attacker = await seller([
      item('loop', { title: 'Carhartt Detroit Jacket loop', brand: 'Carhartt', category: 'Jackets' }),
    ]);
    const statuses = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const { error } =
        i % 10 === 0
          ? await attacker.db.rpc('panel_set_sharing', { p_share: true })
          : await attacker.db.rpc('panel_share_more');
      windows.add(Math.floor(Date.now() / 60_000));
      const code = error?.code ?? 'ok';
      statuses.set(code, (statuses.get(code) ?? 0) + 1);
      if (error && code !== 'PT429') throw error;
    }
    // At most 60 sharing calls in each minute's window (joining above counted too); every other call refused.
    const allowed = 60 * windows.size - 1;
    expect(statuses.get('ok')).toBeLessThanOrEqual(allowed);
    expect(statuses.get('PT429')).toBeGreaterThanOrEqual(1000 - allowed);
    const refused = await attacker.db.rpc('panel_share_more');
    expect(refused.error).toMatchObject({ code: 'PT429' });
    expect(refused.error?.message).toMatch(
      /^Too many sharing changes in a minute\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(refused.error?.details)).toBeGreaterThan(0);

    // Leaving is never limited.
    expect((await attacker.db.rpc('panel_set_sharing', { p_share: false })).error).toBeNull();
    // Nothing the attacker shared or withdrew is a Pendleton shirt: the viewer's answer is still the cached one.
    expect(await search(viewer, 'available', body)).toMatchObject({ cached: true });
  });

  it('move no answer: a seller joining and correcting a shared price leaves every figure as it was', async () => {
    const viewer = await userClient(emu, 'reimport.viewer@example.com');
    const body = { itemName: 'pendleton board shirt', condition: 'pre_owned', windowDays: 90 };
    const figures = (answer: Record<string, unknown>) =>
      JSON.stringify({ ...answer, asOf: undefined, cached: undefined });
    const first = await search(viewer, 'sold', body);
    // A panel seller joins with a sale of the item, then corrects its price by importing the row again.
    const fixer = await seller([item('fix', { price: 60 })]);
    expect(figures(await search(viewer, 'sold', body))).toBe(figures(first));
    const { error } = await fixer.db.rpc('seller_items_import', {
      p_rows: [item('fix', { price: 61 })],
      p_format: null,
    });
    expect(error).toBeNull();
    expect(figures(await search(viewer, 'sold', body))).toBe(figures(first));
  });
});
