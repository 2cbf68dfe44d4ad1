// The PostgreSQL side of `npm run bench:search -- --postgres`: one persistent PostgreSQL 15 cluster per listing count
// (.data/bench/postgres-<count>, Debian's binaries, started with pg_ctl on a free port with the settings of a small
// hosted instance, stopped at the end), the demo rows streamed into it with COPY, and the sizes of what was built.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Queryable } from '../emulator/context';
import { projectRoot } from '../emulator/config';
import {
  COLUMNS,
  dropMarketIndexes,
  ensureMarketIndexes,
  mergeCells,
  seedMarketListings,
  type MarketListing,
} from '../emulator/seeds/data/market-data';
import { pgBin } from './throwaway-postgres.mjs';

/**
 * Supabase's "Small" compute (2 cores, 2 GB RAM), as its published Postgres settings give it. This machine has more
 * memory, so the OS page cache still holds more of the table than a real Small instance would.
 */
export const SERVER_SETTINGS: Record<string, string> = {
  shared_buffers: '512MB',
  effective_cache_size: '1536MB',
  work_mem: '5MB',
  maintenance_work_mem: '128MB',
  max_connections: '90',
  random_page_cost: '1.1',
  effective_io_concurrency: '200',
  max_worker_processes: '4',
  max_parallel_workers: '2',
  max_parallel_workers_per_gather: '1',
  max_parallel_maintenance_workers: '1',
  wal_buffers: '16MB',
  min_wal_size: '1GB',
  max_wal_size: '4GB',
  checkpoint_completion_target: '0.9',
};

/** The seeding session only: GIN builds over millions of rows go far faster with room to sort in memory. */
const SEED_MAINTENANCE_WORK_MEM = '1GB';

export type BenchCluster = { dir: string; url: string; port: number; stop(): void };

/** PostgreSQL refuses to run as root: its tools run as the `postgres` user then. */
function pgTool(tool: string, args: string[]) {
  if (!pgBin) throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql-15');
  const cmd = path.join(pgBin, tool);
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Starts the count's cluster, creating it on first use (or anew with `fresh`). A server left up by a run that was
 * killed is stopped first, so every run starts it with the same settings on a port of its own.
 */
export async function startBenchCluster(options: {
  count: number;
  fresh: boolean;
  historyYears?: number;
}): Promise<BenchCluster> {
  const history = options.historyYears ? `-history${options.historyYears}` : '';
  const dir = path.join(projectRoot, '.data', 'bench', `postgres-${options.count}${history}`);
  const stop = () => void pgTool('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  if (existsSync(path.join(dir, 'postmaster.pid')) && pgTool('pg_ctl', ['-D', dir, 'status']).ok) stop();
  if (options.fresh) rmSync(dir, { recursive: true, force: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
    const init = pgTool('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    if (!init.ok) throw new Error(`initdb failed: ${init.output}`);
  }
  const port = await freePort();
  const settings = Object.entries(SERVER_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
  const started = pgTool('pg_ctl', [
    '-D',
    dir,
    '-o',
    [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...settings].join(' '),
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '300',
    'start',
  ]);
  if (!started.ok) throw new Error(`PostgreSQL 15 did not start (see ${dir}/server.log): ${started.output}`);
  // Ctrl-C on a long seed must not leave the server running.
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      stop();
    },
  };
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const WRITTEN = [...COLUMNS, 'seller_key'] as const;
const copyField = (value: unknown) =>
  value === null || value === undefined ? '\\N' : String(value).replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);

/** One COPY ... FROM STDIN through psql (which speaks COPY without another npm package). */
function copyStream(psqlPath: string, url: string) {
  const copy = `copy public.market_listings (${WRITTEN.join(', ')}) from stdin`;
  const psql = spawn(psqlPath, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', copy], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  psql.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A psql that fails midway closes its input; its exit code and words say why, not the broken pipe.
  psql.stdin.on('error', () => {});
  const exited = new Promise<void>((resolve, reject) => {
    psql.on('error', reject);
    psql.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`COPY into market_listings failed: ${stderr.trim() || `psql exit ${code}`}`)),
    );
  });
  return {
    exited,
    async write(text: string) {
      if (!psql.stdin.write(text)) await Promise.race([once(psql.stdin, 'drain'), exited]);
    },
    end: (text: string) => psql.stdin.end(text),
  };
}

/** Rows a COPY stream takes at a time. */
const CHUNK_ROWS = 20_000;

/**
 * Streams rows into public.market_listings with COPY in `streams` parallel sessions. They go through the real table,
 * so its generated columns (terms, decoys) and triggers fill in as for any insert; those expressions (regular
 * expressions over every title, some 300 us a row) are what a load costs, hence one session per core. Parallel
 * sessions interleave their pages, so the table is then rewritten in generation order (CLUSTER on a throwaway index):
 * the layout of one stream and of the PGlite bench, where a search reads each line's rows from one dense run.
 */
export async function copyListings(
  db: Queryable,
  url: string,
  rows: Iterable<MarketListing>,
  streams: number,
): Promise<number> {
  if (!pgBin) throw new Error('PostgreSQL 15 is not installed: apt-get install -y postgresql-15');
  const copies = Array.from({ length: streams }, () => copyStream(path.join(pgBin!, 'psql'), url));
  let count = 0;
  let text = '';
  for (const row of rows) {
    text += `${WRITTEN.map((column) => copyField(row[column])).join('\t')}\n`;
    if (++count % CHUNK_ROWS === 0) {
      await copies[(count / CHUNK_ROWS) % streams].write(text);
      text = '';
    }
  }
  await copies[0].write(text);
  for (const copy of copies) copy.end('');
  await Promise.all(copies.map((copy) => copy.exited));
  if (streams > 1) {
    await db.exec('create index market_listings_load_order_idx on public.market_listings (external_id)');
    await db.exec('cluster public.market_listings using market_listings_load_order_idx');
    await db.exec('drop index public.market_listings_load_order_idx');
  }
  return count;
}

/** One connection as the seed's Queryable, so the session setting below holds for every statement. */
function session(client: pg.Client): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * seedMarketListings with COPY for the rows (the same generator, so the same demo market as the PGlite bench), then
 * its index builds, analyze and vocabulary. Prints the load's rows/s and the time of the rest, to extrapolate from.
 */
export async function seedPostgres(url: string, count: number, log: (message: string) => void) {
  const streams = availableParallelism();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '${SEED_MAINTENANCE_WORK_MEM}'`);
    const db = session(client);
    let copyMs = 0;
    const seeded = await seedMarketListings(db, {
      count,
      bulk: true,
      log,
      write: async (rows) => {
        const t0 = performance.now();
        await copyListings(db, url, rows, streams);
        copyMs = performance.now() - t0;
      },
    });
    log(
      `COPY in ${streams} streams${streams > 1 ? ' then CLUSTER' : ''}: ${count.toLocaleString('en-US')} rows in ` +
        `${(copyMs / 1000).toFixed(1)} s (${Math.round(count / (copyMs / 1000)).toLocaleString('en-US')} rows/s); ` +
        `indexes, analyze and vocabulary (maintenance_work_mem ${SEED_MAINTENANCE_WORK_MEM}): ${((seeded.ms - copyMs) / 1000).toFixed(1)} s`,
    );
    return seeded;
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** The settings the server really runs with and what the listings take on disk (main fork of the table, each index). */
export async function printServerFacts(db: Queryable): Promise<void> {
  const { rows: settings } = await db.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings where name = any($1) order by name`,
    // jit stays at PostgreSQL's default (on), as on a hosted server; it is printed because it costs plans time.
    [[...Object.keys(SERVER_SETTINGS), 'jit', 'jit_above_cost']],
  );
  console.log(
    `server settings (Supabase Small compute, 2 cores / 2 GB): ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`,
  );
  const { rows: sizes } = await db.query<{ name: string; bytes: number; total: number }>(
    `select c.relname as name, pg_relation_size(c.oid) as bytes, pg_total_relation_size(c.oid) as total
     from pg_class c
     where c.oid = 'public.market_listings'::regclass
        or c.oid in (select indexrelid from pg_index where indrelid = 'public.market_listings'::regclass)
     order by c.relkind desc, pg_relation_size(c.oid) desc`,
  );
  const [table, ...indexes] = sizes;
  console.log(
    `table ${table.name}: ${mb(table.bytes)} (with TOAST and indexes ${mb(table.total)}); indexes (pg_relation_size):`,
  );
  for (const index of indexes) console.log(`  ${index.name.padEnd(44)} ${mb(index.bytes).padStart(10)}`);
}

/** The external_id prefix of a sale copied back `year` years (`--history-years`); the year's own rows are `demo-…`. */
const historyPrefix = (year: number) => `demo-y${year}-`;

/**
 * Sold history older than the longest window (365 days), for `--history-years N`: every sale of the seeded year again,
 * moved back 52 weeks for each earlier year (same weekday, same titles, sellers and prices), so the answers of every
 * window stay exactly those of the cluster without them and only the history differs. The secondary indexes are
 * dropped for the load and built again, as the seed does.
 */
export async function addSoldHistory(db: Queryable, years: number, log: (message: string) => void) {
  const { rows } = await db.query<{ year: number; n: number }>(
    `select substring(external_id from '^demo-y(\\d+)-')::int as year, count(*)::int as n
     from public.market_listings where source = 'demo' and external_id like 'demo-y%' group by 1 order by 1`,
  );
  const have = new Set(rows.map((r) => r.year));
  const missing = Array.from({ length: years }, (_, i) => i + 1).filter((year) => !have.has(year));
  if (missing.length === 0) {
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    log(
      `sold history: ${years} earlier years, ${total.toLocaleString('en-US')} sales (kept in the bench database)`,
    );
    return;
  }
  const t0 = performance.now();
  await dropMarketIndexes(db);
  for (const year of missing) {
    const { affectedRows } = await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, category, size, colour, condition,
         status, price, currency, listed_at, sold_at, url, source, seller_key)
       select marketplace, $1 || substring(external_id from 6), title, brand, category, size, colour, condition,
         status, price, currency, listed_at - make_interval(weeks => 52 * $2), sold_at - make_interval(weeks => 52 * $2),
         url, source, seller_key
       from public.market_listings
       where status = 'sold' and source = 'demo' and external_id not like 'demo-y%'`,
      [historyPrefix(year), year],
    );
    log(`sold history: year ${year} back, ${(affectedRows ?? 0).toLocaleString('en-US')} sales`);
  }
  await ensureMarketIndexes(db);
  await db.exec('vacuum analyze public.market_listings');
  log(`sold history added in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** `--archive`: the hourly job (private.market_archive_sales, 50,000 sales a call) run until no sale is left to mark. */
export async function archiveOldSales(db: Queryable) {
  const t0 = performance.now();
  let total = 0;
  let calls = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>('select private.market_archive_sales() as n');
    calls++;
    total += rows[0].n;
    if (rows[0].n === 0) break;
  }
  await mergeCells(db);
  const took = (performance.now() - t0) / 1000;
  console.log(
    `archive job: ${total.toLocaleString('en-US')} sales marked archived in ${calls} calls, ${took.toFixed(1)} s ` +
      `(${Math.round(total / Math.max(took, 0.001)).toLocaleString('en-US')} a second)`,
  );
  await db.exec('vacuum analyze public.market_listings');
}
