// What "sold in the last N days" means (docs/decisions/086-sale-window.md): N calendar days in UTC, today and the N - 1
// days before it; the trend's thirds are whole days of it; the median days to sell is taken over tenths of a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { migratedDatabase } from './support/database';

let db: Database;

type Sold = {
  sold: number;
  medianDaysToSell: number | null;
  trendReading: { earlySold: number; recentSold: number } | null;
};

/** Sales of nobody's (import rows), each sold at `at` (SQL, relative to today's midnight `d`) after `took` days. */
async function sell(rows: { at: string; took: number }[]) {
  let i = 0;
  for (const row of rows) {
    await db.query(
      `with d as (select date_trunc('day', now(), 'UTC') as d)
       insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
         sold_at, source)
       select 'ebay', $1, 'Levi''s 501 denim jeans', 'Levi''s', 'pre_owned', 'sold', 40,
         (${row.at}) - make_interval(secs => $2::float8 * 86400), ${row.at}, 'import'
       from d`,
      [`window-${++i}`, row.took],
    );
  }
}

async function soldOver(days: number): Promise<Sold> {
  const { rows } = await db.query<{ r: Sold }>(
    `select public.market_count_sold('levis 501 jeans', 'pre_owned', $1, 1) as r`,
    [days],
  );
  return rows[0].r;
}

beforeAll(async () => {
  db = await migratedDatabase();
  await sell([
    // The window's first day, a second after its midnight: in, and in the first third (its first 10 days).
    { at: `d.d - interval '29 days' + interval '1 second'`, took: 1.01 },
    // The day before it, a second before its end: out, however late today it is.
    { at: `d.d - interval '30 days' + interval '23:59:59'`, took: 1.01 },
    // The first third's last second, and the next day's midnight (the middle third).
    { at: `d.d - interval '20 days' + interval '23:59:59'`, took: 1.01 },
    { at: `d.d - interval '19 days'`, took: 1.06 },
    // The last third: its first midnight.
    { at: `d.d - interval '9 days'`, took: 1.06 },
  ]);
}, 120_000);
afterAll(() => db?.close());

describe('the sale window', () => {
  it('counts the last 30 days as today and the 29 days before it, from midnight UTC', async () => {
    const answer = await soldOver(30);
    expect(answer.sold).toBe(4);
    expect((await soldOver(90)).sold).toBe(5);
  });

  it('compares the first and last 10 whole days of 30 for the trend', async () => {
    const answer = await soldOver(30);
    expect(answer.trendReading).toMatchObject({ earlySold: 2, recentSold: 1 });
  });

  it('takes the median days to sell over tenths of a day (1.0, 1.0, 1.1 and 1.1 days: 1.05, shown as 1.1)', async () => {
    // Over the exact times (1.01, 1.01, 1.06, 1.06 days) the median would be 1.035, shown as 1.0.
    const answer = await soldOver(30);
    expect(answer.medianDaysToSell).toBe(1.1);
  });

  it('says the window starts at the midnight (UTC) 29 days before today', async () => {
    const { rows } = await db.query<{ since: string; today: string }>(
      `select private.market_window_start(30)::text as since,
         (date_trunc('day', now(), 'UTC') - interval '29 days')::text as today`,
    );
    expect(rows[0].since).toBe(rows[0].today);
  });
});
