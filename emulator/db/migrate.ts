// Brings a database to the state of a Supabase project with our migrations: bootstrap (roles, schemas, auth tables,
// grants) once, then every supabase/migrations/*.sql not yet applied, in file-name order, then supabase/seed.sql on a
// fresh database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../context';

const here = path.dirname(fileURLToPath(import.meta.url));
const bootstrapFile = path.join(here, 'bootstrap.sql');
const authSchemaFile = path.join(here, '..', 'auth', 'schema.sql');

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly cause: unknown,
    sql: string,
  ) {
    super(`${path.basename(file)} failed: ${describe(cause, sql)}`);
    this.name = 'MigrationError';
  }
}

function describe(error: unknown, sql: string): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: string; position?: string; detail?: string; hint?: string };
  let text = e.message;
  if (e.code) text += ` (SQLSTATE ${e.code})`;
  const position = Number(e.position);
  if (position > 0) {
    const before = sql.slice(0, position - 1);
    const line = before.split('\n').length;
    const lineText = sql.split('\n')[line - 1]?.trim();
    text += ` at line ${line}: ${lineText}`;
  }
  if (e.detail) text += `\n  detail: ${e.detail}`;
  if (e.hint) text += `\n  hint: ${e.hint}`;
  return text;
}

export function bootstrapSql(): string {
  const auth = readFileSync(authSchemaFile, 'utf8');
  return readFileSync(bootstrapFile, 'utf8').replace(
    '-- @auth-schema: emulator/auth/schema.sql is inserted here by emulator/db/migrate.ts',
    auth,
  );
}

export type PrepareOptions = {
  supabaseDir: string;
  /** Run supabase/seed.sql when the database is fresh (default true). */
  seed?: boolean;
  log?: (message: string) => void;
};

export type PrepareResult = { fresh: boolean; applied: string[] };

/**
 * A database holds migrations this folder no longer has: it was built from an older history (the migrations were
 * squashed into a baseline, docs/decisions/064) and cannot be brought up to date. `supabase db push` refuses the same
 * way ("Remote migration versions not found in local migrations directory").
 */
export class UnknownMigrationsError extends Error {
  constructor(readonly versions: string[]) {
    const shown =
      versions.slice(0, 3).join(', ') + (versions.length > 3 ? ` and ${versions.length - 3} more` : '');
    super(
      `This database was built from migrations that supabase/migrations no longer has (${shown}). ` +
        'It cannot be brought up to date: delete it and build it again (for the local database: npm run db:reset).',
    );
    this.name = 'UnknownMigrationsError';
  }
}

export async function isBootstrapped(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as ok`,
  );
  return rows[0].ok;
}

/** Lists supabase/migrations/*.sql in the order the Supabase CLI applies them (by file name). */
export function migrationFiles(supabaseDir: string): string[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

async function runFile(
  db: Db,
  file: string,
  sql: string,
  after?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
) {
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await after?.(tx);
    });
  } catch (error) {
    throw new MigrationError(file, error, sql);
  } finally {
    // A migration may change the session's search_path (pg_dump output does); requests expect ours.
    await db.exec('set search_path to public, extensions').catch(() => {});
  }
}

export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<PrepareResult> {
  const log = options.log ?? (() => {});
  const fresh = !(await isBootstrapped(db));
  if (fresh) await runFile(db, bootstrapFile, bootstrapSql());

  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((r) => r.version));
  const files = migrationFiles(options.supabaseDir);
  const known = new Set(files.map((file) => path.basename(file, '.sql')));
  const unknown = [...done].filter((version) => !known.has(version)).sort();
  if (unknown.length) throw new UnknownMigrationsError(unknown);
  const applied: string[] = [];
  for (const file of files) {
    const version = path.basename(file, '.sql');
    if (done.has(version)) continue;
    const sql = readFileSync(file, 'utf8');
    const underscore = version.indexOf('_');
    await runFile(db, file, sql, async (tx) => {
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        underscore > 0 ? version.slice(underscore + 1) : version,
      ]);
    });
    applied.push(version);
    log(`applied migration ${path.basename(file)}`);
  }

  const seedFile = path.join(options.supabaseDir, 'seed.sql');
  if (fresh && options.seed !== false && existsSync(seedFile)) {
    await runFile(db, seedFile, readFileSync(seedFile, 'utf8'));
    log('applied supabase/seed.sql');
  }
  return { fresh, applied };
}
