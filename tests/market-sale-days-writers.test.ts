// Two writers that sell on the same day at once (decisions 088 and 091): neither waits on the other, since a write
// only notes its ids, and the merge makes each day again from the places of its sales, so a sale committed after one
// merge is taken by the next and neither is lost. Two transactions have to be open at once, which PGlite's one
// connection cannot hold, so this file runs on PostgreSQL 15: the suite's server when there is one (npm test), else a throwaway one.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../emulator/context';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';
import { daysAgo, listingsOf } from './support/market';

let server: { url: string; stop: () => void } | undefined;
let emu: RunningEmulator;
let first: pg.Client;
let second: pg.Client;

// Sold 400 days ago: in no window the sold cells keep, so the two writers meet on the day's row and nowhere else.
const sale = listingsOf('days', {
  title: 'Carhartt Detroit Jacket Brown Duck',
  brand: 'Carhartt',
  category: 'Jackets',
  size: 'L',
  colour: 'Brown',
  price: 120,
});
const soldOn = (days: number, n: number) =>
  sale(n, {
    status: 'sold',
    sold_at: daysAgo(days),
    listed_at: daysAgo(days + 9),
    price: 100 + n,
    seller_key: randomUUID(),
  });

beforeAll(async () => {
  if (!process.env.DATABASE_URL) server = startPostgres({ stdio: 'ignore' });
  emu = await startEmulator({
    port: 0,
    dataDir: 'memory',
    testing: true,
    log: false,
    databaseUrl: process.env.DATABASE_URL || server?.url,
  });
  // A sale of the same title on another day first, so its signature is already kept: the writers below meet on the
  // day's row only.
  await upsertListings(emu.db, [soldOn(420, 1)]);
  await mergeCells(emu.db);
  first = new pg.Client({ connectionString: emu.db.url });
  second = new pg.Client({ connectionString: emu.db.url });
  await first.connect();
  await second.connect();
});

afterAll(async () => {
  await first?.end();
  await second?.end();
  await emu?.stop();
  server?.stop();
});

/** A client of its own session, as the seed's writer takes it. */
const writer = (client: pg.Client): Queryable => ({
  query: async <T>(sql: string, params?: unknown[]) => {
    const { rows } = await client.query(sql, params);
    return { rows: rows as T[] };
  },
  exec: async (sql: string) => {
    await client.query(sql);
  },
});

/** Whether a session of this database is waiting for a lock. */
async function someoneWaits(): Promise<boolean> {
  const { rows } = await emu.db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return rows[0].n > 0;
}

describe('the days of the sales, written by two writers at once', () => {
  it('count both sales of the day, with both sellers and both prices, and neither writer waits', async () => {
    await first.query('begin');
    await upsertListings(writer(first), [soldOn(400, 2)]);
    // The second writer commits while the first is still open: writers only note their ids (decision 091), so it
    // never waits on the first.
    await second.query('begin');
    await upsertListings(writer(second), [soldOn(400, 3)]);
    expect(await someoneWaits()).toBe(false);
    await second.query('commit');
    // A merge while the first is still open takes the second's sale; the first's is taken by the merge after it
    // commits, and neither is lost.
    await mergeCells(emu.db);
    const day = async () =>
      (
        await emu.db.query<{ n: number; sellers: number; cents: number[] }>(
          `select d.n, bit_count(d.sellers)::int as sellers, d.cents::int[] as cents from private.market_sale_days d
           where d.day = (now() at time zone 'UTC')::date - 400`,
        )
      ).rows;
    expect(await day()).toEqual([{ n: 1, sellers: 1, cents: [10300] }]);
    await first.query('commit');
    await mergeCells(emu.db);
    expect(await day()).toEqual([{ n: 2, sellers: 2, cents: [10200, 10300] }]);
    const problems = await emu.db.query<{ problem: string }>(
      'select problem from private.market_cells_check()',
    );
    expect(problems.rows).toEqual([]);
  });
});
