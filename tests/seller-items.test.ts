// Your sales (issue 21): a reseller's imported items are theirs alone. The real supabase-js client against the emulator,
// as two signed-in users and a visitor, through REST and RPC; on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import type { SaleRow } from '../src/features/sales/lib/import/types';
import type { SalesSummary } from '../src/features/sales/lib/summary-types';
import { client, userClient } from './support/supabase';

let emu: RunningEmulator;
let service: SupabaseClient;
let anon: SupabaseClient;
type User = { id: string; db: SupabaseClient };
let ana: User;
let ben: User;

const day = 86_400_000;
const now = Date.now();
const iso = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();

function row(id: string, over: Partial<SaleRow> = {}): SaleRow {
  return {
    marketplace: 'poshmark',
    external_id: id,
    title: "Levi's 501 Original Fit Jeans W32 L30",
    brand: "Levi's",
    category: 'Jeans',
    size: '32',
    condition: 'pre_owned',
    status: 'sold',
    price: 40,
    currency: 'USD',
    listed_at: iso(30),
    sold_at: iso(10),
    ...over,
  };
}

// Ana's items: 3 Levi's sold (prices 30, 40, 60; 10, 20, 40 days to sell), 2 listed; a Coach bag sold in GBP.
const anaRows: SaleRow[] = [
  row('a1', { price: 30, listed_at: iso(20), sold_at: iso(10) }),
  row('a2', { price: 40, listed_at: iso(30), sold_at: iso(10) }),
  row('a3', { price: 60, listed_at: iso(50), sold_at: iso(10), marketplace: 'depop' }),
  row('a4', { status: 'available', sold_at: null, price: 45 }),
  row('a5', { status: 'available', sold_at: null, price: 50, condition: null }),
  row('a6', {
    title: 'Coach Tabby Shoulder Bag',
    brand: 'COACH',
    category: 'Bags',
    size: null,
    price: 120,
    currency: 'GBP',
  }),
];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  service = client(emu.url, emu.serviceRoleKey);
  anon = client(emu.url, emu.anonKey);
  ana = await userClient(emu, 'ana.sales@example.com');
  ben = await userClient(emu, 'ben.sales@example.com');
  const { data, error } = await ana.db.rpc('seller_items_import', {
    p_rows: anaRows,
    p_format: 'poshmark-sales',
  });
  expect(error).toBeNull();
  expect(data).toEqual({ inserted: 6, updated: 0, unchanged: 0 });
  const benImport = await ben.db.rpc('seller_items_import', {
    p_rows: [row('b1', { price: 999 })],
    p_format: null,
  });
  expect(benImport.error).toBeNull();
});

afterAll(async () => {
  await emu?.stop();
});

describe('importing', () => {
  it('adds nothing when the same rows come again, and updates only what changed', async () => {
    const again = await ana.db.rpc('seller_items_import', { p_rows: anaRows, p_format: 'poshmark-sales' });
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ inserted: 0, updated: 0, unchanged: 6 });

    // The listed a4 has since sold: the same id with a sale updates the one row.
    const sold = await ana.db.rpc('seller_items_import', {
      p_rows: [row('a4', { status: 'available', sold_at: null, price: 45 }), row('a7', { price: 55 })],
    });
    expect(sold.data).toEqual({ inserted: 1, updated: 0, unchanged: 1 });
    const { count } = await ana.db.from('seller_items').select('id', { count: 'exact', head: true });
    expect(count).toBe(7);
    const undo = await ana.db.from('seller_items').delete().eq('external_id', 'a7');
    expect(undo.error).toBeNull();
  });

  it('keeps the later of two rows with one key in a batch', async () => {
    const { data, error } = await ben.db.rpc('seller_items_import', {
      p_rows: [row('b2', { price: 10 }), row('b2', { price: 12 })],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    const { data: rows } = await ben.db.from('seller_items').select('price').eq('external_id', 'b2');
    expect(rows).toEqual([{ price: 12 }]);
  });

  it('refuses a row the database constraints reject, with the reason', async () => {
    const { error } = await ana.db.rpc('seller_items_import', {
      p_rows: [row('bad', { status: 'sold', sold_at: null })],
    });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('seller_items_sold_has_sold_at');
  });

  it('computes the match key itself, whatever the client sends', async () => {
    const { data } = await ana.db
      .from('seller_items')
      .update({ search_terms: ['forged'] })
      .eq('external_id', 'a1')
      .select('search_terms');
    expect(data?.[0].search_terms).toEqual(expect.arrayContaining(['levis', '501', 'jeans']));
    expect(data?.[0].search_terms).not.toContain('forged');
  });

  it('refuses a visitor', async () => {
    const { error } = await anon.rpc('seller_items_import', { p_rows: [row('x')] });
    expect(error?.code).toBe('42501');
  });
});

describe('who can touch a seller item', () => {
  it('shows each user only their own rows', async () => {
    const mine = await ana.db.from('seller_items').select('external_id').order('external_id');
    expect(mine.data?.map((r) => r.external_id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    const theirs = await ben.db.from('seller_items').select('external_id').eq('user_id', ana.id);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
  });

  it('lets no other user update or delete them', async () => {
    const update = await ben.db.from('seller_items').update({ price: 1 }).eq('user_id', ana.id).select('id');
    expect(update.data).toEqual([]);
    const del = await ben.db.from('seller_items').delete().eq('user_id', ana.id).select('id');
    expect(del.data).toEqual([]);
    const { data } = await service.from('seller_items').select('price').eq('external_id', 'a1');
    expect(data).toEqual([{ price: 30 }]);
  });

  it('lets no user insert a row for someone else', async () => {
    const { error } = await ben.db.from('seller_items').insert({ ...row('forged'), user_id: ana.id });
    expect(error?.code).toBe('42501');
  });

  it('gives a visitor nothing', async () => {
    const read = await anon.from('seller_items').select('id');
    expect(read.error?.code).toBe('42501');
    expect(read.data).toBeNull();
    const summary = await anon.rpc('seller_sales_summary', {});
    expect(summary.error?.code).toBe('42501');
    const history = await anon.rpc('seller_history', { p_query: 'levis 501', p_condition: 'pre_owned' });
    expect(history.error?.code).toBe('42501');
  });

  it('reads only the caller’s rows through the RPCs', async () => {
    const benSummary = (await ben.db.rpc('seller_sales_summary', {})).data as SalesSummary;
    expect(benSummary.span.rows).toBe(2);
    expect(benSummary.overall.unitsSold).toBe(2);
    const benHistory = await ben.db.rpc('seller_history', { p_query: 'levis 501', p_condition: 'pre_owned' });
    expect(benHistory.data).toMatchObject({ sold: 2, listed: 0 });
  });
});

describe('your numbers', () => {
  it('counts, rates and medians over the user’s own rows', async () => {
    const { data, error } = await ana.db.rpc('seller_sales_summary', {});
    expect(error).toBeNull();
    const s = data as SalesSummary;
    expect(s.currency).toBe('USD');
    expect(s.otherCurrencySales).toBe(1);
    // 4 sold (3 Levi's and the bag), 2 listed: 200%, the SPEC's formula.
    expect(s.overall).toMatchObject({ unitsListed: 2, unitsSold: 4, sellThrough: 200 });
    expect(s.overall.medianPrice).toBe(40);
    expect(s.overall.p25Price).toBe(35);
    expect(s.overall.p75Price).toBe(50);
    // Days to sell 10, 20, 40 and 20 (the bag): median 20.
    expect(s.overall.medianDaysToSell).toBe(20);
    expect(s.byBrand.map((g) => [g.key, g.unitsSold, g.unitsListed])).toEqual([
      ["Levi's", 3, 2],
      ['COACH', 1, 0],
    ]);
    expect(s.byCondition).toContainEqual(
      expect.objectContaining({ key: null, unitsListed: 1, unitsSold: 0 }),
    );
    expect(s.byMarketplace.map((g) => g.key)).toEqual(['poshmark', 'depop']);
    expect(s.marketplaces.sort()).toEqual(['depop', 'poshmark']);
    expect(s.monthly).toHaveLength(12);
    expect(s.monthly.reduce((n, m) => n + m.unitsSold, 0)).toBe(4);
  });

  it('filters by marketplace and by sale dates', async () => {
    const depop = (await ana.db.rpc('seller_sales_summary', { p_marketplace: 'depop' })).data as SalesSummary;
    expect(depop.overall).toMatchObject({ unitsSold: 1, unitsListed: 0, sellThrough: null, medianPrice: 60 });
    const today = new Date().toISOString().slice(0, 10);
    const old = (await ana.db.rpc('seller_sales_summary', { p_from: '2020-01-01', p_to: '2020-12-31' }))
      .data as SalesSummary;
    expect(old.overall).toMatchObject({ unitsSold: 0, unitsListed: 2, medianPrice: null });
    const recent = (await ana.db.rpc('seller_sales_summary', { p_to: today })).data as SalesSummary;
    expect(recent.overall.unitsSold).toBe(4);
  });
});

describe('your history on the Explorer', () => {
  it('matches the user’s rows by the market search’s rules', async () => {
    const { data, error } = await ana.db.rpc('seller_history', {
      p_query: 'levis 501 jeans',
      p_condition: 'pre_owned',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      listed: 1,
      sold: 3,
      sellThrough: 300,
      medianPrice: 40,
      currency: 'USD',
      medianDaysToSell: 20,
      unknownCondition: 1,
    });
    // Brand aliases and exclusions work as in the market search.
    const alias = await ana.db.rpc('seller_history', { p_query: "Levi's 501", p_condition: 'pre_owned' });
    expect(alias.data).toMatchObject({ sold: 3 });
    const excluded = await ana.db.rpc('seller_history', { p_query: 'levis -501', p_condition: 'pre_owned' });
    expect(excluded.data).toMatchObject({ sold: 0, listed: 0 });
    const other = await ana.db.rpc('seller_history', { p_query: 'nike air max', p_condition: 'pre_owned' });
    expect(other.data).toMatchObject({ sold: 0, listed: 0 });
  });

  it('answers null to a user who imported nothing', async () => {
    const cleo = await userClient(emu, 'cleo.sales@example.com');
    const { data, error } = await cleo.db.rpc('seller_history', {
      p_query: 'levis',
      p_condition: 'pre_owned',
    });
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('removing the data', () => {
  it('deletes every row when the account is deleted', async () => {
    const dan = await userClient(emu, 'dan.sales@example.com');
    await dan.db.rpc('seller_items_import', { p_rows: [row('d1'), row('d2')] });
    expect((await service.from('seller_items').select('id').eq('user_id', dan.id)).data).toHaveLength(2);
    const { error } = await service.auth.admin.deleteUser(dan.id);
    expect(error).toBeNull();
    expect((await service.from('seller_items').select('id').eq('user_id', dan.id)).data).toEqual([]);
  });

  it('"Delete all my imported data" removes the user’s rows and no one else’s', async () => {
    const { count, error } = await ben.db
      .from('seller_items')
      .delete({ count: 'exact' })
      .eq('user_id', ben.id);
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect((await ben.db.from('seller_items').select('id')).data).toEqual([]);
    expect((await ana.db.from('seller_items').select('id')).data).toHaveLength(6);
  });
});
