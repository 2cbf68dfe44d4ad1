// A user's search does not wait for their own earlier search still counting (docs/decisions/073): the rate-limit row
// of the user's window is taken at the end of a search, not held through its count. Two searches have to be in the
// database at once, which PGlite's one connection cannot hold, so this file runs on PostgreSQL 15: the suite's
// server when there is one (npm test), else a throwaway one of its own.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';
import { setFunctionEnv } from './support/function-env';
import { listingsOf } from './support/market';
import { signUpAndSignIn } from './support/supabase';

let server: { url: string; stop: () => void } | undefined;
let emu: RunningEmulator;
let holder: pg.Client;

const listing = listingsOf('row', {
  title: 'Carhartt Detroit Jacket Brown Duck',
  brand: 'Carhartt',
  category: 'Jackets',
  size: 'L',
  colour: 'Brown',
  price: 120,
});
const body = (itemName: string) => ({ itemName, condition: 'pre_owned' });

beforeAll(async () => {
  if (!process.env.DATABASE_URL) server = startPostgres({ stdio: 'ignore' });
  emu = await startEmulator({
    port: 0,
    dataDir: 'memory',
    testing: true,
    log: false,
    databaseUrl: process.env.DATABASE_URL || server?.url,
  });
  await upsertListings(
    emu.db,
    [1, 2, 3].map((n) => listing(n)),
  );
  await mergeCells(emu.db);
  // Every call counted, none from the cache: the two searches below differ only in what they wait for.
  await setFunctionEnv(emu.url, { MARKET_CACHE: 'off', MARKET_TIMEOUT_MS: '4000' });
  holder = new pg.Client({ connectionString: emu.db.url });
  await holder.connect();
});

afterAll(async () => {
  await holder?.end();
  await emu?.stop();
  server?.stop();
});

/** Whether a session of this database is waiting for a lock. */
async function someoneWaits(): Promise<boolean> {
  const { rows } = await holder.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return rows[0].n > 0;
}

describe('a search and the rate-limit row', () => {
  it("answers a user's search while their earlier search of the same kind is still in the database", async () => {
    const { sb } = await signUpAndSignIn(emu, 'rate-row');
    // The first search stops at its last step, the reading it keeps for the sold search: once the query has been read,
    // this session holds that row.
    expect(
      (await sb.functions.invoke('search-available', { body: body('carhartt jacket') })).error,
    ).toBeNull();
    await holder.query('begin');
    await holder.query(
      `select 1 from public.market_query_readings where query = 'carhartt jacket' for update`,
    );
    let first: ReturnType<typeof sb.functions.invoke> | undefined;
    try {
      first = sb.functions.invoke('search-available', { body: body('carhartt jacket') });
      await expect.poll(someoneWaits, { timeout: 5000 }).toBe(true);

      const second = await sb.functions.invoke('search-available', { body: body('carhartt detroit jacket') });
      expect(second.error).toBeNull();
      expect(second.data).toMatchObject({ availableCount: 3, cached: false });
    } finally {
      await holder.query('commit');
    }
    const answered = await first;
    expect(answered.error).toBeNull();
    expect(answered.data).toMatchObject({ availableCount: 3 });
  });
});
