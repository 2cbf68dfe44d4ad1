// Issue 49: a database that already holds dates out of range (before 2000, after tomorrow, infinite) is brought up to
// date by the migration that adds the CHECKs: those rows are set aside, with their owner, and counted; every other row
// stays. The migrations before it are applied, the bad rows written as an old import would have written them, then the
// migration runs, as `supabase db push` would run it on a hosted project. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL is set.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSupabaseDir } from '../emulator/config';
import { createDatabase, type Database } from '../emulator/db';
import { migrationFiles, prepareDatabase } from '../emulator/db/migrate';

const MIGRATION = '20261129000000_panel_cheap_leaks.sql';
const USER = '00000000-0000-4000-8000-000000000049';

let db: Database;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'flipwise-set-aside-'));
  mkdirSync(path.join(dir, 'migrations'));
  const files = migrationFiles(defaultSupabaseDir);
  for (const file of files.filter((f) => path.basename(f) < MIGRATION))
    copyFileSync(file, path.join(dir, 'migrations', path.basename(file)));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  db = await createDatabase(databaseUrl ? { databaseUrl, throwaway: true } : { dataDir: 'memory' });
  await prepareDatabase(db, { supabaseDir: dir, seed: false });

  await db.exec(`
    insert into auth.users (id, email) values ('${USER}', 'old.importer@example.com');
    insert into public.seller_items (user_id, marketplace, external_id, title, condition, status, price, listed_at, sold_at)
    values
      ('${USER}', 'ebay', 'good', 'Pendleton Board Shirt', 'pre_owned', 'sold', 40, '2026-01-02', '2026-01-05'),
      ('${USER}', 'ebay', 'far', 'Pendleton Board Shirt far', 'pre_owned', 'sold', 40, '2026-01-02', '9999-12-31'),
      ('${USER}', 'ebay', 'old', 'Pendleton Board Shirt old', 'pre_owned', 'sold', 40, null, '0001-01-01'),
      ('${USER}', 'ebay', 'inf', 'Pendleton Board Shirt inf', 'pre_owned', 'available', 40, 'infinity', null);
    insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at, sold_at, source)
    values
      ('ebay', 'm-good', 'Carhartt Detroit Jacket', 'pre_owned', 'sold', 90, '2026-01-02', '2026-01-05', 'import'),
      ('ebay', 'm-far', 'Carhartt Detroit Jacket far', 'pre_owned', 'sold', 90, '2026-01-02', '9999-12-31', 'import'),
      ('ebay', 'm-1999', 'Carhartt Detroit Jacket 1999', 'pre_owned', 'available', 90, '1999-06-01', null, 'import');
  `);

  copyFileSync(
    path.join(defaultSupabaseDir, 'migrations', MIGRATION),
    path.join(dir, 'migrations', MIGRATION),
  );
  await prepareDatabase(db, { supabaseDir: dir, seed: false });
});

afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('rows stored with a date out of range before the CHECKs', () => {
  it('are set aside with their owner and the reason, counted by table', async () => {
    const { rows } = await db.query<{
      source_table: string;
      user_id: string | null;
      id: string;
      reason: string;
    }>(
      `select source_table, user_id::text, coalesce(row_data ->> 'external_id', '') as id, reason
       from private.rows_set_aside order by source_table, id`,
    );
    expect(rows.map((r) => [r.source_table, r.id, r.user_id])).toEqual([
      ['market_listings', 'm-1999', null],
      ['market_listings', 'm-far', null],
      ['seller_items', 'far', USER],
      ['seller_items', 'inf', USER],
      ['seller_items', 'old', USER],
    ]);
    expect(new Set(rows.map((r) => r.reason))).toEqual(
      new Set(['a sale or listing date before 2000, after tomorrow or infinite']),
    );
  });

  it('leave every row in range where it was', async () => {
    const items = await db.query<{ external_id: string }>('select external_id from public.seller_items');
    expect(items.rows.map((r) => r.external_id)).toEqual(['good']);
    const listings = await db.query<{ external_id: string }>(
      'select external_id from public.market_listings',
    );
    expect(listings.rows.map((r) => r.external_id)).toEqual(['m-good']);
  });

  it('go with their owner’s account', async () => {
    await db.exec(`delete from auth.users where id = '${USER}'`);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.rows_set_aside where source_table = 'seller_items'`,
    );
    expect(rows[0].n).toBe(0);
  });
});
