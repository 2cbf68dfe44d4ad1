// The emulator's database: PGlite (Postgres compiled to WebAssembly, in-process) by default, or a real PostgreSQL
// server through `pg` when a URL is given. Both are wrapped in the same small Db interface (emulator/context.ts).
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite, type Extensions, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';
import type { Db, QueryResult, Queryable } from '../context';
import { projectRoot } from '../config';

export type DatabaseOptions = {
  /** 'memory' (default for tests) or a folder; default .data/db. Ignored when databaseUrl is set. */
  dataDir?: string;
  /** postgres://… of a real server. */
  databaseUrl?: string;
  /**
   * With databaseUrl: create a throwaway database `flipwise_<random>` on that server and drop it on close, so runs
   * never see each other's data (what tests want). Without it the given database itself is used (self-hosting).
   */
  throwaway?: boolean;
  /** Load pgTAP (PGlite only; for the SQL test runner). */
  pgtap?: boolean;
  /** PGlite in memory only: start from this dump (dumpDataDir) instead of an empty cluster. */
  snapshot?: Blob;
  /** With databaseUrl: connections the pool may open (default 10); each request holds one for its transaction. */
  poolSize?: number;
  /**
   * With databaseUrl and throwaway: copy the throwaway database from a template database on the same server, made
   * once per `key` by `prepare` (the migrations and the seed: 3.5 s on PostgreSQL 15, the copy 0.15 s). The key must
   * change whenever what `prepare` builds does (emulator/db/snapshot.ts snapshotKey, as for PGlite's snapshots).
   */
  template?: { key: string; prepare: (db: Database) => Promise<unknown> };
};

export type Database = Db & {
  /** Where the data lives, for messages: 'memory', a folder, or the server URL without password. */
  location: string;
  /** postgres:// URL of the database (real PostgreSQL only), handed to functions as SUPABASE_DB_URL. */
  url?: string;
  /** PGlite: the whole cluster as a tarball (for snapshots). */
  dump?: () => Promise<Blob>;
  /** Runs several statements and returns every statement's rows (the SQL test runner reads pgTAP's output). */
  execAll(sql: string): Promise<Record<string, unknown>[][]>;
};

export const defaultDataDir = path.join(projectRoot, '.data', 'db');

// Postgres settings that PostgREST applies per request; we apply them per connection instead (cheaper).
const SEARCH_PATH = 'public, extensions';

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl)
    return createPostgres(
      options.databaseUrl,
      options.throwaway ?? false,
      options.poolSize ?? 10,
      options.throwaway ? options.template : undefined,
    );
  return createPglite(options.dataDir ?? defaultDataDir, options.pgtap ?? false, options.snapshot);
}

let runtime: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/** Compiling Postgres' WebAssembly takes seconds; every PGlite in this process shares one compiled module. */
function pgliteRuntime() {
  runtime ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return runtime;
}

async function createPglite(dataDir: string, withPgtap: boolean, snapshot?: Blob): Promise<Database> {
  const memory = dataDir === 'memory';
  if (!memory) mkdirSync(dataDir, { recursive: true });
  const extensions: Extensions = { fuzzystrmatch, pg_trgm, pgcrypto, unaccent, uuid_ossp };
  if (withPgtap) extensions.pgtap = (await import('@electric-sql/pglite-pgtap')).pgtap;
  const db: PGlite = await PGlite.create(memory ? undefined : dataDir, {
    extensions,
    ...(await pgliteRuntime()),
    ...(memory && snapshot ? { loadDataDir: snapshot } : {}),
    // Flushes to disk after the response instead of before it; a crash loses at most the last write locally.
    relaxedDurability: !memory,
  });
  await db.exec(`set search_path to ${SEARCH_PATH}`);

  const wrap = (q: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params);
      return {
        rows: result.rows,
        affectedRows: result.affectedRows,
        fields: result.fields,
      } as QueryResult<T>;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    location: memory ? 'memory' : dataDir,
    // A checkpoint first: without one, a restored cluster replays the WAL, where every sequence is logged 32 values
    // ahead, and the next id after a start from the snapshot would jump by 32 (5 becomes 34).
    dump: async () => {
      await db.exec('checkpoint');
      return (await db.dumpDataDir('none')) as Blob;
    },
    execAll: async (sql) => (await db.exec(sql)).map((r) => r.rows as Record<string, unknown>[]),
    ...wrap(db),
    // PGlite has one connection; its own mutex queues transactions and queries behind each other.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The same server's URL with another database. */
function databaseAt(databaseUrl: string, name: string): string {
  const parsed = new URL(databaseUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

// (not scripts/schema-files.ts's flipwise_template_ databases, which are db:check's own and never dropped here)
const TEMPLATE_PREFIX = 'flipwise_emulator_template_';

/**
 * The template database for `template.key` on the server, made by the first caller: others wait on an advisory lock
 * (test workers start side by side) and find it made. One run uses several keys at once (seeded or not), so none is
 * dropped here: `npm test`'s server goes with its run; on a server of your own, drop the old
 * flipwise_emulator_template_* databases after changing migrations.
 */
async function ensureTemplate(
  admin: pg.Client,
  databaseUrl: string,
  template: NonNullable<DatabaseOptions['template']>,
): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${template.key.slice(0, 32).replace(/[^a-z0-9]/gi, '')}`;
  await admin.query(`select pg_advisory_lock(hashtext('flipwise emulator templates'))`);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    await admin.query(`create database ${identifier(name)}`);
    try {
      const db = await createPostgres(databaseAt(databaseUrl, name), false, 1, undefined);
      try {
        await template.prepare(db);
      } finally {
        await db.close();
      }
    } catch (error) {
      await admin.query(`drop database if exists ${identifier(name)} with (force)`).catch(() => {});
      throw error;
    }
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('flipwise emulator templates'))`);
  }
}

async function createPostgres(
  databaseUrl: string,
  throwaway: boolean,
  poolSize: number,
  template: DatabaseOptions['template'],
): Promise<Database> {
  let url = databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (throwaway) {
    const name = `flipwise_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const from = template ? await ensureTemplate(admin, databaseUrl, template) : undefined;
      await admin.query(`create database ${identifier(name)}${from ? ` template ${identifier(from)}` : ''}`);
    } finally {
      await admin.end();
    }
    url = databaseAt(databaseUrl, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${identifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    };
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c search_path=${SEARCH_PATH.replace(' ', '')}`,
    // PGlite returns int8 as a number; do the same so callers see one shape on both engines.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20
          ? (v: string) => Number(v)
          : // name[] (catalogue queries) parses like text[], as in PGlite
            pg.types.getTypeParser(oid === 1003 ? 1009 : oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query(sql, params as unknown[]);
      return {
        rows: result.rows as T[],
        affectedRows: result.rowCount ?? 0,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  const safeUrl = new URL(url);
  safeUrl.password = '';
  return {
    kind: 'postgres',
    location: safeUrl.toString(),
    url,
    async execAll(sql) {
      const result = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result : [result]).map((r) => r.rows as Record<string, unknown>[]);
    },
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await dropDatabase?.();
    },
  };
}
