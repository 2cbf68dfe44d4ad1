// Sales import files through the database (issue 51): the rows the browser builds from each export's fixture, and from
// random files in each export's layout, written with seller_items_import as the import page writes them. Every record
// ends in one place (inserted + updated + unchanged + refused + not items = records read); the same file twice adds
// nothing; rows an earlier import stored under order-only keys (eBay's Sales Record Number, Poshmark's Order Id) take
// their line keys instead of doubling; Etsy's orders file and its items file give the same figures in either order.
// The real supabase-js client against the emulator; on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { BATCH_SIZE } from '../src/features/sales/api/run-import';
import { formatPresets } from '../src/features/sales/lib/import/formats';
import { buildLoaded, loadFile } from '../src/features/sales/lib/import/inspect';
import type { BuiltRows } from '../src/features/sales/lib/import/rows';
import { randomFile } from '../src/features/sales/lib/import/testing/random-export';
import { client, userClient } from './support/supabase';

let emu: RunningEmulator;
let service: SupabaseClient;
type User = { id: string; db: SupabaseClient };

const dir = path.resolve('tests/fixtures/sales');
const fixture = (file: string) => {
  const loaded = loadFile(new Uint8Array(readFileSync(path.join(dir, file))), file);
  return { loaded, built: buildLoaded(loaded, loaded.inspection.plan!) };
};

/** What the import page does with built rows: batches through seller_items_import, the totals summed. */
async function write(user: User, built: BuiltRows, format: string) {
  const totals = { inserted: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < built.rows.length; i += BATCH_SIZE) {
    const { data, error } = await user.db.rpc('seller_items_import', {
      p_rows: built.rows.slice(i, i + BATCH_SIZE),
      p_format: format,
    });
    expect(error).toBeNull();
    for (const k of ['inserted', 'updated', 'unchanged'] as const) totals[k] += (data as typeof totals)[k];
  }
  return totals;
}

const addsUp = (t: { inserted: number; updated: number; unchanged: number }, built: BuiltRows) =>
  t.inserted + t.updated + t.unchanged + built.rejected.length + built.skipped.length;

type Effective = { quantity: number; price: string | null; net: string | null; fees: string | null };

/** The user's rows as the figures read them (private.seller_items_effective, as that user, under RLS). */
async function effective(user: User) {
  const rows = await emu.db.transaction(async (tx) => {
    await tx.query('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: user.id, role: 'authenticated' }),
    ]);
    return (
      await tx.query<Effective & { counts: boolean; money_counts: boolean }>(
        `select quantity, price::text, net::text, fees::text, counts, money_counts
         from private.seller_items_effective($1)`,
        [user.id],
      )
    ).rows;
  });
  const cents = (values: (string | null)[]) =>
    values.reduce((n, v) => n + Math.round(Number(v ?? 0) * 100), 0) / 100;
  const counting = rows.filter((r) => r.counts);
  return {
    units: counting.reduce((n, r) => n + r.quantity, 0),
    prices: counting.flatMap((r) => Array<number>(r.quantity).fill(Number(r.price))).sort((a, b) => a - b),
    net: cents(rows.filter((r) => r.money_counts).map((r) => r.net)),
    fees: cents(rows.filter((r) => r.money_counts).map((r) => r.fees)),
  };
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  service = client(emu.url, emu.serviceRoleKey);
});

afterAll(async () => {
  await emu?.stop();
});

describe('every fixture through the database', () => {
  it('adds up to the records read, and the same file twice adds nothing', async () => {
    const ana = await userClient(emu, 'ana.files@example.com');
    const files = readdirSync(dir).filter((f) => /\.(csv|jsonl)$/.test(f) && f !== 'unknown-format.csv');
    expect(files).toHaveLength(formatPresets.length + 1);
    for (const file of files) {
      const { loaded, built } = fixture(file);
      const first = await write(ana, built, loaded.inspection.plan!.format);
      expect(first.inserted, file).toBe(built.rows.length);
      expect(addsUp(first, built), file).toBe(built.records);
      const again = await write(ana, built, loaded.inspection.plan!.format);
      expect(again, file).toEqual({ inserted: 0, updated: 0, unchanged: built.rows.length });
    }
  });
});

describe('random files in each export’s layout through the database', () => {
  it('add up to the records read, and adds nothing the second time', async () => {
    const ben = await userClient(emu, 'ben.files@example.com');
    for (const preset of formatPresets)
      for (const seed of [3, 11]) {
        const { text, records } = randomFile(preset, seed * 104729 + preset.id.length);
        const loaded = loadFile(new TextEncoder().encode(text), `${preset.id}-${seed}.csv`);
        const built = buildLoaded(loaded, loaded.inspection.plan!);
        const first = await write(ben, built, preset.id);
        expect(addsUp(first, built), `${preset.id} seed ${seed}`).toBe(records);
        const again = await write(ben, built, preset.id);
        expect(again.inserted + again.updated, `${preset.id} seed ${seed}`).toBe(0);
      }
  });
});

describe('rows an earlier import stored under order-only keys', () => {
  it('take their line keys: importing the file again doubles nothing', async () => {
    const cleo = await userClient(emu, 'cleo.files@example.com');
    // What the import before issue 51 stored from these files: eBay keyed by Sales Record Number, Poshmark by Order Id
    // (a bundle kept its last item only).
    const ebay = fixture('ebay-orders.csv').built.rows;
    const posh = fixture('poshmark-sales.csv').built.rows;
    const old = [...ebay, ...posh]
      .filter((r) => r.previous_external_id)
      .map((r) => ({
        user_id: cleo.id,
        marketplace: r.marketplace,
        external_id: r.previous_external_id!,
        title: r.title,
        status: r.status,
        price: r.price,
        sold_at: r.sold_at,
        listed_at: r.listed_at,
      }));
    const byKey = new Map(old.map((r) => [`${r.marketplace}|${r.external_id}`, r]));
    const { error } = await service.from('seller_items').insert([...byKey.values()]);
    expect(error).toBeNull();
    const before = byKey.size;

    const ebayFile = fixture('ebay-orders.csv');
    const poshFile = fixture('poshmark-sales.csv');
    const written = [
      await write(cleo, ebayFile.built, 'ebay-orders'),
      await write(cleo, poshFile.built, 'poshmark-sales'),
    ];
    const { data } = await cleo.db.from('seller_items').select('external_id, order_id');
    // One row per line: the old rows moved to their line keys, the bundle's other item added.
    expect(data).toHaveLength(ebay.length + posh.length);
    expect(data!.every((r) => r.order_id)).toBe(true);
    expect(written.reduce((n, t) => n + t.inserted, 0)).toBe(ebay.length + posh.length - before);
  });
});

describe('Etsy’s orders file and its items file', () => {
  it('give the same figures in either order, and leave the refunded and cancelled orders’ items out', async () => {
    const orders = fixture('etsy-sold-orders.csv').built;
    const items = fixture('etsy-sold-order-items.csv').built;
    const dan = await userClient(emu, 'dan.files@example.com');
    await write(dan, orders, 'etsy-sold-orders');
    await write(dan, items, 'etsy-sold-order-items');
    const eve = await userClient(emu, 'eve.files@example.com');
    await write(eve, items, 'etsy-sold-order-items');
    await write(eve, orders, 'etsy-sold-orders');
    const [a, b] = [await effective(dan), await effective(eve)];
    expect(a).toEqual(b);
    // And Your sales says the same to both.
    const summary = async (user: User) => {
      const { data, error } = await user.db.rpc('seller_sales_summary', {});
      expect(error).toBeNull();
      return data as { overall: Record<string, unknown> };
    };
    const [sa, sb] = [await summary(dan), await summary(eve)];
    expect(sa).toEqual(sb);
    expect(sa.overall).toMatchObject({ unitsSold: 4, medianPrice: 21, net: 100.76, fees: 3.74 });
    // Orders 3412000701 (1 unit at 32) and 3412000702 (2 at 18, 1 at 24); 703 refunded and 704 cancelled.
    expect(a).toEqual({ units: 4, prices: [18, 18, 24, 32], net: 100.76, fees: 3.74 });

    const fay = await userClient(emu, 'fay.files@example.com');
    await write(fay, orders, 'etsy-sold-orders');
    // The orders alone stand for their items: 1 + 3 units, 3 at the order's 20 a unit.
    expect(await effective(fay)).toMatchObject({ units: 4, prices: [20, 20, 20, 32], net: 100.76 });
  });
});
