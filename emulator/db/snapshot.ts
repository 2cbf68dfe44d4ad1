// In-memory databases (tests, the e2e harness) start from a cached dump of a bootstrapped, migrated and seeded
// cluster instead of running initdb, the bootstrap and every migration again: seconds saved per test file. The
// cache key covers everything that shapes that database, so a changed migration never reuses a stale dump.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './index';
import { bootstrapSql, migrationFiles, prepareDatabase } from './migrate';

const dir = path.join(tmpdir(), 'flipwise-emulator-snapshots');
const memo = new Map<string, Blob>();

export function snapshotKey(supabaseDir: string, seed: boolean): string {
  const hash = createHash('sha256');
  const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  // v2: snapshots taken after a checkpoint (db/index.ts dump); v1 ones restored sequences 32 values ahead.
  hash.update(`v2 seed=${seed}\n`).update(readFileSync(path.join(pgliteDist, '..', 'package.json')));
  hash.update(bootstrapSql());
  for (const file of migrationFiles(supabaseDir))
    hash.update(`\n-- ${path.basename(file)}\n`).update(readFileSync(file));
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (seed && existsSync(seedFile)) hash.update('\n-- seed\n').update(readFileSync(seedFile));
  return hash.digest('hex').slice(0, 32);
}

/**
 * The same database on a PostgreSQL server: the template a throwaway database is copied from (createDatabase's
 * `template`), made once per key by running the migrations, and the seed when `seed`.
 */
export function preparedTemplate(
  supabaseDir: string,
  seed: boolean,
): { key: string; prepare: (db: Database) => Promise<unknown> } {
  return {
    key: snapshotKey(supabaseDir, seed),
    prepare: (db) => prepareDatabase(db, { supabaseDir, seed }),
  };
}

export async function loadSnapshot(key: string): Promise<Blob | undefined> {
  const cached = memo.get(key);
  if (cached) return cached;
  const file = path.join(dir, `${key}.tar`);
  if (!existsSync(file)) return undefined;
  try {
    const blob = new Blob([await readFile(file)]);
    memo.set(key, blob);
    return blob;
  } catch {
    return undefined;
  }
}

export async function saveSnapshot(key: string, blob: Blob): Promise<void> {
  memo.set(key, blob);
  await mkdir(dir, { recursive: true });
  // Written under a unique name and renamed: parallel test workers never read half a file.
  const temp = path.join(dir, `${key}.${process.pid}.${Date.now()}.tmp`);
  await writeFile(temp, Buffer.from(await blob.arrayBuffer()));
  await rename(temp, path.join(dir, `${key}.tar`));
  await prune();
}

/** Each edit of a migration makes a new snapshot; keep the few most recent. */
async function prune(keep = 6) {
  const files = await Promise.all(
    (await readdir(dir))
      .filter((f) => f.endsWith('.tar'))
      .map(async (f) => ({ file: path.join(dir, f), mtime: (await stat(path.join(dir, f))).mtimeMs })),
  );
  files.sort((a, b) => b.mtime - a.mtime);
  await Promise.all(files.slice(keep).map((f) => unlink(f.file).catch(() => {})));
}
