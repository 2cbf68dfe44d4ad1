// Your sales as a reseller's desk (issue 51 item 7, decision 081), the database's side: public.seller_sales_summary
// counts units, leaves cancelled, refunded and returned sales out, lets an order record stand aside once its items are
// imported (its order-level money still counting), adds up revenue, shipping, fees, net, cost, profit and ROI with how
// many sales have each, has no sell-through where nothing is listed, and spans its months over the data. The real
// supabase-js client against the emulator; on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import type { SalesGroup, SalesSummary } from '../src/features/sales/lib/summary-types';
import { userClient } from './support/supabase';

let emu: RunningEmulator;
type User = Awaited<ReturnType<typeof userClient>>;
let dee: User;
let eve: User;

const day = 86_400_000;
const now = Date.now();
const iso = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
/** '2026-11' of a time, in UTC as the database reads it. */
const monthOf = (time: string) => time.slice(0, 7);

type Line = Record<string, unknown>;

/** A sale of one unit at $10, listed 30 days before it sold 10 days ago; `over` changes any field. */
function line(id: string, over: Line = {}): Line {
  return {
    marketplace: 'etsy',
    external_id: id,
    title: `Item ${id}`,
    brand: null,
    category: null,
    size: null,
    condition: 'pre_owned',
    status: 'sold',
    price: 10,
    currency: 'USD',
    listed_at: iso(40),
    sold_at: iso(10),
    ...over,
  };
}

/** Sold `days` after listing, `ago` days ago. */
const sold = (ago: number, days: number) => ({ sold_at: iso(ago), listed_at: iso(ago + days) });

// Dee's desk. Counting sale lines (units x unit price, days to sell):
//   a  3 x $10, 2 days   Nike  shipping 6, fees 4, net 32, cost 9   -> profit 23
//   b  1 x $40, 50 days  Nike  fees 8, net 32 (no cost)             -> sold 400 days ago, so the months span it
//   c  2 x $20, 30 days  Zara  in_progress: a sale, no money
//   E1 items: 1 x $20 and 1 x $30, 40 days, cost 10 and 12; their order record (2 x $25, shipping 5, fees 6, net 44)
//      stands aside for them, its money still counting
//   E2 order record alone: 2 x $15, 40 days, net 25, cost 8          -> profit 17
// Not sales: r refunded, x cancelled, t returned, E3 a refunded order record with its item line.
// Listed now: 5 units of one listing and 1 of another.
const deeRows: Line[] = [
  line('a', { brand: 'Nike', quantity: 3, ...sold(10, 2), shipping: 6, fees: 4, net: 32, cost: 9 }),
  line('b', { brand: 'Nike', price: 40, ...sold(400, 50), sale_status: 'completed', fees: 8, net: 32 }),
  line('c', { brand: 'Zara', quantity: 2, price: 20, ...sold(10, 30), sale_status: 'in_progress' }),
  line('order:E1', {
    record_kind: 'order',
    order_id: 'E1',
    quantity: 2,
    price: 25,
    ...sold(10, 40),
    shipping: 5,
    fees: 6,
    net: 44,
  }),
  line('E1:1', { brand: 'Mugworks', order_id: 'E1', price: 20, ...sold(10, 40), cost: 10 }),
  line('E1:2', { brand: 'Mugworks', order_id: 'E1', price: 30, ...sold(10, 40), cost: 12 }),
  line('order:E2', {
    record_kind: 'order',
    order_id: 'E2',
    quantity: 2,
    price: 15,
    ...sold(10, 40),
    net: 25,
    cost: 8,
  }),
  line('r', { brand: 'Nike', price: 100, sale_status: 'refunded', net: 90, cost: 5 }),
  line('x', { brand: 'Nike', price: 80, sale_status: 'cancelled', fees: 3 }),
  line('t', { brand: 'Zara', price: 70, sale_status: 'returned', shipping: 4 }),
  line('order:E3', { record_kind: 'order', order_id: 'E3', price: 60, sale_status: 'refunded', net: 50 }),
  line('E3:1', { brand: 'Mugworks', order_id: 'E3', price: 60, cost: 20 }),
  line('l1', { brand: 'Nike', status: 'available', sold_at: null, quantity: 5, price: 12 }),
  line('l2', { brand: 'Zara', status: 'available', sold_at: null, price: 50 }),
];

async function summary(user: User, args: Record<string, string> = {}): Promise<SalesSummary> {
  const { data, error } = await user.db.rpc('seller_sales_summary', args);
  expect(error).toBeNull();
  return data as SalesSummary;
}

const brand = (s: SalesSummary, key: string | null) => s.byBrand.find((g) => g.key === key) as SalesGroup;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  dee = await userClient(emu, 'dee.desk@example.com');
  eve = await userClient(emu, 'eve.desk@example.com');
  const imported = await dee.db.rpc('seller_items_import', { p_rows: deeRows, p_format: null });
  expect(imported.error).toBeNull();
  // Eve imported her sales only: nothing listed.
  const eves = await eve.db.rpc('seller_items_import', {
    p_rows: [line('e1', { brand: 'Nike', quantity: 4 }), line('e2', { brand: 'Zara', price: 30 })],
    p_format: null,
  });
  expect(eves.error).toBeNull();
});

afterAll(async () => {
  await emu?.stop();
});

describe('the overall figures', () => {
  it('count units of the sales that count, and weigh the medians by units', async () => {
    const s = await summary(dee);
    expect(s.currency).toBe('USD');
    expect(s.overall).toMatchObject({
      // 3 + 1 + 2 + 1 + 1 + 2
      unitsSold: 10,
      unitsListed: 6,
      sellThrough: 167,
      // Unit prices 10 10 10 15 15 20 20 20 30 40; line by line it would be 20.
      medianPrice: 17.5,
      p25Price: 11.25,
      p75Price: 20,
      // Days 2 2 2 30 30 40 40 40 40 50; line by line it would be 40.
      medianDaysToSell: 35,
    });
    expect(s.span).toMatchObject({ rows: deeRows.length });
    expect(monthOf(s.span.firstSale!)).toBe(monthOf(iso(400)));
  });

  it('add up the money the exports gave, say how many sales have each part, and make profit and ROI', async () => {
    const { overall } = await summary(dee);
    expect(overall).toMatchObject({
      sales: 6,
      // 30 + 40 + 40 + 20 + 30 + 30: the items of E1, not its order record
      revenue: 190,
      // a and E1's order record
      shipping: 11,
      fees: 18,
      net: 133,
      // a, E1's items, E2
      cost: 39,
      // a 32 - 9 and E2 25 - 8: the rows that give both
      profit: 40,
      roi: 2.3529,
      // E1's items have what their order record gives for the order.
      known: { revenue: 6, shipping: 3, fees: 4, net: 5, cost: 4, profit: 2 },
    });
  });

  it('gives the same figures for each breakdown row', async () => {
    const s = await summary(dee);
    expect(brand(s, 'Nike')).toMatchObject({
      unitsSold: 4,
      unitsListed: 5,
      sellThrough: 80,
      sales: 2,
      revenue: 70,
      shipping: 6,
      fees: 12,
      net: 64,
      cost: 9,
      profit: 23,
      roi: 2.5556,
      known: { revenue: 2, shipping: 1, fees: 2, net: 2, cost: 1, profit: 1 },
    });
    // A sale without money: its figures are null, never 0.
    expect(brand(s, 'Zara')).toMatchObject({
      unitsSold: 2,
      unitsListed: 1,
      sellThrough: 200,
      revenue: 40,
      fees: null,
      net: null,
      cost: null,
      profit: null,
      roi: null,
    });
    expect(s.byBrand.map((g) => [g.key, g.unitsSold])).toEqual([
      ['Nike', 4],
      ['Zara', 2],
      ['Mugworks', 2],
      [null, 2],
    ]);
    expect(s.byMarketplace).toEqual([expect.objectContaining({ key: 'etsy', unitsSold: 10, profit: 40 })]);
  });

  it('has no sell-through where nothing is listed, rather than 0%', async () => {
    const s = await summary(eve);
    expect(s.overall).toMatchObject({ unitsSold: 5, unitsListed: 0, sellThrough: null, revenue: 70 });
    expect(s.byBrand.map((g) => [g.key, g.sellThrough])).toEqual([
      ['Nike', null],
      ['Zara', null],
    ]);
    // Dee's rows are not Eve's, and her own profit is not Eve's to see.
    expect(s.overall.profit).toBeNull();
    expect(s.span.rows).toBe(2);
  });
});

describe('the months', () => {
  it('span the data from its first sale to this month, and carry the money', async () => {
    const { monthly } = await summary(dee);
    expect(monthly[0]!.month).toBe(monthOf(iso(400)));
    expect(monthly.at(-1)!.month).toBe(monthOf(iso(0)));
    // Every month between, once, in order.
    const months = monthly.map((m) => m.month);
    expect(months).toEqual([...months].sort());
    expect(new Set(months).size).toBe(months.length);
    expect(months.length).toBeGreaterThanOrEqual(14);
    expect(monthly.reduce((n, m) => n + m.unitsSold, 0)).toBe(10);
    expect(monthly[0]).toMatchObject({
      unitsSold: 1,
      revenue: 40,
      fees: 8,
      net: 32,
      cost: null,
      profit: null,
    });
    const recent = monthly.find((m) => m.month === monthOf(iso(10)))!;
    expect(recent).toMatchObject({ unitsSold: 9, revenue: 150, net: 101, cost: 39, profit: 40 });
  });

  it('are the last 12 when the data is shorter, and stay within the chosen dates', async () => {
    const eves = await summary(eve);
    expect(eves.monthly).toHaveLength(12);
    expect(eves.monthly.at(-1)!.month).toBe(monthOf(iso(0)));

    const from = iso(60).slice(0, 10);
    const chosen = await summary(dee, { p_from: from });
    expect(chosen.monthly[0]!.month).toBe(monthOf(from));
    expect(chosen.monthly.at(-1)!.month).toBe(monthOf(iso(0)));
    expect(chosen.overall).toMatchObject({ unitsSold: 9, revenue: 150 });

    // The wrong way round: no sale, no month.
    const reversed = await summary(dee, { p_from: iso(0).slice(0, 10), p_to: iso(45).slice(0, 10) });
    expect(reversed.monthly).toEqual([]);
    expect(reversed.overall.unitsSold).toBe(0);
  });
});
