// `npm run emulator`: the local Supabase alone on http://127.0.0.1:54321 (data kept in .data/db).
// `npm run db:reset` (--reset-only): deletes the local database and builds it again (bootstrap, migrations, seed).
import { rmSync } from 'node:fs';
import { defaultDataDir } from './db';
import { banner } from './banner';
import { startEmulator } from './server';

async function resetDatabase() {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // A real server: empty the schemas the bootstrap and migrations create, then build them again.
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      'drop schema if exists public cascade; drop schema if exists auth cascade; drop schema if exists extensions cascade; drop schema if exists supabase_migrations cascade; create schema public;',
    );
    await client.end();
  } else {
    rmSync(defaultDataDir, { recursive: true, force: true });
  }
  const started = Date.now();
  const emulator = await startEmulator({ port: 0 });
  await emulator.stop();
  console.log(
    `Local database recreated in ${((Date.now() - started) / 1000).toFixed(1)} s (${emulator.db.location}).`,
  );
}

async function main() {
  if (process.argv.includes('--reset-only')) {
    await resetDatabase();
    return;
  }
  const port = Number(process.env.EMULATOR_PORT ?? 54321);
  const emulator = await startEmulator({
    port,
    host: process.env.EMULATOR_HOST,
    watchFunctions: true,
    development: true,
  }).catch((error: Error) => {
    throw /already in use/.test(error.message)
      ? new Error(`${error.message} EMULATOR_PORT moves it.`)
      : error;
  });
  console.log(`\nLocal Supabase is running.\n${banner(emulator)}\n`);
  const stop = async () => {
    await emulator.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(`\nThe local Supabase could not start:\n${error.message}`);
  process.exit(1);
});
