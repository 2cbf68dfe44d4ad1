// The price quantiles of a sold answer (decision 089): read as cents, each found as percentile_cont finds it (its two
// values by percentile_disc at the ranks percentile_cont reads, then its interpolation). The figures every sold path
// shares (private.market_sold_figures_sql) are run here over sales made for the purpose, and must be percentile_cont's
// over the prices as floats to the last bit: any count of prices in a week, ties, a week of no price, prices from a
// cent to the largest a listing holds. (The days of the sales give the same figures as these: tests/market-cells.)
// On PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { suiteDatabase } from './support/database';

let db: Database;
const WEEKS = 13;

beforeAll(async () => {
  db = await suiteDatabase();
  // Week w (0 to 12) holds w * 37 + 1 sales, priced from a few values (ties) or spread to the cent; week 5's have no
  // price; week 12 holds the extremes.
  await db.exec(`
    create temporary table sales (id bigint, price numeric(12, 2), sold_at timestamptz, took integer);
    insert into sales
    select w * 1000 + i,
      case when w = 5 then null
           when w % 3 = 0 then ((w * 7 + i) % 5) * 2.50 + 10
           else round((((w * 7919 + i * 104729) % 100003) / 7.0)::numeric, 2) end,
      timestamptz '2026-06-01 00:00:00+00' + make_interval(days => w * 7 + i % 7, hours => i % 24),
      (i * 37) % 900
    from generate_series(0, ${WEEKS - 1}) w, generate_series(1, w * 37 + 1) i;
    insert into sales values
      (90001, 0, timestamptz '2026-08-24 10:00:00+00', 1), (90002, 0.01, timestamptz '2026-08-24 11:00:00+00', 2),
      (90003, 9999999999.99, timestamptz '2026-08-25 10:00:00+00', 3),
      (90004, 9999999999.98, timestamptz '2026-08-25 11:00:00+00', null);
  `);
});

afterAll(async () => {
  await db?.close();
});

type Row = { quartiles: number[] | null; middle: number | null; weekly: (number | null)[]; thirds: unknown };

describe("a sold answer's quantiles, read as cents", () => {
  it("are percentile_cont's over the prices as floats, bit for bit: quartiles, weeks, thirds and days to sell", async () => {
    const starts = `array(select timestamptz '2026-06-01 00:00:00+00' + make_interval(days => 7 * w)
      from generate_series(0, ${WEEKS - 1}) w)`;
    const weekStarts = Array.from({ length: WEEKS }, (_, w) =>
      new Date(Date.UTC(2026, 5, 1 + 7 * w)).toISOString(),
    );
    const early = `timestamptz '2026-07-01 00:00:00+00'`;
    const recent = `timestamptz '2026-08-01 00:00:00+00'`;
    const { rows: figures } = await db.query<{ sql: string }>(
      'select private.market_sold_figures_sql() as sql',
    );
    await db.exec(`
      prepare figures (text, timestamptz, int, timestamptz, timestamptz, integer[], text, text, int, timestamptz,
        timestamptz[]) as
      with mc as (
        select s.id, 'ebay'::text as marketplace, null::uuid as seller_key, 'demo'::text as source,
          (s.price * 100)::bigint as cents, s.sold_at, s.took
        from sales s
      ),
      ${figures[0].sql}
      select (select array_agg(q.lo + q.part * (q.hi - q.lo) order by q.i) from quartiles q) as quartiles,
        (select m.took from middle m) as middle,
        array(select w.median from weekly w order by w.week) as weekly,
        (select jsonb_object_agg(t.part, t.q) from thirds t) as thirds`);
    const { rows: got } = await db.query<Row>(
      `execute figures ('pre_owned', null, 5, ${early}, ${recent}, null, '', null, 90, null,
        '{${weekStarts.join(',')}}')`,
    );
    const { rows: expected } = await db.query<Row>(`
      select (select percentile_cont(array[0.25, 0.5, 0.75]) within group (order by s.price::float8) from sales s)
          as quartiles,
        (select percentile_cont(0.5) within group (order by s.took) from sales s) as middle,
        array(select (select percentile_cont(0.5) within group (order by s.price::float8) from sales s
                      where width_bucket(s.sold_at, ${starts}) = w)
              from generate_series(1, ${WEEKS}) w order by w) as weekly,
        (select jsonb_object_agg(t.part, t.q) from (
          select case when s.sold_at < ${early} then 'early' else 'recent' end as part,
            percentile_cont(array[0.25, 0.5, 0.75]) within group (order by s.price::float8) as q
          from sales s where s.sold_at < ${early} or s.sold_at >= ${recent} group by 1) t) as thirds`);
    await db.exec('deallocate figures');
    expect(expected[0].weekly[5]).toBeNull();
    expect(expected[0].weekly.filter((m) => m !== null)).toHaveLength(WEEKS - 1);
    expect(got[0]).toEqual(expected[0]);
  });
});
