// Sales older than the longest window (365 days) leave the indexes of sales (migration 20261128170000_sold_history.sql,
// decision 074): private.market_archive_sales marks them archived, no window's answer changes, and an archived sale is
// still a sale of the table (its constraint, a re-import, a seller leaving the panel).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { mergeCells } from '../emulator/seeds/data/market-data';
import { migratedDatabase } from './support/database';

let db: Database;

beforeAll(async () => {
  db = await migratedDatabase();
  await db.query(
    `insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
       source)
     values ('ebay', 'history-listed', 'Levi''s 501 denim jeans W31 L30', 'Levi''s', 'pre_owned', 'available', 35,
       now() - interval '3 years', 'import')`,
  );
}, 120_000);
afterAll(() => db?.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
let next = 0;

/** Sales of nobody's (an import's rows: no seller, so every figure shows), sold `days` ago; their external ids. */
async function sell(title: string, days: number, times = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < times; i++) {
    const id = `history-${++next}`;
    await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
         sold_at, source)
       values ('ebay', $1, $2, 'Levi''s', 'pre_owned', 'sold', 40, $3, $4, 'import')`,
      [id, title, daysAgo(days + 20), daysAgo(days)],
    );
    ids.push(id);
  }
  return ids;
}

async function soldCount(query: string, windowDays: number): Promise<number> {
  // (the writes so far taken into the cells first, as the background merge does: decision 091)
  await mergeCells(db);
  const { rows } = await db.query<{ r: { sold: number } }>(
    // One seller is enough here: every figure shows, whoever's sales they are.
    `select public.market_count_sold($1, 'pre_owned', $2, 1) as r`,
    [query, windowDays],
  );
  return rows[0].r.sold;
}

async function statusOf(externalIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ status: string }>(
    `select status from public.market_listings where marketplace = 'ebay' and external_id = any($1) order by id`,
    [externalIds],
  );
  return rows.map((r) => r.status);
}

async function archive(limit?: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    limit === undefined
      ? 'select private.market_archive_sales() as n'
      : 'select private.market_archive_sales($1) as n',
    limit === undefined ? [] : [limit],
  );
  return rows[0].n;
}

describe('sold history', () => {
  it('archives only the sales older than 366 days, the oldest first, and every window counts what it did', async () => {
    await sell("Levi's 501 denim jeans W32 L30", 10, 3);
    const yearOld = await sell("Levi's 501 denim jeans W34 L32", 360, 2);
    const old = await sell("Levi's 501 denim jeans W30 L32", 3 * 365, 3);
    const older = await sell("Levi's denim trucker jacket dark wash", 4 * 365, 2);
    const windows = [30, 90, 180, 365];
    const before = await Promise.all(windows.map((days) => soldCount('levis denim', days)));
    expect(before[1]).toBeGreaterThanOrEqual(3);
    expect(before[3] - before[2]).toBeGreaterThanOrEqual(2);

    // Two a call: the two four-year-old sales go first.
    expect(await archive(2)).toBe(2);
    expect(await statusOf(older)).toEqual(['archived', 'archived']);
    expect(await statusOf(old)).toEqual(['sold', 'sold', 'sold']);
    expect(await archive()).toBe(3);
    expect(await statusOf(old)).toEqual(['archived', 'archived', 'archived']);
    expect(await statusOf(yearOld)).toEqual(['sold', 'sold']);
    expect(await archive()).toBe(0);

    expect(await Promise.all(windows.map((days) => soldCount('levis denim', days)))).toEqual(before);
    const { rows } = await db.query<{ available: number; archived: number }>(
      `select count(*) filter (where status = 'available')::int as available,
         count(*) filter (where status = 'archived')::int as archived
       from public.market_listings`,
    );
    expect(rows[0].archived).toBe(5);
    // A listing still for sale is no sale, however long ago it was listed.
    expect(rows[0].available).toBe(1);
  });

  it('keeps an archived row a sale: it needs its sale date, and a re-import of it is a sale in the window again', async () => {
    const [id] = await sell("Levi's 550 relaxed jeans W36", 2 * 365);
    expect(await archive()).toBe(1);
    await expect(
      db.query(
        `update public.market_listings set sold_at = null where marketplace = 'ebay' and external_id = $1`,
        [id],
      ),
    ).rejects.toThrow(/market_listings_sold_has_sold_at/);
    await expect(
      db.query(
        `update public.market_listings set status = 'gone' where marketplace = 'ebay' and external_id = $1`,
        [id],
      ),
    ).rejects.toThrow(/market_listings_status_check/);
    // The marketplace says it sold again last week (a relist): market:import's upsert finds the row by its id.
    const before = await soldCount('levis 550', 30);
    await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
         sold_at, source)
       values ('ebay', $1, 'Levi''s 550 relaxed jeans W36', 'Levi''s', 'pre_owned', 'sold', 45, $2, $3, 'import')
       on conflict (marketplace, external_id) do update
         set status = excluded.status, sold_at = excluded.sold_at, listed_at = excluded.listed_at`,
      [id, daysAgo(20), daysAgo(7)],
    );
    expect(await statusOf([id])).toEqual(['sold']);
    expect(await soldCount('levis 550', 30)).toBe(before + 1);
  });

  it('takes a leaving panel seller’s archived comps along with the rest', async () => {
    const user = '7a11e7a1-0000-4000-8000-000000000074';
    await db.query(`insert into auth.users (id, email) values ($1, 'history-seller@example.com')`, [user]);
    const { rows } = await db.query<{ k: string }>(
      'insert into public.panel_members (user_id) values ($1) returning seller_key::text as k',
      [user],
    );
    const key = rows[0].k;
    for (const [n, days] of [
      [1, 20],
      [2, 2 * 365],
    ]) {
      await db.query(
        `insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
           sold_at, source, seller_key)
         values ('poshmark', $1, 'Levi''s 501 jeans', 'Levi''s', 'pre_owned', 'sold', 30, $2, $3, 'panel', $4)`,
        [`panel-history-${n}`, daysAgo(days + 10), daysAgo(days), key],
      );
    }
    expect(await archive()).toBe(1);
    const comps = `select status from public.market_listings where seller_key = $1 order by sold_at`;
    expect((await db.query<{ status: string }>(comps, [key])).rows.map((r) => r.status)).toEqual([
      'archived',
      'sold',
    ]);
    // Sharing off (or the account deleted): private.panel_members_left takes every comp of theirs along.
    await db.query('delete from public.panel_members where user_id = $1', [user]);
    expect((await db.query(comps, [key])).rows).toEqual([]);
  });
});

// What "sold in the last N days" means (docs/decisions/086-sale-window.md): N calendar days in UTC, today and the N - 1
// days before it; the trend's thirds are whole days of it; the median days to sell is taken over tenths of a day.
type Sold = {
  sold: number;
  medianDaysToSell: number | null;
  trendReading: { earlySold: number; recentSold: number } | null;
};

/** Sales of nobody's (import rows) for the window's boundaries, each sold at `at` (SQL, relative to today's midnight `d`) after `took` days. */
async function sellAt(rows: { at: string; took: number }[]) {
  let i = 0;
  for (const row of rows) {
    await db.query(
      `with d as (select date_trunc('day', now(), 'UTC') as d)
       insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at,
         sold_at, source)
       select 'ebay', $1, 'Carhartt double knee work pants', 'Carhartt', 'pre_owned', 'sold', 40,
         (${row.at}) - make_interval(secs => $2::float8 * 86400), ${row.at}, 'import'
       from d`,
      [`window-${++i}`, row.took],
    );
  }
}

async function soldOver(days: number): Promise<Sold> {
  await mergeCells(db);
  const { rows } = await db.query<{ r: Sold }>(
    `select public.market_count_sold('carhartt double knee', 'pre_owned', $1, 1) as r`,
    [days],
  );
  return rows[0].r;
}

describe('the sale window (decision 086)', () => {
  beforeAll(async () => {
    await sellAt([
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
  });

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
