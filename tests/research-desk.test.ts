// The research desk's figures (issue 54, docs/decisions/083-research-desk.md) against plain SQL over the same listings:
// a search narrowed by size, marketplace or price band, and the trend's weeks (sold and median price per ISO week),
// on the demo market; on panel data, the release's weeks are the sums of its cells. On PGlite, and on PostgreSQL 15
// when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { seedMarketListings } from '../emulator/seeds/data/market-data';
import { suiteDatabase } from './support/database';

let db: Database;
const K = 5;

type Row = { id: string; seller_key: string | null; price: string | null; currency: string; sold_at: string };
type Week = { week: string; sold: number | null; medianPrice: number | null };
type Sold = {
  sold: number | null;
  weeks: Week[];
  trendReading: { pace: string | null; price: string | null; earlySold: number; recentSold: number } | null;
};

beforeAll(async () => {
  db = await suiteDatabase();
  await seedMarketListings(db, { count: 15_000 });
});

afterAll(async () => {
  await db?.close();
});

/** The rows a narrowed search stands on, by the reading's own clause and the filter's, written out here. */
async function rowsBehind(query: string, condition: string, status: 'sold' | 'available', filters: object) {
  const { rows } = await db.query<{ m: string; f: string }>(
    `select public.market_match_sql(public.market_parse_query($1), $2) as m, private.market_filter_sql($3::jsonb) as f`,
    [query, status, JSON.stringify(filters)],
  );
  const { rows: found } = await db.query<Row>(
    `select l.id::text, l.seller_key::text, l.price::text, l.currency, l.sold_at::text from public.market_listings l
     where ${rows[0].m} and ${rows[0].f} and l.source <> 'panel' and l.condition = $1
       and (l.status = 'available' or l.sold_at >= date_trunc('day', now(), 'UTC') - interval '89 days')`,
    [condition],
  );
  return found;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const at = 0.5 * (s.length - 1);
  return s[Math.floor(at)] + (s[Math.ceil(at)] - s[Math.floor(at)]) * (at - Math.floor(at));
};
const sellers = (rows: Row[]) => new Set(rows.filter((r) => r.seller_key).map((r) => r.seller_key)).size;
const shownBy = (rows: Row[]) => sellers(rows) === 0 || sellers(rows) >= K;

/** Monday of the ISO week (UTC) of a timestamp, as 'YYYY-MM-DD'. */
function weekOf(at: string): string {
  const d = new Date(at);
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

describe('a narrowed search', () => {
  const cases: [string, string, object][] = [
    ['lululemon leggings', 'pre_owned', {}],
    ['nike', 'pre_owned', {}],
    ['levis', 'pre_owned', { marketplace: 'ebay' }],
    ['lululemon leggings', 'pre_owned', { marketplace: 'poshmark' }],
    ['lululemon leggings', 'pre_owned', { priceMin: 20, priceMax: 50 }],
    ['nike', 'pre_owned', { size: '10' }],
    ['levis jeans', 'pre_owned', { size: '32x30' }],
    ['coach bag', 'new_with_tags', { marketplace: 'ebay', priceMin: 50, priceMax: 400 }],
  ];

  it('counts, week by week, what plain SQL finds over the same listings, withholding the same weeks', async () => {
    let weeksChecked = 0;
    let weeksShown = 0;
    for (const [query, condition, filters] of cases) {
      const what = `${query} ${condition} ${JSON.stringify(filters)}`;
      const { rows } = await db.query<{ s: Sold; a: { available: number | null } }>(
        `select public.market_count_sold($1, $2, 90, $3, $4::jsonb) as s,
                public.market_count_available($1, $2, $3, $4::jsonb) as a`,
        [query, condition, K, JSON.stringify(filters)],
      );
      const { s, a } = rows[0];
      const sold = await rowsBehind(query, condition, 'sold', filters);
      const soldRows = sold.filter((r) => r.sold_at);
      const listed = (await rowsBehind(query, condition, 'available', filters)).filter((r) => !r.sold_at);
      expect(a.available, `${what} listed`).toBe(shownBy(listed) ? listed.length : null);
      expect(s.sold, `${what} sold`).toBe(shownBy(soldRows) ? soldRows.length : null);
      if (s.sold === null) {
        expect(s.weeks, what).toEqual([]);
        continue;
      }
      for (const w of s.weeks) {
        const inWeek = soldRows.filter((r) => weekOf(r.sold_at) === w.week);
        expect(w.sold, `${what} ${w.week}`).toBe(shownBy(inWeek) ? inWeek.length : null);
        const priced = inWeek.filter((r) => r.currency === 'USD' && r.price !== null);
        const pricedShown = priced.length > 0 && shownBy(priced);
        if (w.medianPrice === null)
          expect(pricedShown && shownBy(inWeek) && priced.length > 0, what).toBe(false);
        else
          expect(w.medianPrice, `${what} ${w.week} median`).toBeCloseTo(
            // rounded to the cent by the answer
            median(priced.map((r) => Number(r.price))),
            1,
          );
        weeksChecked++;
        if (w.sold !== null && w.sold > 0) weeksShown++;
      }
      // Every sale of the window is in one of its weeks.
      const inWeeks = s.weeks.reduce((n, w) => n + (w.sold ?? 0), 0);
      expect(inWeeks, what).toBeLessThanOrEqual(s.sold);
    }
    expect(weeksChecked).toBeGreaterThan(30);
    expect(weeksShown).toBeGreaterThan(5);
  });

  it('reads the pace of the trend only past its error, and says nothing of too few sales', async () => {
    const { rows } = await db.query<{ s: Sold }>(
      `select public.market_count_sold('lululemon leggings', 'pre_owned', 90, 5, '{}') as s`,
    );
    const r = rows[0].s.trendReading;
    expect(r).not.toBeNull();
    const { earlySold: a, recentSold: b } = r!;
    const expected =
      b - a > 1.96 * Math.sqrt(a + b) ? 'faster' : a - b > 1.96 * Math.sqrt(a + b) ? 'slower' : 'steady';
    expect(r!.pace).toBe(a + b >= 10 ? expected : null);
    const { rows: none } = await db.query<{ s: Sold }>(
      `select public.market_count_sold('lululemon leggings', 'pre_owned', 90, 5, '{"size": "zz9"}') as s`,
    );
    expect(none[0].s.trendReading?.pace ?? null).toBeNull();
  });
});
