// Search under load for `npm run bench:search -- --postgres --users N [--ingest R]`: N signed-in users search at once,
// each through its own supabase-js client and session, for a fixed time; with --ingest a second phase of the same
// length runs while a writer upserts new and sold listings at R rows/s through market:import's own code path
// (scripts/market-target.ts openTarget -> upsertListings), so the two phases show what ingest costs the searches.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningEmulator } from '../emulator/server';
import type { Queryable } from '../emulator/context';
import {
  generateListings,
  mergeCells,
  prng,
  type Condition,
  type MarketListing,
} from '../emulator/seeds/data/market-data';
import { percentile } from './bench-stats.ts';
import { openTarget, type Target } from './market-target';

class NoRealtime {
  constructor() {
    throw new Error('not used');
  }
}

const CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoRealtime as never },
};

/** A supabase-js client signed in as `email` (created, confirmed, on first use), as the browser's client would be. */
export async function signIn(emu: RunningEmulator, email: string, password: string): Promise<SupabaseClient> {
  const admin = createClient(emu.url, emu.serviceRoleKey, CLIENT_OPTIONS);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error && !/already/i.test(created.error.message)) throw created.error;
  const anon = createClient(emu.url, emu.anonKey, CLIENT_OPTIONS);
  const { data, error } = await anon.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error(`${email} could not sign in`);
  return createClient(emu.url, emu.anonKey, {
    ...CLIENT_OPTIONS,
    global: { headers: { Authorization: `Bearer ${data.session.access_token}` } },
  });
}

type Query = { itemName: string; condition: Condition };
type Samples = {
  available: number[];
  sold: number[];
  cached: number;
  errors: number;
  /** Failed calls by HTTP status (504: past the function's deadline; 503: the count failed). */
  statuses: Record<string, number>;
  /** Failed calls by function, query and status, to find the searches that fail. */
  failed: Record<string, number>;
  firstError?: string;
};

export type LoadOptions = {
  emu: RunningEmulator;
  /** The database the ingest writer opens, as `npm run market:import -- --database-url` would. */
  databaseUrl: string;
  queries: Query[];
  users: number;
  /** Length of each phase. */
  seconds: number;
  /** Rows per second the writer upserts in the second phase; 0: no second phase. */
  ingest: number;
  /**
   * With a Zipf exponent, each user draws its next query at random, the query of rank r with a weight of 1 / r^zipf, and
   * the answer cache is on (`--zipf S`): some queries are asked far more often than others, as real traffic is.
   */
  zipf?: number;
};

async function search(
  client: SupabaseClient,
  fn: string,
  body: { itemName: string },
  into: number[],
  samples: Samples,
) {
  const t0 = performance.now();
  const { data, error } = await client.functions.invoke(fn, { body });
  if (error) {
    samples.errors++;
    const status = (error as { context?: Response }).context?.status;
    samples.statuses[status ?? 'none'] = (samples.statuses[status ?? 'none'] ?? 0) + 1;
    const failed = `${fn} "${body.itemName}" ${status ?? ''}`.trim();
    samples.failed[failed] = (samples.failed[failed] ?? 0) + 1;
    samples.firstError ??= `${fn}: ${error.message}`;
  } else {
    into.push(performance.now() - t0);
    if ((data as { cached?: boolean } | null)?.cached) samples.cached++;
  }
}

/** Draws query indexes 0..n-1 with weights 1 / (i + 1)^s, deterministically per seed. */
function zipfDraw(n: number, s: number, seed: number): () => number {
  const random = prng(seed);
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) cumulative.push((total += 1 / (i + 1) ** s));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Every user walks the query list from its own offset (so they do not all ask the same thing at once) until `until`,
 * or with `zipf` draws each query at random, the first of the list the most often.
 */
async function searchUntil(
  clients: SupabaseClient[],
  queries: Query[],
  until: number,
  zipf?: number,
): Promise<Samples> {
  const samples: Samples = { available: [], sold: [], cached: 0, errors: 0, statuses: {}, failed: {} };
  await Promise.all(
    clients.map(async (client, u) => {
      const draw = zipf ? zipfDraw(queries.length, zipf, 1000 + u) : undefined;
      for (let i = Math.floor((u * queries.length) / clients.length); performance.now() < until; i++) {
        const q = queries[draw ? draw() : i % queries.length];
        const listing = {
          ...q,
          timestamp: new Date().toISOString(),
          clientInfo: { userAgent: 'bench', platform: 'node' },
        };
        await search(client, 'search-available', listing, samples.available, samples);
        await search(client, 'search-sold', q, samples.sold, samples);
      }
    }),
  );
  return samples;
}

// The writer's rows are tagged so that a run removes them again: the reused cluster keeps exactly its demo market.
const INGEST_ID = 'bench-ingest-';
const WRITER_TICK_MS = 250;

/**
 * Batches of new listings drawn across the whole demo market (both statuses, as a marketplace feed brings them), with
 * one row in four an earlier batch's available listing that has now sold: an upsert that moves the row from the
 * available to the sold index. (Never a row twice in one batch: market:import keeps the last of each key, lastWins.)
 */
function ingestBatches(total: number): (size: number) => MarketListing[] {
  const random = prng(25);
  const pool = [...generateListings({ count: Math.max(total, 1000), seed: 2525 })];
  const open: MarketListing[] = [];
  let made = 0;
  return (size) => {
    const batch: MarketListing[] = [];
    const listed: MarketListing[] = [];
    for (let i = 0; i < size; i++) {
      if (i % 4 === 3 && open.length) {
        const sold = open.splice(Math.floor(random() * open.length), 1)[0];
        const price = Math.round(sold.price * 94) / 100;
        batch.push({ ...sold, status: 'sold', sold_at: new Date().toISOString(), price });
        continue;
      }
      const row = pool[Math.floor(random() * pool.length)];
      const fresh: MarketListing = {
        ...row,
        external_id: `${INGEST_ID}${++made}`,
        source: 'import',
        seller_key: null,
        ...(row.status === 'available' ? { listed_at: new Date().toISOString() } : {}),
      };
      batch.push(fresh);
      if (fresh.status === 'available') listed.push(fresh);
    }
    open.push(...listed);
    return batch;
  };
}

/** Upserts `rate` rows a second in batches every WRITER_TICK_MS until `until`; behind schedule, the next batch is larger. */
async function ingestUntil(target: Target, rate: number, seconds: number, until: number) {
  const nextBatch = ingestBatches(Math.ceil(rate * seconds));
  const started = performance.now();
  const batches: number[] = [];
  let written = 0;
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate) - written;
    if (due > 0) {
      const t0 = performance.now();
      await target.upsert(nextBatch(due));
      batches.push(performance.now() - t0);
      written += due;
    }
    await new Promise((resolve) => setTimeout(resolve, WRITER_TICK_MS));
  }
  return { written, seconds: (performance.now() - started) / 1000, batches };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const MERGE_EVERY_MS = 2000;

/**
 * The background merge as pg_cron runs it on a hosted project (decision 091): every two seconds, the writes noted
 * since the last one go into the cells (public.market_cells_merge). Just before each merge it reads how old the
 * cells are (now minus private.market_cells_as_of): what a search answered from cells could be missing.
 */
async function mergeUntil(db: Queryable, until: number) {
  const merges: number[] = [];
  const stale: number[] = [];
  let rows = 0;
  while (performance.now() < until) {
    const { rows: age } = await db.query<{ s: number }>(
      `select extract(epoch from now() - private.market_cells_as_of())::float8 as s`,
    );
    stale.push(age[0].s * 1000);
    const t0 = performance.now();
    const { rows: merged } = await db.query<{ n: number }>('select public.market_cells_merge() as n');
    merges.push(performance.now() - t0);
    rows += merged[0].n;
    await new Promise((resolve) => setTimeout(resolve, MERGE_EVERY_MS));
  }
  return { merges, stale, rows };
}

const mergeLine = (merge: { merges: number[]; stale: number[]; rows: number }) =>
  `merge every ${MERGE_EVERY_MS / 1000} s: ${merge.merges.length} merges took ${merge.rows.toLocaleString('en-US')} ` +
  `writes (p50 ${ms(percentile(merge.merges, 50))}, p95 ${ms(percentile(merge.merges, 95))} a merge); ` +
  `how old the cells were before a merge: p50 ${ms(percentile(merge.stale, 50))}, p95 ${ms(percentile(merge.stale, 95))}`;

/** The writer with the background merge beside it, as on a hosted project. */
async function writeAndMerge(target: Target, options: LoadOptions, until: number) {
  const [ingest, merge] = await Promise.all([
    ingestUntil(target, options.ingest, options.seconds, until),
    mergeUntil(target.db!, until),
  ]);
  await mergeCells(target.db!);
  console.log(mergeLine(merge));
  return ingest;
}

/** What a writer did: its rate, its upserts' p50 and p95, and the rows an upsert carried and its time a row (a writer
 * behind its rate carries more rows each upsert, so its p95 per upsert grows with the run while its cost a row does
 * not). */
const ingestLine = (ingest: { written: number; seconds: number; batches: number[] }) =>
  `${ingest.written.toLocaleString('en-US')} rows in ${ingest.seconds.toFixed(1)} s = ${(ingest.written / ingest.seconds).toFixed(1)} rows/s sustained, ` +
  `${ingest.batches.length} upserts (p50 ${ms(percentile(ingest.batches, 50))}, p95 ${ms(percentile(ingest.batches, 95))}), ` +
  `${Math.round(ingest.written / Math.max(ingest.batches.length, 1)).toLocaleString('en-US')} rows an upsert, ` +
  `${(ingest.batches.reduce((a, b) => a + b, 0) / Math.max(ingest.written, 1)).toFixed(2)} ms a row`;

async function phase(
  name: string,
  clients: SupabaseClient[],
  options: LoadOptions,
  writer?: (until: number) => Promise<{ written: number; seconds: number; batches: number[] }>,
) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const [samples, ingest] = await Promise.all([
    searchUntil(clients, options.queries, until, options.zipf),
    writer?.(until),
  ]);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const searches = samples.available.length + samples.sold.length;
  console.log(
    `\n${name}: ${options.users} users, ${wall.toFixed(1)} s, ${(searches / wall).toFixed(1)} searches/s, ` +
      `${samples.errors} errors${samples.firstError ? ` (by status: ${JSON.stringify(samples.statuses)}; first: ${samples.firstError})` : ''}, ` +
      `Node process CPU ${(((used.user + used.system) / 1e6 / wall) * 100).toFixed(0)}% of one core (bench clients, emulator and functions share it)`,
  );
  console.log(
    `${'function'.padEnd(20)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)} ${'calls'.padStart(6)}`,
  );
  for (const [fn, values] of [
    ['search-available', samples.available],
    ['search-sold', samples.sold],
  ] as const) {
    console.log(
      `${fn.padEnd(20)} ${ms(percentile(values, 50)).padStart(10)} ${ms(percentile(values, 95)).padStart(10)} ${ms(percentile(values, 99)).padStart(10)} ${String(values.length).padStart(6)}`,
    );
  }
  if (samples.errors) {
    const worst = Object.entries(samples.failed).sort((a, b) => b[1] - a[1]);
    console.log(`failed searches: ${worst.map(([what, n]) => `${what} x${n}`).join(', ')}`);
  }
  if (options.zipf) {
    console.log(
      `answers from the cache (15 minutes, emptied before the run): ${samples.cached} of ${searches} ` +
        `(${((samples.cached / Math.max(searches, 1)) * 100).toFixed(0)}%), queries drawn with Zipf exponent ${options.zipf} over ${options.queries.length}`,
    );
  }
  if (ingest) {
    console.log(`ingest: ${ingestLine(ingest)}`);
  }
  return {
    available: percentile(samples.available, 95),
    sold: percentile(samples.sold, 95),
    writer: ingest ? percentile(ingest.batches, 95) : undefined,
  };
}

/** The writer with no searches beside it: its p95 per upsert. */
async function writerAlone(
  name: string,
  target: Target,
  options: LoadOptions,
  merge: boolean,
): Promise<number> {
  const until = performance.now() + options.seconds * 1000;
  const ingest = merge
    ? await writeAndMerge(target, options, until)
    : await ingestUntil(target, options.ingest, options.seconds, until);
  console.log(`\nwriter alone at ${options.ingest} rows/s, ${name}: ${ingestLine(ingest)}`);
  return percentile(ingest.batches, 95);
}

/** The exact cells' triggers (supabase/schemas/45_market_cells.sql), off for the writer's baseline phase. */
const CELL_TRIGGERS = ['inserted', 'updated', 'deleted', 'truncated'].map(
  (t) => `market_listings_cells_${t}`,
);

export async function runLoad(options: LoadOptions): Promise<void> {
  console.log(`Signing in ${options.users} bench users...`);
  const clients: SupabaseClient[] = [];
  for (let u = 1; u <= options.users; u++) {
    clients.push(await signIn(options.emu, `bench-${u}@flipwise.local`, 'bench-password-2026'));
  }
  // Warm-up on queries outside the measured set, every user once: module loading, JIT, the first reads of each index.
  const warm = ['warm up levis', 'warm up nike', 'warm up coach', 'lululemon', 'patagonia'];
  await Promise.all(
    clients.map(async (client, u) => {
      const body = { itemName: warm[u % warm.length], condition: 'pre_owned' };
      await client.functions.invoke('search-available', { body });
      await client.functions.invoke('search-sold', { body });
    }),
  );

  const quiet = await phase('searches only', clients, options);
  if (!options.ingest) return;

  const target = await openTarget(['--database-url', options.databaseUrl]);
  // (then merged, when the triggers noted the removal: the cells are the demo market's again)
  const removeIngested = async () => {
    await target.db!.query(
      `delete from public.market_listings where source = 'import' and external_id like '${INGEST_ID}%'`,
    );
    await mergeCells(target.db!);
  };
  try {
    await removeIngested();
    const busy = await phase(`searches + ingest at ${options.ingest} rows/s`, clients, options, (until) =>
      writeAndMerge(target, options, until),
    );
    console.log(
      `\nsearch p95 without / with ingest: available ${ms(quiet.available)} / ${ms(busy.available)}, sold ${ms(quiet.sold)} / ${ms(busy.sold)}`,
    );
    // The writer again with the cells' triggers off and no merge: what keeping the cells costs each upsert (issue 53).
    // The rows it writes are removed before the triggers are on again, so the cells stay those of the demo market.
    await removeIngested();
    let bareAlone = NaN;
    for (const name of CELL_TRIGGERS)
      await target.db!.query(`alter table public.market_listings disable trigger ${name}`);
    try {
      const bare = await phase(
        `searches + ingest at ${options.ingest} rows/s, cells not kept`,
        clients,
        options,
        (until) => ingestUntil(target, options.ingest, options.seconds, until),
      );
      await removeIngested();
      console.log(
        `\nwriter p95 per upsert under ${options.users} users, cells kept / not kept: ${ms(busy.writer ?? NaN)} / ${ms(bare.writer ?? NaN)} = ${((busy.writer ?? NaN) / (bare.writer ?? NaN)).toFixed(2)}x (target at most 2x)`,
      );
      // The writer alone, at the same rate: under the users above neither writer keeps to its rate, so each upsert
      // carries the rows it fell behind by, and the p95 compounds the cost per row. Alone, both keep to it.
      bareAlone = await writerAlone('cells not kept', target, options, false);
      await removeIngested();
    } finally {
      for (const name of CELL_TRIGGERS)
        await target.db!.query(`alter table public.market_listings enable trigger ${name}`);
    }
    const keptAlone = await writerAlone('cells kept', target, options, true);
    await removeIngested();
    console.log(
      `writer p95 per upsert alone, cells kept / not kept: ${ms(keptAlone)} / ${ms(bareAlone)} = ${(keptAlone / bareAlone).toFixed(2)}x (target at most 2x)`,
    );
  } finally {
    await removeIngested();
    await target.close();
  }
}
