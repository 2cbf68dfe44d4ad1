// The declarative schema (supabase/schemas, docs/decisions/077) beside the migrations: both are applied to scratch
// databases on one PostgreSQL 15 server and compared as pg_dump prints them, object by object. Used by
// `npm run db:check` (scripts/db-check.ts), `npm run db:diff` (scripts/db-diff.ts) and their tests.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadRawConfig, section } from '../emulator/config';
import { createDatabase, type Database } from '../emulator/db';
import { bootstrapSql, MigrationError, prepareDatabase } from '../emulator/db/migrate';
import { dumpObjects, type DumpObject } from './schema-objects';
import { pgBin, startPostgres } from './throwaway-postgres.mjs';

/** What the CLI reads when config.toml names no schema_paths. */
const DEFAULT_SCHEMA_PATHS = ['./schemas/*.sql'];

const globPart = (part: string) =>
  new RegExp(
    `^${part
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')}$`,
  );

/** Files under `dir` (recursively), sorted by path. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.sql') ? [full] : [];
    })
    .sort();
}

/** One schema_paths entry (a file, a folder, or a glob with * and ? in any segment) as files, sorted by name. */
function expand(supabaseDir: string, entry: string): string[] {
  const parts = path
    .normalize(entry)
    .split(path.sep)
    .filter((p) => p && p !== '.');
  let found = [supabaseDir];
  for (const part of parts) {
    if (!/[*?]/.test(part)) {
      found = found.map((dir) => path.join(dir, part)).filter((p) => existsSync(p));
      continue;
    }
    const pattern = globPart(part);
    found = found.flatMap((dir) =>
      existsSync(dir) && statSync(dir).isDirectory()
        ? readdirSync(dir)
            .filter((name) => pattern.test(name))
            .sort()
            .map((name) => path.join(dir, name))
        : [],
    );
  }
  return found.flatMap((p) => (statSync(p).isDirectory() ? filesUnder(p) : [p]));
}

/**
 * The schema files in the order the Supabase CLI applies them: `[db.migrations] schema_paths` of config.toml, entry
 * by entry, each glob's files sorted by name, a file named twice applied once.
 */
export function schemaFiles(supabaseDir: string): string[] {
  const listed = section(loadRawConfig(supabaseDir), 'db.migrations').schema_paths;
  const entries = Array.isArray(listed) && listed.length ? listed.map(String) : DEFAULT_SCHEMA_PATHS;
  return [...new Set(entries.flatMap((entry) => expand(supabaseDir, entry)))];
}

// pg_dump -----------------------------------------------------------------------------------------------------------

export function pgDump(url: string, args: string[]): string {
  if (!pgBin) throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql-15');
  const result = spawnSync(path.join(pgBin, 'pg_dump'), ['--no-owner', ...args, url], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`);
  return result.stdout;
}

export const schemaDump = (url: string) => dumpObjects(pgDump(url, ['--schema-only']));

// Building the two databases ------------------------------------------------------------------------------------------

/** A PostgreSQL 15 server: the one `serverUrl` names (npm test's), or a throwaway cluster stopped by stop(). */
export function postgresServer(serverUrl?: string): { url: string; stop(): void } {
  if (serverUrl) return { url: serverUrl, stop() {} };
  const server = startPostgres({ stdio: 'ignore' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      server.stop();
      process.exit(1);
    });
  return server;
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs statements as the server's superuser, on its maintenance database. */
async function onServer(serverUrl: string, ...statements: string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A scratch database on the server with supabase/migrations applied, as the emulator and the CLI apply them. With
 * `template` (a database on the server that the first of these migrations were applied to: migratedTemplate), it
 * starts as a copy of that one and applies only the rest, which is how the tests avoid replaying every migration
 * for each case.
 */
export async function migratedDatabase(
  serverUrl: string,
  supabaseDir: string,
  template?: string,
): Promise<Database> {
  let db: Database;
  if (template) {
    const name = `flipwise_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${identifier(name)} template ${identifier(template)}`);
    const copy = await createDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
    db = {
      ...copy,
      async close() {
        await copy.close();
        await onServer(serverUrl, `drop database if exists ${identifier(name)} with (force)`);
      },
    };
  } else db = await createDatabase({ databaseUrl: serverUrl, throwaway: true, poolSize: 1 });
  try {
    await prepareDatabase(db, { supabaseDir, seed: false });
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A database on the server with the project's migrations applied and no connection left, to copy (tests). */
export async function migratedTemplate(
  serverUrl: string,
  supabaseDir: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `flipwise_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${identifier(name)}`);
  const db = await createDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
  try {
    await prepareDatabase(db, { supabaseDir, seed: false });
  } finally {
    await db.close();
  }
  return {
    name,
    drop: () => onServer(serverUrl, `drop database if exists ${identifier(name)} with (force)`),
  };
}

/** An object a schema file makes, as PostgreSQL names it, and the files that make it. */
export type Duplicate = { object: string; files: string[] };

/**
 * Records every object each schema file creates (an event trigger on the scratch database, dropped before the dump),
 * so that one made twice is named even when the second definition hides the first.
 */
const DDL_LOG = `
create schema schema_files_log;
create table schema_files_log.created (file text, tag text, object_type text, identity text);
create function schema_files_log.record() returns event_trigger language plpgsql as $$
begin
  insert into schema_files_log.created
  select current_setting('schema_files.file', true), c.command_tag, c.object_type, c.object_identity
  from pg_event_trigger_ddl_commands() c
  where c.command_tag like 'CREATE %' and c.object_type not in ('index', 'sequence', 'toast table')
    or c.command_tag = 'CREATE INDEX' or c.command_tag = 'CREATE SEQUENCE';
end;
$$;
create event trigger schema_files_log on ddl_command_end execute function schema_files_log.record();`;

/**
 * A scratch database on the server set up as a new hosted project (emulator/db/bootstrap.sql), with the schema files
 * applied in order, each in a transaction of its own. Throws MigrationError naming the file and line that failed.
 */
export async function schemaDatabase(
  serverUrl: string,
  files: string[],
): Promise<{ db: Database; duplicates: Duplicate[] }> {
  const db = await createDatabase({ databaseUrl: serverUrl, throwaway: true, poolSize: 1 });
  try {
    await db.exec(bootstrapSql());
    await db.exec(DDL_LOG);
    for (const file of files) {
      const sql = readFileSync(file, 'utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.query(`select set_config('schema_files.file', $1, true)`, [path.basename(file)]);
          await tx.exec(sql);
        });
      } catch (error) {
        throw new MigrationError(file, error, sql);
      } finally {
        await db.exec('set search_path to public, extensions').catch(() => {});
      }
    }
    const { rows } = await db.query<{ object: string; files: string[] }>(
      `select object_type || ' ' || identity as object, array_agg(file order by file) as files
       from schema_files_log.created
       group by object_type, identity having count(*) > 1
       order by 1`,
    );
    await db.exec('drop event trigger schema_files_log; drop schema schema_files_log cascade;');
    return { db, duplicates: rows };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Both databases of a project, dumped: what db:check compares and db:diff drafts from. */
export async function dumpsOf(
  serverUrl: string,
  supabaseDir: string,
  template?: string,
): Promise<{ migrations: DumpObject[]; schemas: DumpObject[]; duplicates: Duplicate[]; files: string[] }> {
  const files = schemaFiles(supabaseDir);
  if (!files.length) throw new Error(`no schema files: ${path.join(supabaseDir, 'schemas')} is empty`);
  const [m, s] = await Promise.allSettled([
    migratedDatabase(serverUrl, supabaseDir, template),
    schemaDatabase(serverUrl, files),
  ]);
  if (m.status === 'rejected' || s.status === 'rejected') {
    if (m.status === 'fulfilled') await m.value.close();
    if (s.status === 'fulfilled') await s.value.db.close();
    throw m.status === 'rejected' ? m.reason : (s as PromiseRejectedResult).reason;
  }
  const migrated = m.value;
  const built = s.value;
  try {
    return {
      migrations: schemaDump(migrated.url!),
      schemas: schemaDump(built.db.url!),
      duplicates: built.duplicates,
      files,
    };
  } finally {
    await Promise.all([migrated.close(), built.db.close()]);
  }
}
