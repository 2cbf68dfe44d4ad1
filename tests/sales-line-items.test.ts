// Sales line items (issue 51), the database's side: a line's quantity, what became of the sale, its order and its
// money are stored and compared on re-import; cancelled, refunded and returned sales, and order records whose items are
// imported, do not count (private.seller_items_effective, "Your history") and never reach the panel; rows stored under
// an old order-only key take the line key instead of doubling. The real supabase-js client against the emulator; on
// PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { client, userClient } from './support/supabase';

let emu: RunningEmulator;
let service: SupabaseClient;
type User = { id: string; db: SupabaseClient };

const day = 86_400_000;
const now = Date.now();
const iso = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();

type Line = Record<string, unknown>;

function line(id: string, over: Line = {}): Line {
  return {
    marketplace: 'etsy',
    external_id: id,
    title: 'Handmade Ceramic Mug Speckled Blue',
    brand: null,
    category: 'Mugs',
    size: null,
    condition: 'new_with_tags',
    status: 'sold',
    price: 24,
    currency: 'USD',
    listed_at: iso(40),
    sold_at: iso(10),
    ...over,
  };
}

async function importRows(user: User, rows: Line[], format: string | null = null) {
  const { data, error } = await user.db.rpc('seller_items_import', { p_rows: rows, p_format: format });
  expect(error).toBeNull();
  return data as { inserted: number; updated: number; unchanged: number };
}

type Effective = {
  external_id: string;
  record_kind: string;
  sale_status: string | null;
  quantity: number;
  price: string | null;
  net: string | null;
  fees: string | null;
  counts: boolean;
  money_counts: boolean;
};

/** The user's rows through private.seller_items_effective, called as that user (role authenticated, under RLS). */
async function effective(user: User, asUser: User = user): Promise<Effective[]> {
  return emu.db.transaction(async (tx) => {
    await tx.query('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: asUser.id, role: 'authenticated' }),
    ]);
    const { rows } = await tx.query<Effective>(
      `select external_id, record_kind, sale_status, quantity, price::text, net::text, fees::text, counts,
         money_counts
       from private.seller_items_effective($1) order by external_id`,
      [user.id],
    );
    return rows;
  });
}

/** Units, unit-weighted prices and money as the figures add them up (the rule in the migration's header). */
function figures(rows: Effective[]) {
  const counting = rows.filter((r) => r.counts);
  const money = rows.filter((r) => r.money_counts);
  const sum = (values: (string | null)[]) =>
    values.some((v) => v != null)
      ? Math.round(values.reduce((n, v) => n + Number(v ?? 0) * 100, 0)) / 100
      : null;
  return {
    units: counting.reduce((n, r) => n + r.quantity, 0),
    prices: counting.flatMap((r) => Array(r.quantity).fill(Number(r.price))).sort((a, b) => a - b),
    net: sum(money.map((r) => r.net)),
    fees: sum(money.map((r) => r.fees)),
  };
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  service = client(emu.url, emu.serviceRoleKey);
});

afterAll(async () => {
  await emu?.stop();
});

describe('a line and what became of it', () => {
  let ana: User;
  const rows = [
    line('o1-t1', { order_id: 'o1', quantity: 2, shipping: 4.5, fees: 3.1, net: 40.9, cost: 8 }),
    line('o2-t2', { order_id: 'o2', sale_status: 'refunded', price: 30 }),
    line('o3-t3', { order_id: 'o3', sale_status: 'cancelled', price: 31 }),
    line('o4-t4', { order_id: 'o4', sale_status: 'returned', price: 32 }),
    line('o5-t5', { order_id: 'o5', sale_status: 'in_progress', price: 26 }),
    line('l1', { status: 'available', sold_at: null, quantity: 3, price: 28 }),
  ];

  beforeAll(async () => {
    ana = await userClient(emu, 'ana.lines@example.com');
    expect(await importRows(ana, rows, 'etsy-sold-order-items')).toEqual({
      inserted: 6,
      updated: 0,
      unchanged: 0,
    });
  });

  it('stores quantity, status, order and money, and a second import of the same lines changes nothing', async () => {
    const { data } = await ana.db
      .from('seller_items')
      .select('external_id, quantity, sale_status, order_id, record_kind, shipping, fees, net, cost')
      .eq('external_id', 'o1-t1');
    expect(data).toEqual([
      {
        external_id: 'o1-t1',
        quantity: 2,
        sale_status: null,
        order_id: 'o1',
        record_kind: 'item',
        shipping: 4.5,
        fees: 3.1,
        net: 40.9,
        cost: 8,
      },
    ]);
    expect(await importRows(ana, rows, 'etsy-sold-order-items')).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 6,
    });
    // A refund arriving later updates the line.
    expect(await importRows(ana, [{ ...rows[0], sale_status: 'refunded' }])).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await importRows(ana, [rows[0]])).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
  });

  it('keeps cancelled, refunded and returned sales without counting them', async () => {
    const got = await effective(ana);
    expect(got.map((r) => [r.external_id, r.counts, r.money_counts])).toEqual([
      ['l1', true, true],
      ['o1-t1', true, true],
      ['o2-t2', false, false],
      ['o3-t3', false, false],
      ['o4-t4', false, false],
      ['o5-t5', true, true],
    ]);
    const sold = got.filter((r) => r.external_id !== 'l1');
    expect(figures(sold)).toMatchObject({ units: 3, prices: [24, 24, 26], net: 40.9, fees: 3.1 });
  });

  it('gives another user nothing, whatever user id they pass', async () => {
    const ben = await userClient(emu, 'ben.lines@example.com');
    expect(await effective(ana, ben)).toEqual([]);
  });

  it('refuses what the database cannot hold, with the constraint', async () => {
    const cases: [Line, string][] = [
      [
        line('bad1', { status: 'available', sold_at: null, sale_status: 'refunded' }),
        'seller_items_listed_has_no_sale_status',
      ],
      [line('bad2', { quantity: 0 }), 'seller_items_quantity_range'],
      [line('bad3', { sale_status: 'lost' }), 'seller_items_sale_status_known'],
      [line('bad4', { fees: -1 }), 'seller_items_fees_range'],
      [line('bad5', { net: 2_000_000 }), 'seller_items_net_range'],
      [line('bad6', { record_kind: 'order' }), 'seller_items_order_record_is_sold'],
    ];
    for (const [row, constraint] of cases) {
      const { error } = await ana.db.rpc('seller_items_import', { p_rows: [row], p_format: null });
      expect(error?.code, constraint).toBe('23514');
      expect(error?.message).toContain(constraint);
    }
  });

  it('counts units in Your history and leaves refunded sales out', async () => {
    const { data, error } = await ana.db.rpc('seller_history', {
      p_query: 'ceramic mug',
      p_condition: 'new_with_tags',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ sold: 3, listed: 3, medianPrice: 24, sellThrough: 100 });
  });
});

describe('an order record and its item lines', () => {
  // Etsy's Sold Orders file: one row per order, money of the whole order. Its Sold Order Items file: one row per item.
  const orders = [
    line('order:100', {
      record_kind: 'order',
      order_id: '100',
      quantity: 3,
      price: 20,
      shipping: 6,
      fees: 4.2,
      net: 61.8,
    }),
    line('order:101', {
      record_kind: 'order',
      order_id: '101',
      quantity: 1,
      price: 35,
      fees: 2.1,
      net: 32.9,
    }),
    line('order:102', {
      record_kind: 'order',
      order_id: '102',
      quantity: 1,
      price: 50,
      sale_status: 'refunded',
      net: 0,
    }),
  ];
  const items = [
    line('100:t1', { order_id: '100', quantity: 2, price: 18 }),
    line('100:t2', { order_id: '100', quantity: 1, price: 24, title: 'Stoneware Bowl' }),
    line('101:t3', { order_id: '101', quantity: 1, price: 35, title: 'Linen Apron' }),
    line('102:t4', { order_id: '102', quantity: 1, price: 50, title: 'Walnut Board' }),
  ];

  it('stands for its items until they come, then steps aside; its refund takes its items out', async () => {
    const cleo = await userClient(emu, 'cleo.lines@example.com');
    await importRows(cleo, orders, 'etsy-sold-orders');
    const alone = await effective(cleo);
    expect(figures(alone)).toMatchObject({ units: 4, prices: [20, 20, 20, 35], net: 94.7 });

    await importRows(cleo, items, 'etsy-sold-order-items');
    const both = await effective(cleo);
    expect(both.map((r) => [r.external_id, r.counts, r.money_counts, r.sale_status])).toEqual([
      ['100:t1', true, true, null],
      ['100:t2', true, true, null],
      ['101:t3', true, true, null],
      ['102:t4', false, false, 'refunded'],
      ['order:100', false, true, null],
      ['order:101', false, true, null],
      ['order:102', false, false, 'refunded'],
    ]);
    // Units and prices from the items, money from the orders (the items carry none).
    expect(figures(both)).toEqual({ units: 4, prices: [18, 18, 24, 35], net: 94.7, fees: 6.3 });
  });

  it('gives the same figures whichever file comes first', async () => {
    const dan = await userClient(emu, 'dan.lines@example.com');
    await importRows(dan, items, 'etsy-sold-order-items');
    await importRows(dan, orders, 'etsy-sold-orders');
    const eve = await userClient(emu, 'eve.lines@example.com');
    await importRows(eve, orders, 'etsy-sold-orders');
    await importRows(eve, items, 'etsy-sold-order-items');
    expect(figures(await effective(dan))).toEqual(figures(await effective(eve)));
  });

  it('adds a superseded order’s money only where its item lines give none', async () => {
    const fay = await userClient(emu, 'fay.lines@example.com');
    await importRows(fay, [orders[0], { ...items[0], net: 30 }, items[1]]);
    const got = await effective(fay);
    const order = got.find((r) => r.external_id === 'order:100')!;
    expect(order).toMatchObject({ counts: false, money_counts: true, net: null, fees: '4.20' });
    expect(figures(got)).toMatchObject({ net: 30, fees: 4.2 });
  });
});

describe('rows stored under an old order-only key', () => {
  it('take the line key on the next import instead of doubling', async () => {
    const gus = await userClient(emu, 'gus.lines@example.com');
    // What the import before issue 51 stored: one row per order, keyed by the order (the last item of a bundle).
    const old = await service.from('seller_items').insert([
      { ...line('P-77', { marketplace: 'poshmark', title: 'Madewell Denim Jacket' }), user_id: gus.id },
      { ...line('1001', { marketplace: 'ebay', title: 'Pendleton Board Shirt' }), user_id: gus.id },
    ]);
    expect(old.error).toBeNull();

    const lines = [
      // A Poshmark bundle: two lines of order P-77, the old row is the one with its title.
      line('P-77:a', {
        marketplace: 'poshmark',
        order_id: 'P-77',
        title: 'Free People Tunic',
        previous_external_id: 'P-77',
      }),
      line('P-77:b', {
        marketplace: 'poshmark',
        order_id: 'P-77',
        title: 'madewell denim jacket ',
        previous_external_id: 'P-77',
      }),
      // eBay: the old key was the Sales Record Number, not the order.
      line('12-34567-89012:3344', {
        marketplace: 'ebay',
        order_id: '12-34567-89012',
        title: 'Pendleton Board Shirt',
        previous_external_id: '1001',
      }),
    ];
    // The tunic is new; the jacket's title changed case (updated); the shirt is the same line (already there).
    expect(await importRows(gus, lines)).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
    const { data } = await gus.db
      .from('seller_items')
      .select('marketplace, external_id, order_id')
      .order('external_id');
    expect(data).toEqual([
      { marketplace: 'ebay', external_id: '12-34567-89012:3344', order_id: '12-34567-89012' },
      { marketplace: 'poshmark', external_id: 'P-77:a', order_id: 'P-77' },
      { marketplace: 'poshmark', external_id: 'P-77:b', order_id: 'P-77' },
    ]);
    expect(await importRows(gus, lines)).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
  });
});

describe('the panel', () => {
  async function comps(user: User): Promise<string[]> {
    const ids = ((await user.db.from('seller_items').select('id, external_id')).data ?? []) as {
      id: number;
      external_id: string;
    }[];
    const { data } = await service
      .from('market_listings')
      .select('external_id')
      .eq('source', 'panel')
      .in(
        'external_id',
        ids.map((r) => `panel-${r.id}`),
      );
    const byComp = new Map(ids.map((r) => [`panel-${r.id}`, r.external_id]));
    return (data ?? []).map((c) => byComp.get(c.external_id as string)!).sort();
  }

  it('publishes only rows that count, one comp per line, and follows an order as its rows come and go', async () => {
    const hal = await userClient(emu, 'hal.lines@example.com');
    const shared = await hal.db.rpc('panel_set_sharing', { p_share: true });
    expect(shared.error).toBeNull();

    await importRows(hal, [
      line('x1', { quantity: 2 }),
      line('x2', { sale_status: 'refunded' }),
      ...orders(),
    ]);
    expect(await comps(hal)).toEqual(['order:200', 'order:201', 'x1']);
    // One comp for a line of 2: the panel counts rows.
    const { count } = await service
      .from('market_listings')
      .select('id', { count: 'exact', head: true })
      .eq('source', 'panel')
      .ilike('title', 'Handmade Ceramic Mug%');
    expect(count).toBe(3);
    const status = await hal.db.rpc('panel_sharing_status');
    expect(status.data).toMatchObject({ pending: 0 });

    // The items of order 200 arrive: the order record steps aside.
    await importRows(hal, [
      line('200:a', { order_id: '200' }),
      line('200:b', { order_id: '200', price: 12 }),
    ]);
    expect(await comps(hal)).toEqual(['200:a', '200:b', 'order:201', 'x1']);

    // Order 200 is refunded (its order record says so): its items leave the panel.
    await importRows(hal, [{ ...orders()[0], sale_status: 'refunded' }]);
    expect(await comps(hal)).toEqual(['order:201', 'x1']);

    // A line that stops counting is withdrawn.
    await importRows(hal, [{ ...line('x1', { quantity: 2 }), sale_status: 'cancelled' }]);
    expect(await comps(hal)).toEqual(['order:201']);

    // The refund undone (a corrected file) and then the item lines deleted: the order record counts again.
    await importRows(hal, [orders()[0]]);
    expect(await comps(hal)).toEqual(['200:a', '200:b', 'order:201']);
    const del = await hal.db.from('seller_items').delete().eq('order_id', '200').eq('record_kind', 'item');
    expect(del.error).toBeNull();
    expect(await comps(hal)).toEqual(['order:200', 'order:201']);
  });

  function orders() {
    return [
      line('order:200', { record_kind: 'order', order_id: '200', quantity: 2, net: 40 }),
      line('order:201', { record_kind: 'order', order_id: '201', quantity: 1, net: 20 }),
    ];
  }
});
