// The quantiles a sold search reads from the days of its sales (decision 089): percentile_disc over the cents at the
// ranks percentile_cont reads, then percentile_cont's interpolation. They must be percentile_cont's figures over the
// prices as floats to the last bit, for any count of prices, ties, and prices from a cent to the largest a listing
// holds. On PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { suiteDatabase } from './support/database';

let db: Database;

beforeAll(async () => {
  db = await suiteDatabase();
  await db.exec(`create temporary table sets (id int, price numeric(12, 2))`);
  // Sets 1 to 40 hold 1 to 40 prices; 41 to 60 hold 100 to 2,000 prices with many ties; 61 holds extremes.
  await db.exec(`
    insert into sets
    select n, round((((n * 7919 + i * 104729) % 100003) / 7.0)::numeric, 2)
    from generate_series(1, 40) n, generate_series(1, n) i;
    insert into sets
    select n, ((n * 31 + i * 17) % 257) * 0.25
    from generate_series(41, 60) n, generate_series(1, (n - 40) * 100) i;
    insert into sets values (61, 0), (61, 0.01), (61, 0.01), (61, 19.99), (61, 9999999999.99), (61, 9999999999.98);
  `);
});

afterAll(async () => {
  await db?.close();
});

describe('the quantiles of the days of the sales', () => {
  it("are percentile_cont's over the prices, bit for bit, for every count of prices, ties and extremes", async () => {
    const { rows } = await db.query<{ id: number; n: number; expected: number[]; got: number[] }>(`
      select k.id, k.n::int as n, e.q as expected,
        private.market_quantiles(array[0, 0.1, 0.25, 0.5, 0.75, 0.9, 1], k.n, d.v, 100) as got
      from (select s.id, count(*) as n from sets s group by s.id) k
      cross join lateral (
        select percentile_cont(array[0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]) within group (order by s.price::float8) as q
        from sets s where s.id = k.id) e
      cross join lateral (
        select percentile_disc(private.market_quantile_ranks(array[0, 0.1, 0.25, 0.5, 0.75, 0.9, 1], k.n))
          within group (order by (s.price * 100)::bigint) as v
        from sets s where s.id = k.id) d
      order by k.id`);
    expect(rows).toHaveLength(61);
    for (const row of rows) expect({ id: row.id, n: row.n, q: row.got }).toEqual({ id: row.id, n: row.n, q: row.expected });
  });

  it('are none for no prices', async () => {
    const { rows } = await db.query<{ ranks: number[] | null; q: number[] | null }>(
      `select private.market_quantile_ranks(array[0.5], 0) as ranks,
         private.market_quantiles(array[0.5], 0, null::bigint[], 100) as q`,
    );
    expect(rows).toEqual([{ ranks: null, q: null }]);
  });
});
