// What a set of migrations makes of a database, as pg_dump prints it: for the test that the baseline builds the same
// database as the history it replaced (tests/schema-baseline.test.ts). PostgreSQL 15 only: pg_dump is its own tool.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createDatabase } from '../../emulator/db';
import { prepareDatabase } from '../../emulator/db/migrate';
import { pgBin } from '../../scripts/throwaway-postgres.mjs';

export type Dump = { schema: string[]; data: string[] };

/**
 * pg_dump's output cut into its objects (each starts at a `-- Name: …; Type: …` header) and sorted, so two databases
 * compare equal when they hold the same objects, whatever order they were made in. Lines that name the server or a
 * random restrict key, and the migrations bookkeeping schema, are left out.
 */
export function objectsOf(dump: string): string[] {
  const kept = dump
    .split('\n')
    .filter((line) => !/^(\\(un)?restrict |-- Dumped (from|by) )/.test(line))
    .join('\n');
  return kept
    .split(/\n(?=--\n-- (?:Data for )?Name: )/)
    .slice(1)
    .filter((block) => !/; Schema: supabase_migrations;/.test(block))
    .map((block) => block.trim())
    .sort();
}

function pgDump(url: string, args: string[]): string {
  const result = spawnSync(path.join(pgBin!, 'pg_dump'), ['--no-owner', ...args, url], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return result.stdout;
}

/** A scratch database on `serverUrl`, set up as a new hosted project, with the migrations of `supabaseDir` applied. */
export async function dumpOfMigrations(serverUrl: string, supabaseDir: string): Promise<Dump> {
  const db = await createDatabase({ databaseUrl: serverUrl, throwaway: true });
  try {
    await prepareDatabase(db, { supabaseDir, seed: false });
    return {
      schema: objectsOf(pgDump(db.url!, ['--schema-only'])),
      data: objectsOf(pgDump(db.url!, ['--data-only', '--exclude-schema=supabase_migrations'])),
    };
  } finally {
    await db.close();
  }
}
