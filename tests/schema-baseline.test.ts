// The baseline (supabase/migrations, docs/decisions/064-one-baseline-then-new-migrations.md) builds the same database
// as the migration history it replaced (supabase/history/migrations-before-baseline.tar.gz): pg_dump of both on
// PostgreSQL 15 holds the same objects, and the same rows in every table the migrations fill. Migrations written after
// the baseline are new changes, so only the baseline's own files are compared.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';
import { dumpOfMigrations, type Dump } from './support/schema-dump';

const root = path.resolve(import.meta.dirname, '..');
/** The last file of the baseline; anything after it is a change of its own. */
const BASELINE_END = '20261125000700_contact.sql';
const HISTORY = path.join(root, 'supabase', 'history', 'migrations-before-baseline.tar.gz');
/**
 * Rows no migration chooses: market_refresh_vocabulary() rebuilds the vocabulary from the listings on every seed and
 * import. The history ran an older version of it, before the English word list it now leaves out was loaded.
 */
const DERIVED_TABLES = [{ schema: 'public', table: 'market_vocabulary' }];

const work = mkdtempSync(path.join(tmpdir(), 'flipwise-baseline-'));
let server: { url: string; stop(): void } | undefined;
let history: Dump;
let baseline: Dump;

/** A supabase/ folder holding just these migration files. */
function projectWith(files: string[], from: string, name: string): string {
  const dir = path.join(work, name, 'supabase');
  mkdirSync(path.join(dir, 'migrations'), { recursive: true });
  for (const file of files) cpSync(path.join(from, file), path.join(dir, 'migrations', file));
  return dir;
}

const withoutDerived = (objects: string[]) =>
  objects.filter(
    (o) =>
      !DERIVED_TABLES.some((t) => o.includes(`Name: ${t.table}; Type: TABLE DATA; Schema: ${t.schema};`)),
  );

beforeAll(async () => {
  const url = process.env.DATABASE_URL ?? (server = startPostgres({ stdio: 'ignore' })).url;
  const extracted = path.join(work, 'history');
  mkdirSync(extracted);
  const tar = spawnSync('tar', ['-xzf', HISTORY, '-C', extracted], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar: ${tar.stderr}`);
  const old = path.join(extracted, 'migrations');
  const current = path.join(root, 'supabase', 'migrations');
  const baselineFiles = readdirSync(current).filter((f) => f.endsWith('.sql') && f <= BASELINE_END);
  history = await dumpOfMigrations(url, projectWith(readdirSync(old), old, 'old'));
  baseline = await dumpOfMigrations(url, projectWith(baselineFiles, current, 'new'));
}, 120_000);

afterAll(() => {
  server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the migration baseline', () => {
  it('builds the schema the history built: every table, column, constraint, index, function, policy and grant', () => {
    expect(baseline.schema.length).toBeGreaterThan(300);
    expect(baseline.schema).toEqual(history.schema);
  });

  it('loads the same rows (the lexicon, the English word list) into every table but the derived vocabulary', () => {
    expect(withoutDerived(baseline.data)).toEqual(withoutDerived(history.data));
    expect(baseline.data.some((o) => o.includes('Name: market_lexicon; Type: TABLE DATA;'))).toBe(true);
  });

  it('has no file of the history left among the migrations', () => {
    const current = readdirSync(path.join(root, 'supabase', 'migrations'));
    const extracted = readdirSync(path.join(work, 'history', 'migrations'));
    expect(current.filter((f) => extracted.includes(f))).toEqual([]);
  });
});
