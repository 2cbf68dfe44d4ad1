// Runs every supabase/tests/*.sql pgTAP file against a fresh, migrated and seeded database: on PGlite (pgTAP loaded
// into it), and on the real PostgreSQL 15 server when DATABASE_URL sends the integration suite there (`npm test` does
// both). The server needs Debian's postgresql-15-pgtap, which .ci/run installs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSupabaseDir } from '../emulator/config';
import { createDatabase } from '../emulator/db';
import { prepareDatabase } from '../emulator/db/migrate';
import { loadSnapshot, preparedTemplate, snapshotKey } from '../emulator/db/snapshot';

const testsDir = path.join(defaultSupabaseDir, 'tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** Every line pgTAP printed (plan, ok / not ok, diagnostics), in order. */
async function runTap(sql: string): Promise<string[]> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const db = await createDatabase(
    databaseUrl
      ? {
          databaseUrl,
          throwaway: true,
          template: preparedTemplate(defaultSupabaseDir, true),
        }
      : {
          dataDir: 'memory',
          pgtap: true,
          snapshot: await loadSnapshot(snapshotKey(defaultSupabaseDir, true)),
        },
  );
  try {
    await prepareDatabase(db, { supabaseDir: defaultSupabaseDir });
    await db.exec('create extension if not exists pgtap with schema extensions');
    const results = await db.execAll(sql);
    return results
      .flatMap((rows) => rows.flatMap((row) => Object.values(row).map(String)))
      .flatMap((v) => v.split('\n'));
  } finally {
    await db.close();
  }
}

describe(`pgTAP (supabase/tests) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('has SQL test files to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s passes', async (file) => {
    const output = await runTap(readFileSync(path.join(testsDir, file), 'utf8'));
    const failures = output.filter((line) => line.startsWith('not ok') || line.includes('# Looks like'));
    expect(failures).toEqual([]);
    expect(output.some((line) => /^1\.\.\d+/.test(line))).toBe(true);
  });
});
