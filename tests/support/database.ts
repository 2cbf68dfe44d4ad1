// The emulator's own database, for tests that call the SQL functions directly, without HTTP: in memory (PGlite), or
// on the suite's PostgreSQL 15 server when DATABASE_URL names one and the test asks for it (suiteDatabase).
import { defaultSupabaseDir } from '../../emulator/config';
import { createDatabase, type Database } from '../../emulator/db/index';
import { prepareDatabase } from '../../emulator/db/migrate';
import { loadSnapshot, preparedTemplate, saveSnapshot, snapshotKey } from '../../emulator/db/snapshot';
import { seedMarketListings } from '../../emulator/seeds/data/market-data';

/**
 * Every migration applied, and no seed: from the cached snapshot of such a database when there is one (4.5 s of
 * migrations become a restore of about a second), as the emulator's in-memory databases start.
 */
export async function migratedDatabase(): Promise<Database> {
  const key = snapshotKey(defaultSupabaseDir, false);
  const db = await createDatabase({ dataDir: 'memory', snapshot: await loadSnapshot(key) });
  const prepared = await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
  if (prepared.fresh && db.dump) await saveSnapshot(key, await db.dump()).catch(() => {});
  return rolled(db);
}

/**
 * The sold cells' windows moved on to today (UTC), as pg_cron and the emulator do every minute: a snapshot or a
 * template made on an earlier day ends them on that day, and sold searches would count rows until they moved.
 */
async function rolled(db: Database): Promise<Database> {
  await db.query('select private.market_sold_roll()');
  return db;
}

/**
 * A migrated database on the engine of this pass of the suite: a throwaway database on the PostgreSQL 15 server that
 * DATABASE_URL names (copied from a template migrated once), else in-memory PGlite (migratedDatabase). For tests whose
 * SQL must hold on both engines.
 */
export async function suiteDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl) return migratedDatabase();
  return rolled(
    await createDatabase({
      databaseUrl,
      throwaway: true,
      template: preparedTemplate(defaultSupabaseDir, false),
    }),
  );
}

/**
 * A migrated database with `count` rows of the demo market and without its vocabulary, which halves the seeding:
 * for tests whose queries are all spelled right.
 */
export async function demoMarketDatabase(count: number): Promise<Database> {
  const db = await migratedDatabase();
  await seedMarketListings(db, { count, vocabulary: false });
  return db;
}
