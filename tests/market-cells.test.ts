// The exact cells kept at write time (issue 53, docs/decisions/085-exact-cells.md): every answer the cells give is the
// answer the row count gives, condition by condition, and they stay so through every way listings are written (an
// import's upsert, a price change, a sale, a title rewritten, a hedged title, a removal, the archive), through a
// rebuild and through signing listings again after the words change. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import {
  mergeCells,
  seedMarketListings,
  upsertListings,
  type MarketListing,
} from '../emulator/seeds/data/market-data';
import { benchQueries } from '../scripts/bench-search';
import { EVAL_QUERIES } from '../scripts/search-eval/queries';
import { UNUSED_WORDS, WRITTEN_QUERIES } from '../scripts/search-eval/written/index';
import { suiteDatabase } from './support/database';

let db: Database;
const CONDITIONS = ['pre_owned', 'new_with_tags', 'new_without_tags', 'new_with_imperfections'];
const FILTERS = [
  {},
  { size: 'M' },
  { size: '30' },
  { marketplace: 'ebay' },
  { marketplace: 'poshmark', size: 'S' },
];

beforeAll(async () => {
  db = await suiteDatabase();
  // Under 10,000 rows the seed writes through the triggers, as an import does.
  await seedMarketListings(db, { count: 4_000, vocabulary: false });
  // A sold search reads the days of its sales wherever its reading allows it, however few sales a day holds (a search
  // chooses by that, and at this size would read the places of the sales instead).
  await db.exec(`set flipwise.market_sale_days_min = '0'`);
});

afterAll(async () => {
  await db?.close();
});

type Answer = { result: Record<string, unknown> & { path: string }; sellers: string[] | null };

/** The listed answer both ways: from the cells (as routed) and from rows (the cells switched off for the session). */
async function bothWays(query: string, condition: string, filters: object) {
  // The sellers handed to the sold search: their keys (rows), or the cells' bitset of them, read back as keys here.
  const sql = `select a.result, coalesce(a.sellers, array(
      select o.seller_key from private.market_seller_ords o
      where o.ord < length(a.seller_bits) and get_bit(a.seller_bits, o.ord) = 1)) as sellers
    from private.market_available(public.market_parse_query($1), $2, 5, $3) a`;
  const cells = (await db.query<Answer>(sql, [query, condition, JSON.stringify(filters)])).rows[0];
  await db.exec(`set flipwise.market_cells = 'off'`);
  try {
    const rows = (await db.query<Answer>(sql, [query, condition, JSON.stringify(filters)])).rows[0];
    return { cells, rows };
  } finally {
    await db.exec('reset flipwise.market_cells');
  }
}

type SoldAnswer = { r: Record<string, unknown> & { path: string } };
const WINDOWS = [90, 30, 365, 180];

/** The sold answer both ways, over one of the four windows. */
async function soldBothWays(query: string, condition: string, filters: object, windowDays: number) {
  const sql = `select public.market_count_sold($1, $2, $3, 5, $4) as r`;
  const args = [query, condition, windowDays, JSON.stringify(filters)];
  const cells = (await db.query<SoldAnswer>(sql, args)).rows[0].r;
  await db.exec(`set flipwise.market_cells = 'off'`);
  try {
    const rows = (await db.query<SoldAnswer>(sql, args)).rows[0].r;
    return { cells, rows };
  } finally {
    await db.exec('reset flipwise.market_cells');
  }
}

/** Every sold figure, with how it was counted left out. */
const soldFigures = (r: SoldAnswer['r']) => ({ ...r, path: undefined, cellsAsOf: undefined });

/** `bothPriceWays`: the quantiles read from the days' prices themselves for one query, from the prices gathered by
 * week and third first for the next (a search chooses by the window's days and prices, decision 098). */
async function soldMismatches(queries: string[], bothPriceWays = false) {
  const out: string[] = [];
  let fromCells = 0;
  let n = 0;
  for (const query of queries) {
    const filters = FILTERS[n % FILTERS.length];
    const condition = CONDITIONS[(n + 1) % CONDITIONS.length];
    const windowDays = WINDOWS[n % WINDOWS.length];
    if (bothPriceWays) await db.exec(`set flipwise.market_day_passes_max = '${n % 2 ? 0 : 1_000_000}'`);
    n++;
    const { cells, rows } = await soldBothWays(query, condition, filters, windowDays);
    expect(rows.path).toBe('rows');
    if (cells.path === 'cells') fromCells++;
    if (JSON.stringify(soldFigures(cells)) !== JSON.stringify(soldFigures(rows)))
      out.push(`${query} / ${condition} / ${JSON.stringify(filters)} / ${windowDays} days`);
  }
  return { out, fromCells };
}

/** Every figure, with the path left out; sellers as a set. */
const figures = (a: Answer) => ({
  ...a.result,
  path: undefined,
  cellsAsOf: undefined,
  sellers: a.result.sellers,
  keys: [...(a.sellers ?? [])].sort(),
});

async function mismatches(queries: string[]) {
  const out: string[] = [];
  let fromCells = 0;
  let n = 0;
  for (const query of queries) {
    const filters = FILTERS[n % FILTERS.length];
    const condition = CONDITIONS[n % CONDITIONS.length];
    n++;
    const { cells, rows } = await bothWays(query, condition, filters);
    expect(rows.result.path).toBe('rows');
    if (cells.result.path === 'cells') fromCells++;
    if (JSON.stringify(figures(cells)) !== JSON.stringify(figures(rows)))
      out.push(`${query} / ${condition} / ${JSON.stringify(filters)}`);
  }
  return { out, fromCells };
}

/** Every k-th query of the bench's set and of the eval sets (generator, hand-written). */
function sampled(k: number): string[] {
  const every = (list: string[]) => list.filter((_, i) => i % k === 0);
  return [
    ...every(benchQueries(200).map((q) => q.itemName)),
    ...every(EVAL_QUERIES.map((q) => q.query)),
    ...every(WRITTEN_QUERIES.map((q) => q.query)),
  ];
}

/** Every cell and place, to compare before and after. */
const SNAPSHOT = `select jsonb_build_array(
    (select coalesce(jsonb_agg(to_jsonb(c) order by c.facet, c.sig, c.condition, c.marketplace), '[]')
       from private.market_listed_cells c),
    (select coalesce(jsonb_agg(to_jsonb(c) order by c.span, c.facet, c.sig, c.condition, c.marketplace), '[]')
       from private.market_sold_cells c),
    (select coalesce(jsonb_agg(to_jsonb(p) order by p.id), '[]') from private.market_listing_places p),
    (select coalesce(jsonb_agg(to_jsonb(p) order by p.id), '[]') from private.market_sale_places p),
    (select coalesce(jsonb_agg(to_jsonb(d) order by d.condition, d.sig, d.day, d.marketplace), '[]')
       from private.market_sale_days d))
  as cells`;

/** Takes every write noted so far into the cells, as the background merge does (decision 091). */
const merge = () => mergeCells(db);

/** What disagrees with the rows once the writes are merged. */
const checkProblems = async () => {
  await merge();
  return (await db.query<{ problem: string }>('select problem from private.market_cells_check()')).rows;
};

describe('exact listed cells', () => {
  it('give the row count’s answer, figure for figure, on the bench’s queries and the eval sets’, narrowed or not', async () => {
    // Every fourth query of each set, so the test stays short; the bench checks all of them (npm run bench:search).
    const queries = [
      ...sampled(4),
      ...UNUSED_WORDS.map((q) => q.query),
      'lululemon leggings zzyzx',
      'nike or zzyzx hoodie',
      'coach -zzyzx bag',
    ];
    const { out, fromCells } = await mismatches(queries);
    expect(out).toEqual([]);
    // Most of them are answered from the cells (the rest read a word no signature keeps, a phrase or a price band).
    expect(fromCells).toBeGreaterThan(queries.length / 2);
  });

  it('find every listing a reading matches among those holding one of its hedged words', async () => {
    // A search writes the hedged rows' own test only when a hedged row holds one of these words
    // (private.market_hedged_words): here every seeded listing, listed or sold, stands in for a hedged one.
    const queries = [
      ...sampled(2),
      ...UNUSED_WORDS.map((q) => q.query),
      'nike or adidas hoodie',
      'coach -tabby bag',
      '"align pant"',
      'mini or short dress',
    ];
    const missed: string[] = [];
    let matched = 0;
    for (const query of queries) {
      for (const status of ['available', 'sold']) {
        const { rows } = await db.query<{ match: string; words: string[] }>(
          `select public.market_match_sql(p, $2) as match, private.market_hedged_words(p) as words
           from public.market_parse_query($1) p`,
          [query, status],
        );
        const { match, words } = rows[0];
        const counts = (
          await db.query<{ all: number; held: number }>(
            `select count(*)::int as all, (count(*) filter (where l.terms && $1::text[]))::int as held
             from public.market_listings l where ${match}`,
            [words],
          )
        ).rows[0];
        matched += counts.all;
        if (counts.held !== counts.all) missed.push(`${query} (${status}): ${counts.held} of ${counts.all}`);
      }
    }
    expect(missed).toEqual([]);
    expect(matched).toBeGreaterThan(1000);
  });

  it('give the sold count’s answer, figure for figure, in each of the four windows, narrowed or not', async () => {
    // Every sixth: each is asked in one of the four windows, both ways.
    const queries = sampled(6);
    const { out, fromCells } = await soldMismatches(queries, true);
    await db.exec('reset flipwise.market_day_passes_max');
    expect(out).toEqual([]);
    expect(fromCells).toBeGreaterThan(queries.length / 2);
    // And as a search chooses at this size: from the places of the sales, a day holding too few of them.
    await db.exec('reset flipwise.market_sale_days_min');
    try {
      expect((await soldMismatches(queries)).out).toEqual([]);
    } finally {
      await db.exec(`set flipwise.market_sale_days_min = '0'`);
    }
  });

  it('hand the listed search’s sellers to the sold search’s panel headline: the count the sold search makes alone', async () => {
    const user = '00000000-0000-4000-8000-0000000000aa';
    const headline = async (query: string, condition: string, way: string) => {
      // Alone, from rows: no listed search of the text to take the sellers from, and the union of the sellers'
      // keys counted (the cells' way counts a bitset's sellers and the sales' sellers it lacks).
      await db.query('delete from public.market_query_readings where query = $1', [query]);
      await db.exec(`set flipwise.market_cells = 'off'`);
      const alone = (
        await db.query<{ n: number | null }>(
          `select (public.market_count_sold($1, $2, 90, 5, '{}') ->> 'panelSellers')::int as n`,
          [query, condition],
        )
      ).rows[0].n;
      if (way === 'cells') await db.exec('reset flipwise.market_cells');
      // After the listed search of the same text, as the screen asks for both.
      const search = `select public.market_search($1, $2, $3, $4, 'cells-test', 1000000, 60) as r`;
      await db.query(search, ['available', query, condition, user]);
      const handed = (
        await db.query<{ bits: boolean }>(
          'select seller_bits is not null as bits from public.market_query_readings where query = $1',
          [query],
        )
      ).rows[0].bits;
      const sold = (
        await db.query<{ r: { result: { panelSellers: number | null } } }>(search, [
          'sold',
          query,
          condition,
          user,
        ])
      ).rows[0].r.result.panelSellers;
      return { alone, sold, handed };
    };
    const queries = sampled(8);
    for (const way of ['cells', 'rows']) {
      if (way === 'rows') await db.exec(`set flipwise.market_cells = 'off'`);
      try {
        let counted = 0;
        let asBits = 0;
        for (const query of queries) {
          const { alone, sold, handed } = await headline(query, 'pre_owned', way);
          expect({ query, way, sold }).toEqual({ query, way, sold: alone });
          if (sold !== null) counted++;
          if (handed) asBits++;
        }
        expect(counted).toBeGreaterThan(queries.length / 3);
        // From the cells the sellers go over as their bitset; from rows, as their keys.
        if (way === 'cells') expect(asBits).toBeGreaterThan(queries.length / 3);
        else expect(asBits).toBe(0);
      } finally {
        await db.exec('reset flipwise.market_cells');
      }
    }
  });

  it('move the sold windows on a day at a time, and count sold rows until they end today', async () => {
    const snapshot = `select coalesce(jsonb_agg(to_jsonb(c) order by c.span, c.facet, c.sig, c.condition, c.marketplace),
                        '[]') as cells from private.market_sold_cells c`;
    const today = (await db.query<{ cells: unknown }>(snapshot)).rows[0].cells;
    // The windows as they ended three days ago: a server that missed three midnights.
    await db.query(`select private.market_sold_cells_fill((now() at time zone 'UTC')::date - 3)`);
    const path = async () => (await soldBothWays('lululemon leggings', 'pre_owned', {}, 30)).cells.path;
    expect(await path()).toBe('rows');
    const { rows } = await db.query<{ days: number }>('select private.market_sold_roll() as days');
    expect(rows[0].days).toBe(3);
    expect((await db.query<{ cells: unknown }>(snapshot)).rows[0].cells).toEqual(today);
    expect(await path()).toBe('cells');
    expect((await db.query<{ days: number }>('select private.market_sold_roll() as days')).rows[0].days).toBe(
      0,
    );
    expect(await checkProblems()).toEqual([]);
  });

  it('offer the same "did you mean" from the cells as from rows, on searches that find nothing', async () => {
    const queries = [
      ...UNUSED_WORDS.map((q) => q.query),
      'coach tabby 26',
      'lululemon align size 30',
      'nkie hoodie',
      'lululemn leggings',
      'patagonia better sweater size 6',
      'j.crew cashmere crewneck',
      'levis 501 size 44',
      'north face puffer size 2',
    ];
    const sql = 'select public.market_suggestions($1, 3) as s';
    const differ: string[] = [];
    let offered = 0;
    for (const query of queries) {
      const cells = (await db.query<{ s: { suggestions: string[] } }>(sql, [query])).rows[0].s;
      await db.exec(`set flipwise.market_cells = 'off'`);
      const rows = (await db.query<{ s: { suggestions: string[] } }>(sql, [query])).rows[0].s;
      await db.exec('reset flipwise.market_cells');
      if (JSON.stringify(cells) !== JSON.stringify(rows))
        differ.push(`${query}: ${JSON.stringify(cells)} / ${JSON.stringify(rows)}`);
      if (cells.suggestions.length) offered++;
    }
    expect(differ).toEqual([]);
    expect(offered).toBeGreaterThan(queries.length / 3);

    // The probes themselves, on every bench query with a colour or a size: each clause of its reading, and the clause
    // without its brand, found or not, the same from the cells (a colour or size read as the facet) as from rows.
    const probes: string[] = [];
    for (const { itemName } of benchQueries(200).filter((q) =>
      /\b(size|black|navy|olive|cream|pink|brown)\b/.test(q.itemName),
    )) {
      const { rows } = await db.query<{ c: unknown }>(
        `select c from jsonb_array_elements(public.market_parse_query($1) -> 'clauses') c
         union all
         select c || jsonb_build_object('groups', coalesce((select jsonb_agg(g) from jsonb_array_elements(c -> 'groups') g
                                                              where g ->> 'kind' <> 'brand'), '[]'))
         from jsonb_array_elements(public.market_parse_query($1) -> 'clauses') c`,
        [itemName],
      );
      probes.push(...rows.map((r) => JSON.stringify(r.c)));
    }
    const found = 'select private.market_found($1::jsonb) as f';
    const answers = { cells: [] as boolean[], rows: [] as boolean[] };
    for (const clause of probes)
      answers.cells.push((await db.query<{ f: boolean }>(found, [clause])).rows[0].f);
    await db.exec(`set flipwise.market_cells = 'off'`);
    for (const clause of probes)
      answers.rows.push((await db.query<{ f: boolean }>(found, [clause])).rows[0].f);
    await db.exec('reset flipwise.market_cells');
    expect(answers.cells).toEqual(answers.rows);
    expect(answers.rows.filter(Boolean).length).toBeGreaterThan(probes.length / 4);
    expect(answers.rows.filter((f) => !f).length).toBeGreaterThan(probes.length / 20);
  });

  it('find a size probe that only a sale holds (in the longest window, older than it) or a panel listing, or none', async () => {
    // Sizes no other listing of the seed writes, each sold once: 100 days ago, and 370 days ago (before the longest
    // window, not yet archived). No listed cell has them.
    const day = 86_400_000;
    const now = Date.now();
    const sold = [
      { size: '44', at: now - 100 * day },
      { size: '46', at: now - 370 * day },
    ];
    await upsertListings(
      db,
      sold.map(({ size, at }) => ({
        marketplace: 'ebay',
        external_id: `probe-sold-${size}`,
        title: `Lululemon Align Leggings Size ${size}`,
        brand: 'Lululemon',
        category: null,
        size,
        colour: null,
        condition: 'pre_owned' as const,
        status: 'sold' as const,
        price: 50,
        currency: 'USD',
        listed_at: new Date(at - 3 * day).toISOString(),
        sold_at: new Date(at).toISOString(),
        url: null,
        source: 'import',
        seller_key: null,
      })),
    );
    await merge();
    const probe = async (query: string) => {
      const sql = `select bool_or(private.market_found(c)) as f
                   from jsonb_array_elements(public.market_parse_query($1) -> 'clauses') c`;
      const cells = (await db.query<{ f: boolean }>(sql, [query])).rows[0].f;
      await db.exec(`set flipwise.market_cells = 'off'`);
      try {
        return { cells, rows: (await db.query<{ f: boolean }>(sql, [query])).rows[0].f };
      } finally {
        await db.exec('reset flipwise.market_cells');
      }
    };
    for (const size of ['44', '46'])
      expect(await probe(`lululemon align size ${size}`)).toEqual({ cells: true, rows: true });
    expect(await probe('lululemon align size 52')).toEqual({ cells: false, rows: false });
    // A listing of the seller panel's, which no cell counts, is found from its row; a size it does not hold is not.
    await upsertListings(db, [
      {
        marketplace: 'ebay',
        external_id: 'probe-panel-48',
        title: 'Lululemon Align Leggings Size 48',
        brand: 'Lululemon',
        category: null,
        size: '48',
        colour: null,
        condition: 'pre_owned' as const,
        status: 'available' as const,
        price: 50,
        currency: 'USD',
        listed_at: new Date(now - 30 * day).toISOString(),
        sold_at: null,
        url: null,
        source: 'panel',
        seller_key: '00000000-0000-4000-8000-0000000000e1',
      },
    ]);
    await merge();
    expect(await probe('lululemon align size 48')).toEqual({ cells: true, rows: true });
    expect(await probe('lululemon align size 52')).toEqual({ cells: false, rows: false });
    expect(await checkProblems()).toEqual([]);
  });

  it('say which path counted an answer, and send a price band, a phrase and a word no signature keeps to the rows', async () => {
    const path = async (query: string, filters: object = {}) =>
      (await bothWays(query, 'pre_owned', filters)).cells.result.path;
    expect(await path('lululemon leggings')).toBe('cells');
    expect(await path('black lululemon leggings')).toBe('cells');
    expect(await path('lululemon leggings', { size: 'M' })).toBe('cells');
    expect(await path('levis 501 size 30')).toBe('cells');
    expect(await path('lululemon leggings', { priceMin: 20 })).toBe('rows');
    expect(await path('"align pant"')).toBe('rows');
    expect(await path('nike tech fleece')).toBe('rows');
    // a word no listing holds changes no count: the reading goes to the cells without it
    expect(await path('lululemon leggings zzyzx')).toBe('cells');
    expect(await path('zzyzx')).toBe('cells');
    // two facets at once: a colour and a size
    expect(await path('black lululemon leggings', { size: 'M' })).toBe('rows');
  });

  it('stay equal to their rows through every write: upsert, price, sale, new title, hedged title, new seller, removal, archive', async () => {
    const now = new Date();
    const base = {
      brand: 'Lululemon',
      category: null,
      size: 'M',
      colour: null,
      currency: 'USD',
      url: null,
      source: 'import',
      listed_at: new Date(now.getTime() - 5 * 86_400_000).toISOString(),
      sold_at: null,
    };
    const rows: MarketListing[] = Array.from({ length: 12 }, (_, i) => ({
      ...base,
      marketplace: i % 2 ? 'ebay' : 'poshmark',
      external_id: `cells-${i}`,
      title:
        i === 5
          ? 'Lululemon style Align leggings black size M'
          : `Lululemon Align Leggings Black Size M ${i}`,
      condition: 'pre_owned' as const,
      status: 'available' as const,
      price: 40 + i,
      seller_key: i < 6 ? `c0ffee00-0000-4000-8000-00000000000${i}` : null,
    }));
    await upsertListings(db, rows);
    expect(await checkProblems()).toEqual([]);
    // the same upsert with new prices only: nothing moves
    await upsertListings(
      db,
      rows.map((r) => ({ ...r, price: r.price + 1 })),
    );
    // a sale, a title rewritten into another item, a seller added
    await db.exec(
      `update public.market_listings set status = 'sold', sold_at = now() where external_id = 'cells-1'`,
    );
    // two more sales of the item on the day and marketplace of that one, each its own statement (added to the day's
    // row): one by a seller the day had not seen, one priced in another currency
    await db.exec(`update public.market_listings set status = 'sold', sold_at = now(),
                     seller_key = 'c0ffee00-0000-4000-8000-0000000000bb' where external_id = 'cells-7'`);
    await db.exec(`update public.market_listings set status = 'sold', sold_at = now(), currency = 'EUR',
                     seller_key = 'c0ffee00-0000-4000-8000-0000000000cc' where external_id = 'cells-9'`);
    expect(await checkProblems()).toEqual([]);
    // That day's sellers are not all priced sellers now (the seller of the sale in euros priced none). Read from the
    // days, the sold answer counts the priced ones as its rows do: with the threshold at the window's sellers, the
    // sellers are shown and the prices are not.
    const soldWith = async (k: number, cells: boolean) => {
      await db.exec(`set flipwise.market_cells = '${cells ? 'on' : 'off'}'`);
      try {
        const sql = `select public.market_count_sold('lululemon align leggings', 'pre_owned', 90, $1, '{}') as r`;
        return (await db.query<SoldAnswer>(sql, [k])).rows[0].r;
      } finally {
        await db.exec('reset flipwise.market_cells');
      }
    };
    let [shown, hidden] = [1, 10_000];
    while (hidden - shown > 1) {
      const k = Math.floor((shown + hidden) / 2);
      if ((await soldWith(k, false)).sellers === null) hidden = k;
      else shown = k;
    }
    const atThreshold = { cells: await soldWith(shown, true), rows: await soldWith(shown, false) };
    expect(atThreshold.rows.sellers).toBe(shown);
    expect(atThreshold.rows.prices).toBeNull();
    expect(atThreshold.cells.path).toBe('cells');
    expect(soldFigures(atThreshold.cells)).toEqual(soldFigures(atThreshold.rows));
    await db.exec(`update public.market_listings set title = 'Patagonia Better Sweater Fleece Jacket Size M'
                   where external_id = 'cells-2'`);
    await db.exec(`update public.market_listings set seller_key = 'c0ffee00-0000-4000-8000-0000000000aa'
                   where external_id = 'cells-8'`);
    await db.exec(`delete from public.market_listings where external_id in ('cells-3', 'cells-4')`);
    // the archive marks old sales; a sale older than the longest window is gone from every count
    await db.exec(`update public.market_listings set sold_at = now() - interval '400 days',
                     listed_at = now() - interval '401 days' where external_id = 'cells-1'`);
    await db.query('select private.market_archive_sales()');
    expect(await checkProblems()).toEqual([]);
    // Several writes in one transaction (the cells' working tables are the session's, emptied as each write ends), and a
    // transaction rolled back after its writes: nothing of either is counted twice, nor left behind.
    await db.exec(`begin;
      update public.market_listings set status = 'sold', sold_at = now() where external_id = 'cells-10';
      update public.market_listings set price = price + 5 where external_id = 'cells-11';
      update public.market_listings set status = 'sold', sold_at = now() - interval '2 days'
        where external_id = 'cells-11';
      commit;`);
    await db.exec(`begin;
      update public.market_listings set status = 'sold', sold_at = now() where external_id = 'cells-6';
      delete from public.market_listings where external_id = 'cells-0';
      rollback;`);
    expect(await checkProblems()).toEqual([]);
    // One statement that empties cells: a listing and a sale of an item no other listing is (two brands' words in one
    // title) go together, and their listed and sold cells and their day, with nothing left to count, are gone, not
    // left at zero.
    const twoBrands = {
      ...base,
      title: 'Lululemon Patagonia Align Better Sweater Size M',
      condition: 'pre_owned' as const,
      price: 60,
      seller_key: 'c0ffee00-0000-4000-8000-0000000000dd',
    };
    await upsertListings(db, [
      { ...twoBrands, marketplace: 'poshmark', external_id: 'cells-e1', status: 'available' },
      {
        ...twoBrands,
        marketplace: 'ebay',
        external_id: 'cells-e2',
        status: 'sold',
        sold_at: now.toISOString(),
      },
    ]);
    await merge();
    // (their signature, as their places say: the brand column names Lululemon on every row here, so other keys hold
    // both brands' words too)
    const { sigs } = (
      await db.query<{ sigs: number[] }>(
        `select array(select p.sig from private.market_listing_places p join public.market_listings l on l.id = p.id
                      where l.external_id = 'cells-e1'
                      union
                      select p.sig from private.market_sale_places p join public.market_listings l on l.id = p.id
                      where l.external_id = 'cells-e2') as sigs`,
      )
    ).rows[0];
    expect(sigs).toHaveLength(1);
    const cellsOf = async () =>
      (
        await db.query<{ listed: number; sold: number; days: number }>(
          `select (select count(*)::int from private.market_listed_cells c where c.sig = any ($1)) as listed,
                  (select count(*)::int from private.market_sold_cells c where c.sig = any ($1)) as sold,
                  (select count(*)::int from private.market_sale_days d where d.sig = any ($1)) as days`,
          [sigs],
        )
      ).rows[0];
    const before = await cellsOf();
    expect(before.listed).toBeGreaterThan(0);
    expect(before.sold).toBeGreaterThan(0);
    expect(before.days).toBe(1);
    await db.exec(`delete from public.market_listings where external_id in ('cells-e1', 'cells-e2')`);
    await merge();
    expect(await cellsOf()).toEqual({ listed: 0, sold: 0, days: 0 });
    expect(await checkProblems()).toEqual([]);
    const written = [
      'lululemon leggings',
      'black lululemon leggings',
      'lululemon align',
      'patagonia better sweater',
      'lululemon',
    ];
    expect((await mismatches(written)).out).toEqual([]);
    expect((await soldMismatches(written)).out).toEqual([]);
    // The hedged title is counted from rows beside the cells by a reading that does not name its brand: listed, then
    // sold. A reading none of whose words a hedged row holds reads the cells alone, and counts as the rows do.
    const hedged = await bothWays('align leggings', 'pre_owned', {});
    expect(hedged.cells.result.path).toBe('cells');
    expect(figures(hedged.cells)).toEqual(figures(hedged.rows));
    const withoutHedged = await bothWays('lululemon align', 'pre_owned', {});
    expect((hedged.cells.result.byCondition as { pre_owned: number }).pre_owned).toBe(
      (withoutHedged.cells.result.byCondition as { pre_owned: number }).pre_owned + 1,
    );
    const noHedged = await bothWays('patagonia better sweater', 'pre_owned', {});
    expect(figures(noHedged.cells)).toEqual(figures(noHedged.rows));
    const soldOf = async () => {
      const both = await soldBothWays('align leggings', 'pre_owned', {}, 90);
      expect(both.cells.path).toBe('cells');
      expect(soldFigures(both.cells)).toEqual(soldFigures(both.rows));
      return (both.cells.byCondition as { pre_owned: number }).pre_owned;
    };
    const soldBefore = await soldOf();
    await db.exec(
      `update public.market_listings set status = 'sold', sold_at = now() where external_id = 'cells-5'`,
    );
    await merge();
    expect(await soldOf()).toBe(soldBefore + 1);
    expect(await checkProblems()).toEqual([]);
  });

  it('give a seller new to them the next bit, however often the sellers they know write', async () => {
    const ords = async () =>
      (
        await db.query<{ max: number; width: number }>(
          `select (select max(o.ord) from private.market_seller_ords o) as max,
                  (select s.width from private.market_cells_state s) as width`,
        )
      ).rows[0];
    const known = (
      await db.query<{ seller_key: string }>(
        `select o.seller_key from private.market_seller_ords o order by o.ord limit 50`,
      )
    ).rows.map((r) => r.seller_key);
    const before = await ords();
    const listing = (i: number, sellerKey: string): MarketListing => ({
      marketplace: 'ebay',
      external_id: `ords-${i}`,
      title: `Patagonia Better Sweater Fleece Jacket Size L ${i}`,
      brand: 'Patagonia',
      category: null,
      size: 'L',
      colour: null,
      condition: 'pre_owned',
      status: 'available',
      price: 80,
      currency: 'USD',
      url: null,
      source: 'import',
      listed_at: new Date().toISOString(),
      sold_at: null,
      seller_key: sellerKey,
    });
    // Three writes by sellers the cells know: no seller is added, and no bit is spent.
    for (let round = 0; round < 3; round++)
      await upsertListings(
        db,
        known.map((key, i) => ({ ...listing(i, key), price: 80 + round })),
      );
    await upsertListings(db, [listing(999, 'c0ffee00-0000-4000-8000-0000000000ee')]);
    await merge();
    const after = await ords();
    expect(after.max).toBe(before.max + 1);
    expect(after.width).toBe(before.width);
    expect(await checkProblems()).toEqual([]);
  });

  it('take a write in when the merge runs, and say until then the time they are current to', async () => {
    const query = 'patagonia better sweater';
    const count = (a: Answer) => (a.result.byCondition as Record<string, number>).new_with_tags;
    const dbNow = async () => new Date((await db.query<{ t: Date }>('select now() as t')).rows[0].t);
    await merge();
    const before = await bothWays(query, 'new_with_tags', {});
    expect(before.cells.result.path).toBe('cells');
    const written = await dbNow();
    await upsertListings(db, [
      {
        marketplace: 'depop',
        external_id: 'fresh-1',
        title: 'Patagonia Better Sweater Fleece Jacket Size L',
        brand: 'Patagonia',
        category: null,
        size: 'L',
        colour: null,
        condition: 'new_with_tags',
        status: 'available',
        price: 95,
        currency: 'USD',
        url: null,
        source: 'import',
        listed_at: written.toISOString(),
        sold_at: null,
        seller_key: 'c0ffee00-0000-4000-8000-0000000000f1',
      },
    ]);
    const asked = await dbNow();
    // Rows count it at once; the cells once merged, and meanwhile their answer is current to the write's time.
    const waiting = await bothWays(query, 'new_with_tags', {});
    expect(count(waiting.rows)).toBe(count(before.rows) + 1);
    expect(count(waiting.cells)).toBe(count(before.cells));
    const asOf = new Date(waiting.cells.result.cellsAsOf as string);
    expect(asOf.getTime()).toBeGreaterThanOrEqual(written.getTime());
    expect(asOf.getTime()).toBeLessThan(asked.getTime());
    // The search's answer says it too: its asOf is the cells' time, not the time it was asked.
    const { r } = (
      await db.query<{ r: { result: { asOf: string } } }>(
        `select public.market_search('available', $1, 'new_with_tags', 'c0ffee00-0000-4000-8000-0000000000f2',
           'fresh-test', 1000, 60) as r`,
        [query],
      )
    ).rows[0];
    expect(new Date(r.result.asOf).getTime()).toBe(asOf.getTime());
    await merge();
    const merged = await bothWays(query, 'new_with_tags', {});
    expect(figures(merged.cells)).toEqual(figures(merged.rows));
    expect(new Date(merged.cells.result.cellsAsOf as string).getTime()).toBeGreaterThanOrEqual(
      asked.getTime(),
    );
    expect(await checkProblems()).toEqual([]);
  });

  it('are the same however often a listing is placed again', async () => {
    const kept = (await db.query<{ cells: unknown }>(SNAPSHOT)).rows[0].cells;
    await db.query(
      `select private.market_cells_place(array(select l.id from public.market_listings l order by l.id))`,
    );
    expect((await db.query<{ cells: unknown }>(SNAPSHOT)).rows[0].cells).toEqual(kept);
    expect(await checkProblems()).toEqual([]);
  });

  it('are what a rebuild from the rows makes', async () => {
    const snapshot = SNAPSHOT;
    const kept = (await db.query<{ cells: unknown }>(snapshot)).rows[0].cells;
    await db.query('select private.market_cells_rebuild()');
    expect((await db.query<{ cells: unknown }>(snapshot)).rows[0].cells).toEqual(kept);
    expect(await checkProblems()).toEqual([]);
  });

  it('sign listings again when a word joins the signatures, in batches, and read it from cells only then', async () => {
    const path = async () => (await bothWays('nike tech fleece', 'pre_owned', {})).cells.result.path;
    expect(await path()).toBe('rows');
    await db.exec(`insert into private.market_cell_words (word, role, source, state)
                   values ('tech', 'signature', 'promoted', 'pending')`);
    // pending: listings are being signed with it, so it is still read from rows
    expect(await path()).toBe('rows');
    // In batches of 500 listings looked at, until none is left (each batch its own call: its own transaction).
    const batches: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query<{ n: number }>('select private.market_cells_resign(500) as n');
      batches.push(rows[0].n);
      if (rows[0].n === 0) break;
    }
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.at(-1)).toBe(0);
    expect(
      (await db.query<{ state: string }>(`select state from private.market_cell_words where word = 'tech'`))
        .rows[0].state,
    ).toBe('active');
    expect(await checkProblems()).toEqual([]);
    expect(await path()).toBe('cells');
    const { out } = await mismatches(['nike tech fleece', 'nike tech', 'nike fleece', 'nike']);
    expect(out).toEqual([]);
  });

  it('promote the words users search, within the limit, and answer them from cells once every listing is signed', async () => {
    const path = async (query: string) => (await bothWays(query, 'pre_owned', {})).cells.result.path;
    expect(await path('zara satin midi dress')).toBe('rows');
    const users = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    await db.query(
      `insert into auth.users (id, email) select u, u || '@cells.test' from unnest($1::uuid[]) u`,
      [users],
    );
    const log = (user: string, term: string) =>
      db.query(
        `insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count,
           is_zero_result, api_success) values ($1, $2, 'pre_owned', 'available', 1, false, true)`,
        [user, term],
      );
    // "satin" by two users, "floral" by one: only a word at least two users searched is promoted
    await log(users[0], 'zara satin midi dress');
    await log(users[1], 'satin slip dress');
    await log(users[0], 'shein floral mini');
    // a promoted word is one listings use (the vocabulary of the index)
    await db.query('select public.market_refresh_vocabulary()');
    const promote = async (limit: number) =>
      (await db.query<{ n: number }>('select private.market_cells_promote($1) as n', [limit])).rows[0].n;
    // the limit counts the words promoted so far ("tech", by the test above, is one)
    expect(await promote(1)).toBe(0);
    expect(await promote(10)).toBe(1);
    const { rows } = await db.query<{ word: string; state: string }>(
      `select word, state from private.market_cell_words where source = 'promoted' order by word`,
    );
    expect(rows).toEqual([
      { word: 'satin', state: 'pending' },
      { word: 'tech', state: 'active' },
    ]);
    await db.query('select private.market_cells_words_update()');
    for (let i = 0; i < 50; i++) {
      if ((await db.query<{ n: number }>('select private.market_cells_resign(5000) as n')).rows[0].n === 0)
        break;
    }
    expect(await path('zara satin midi dress')).toBe('cells');
    expect(await path('shein floral mini')).toBe('rows');
    expect(await checkProblems()).toEqual([]);
    const { out } = await mismatches(['zara satin midi dress', 'zara satin', 'zara dress', 'satin dress']);
    expect(out).toEqual([]);
  });

  it('hold no panel row, and no one but the service role reads them or merges into them', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.market_listing_places p
       join public.market_listings l on l.id = p.id where l.source = 'panel'`,
    );
    expect(rows[0].n).toBe(0);
    // (each read in a transaction of its own, under the role: a server's pool may hand the next query another session)
    for (const role of ['anon', 'authenticated']) {
      for (const table of [
        'market_listed_cells',
        'market_sale_places',
        'market_sale_days',
        'market_cells_queue',
      ]) {
        await expect(
          db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            return tx.query(`select count(*) from private.${table}`);
          }),
        ).rejects.toThrow(/permission denied/);
      }
      // Nor may they merge: only the service role (pg_cron, market:import) runs it.
      await expect(
        db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`);
          return tx.query('select public.market_cells_merge()');
        }),
      ).rejects.toThrow(/permission denied/);
    }
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('set local role service_role');
        return tx.query<{ n: number }>('select public.market_cells_merge() as n');
      }),
    ).resolves.toMatchObject({ rows: [{ n: 0 }] });
  });
});
