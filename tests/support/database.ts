// The emulator's own database in memory, for tests that call the SQL functions directly, without HTTP.
import { defaultSupabaseDir } from '../../emulator/config';
import { createDatabase, type Database } from '../../emulator/db/index';
import { prepareDatabase } from '../../emulator/db/migrate';
import { seedMarketListings } from '../../emulator/seeds/data/market-data';

/** Every migration applied, and no seed. */
export async function migratedDatabase(): Promise<Database> {
  const db = await createDatabase({ dataDir: 'memory' });
  await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
  return db;
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
