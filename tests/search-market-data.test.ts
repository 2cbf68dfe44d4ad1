// Demo market data (deterministic, realistic, every SPEC §9 band reachable) and market:import's validation and upsert.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { generateListings, seedMarketListings, upsertListings } from '../emulator/seeds/data/market-data';
import { importRowSchema, lastWins, parseImport } from '../scripts/market-import-parse';
import { demoMarketDatabase, migratedDatabase } from './support/database';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'market', name), 'utf8');
const now = new Date('2026-11-20T12:00:00Z');
const take = (n: number, seed?: number) => [...generateListings({ count: n, seed, now })];

describe('demo market generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(take(500)).toEqual(take(500));
    expect(take(500, 1)).not.toEqual(take(500, 2));
  });

  it("writes realistic, valid rows: real brands, several marketplaces, all four conditions, dates in the last year, each row a synthetic seller's", () => {
    const rows = take(20_000);
    for (const row of rows.filter((_, i) => i % 10 === 0)) {
      expect(importRowSchema.safeParse(row).success).toBe(true);
    }
    expect(new Set(rows.map((r) => r.marketplace))).toEqual(
      new Set(['ebay', 'poshmark', 'mercari', 'depop', 'vinted']),
    );
    expect(new Set(rows.map((r) => r.condition)).size).toBe(4);
    for (const brand of [
      'Lululemon',
      'Patagonia',
      "Levi's",
      "Arc'teryx",
      'The North Face',
      'Doc Martens',
      'J.Crew',
    ]) {
      expect(rows.some((r) => r.brand === brand)).toBe(true);
    }
    const oldest = now.getTime() - 396 * 86_400_000;
    expect(
      rows.every((r) => Date.parse(r.listed_at) >= oldest && Date.parse(r.listed_at) <= now.getTime()),
    ).toBe(true);
    expect(rows.every((r) => r.source === 'demo' && r.url === null)).toBe(true);
    // The demo market is a panel of hundreds of synthetic sellers (issue 22), a few selling far more than most.
    const perSeller = new Map<string, number>();
    for (const r of rows) perSeller.set(r.seller_key!, (perSeller.get(r.seller_key!) ?? 0) + 1);
    expect(perSeller.size).toBeGreaterThanOrEqual(200);
    expect(Math.max(...perSeller.values())).toBeGreaterThan(5 * (rows.length / perSeller.size));
    expect(rows.filter((r) => r.status === 'sold').every((r) => r.sold_at && r.sold_at >= r.listed_at)).toBe(
      true,
    );
  });

  it('mixes conditions as the resale market does: mostly pre-owned, more tagged pieces in cheap fast fashion', () => {
    const rows = take(20_000);
    const share = (of: typeof rows, condition: string) =>
      of.filter((r) => r.condition === condition).length / of.length;
    expect(share(rows, 'pre_owned')).toBeGreaterThan(0.5);
    expect(share(rows, 'new_with_imperfections')).toBeLessThan(0.1);
    for (const brand of new Set(rows.map((r) => r.brand))) {
      const own = rows.filter((r) => r.brand === brand);
      const counts = ['new_with_tags', 'new_without_tags', 'new_with_imperfections'].map((c) =>
        share(own, c),
      );
      expect(share(own, 'pre_owned'), brand ?? '').toBeGreaterThan(Math.max(...counts));
    }
    const shein = rows.filter((r) => r.brand === 'Shein');
    const arcteryx = rows.filter((r) => r.brand === "Arc'teryx");
    expect(share(shein, 'new_with_tags')).toBeGreaterThan(share(arcteryx, 'new_with_tags') + 0.05);
  });
});

describe('demo market in the database: every band of SPEC §9', () => {
  let db: Database;
  beforeAll(async () => {
    // Every query below is spelled right: no vocabulary needed.
    db = await demoMarketDatabase(50_000);
  }, 300_000);
  afterAll(() => db?.close());

  const rate = async (itemName: string, condition = 'pre_owned') => {
    const { rows } = await db.query<{ a: { available: number }; s: { sold: number } }>(
      'select public.market_count_available($1, $2) as a, public.market_count_sold($1, $2) as s',
      [itemName, condition],
    );
    const { available } = rows[0].a;
    const { sold } = rows[0].s;
    return { available, sold, rate: available === 0 ? 0 : Math.round((sold / available) * 100) };
  };

  it.each([
    ['lululemon align', 'pre_owned', 71, 1000],
    ['arcteryx atom', 'new_with_tags', 71, 1000],
    ["levi's 501", 'pre_owned', 41, 70],
    ['north face denali', 'pre_owned', 41, 70],
    ['free people dress', 'pre_owned', 36, 40],
    ['coach wallet', 'pre_owned', 36, 40],
    ['zara dress', 'pre_owned', 10, 35],
    ['gap hoodie', 'new_without_tags', 10, 35],
    ['shein dress', 'pre_owned', 0, 9],
    ['old navy jeans', 'pre_owned', 0, 9],
  ])('%s (%s): sell-through from %i to %i percent', async (itemName, condition, low, high) => {
    const r = await rate(itemName, condition);
    expect(r.available).toBeGreaterThan(20);
    expect(r.rate).toBeGreaterThanOrEqual(low);
    expect(r.rate).toBeLessThanOrEqual(high);
  });

  it.each(['lululemon align', "levi's 501", 'free people dress', 'zara dress'])(
    '%s: condition moves the rate (new with tags best, then without tags, pre-owned, imperfections last)',
    async (itemName) => {
      const ladder = [];
      for (const condition of ['new_with_tags', 'new_without_tags', 'pre_owned', 'new_with_imperfections']) {
        ladder.push(await rate(itemName, condition));
      }
      const [tags, noTags, preOwned, flawed] = ladder.map((r) => r.rate);
      expect(tags).toBeGreaterThan(noTags);
      expect(noTags).toBeGreaterThan(preOwned);
      expect(preOwned).toBeGreaterThan(flawed);
      expect(tags).toBeGreaterThanOrEqual(preOwned * 1.15);
      expect(flawed).toBeLessThanOrEqual(preOwned * 0.75);
      // Pre-owned is most of the market for every line.
      expect(ladder[2].available).toBeGreaterThan(Math.max(ladder[0].available, ladder[1].available));
    },
  );

  it('a brand with listings but no sales counts 0 sold', async () => {
    const r = await rate('forever 21');
    expect(r.available).toBeGreaterThan(100);
    expect(r.sold).toBe(0);
  });

  it('reseeding replaces demo rows and leaves imported ones', async () => {
    const { rows: parsed } = parseImport(fixture('listings.jsonl'), 'jsonl');
    await upsertListings(db, lastWins(parsed));
    await seedMarketListings(db, { count: 1_000 });
    const { rows } = await db.query<{ source: string; n: number }>(
      'select source, count(*)::int as n from public.market_listings group by source order by source',
    );
    expect(rows).toEqual([
      { source: 'demo', n: 1_000 },
      { source: 'import', n: 1 },
    ]);
  }, 60_000);
});

describe('market:import', () => {
  it('reads CSV with quoted commas, quotes and line breaks, and reports bad rows by line with reasons', () => {
    const { rows, rejected } = parseImport(fixture('listings.csv'), 'csv');
    expect(rows.map((r) => r.external_id)).toEqual(['pm-1001', 'eb-2001']);
    expect(rows[0]).toMatchObject({
      title: 'Lululemon Align Pant 25" Black',
      colour: 'Black',
      source: 'import',
      sold_at: null,
    });
    expect(rows[1]).toMatchObject({
      title: "Levi's 501 Jeans, 32x30",
      price: 34.5,
      currency: 'USD',
      sold_at: '2026-10-02T18:30:00.000Z',
    });
    expect(rejected).toEqual([
      { line: 4, reasons: [expect.stringMatching(/^condition must be one of/)] },
      { line: 5, reasons: ['a sold item needs its sale date'] },
      {
        line: 6,
        reasons: [
          'price “-5” is negative',
          'listed_at: date “not a date” is not a date we can read (for example 2026-03-05)',
          'url must start with http:// or https://',
        ],
      },
      { line: 8, reasons: ['expected 14 columns, found 3'] },
    ]);
  });

  it('reads JSON Lines, skips blank lines, and the later of two rows for one listing wins', () => {
    const { rows, rejected } = parseImport(fixture('listings.jsonl'), 'jsonl');
    expect(rejected).toEqual([
      { line: 2, reasons: ['title is required'] },
      { line: 4, reasons: ['not valid JSON'] },
      {
        line: 5,
        reasons: [
          'marketplace must be a lower-case name such as ebay or poshmark',
          'a listed item cannot have a sale date',
        ],
      },
    ]);
    expect(lastWins(rows)).toEqual([
      expect.objectContaining({
        external_id: 'eb-9001',
        price: 99,
        title: 'Carhartt Detroit Jacket (relisted)',
      }),
    ]);
  });

  it('upserts by marketplace and external id: a second import updates instead of duplicating', async () => {
    const db = await migratedDatabase();
    try {
      const { rows } = parseImport(fixture('listings.csv'), 'csv');
      await upsertListings(db, rows);
      await upsertListings(
        db,
        rows.map((r) => ({ ...r, price: r.price + 1 })),
      );
      const { rows: stored } = await db.query<{ external_id: string; price: string; source: string }>(
        'select external_id, price::text, source from public.market_listings order by external_id',
      );
      expect(stored).toEqual([
        { external_id: 'eb-2001', price: '35.50', source: 'import' },
        { external_id: 'pm-1001', price: '59.00', source: 'import' },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
