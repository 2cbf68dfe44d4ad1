// A throwaway PostgreSQL 15 cluster from Debian's binaries (/usr/lib/postgresql/15/bin): `npm test` runs the
// integration suite on it, and `npm run check:deploy` pushes the migrations to it with the Supabase CLI.
// Plain JavaScript so that scripts/test.mjs can use it without tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where Debian's PostgreSQL 15 lives, or undefined when it is not installed. */
export const pgBin = ['/usr/lib/postgresql/15/bin'].find((dir) => existsSync(path.join(dir, 'initdb')));

/**
 * initdb + pg_ctl start on a random port in a new temporary folder (as the `postgres` user when run by root, which
 * PostgreSQL refuses to run as). Returns the superuser URL and a stop() that also deletes the folder; throws with the
 * server's own words when it cannot start. `stdio` is handed to the PostgreSQL tools ('ignore' keeps them quiet).
 */
export function startPostgres({ stdio = 'inherit' } = {}) {
  if (!pgBin) throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql-15');
  const work = mkdtempSync(path.join(tmpdir(), 'flipwise-pg-'));
  const dir = path.join(work, 'pg');
  const port = 55432 + Math.floor(Math.random() * 1000);
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const sh = (cmd, args) =>
    spawnSync(asPostgres[0] ?? cmd, asPostgres.length ? [...asPostgres.slice(1), cmd, ...args] : args, {
      stdio,
      encoding: 'utf8',
    });
  mkdirSync(dir, { recursive: true });
  if (asPostgres.length) spawnSync('chown', ['-R', 'postgres', work]);
  const stopAndClean = () => {
    sh(path.join(pgBin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']);
    rmSync(work, { recursive: true, force: true });
  };
  const init = sh(path.join(pgBin, 'initdb'), [
    '-D',
    dir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr ?? ''}`.trim());
  }
  const started = sh(path.join(pgBin, 'pg_ctl'), [
    '-D',
    dir,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-w',
    'start',
    '-l',
    path.join(dir, 'log'),
  ]);
  if (started.status !== 0) {
    stopAndClean();
    throw new Error(`PostgreSQL 15 did not start: ${started.stderr ?? ''}`.trim());
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: stopAndClean };
}
