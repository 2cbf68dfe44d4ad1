// `npm run bench:search [-- --count N --queries N --fresh]`
// Seeds 1,000,000 demo listings into a persisted bench database (.data/bench, reused when it already holds them),
// starts the emulator on it, signs in a bench user, and times search-available and search-sold end to end (supabase-js
// -> HTTP -> function -> auth -> RPC -> PGlite) over 200 distinct realistic queries with the cache off. Beside them, a
// naive `count(*) ... where title ilike '%word%'` on the same rows, and the ratio. Target: p95 <= 40 ms per function
// (issue 10). EMULATOR_PORT picks the port. In the same run, the research desk's cost (issue 54): each query again with a
// narrowing (a size, a price band, a marketplace, or all three, in turn) on both functions, and the sold search over
// 365 days, whose trend has 52 weeks (the plain sold search is 90 days and carries 13). Each query runs twice in the
// same run, in alternating order: with the exact cells read (issue 53), and with them off, every count from rows; then the cells' size,
// the share of the bench's and the eval sets' queries each path answers, and the identity of the two paths' listed
// and sold answers for every query, condition and (sold) window (the mismatch counts, which must be 0; `--no-identity`
// skips them, `--sold-windows 90` compares one window).
//
// `--postgres`: the same bench on PostgreSQL 15 (issue 25) instead of PGlite: a cluster kept in
// .data/bench/postgres-<count> (seeded with COPY on first use, `--fresh` seeds it anew), started on a free port with a
// small hosted instance's settings and stopped at the end; prints those settings and the table's and indexes' sizes.
// With it, `--users N` runs N signed-in users searching at once for `--seconds S` (default 30) and prints throughput
// and p50/p95/p99 per function; `--ingest R` adds a second phase of the same length in which a writer upserts R new
// and sold listings a second through market:import's code path, and prints the p95 without and with it and the rate
// the writer sustained (scripts/bench-search-postgres.ts, scripts/bench-search-load.ts). `--zipf S` has the users draw
// their queries at random, the query of rank r with a weight of 1 / r^S, with the answer cache on (emptied first), and
// prints the share of answers the cache gave: traffic that repeats itself, as real traffic does. `--history-years N` runs it on
// a cluster of its own (.data/bench/postgres-<count>-history<N>) that also holds N earlier years of sales, each a copy
// of the seeded year's sales moved back 52 weeks: every window's answers are those of the plain cluster, so the two
// runs show what sales older than 365 days cost a search. `--archive` first runs the hourly job that marks those sales
// archived (private.market_archive_sales, decision 074) until none is left, and prints how long that took.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../emulator/config';
import { startEmulator } from '../emulator/server';
import {
  ensureMarketIndexes,
  LINES,
  prng,
  seedMarketListings,
  type Condition,
} from '../emulator/seeds/data/market-data';
import { giveUpAfter } from './bench-run.ts';
import { runLoad, signIn } from './bench-search-load.ts';
import {
  addSoldHistory,
  archiveOldSales,
  printServerFacts,
  seedPostgres,
  startBenchCluster,
  type BenchCluster,
} from './bench-search-postgres.ts';
import { printCells, promoteSearched, setCellReads } from './bench-cells.ts';
import { percentile } from './bench-stats.ts';
import { flag } from './market-target';

const args = process.argv.slice(2);
const COUNT = Number(flag(args, 'count') ?? 1_000_000);
const QUERIES = Number(flag(args, 'queries') ?? 200);
const NAIVE_SAMPLE = Number(flag(args, 'naive') ?? 25);
const DATA_DIR = path.join(projectRoot, '.data', 'bench', `listings-${COUNT}`);
const POSTGRES = args.includes('--postgres');
const USERS = Number(flag(args, 'users') ?? 1);
const INGEST = Number(flag(args, 'ingest') ?? 0);
const SECONDS = Number(flag(args, 'seconds') ?? 30);
const HISTORY_YEARS = Number(flag(args, 'history-years') ?? 0);
/** `--promote`: users have searched the bench's queries before it runs (the log the browser writes), so the words they
 * use are promoted into the cells' signatures first (decision 085). */
const PROMOTE = args.includes('--promote');
/** `--zipf S`: the load bench's users draw skewed queries with the answer cache on (scripts/bench-search-load.ts). */
const ZIPF = flag(args, 'zipf') === undefined ? undefined : Number(flag(args, 'zipf'));
/** Users searching at once (or a writer beside them): the load bench instead of one user's sequential calls. */
const LOAD = flag(args, 'users') !== undefined || INGEST > 0 || ZIPF !== undefined;
const CONDITIONS: Condition[] = ['pre_owned', 'new_with_tags', 'new_without_tags', 'new_with_imperfections'];
/** The whole run gives up after this long, whatever happens (seeding 10,000,000 rows on PostgreSQL takes a while). */
const BUDGET_MS = (POSTGRES ? 120 : 20) * 60 * 1000;

/** Queries a reseller types: brand + model, brand + garment, colour or size added, a bare brand or garment, and a
 * few that match nothing. Distinct, deterministic. */
export function benchQueries(count: number): { itemName: string; condition: Condition }[] {
  const random = prng(7);
  const out = new Map<string, Condition>();
  const add = (q: string) => {
    const key = q.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!out.has(key) && out.size < count) out.set(key, CONDITIONS[out.size % CONDITIONS.length]);
  };
  const colours = ['black', 'navy', 'olive', 'cream', 'pink', 'brown'];
  const sizes = ['S', 'M', 'L', '6', '8', '28', '30'];
  const brands = [...new Set(LINES.map((l) => l.brand))];
  const extra = [
    'gucci loafers',
    'prada nylon bag',
    'hermes scarf',
    'yeezy slides',
    'supreme box logo',
    'golden goose sneakers',
    'skims bodysuit',
    'athleta salutation',
    'allbirds runners',
    'hoka clifton',
  ];
  const rounds: (() => void)[] = [
    ...LINES.map((l) => () => add(`${l.brand} ${l.item.split(' ').slice(0, 2).join(' ')}`)),
    ...LINES.map((l) => () => add(`${l.brand} ${l.category}`)),
    ...LINES.map((l) => () => add(`${l.brand} ${l.item}`)),
    ...LINES.map(
      (l) => () =>
        add(`${colours[Math.floor(random() * colours.length)]} ${l.brand} ${l.item.split(' ')[0]}`),
    ),
    ...LINES.map(
      (l) => () =>
        add(`${l.brand} ${l.item.split(' ')[0]} size ${sizes[Math.floor(random() * sizes.length)]}`),
    ),
    ...brands.slice(0, 8).map((b) => () => add(b)),
    ...['jeans', 'boots', 'fleece jacket', 'midi dress', 'handbag'].map((c) => () => add(c)),
    ...extra.map((q) => () => add(q)),
  ];
  // Interleave the kinds so any prefix of the list is a fair mix.
  const kinds = [0, 1, 2, 3, 4].map((k) => rounds.slice(k * LINES.length, (k + 1) * LINES.length));
  const tail = rounds.slice(5 * LINES.length);
  for (let i = 0; i < LINES.length && out.size < count; i++) for (const kind of kinds) kind[i]();
  for (const fn of tail) fn();
  return [...out].map(([itemName, condition]) => ({ itemName, condition }));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The research desk's narrowing, one per query in turn (issue 54): a size, a price band, a marketplace, all three. */
const NARROWINGS: Record<string, unknown>[] = [
  { size: 'M' },
  { priceMin: 20, priceMax: 60 },
  { marketplace: 'poshmark' },
  { size: '8', priceMin: 10, marketplace: 'ebay' },
];

async function main() {
  const started = Date.now();
  let cluster: BenchCluster | undefined;
  giveUpAfter('bench:search', BUDGET_MS, async () => cluster?.stop());
  if (LOAD && !POSTGRES) throw new Error('--users, --ingest and --zipf need --postgres');
  if (HISTORY_YEARS && !POSTGRES) throw new Error('--history-years needs --postgres');

  if (POSTGRES) {
    cluster = await startBenchCluster({
      count: COUNT,
      fresh: args.includes('--fresh'),
      historyYears: HISTORY_YEARS,
    });
    console.log(
      `Bench database: ${path.relative(projectRoot, cluster.dir)} (${COUNT.toLocaleString('en-US')} listings${HISTORY_YEARS ? ` and ${HISTORY_YEARS} earlier years of sales` : ''}), PostgreSQL 15 on port ${cluster.port}`,
    );
  } else {
    if (args.includes('--fresh') && existsSync(DATA_DIR)) rmSync(DATA_DIR, { recursive: true, force: true });
    console.log(
      `Bench database: ${path.relative(projectRoot, DATA_DIR)} (${COUNT.toLocaleString('en-US')} listings)`,
    );
  }
  try {
    await bench(started, cluster);
  } finally {
    cluster?.stop();
  }
}

async function bench(started: number, cluster: BenchCluster | undefined) {
  // EMULATOR_PORT when set (to run beside `npm start` or in CI on a known port), else any free port.
  const port = process.env.EMULATOR_PORT ? Number(process.env.EMULATOR_PORT) : 0;
  const emu = await startEmulator({
    port,
    // On a real server, a connection for each user's request and the writer's, as a pooler would give them.
    ...(cluster ? { databaseUrl: cluster.url, dbPoolSize: Math.max(10, USERS + 4) } : { dataDir: DATA_DIR }),
    seedScripts: false,
    testing: true,
    log: false,
    // The writer's phases merge the cells on pg_cron's schedule themselves (scripts/bench-search-load.ts).
    cellsMergeEveryMs: 0,
    // Every query is distinct, and the cache is off as well: each call reaches the index (on with --zipf's repeats).
    functionEnv: {
      MARKET_CACHE: ZIPF === undefined ? 'off' : 'on',
      MARKET_RATE_LIMIT: '1000000',
      MARKET_PROVIDER: 'local',
    },
  });
  try {
    // The seeded year's rows only: the history's copies (demo-y1-…) are counted apart by addSoldHistory.
    const { rows } = await emu.db.query<{ n: number }>(
      `select count(*)::int as n from public.market_listings where source = 'demo'${HISTORY_YEARS ? ` and external_id not like 'demo-y%'` : ''}`,
    );
    if (rows[0].n !== COUNT) {
      console.log(
        `Seeding ${COUNT.toLocaleString('en-US')} listings (first run only; kept in the bench database)...`,
      );
      const log = (m: string) => console.log(`  ${m}`);
      const seeded = cluster
        ? await seedPostgres(cluster.url, COUNT, log)
        : await seedMarketListings(emu.db, { count: COUNT, bulk: true, log });
      console.log(`Seeded in ${(seeded.ms / 1000).toFixed(1)} s.`);
      await emu.db.exec('vacuum analyze public.market_listings');
      await emu.reloadSchema();
    } else {
      console.log('Reusing the seeded bench database.');
      await ensureMarketIndexes(emu.db);
    }
    if (cluster && HISTORY_YEARS) {
      await addSoldHistory(emu.db, HISTORY_YEARS, (m) => console.log(`  ${m}`));
      await emu.reloadSchema();
    }
    if (cluster && args.includes('--archive')) await archiveOldSales(emu.db);
    if (cluster) {
      const { rows: archived } = await emu.db.query<{ n: number }>(
        `select count(*)::int as n from public.market_listings where status = 'archived'`,
      );
      console.log(`sales archived (older than the longest window): ${archived[0].n.toLocaleString('en-US')}`);
    }
    if (cluster) await printServerFacts(emu.db);
    // The readings an earlier run kept (market_query_readings, ten minutes) would spare this run's listed searches
    // their first reading: every run starts without them, as a query nobody asked lately does.
    await emu.db.exec('delete from public.market_query_readings');
    // Nor the answers an earlier --zipf run kept (market_search_cache, fifteen minutes).
    await emu.db.exec('delete from public.market_search_cache');

    const queries = benchQueries(QUERIES);
    if (LOAD && cluster) {
      await runLoad({
        emu,
        databaseUrl: cluster.url,
        queries,
        users: USERS,
        seconds: SECONDS,
        ingest: INGEST,
        zipf: ZIPF,
      });
      console.log(`\ntotal bench time ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return;
    }
    const user = await signIn(emu, 'bench@flipwise.local', 'bench-password-2026');
    if (PROMOTE) await promoteSearched(emu, queries);
    // Server-Timing parts (auth, gate, source) per function, to show where the time goes.
    const parts = new Map<string, number[]>();
    const timed = async (fn: string, body: Record<string, unknown>, record = false) => {
      const t0 = performance.now();
      const { data, error, response } = await user.functions.invoke(fn, { body });
      const took = performance.now() - t0;
      if (error) throw new Error(`${fn} failed for ${JSON.stringify(body)}: ${error.message}`);
      if (record) {
        for (const part of (response?.headers.get('server-timing') ?? '').split(',')) {
          const match = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
          if (!match) continue;
          const name = `${fn} ${match[1]}`;
          parts.set(name, [...(parts.get(name) ?? []), Number(match[2])]);
        }
      }
      return { took, data: data as Record<string, number> };
    };

    // Warm-up on queries outside the measured set: module loading, JIT, the first page reads of each index.
    for (const itemName of ['warm up levis', 'warm up nike', 'warm up coach', 'lululemon', 'patagonia']) {
      await timed('search-available', { itemName, condition: 'pre_owned' });
      await timed('search-sold', { itemName, condition: 'pre_owned' });
    }

    // Every query both ways in one run, one right after the other: from the exact cells as shipped, and with the
    // cells off for everyone (market_cells_state.reads), every count from rows. The order alternates query by query,
    // and each way reads the query afresh (a reading kept from the other would spare it the parsing), so neither way
    // is favoured by going second.
    type Pass = {
      available: number[];
      sold: number[];
      availableNarrowed: number[];
      soldNarrowed: number[];
      soldYear: number[];
      took: { query: string; available: number; sold: number }[];
      counted: { available: number; sold: number };
      /** The indexes of the queries whose listed answer the cells counted. */
      cellsAvailable: number[];
      /** The indexes of the queries that found no listing: their answer reads "did you mean" in the same call. */
      foundNone: number[];
    };
    const empty = (): Pass => ({
      available: [],
      sold: [],
      availableNarrowed: [],
      soldNarrowed: [],
      soldYear: [],
      took: [],
      counted: { available: 0, sold: 0 },
      cellsAvailable: [],
      foundNone: [],
    });
    const round = async (q: (typeof queries)[number], out: Pass, record: boolean) => {
      await emu.db.exec('delete from public.market_query_readings');
      const a = await timed(
        'search-available',
        { ...q, timestamp: new Date().toISOString(), clientInfo: { userAgent: 'bench', platform: 'node' } },
        record,
      );
      const s = await timed('search-sold', q, record);
      out.available.push(a.took);
      out.sold.push(s.took);
      if ((a.data as { counted?: string }).counted === 'cells') {
        out.counted.available++;
        out.cellsAvailable.push(out.available.length - 1);
      }
      if ((s.data as { counted?: string }).counted === 'cells') out.counted.sold++;
      if ((a.data as { availableCount?: number }).availableCount === 0)
        out.foundNone.push(out.available.length - 1);
      out.took.push({ query: `${q.itemName} (${q.condition})`, available: a.took, sold: s.took });
      // The desk, same query: narrowed on both functions, and the 365-day sold search with its 52-week trend.
      const narrowing = NARROWINGS[out.took.length % NARROWINGS.length];
      out.availableNarrowed.push((await timed('search-available', { ...q, ...narrowing })).took);
      out.soldNarrowed.push((await timed('search-sold', { ...q, ...narrowing })).took);
      out.soldYear.push((await timed('search-sold', { ...q, windowDays: 365 })).took);
      return { a, s };
    };
    let comps = 0;
    const cellsPass = empty();
    const rowsPass = empty();
    try {
      for (const [i, q] of queries.entries()) {
        for (const cells of i % 2 ? [false, true] : [true, false]) {
          await setCellReads(emu.db, cells);
          const { a, s } = await round(q, cells ? cellsPass : rowsPass, cells);
          if (cells)
            comps +=
              (a.data.byCondition
                ? Object.values(a.data.byCondition).reduce((x: number, y) => x + Number(y), 0)
                : 0) + Number(s.data.soldCount ?? 0);
        }
      }
    } finally {
      await setCellReads(emu.db, true);
    }
    const { available, sold, availableNarrowed, soldNarrowed, soldYear, took } = cellsPass;

    // The naive way: scan every title for each word (sequential scan: no index helps a leading wildcard without
    // pg_trgm, and the trigram index is switched off here so the figure is what a plain table would cost).
    const naive: number[] = [];
    for (const q of queries.slice(0, NAIVE_SAMPLE)) {
      const words = q.itemName.split(/\s+/).filter(Boolean);
      const where = words.map((_, i) => `title ilike $${i + 2}`).join(' and ');
      const t0 = performance.now();
      await emu.db.transaction(async (tx) => {
        await tx.exec('set local enable_bitmapscan = off; set local enable_indexscan = off');
        await tx.query(
          `select count(*) from public.market_listings where status = 'available' and condition = $1 and ${where}`,
          [q.condition, ...words.map((w) => `%${w}%`)],
        );
      });
      naive.push(performance.now() - t0);
    }

    const row = (name: string, values: number[]) =>
      `${name.padEnd(44)} ${ms(percentile(values, 50)).padStart(10)} ${ms(percentile(values, 95)).padStart(10)} ${ms(percentile(values, 99)).padStart(10)} ${String(values.length).padStart(6)}`;
    console.log(
      `\nsearch bench: ${COUNT.toLocaleString('en-US')} listings${cluster ? ' on PostgreSQL 15' : ''}, ${queries.length} distinct queries, cache off, one user, sequential calls`,
    );
    console.log(
      `${'path'.padEnd(44)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)} ${'calls'.padStart(6)}`,
    );
    console.log(row('search-available (end to end, HTTP)', available));
    // What sets the listed p95: a search that finds nothing also reads "did you mean" (decision 094).
    const none = new Set(cellsPass.foundNone);
    if (none.size > 0 && none.size < available.length) {
      console.log(
        row(
          '  of them, found listings',
          available.filter((_, i) => !none.has(i)),
        ),
      );
      console.log(
        row(
          '  of them, found none ("did you mean")',
          available.filter((_, i) => none.has(i)),
        ),
      );
    }
    console.log(row('search-sold (90 days, 13-week trend)', sold));
    console.log(row('search-available + a narrowing', availableNarrowed));
    console.log(row('search-sold + a narrowing', soldNarrowed));
    console.log(row('search-sold 365 days (52-week trend)', soldYear));
    console.log('the same queries with the cells off (every count from rows), same run:');
    console.log(row('  search-available, rows', rowsPass.available));
    console.log(row('  search-sold, rows', rowsPass.sold));
    console.log(row('  search-available + a narrowing, rows', rowsPass.availableNarrowed));
    console.log(row('  search-sold + a narrowing, rows', rowsPass.soldNarrowed));
    const p95 = (values: number[]) => percentile(values, 95);
    console.log(
      `cells / rows at p95: available ${(p95(available) / p95(rowsPass.available)).toFixed(2)}, sold ${(p95(sold) / p95(rowsPass.sold)).toFixed(2)}; counted from cells: available ${cellsPass.counted.available} of ${queries.length}, sold ${cellsPass.counted.sold} of ${queries.length}`,
    );
    // The same calls split by the path that counted them, beside the same queries' row-path times.
    const fromCells = cellsPass.cellsAvailable;
    if (fromCells.length) {
      console.log(
        row(
          '  search-available, the queries from cells',
          fromCells.map((i) => available[i]),
        ),
      );
      console.log(
        row(
          '    the same queries from rows',
          fromCells.map((i) => rowsPass.available[i]),
        ),
      );
    }
    console.log(row(`naive ILIKE count (SQL only, first ${naive.length})`, naive));
    console.log('inside the functions (Server-Timing):');
    for (const [name, values] of parts) console.log(row(`  ${name}`, values));
    // The queries that set the tail, so the next person knows where to look.
    for (const kind of ['available', 'sold'] as const) {
      const slowest = [...took].sort((x, y) => y[kind] - x[kind]).slice(0, 12);
      console.log(
        `slowest search-${kind}: ${slowest.map((t) => `${t.query} ${t[kind].toFixed(0)}`).join(', ')}`,
      );
    }
    const ratio = (values: number[]) => (percentile(naive, 50) / percentile(values, 50)).toFixed(0);
    console.log(
      `\nnaive p50 / function p50: available ${ratio(available)}x, sold ${ratio(sold)}x (the functions include HTTP, auth and rate limit)`,
    );
    console.log(`listings counted across all answers: ${comps.toLocaleString('en-US')}`);
    await printCells(
      emu.db,
      queries.map((q) => q.itemName),
      {
        identity: !args.includes('--no-identity'),
        // `--sold-windows 90`: the sold identity over fewer windows (each window is one more count per query both ways).
        soldWindows: flag(args, 'sold-windows')?.split(',').map(Number),
      },
    );
    const ok = percentile(available, 95) <= 40 && percentile(sold, 95) <= 40;
    console.log(`target p95 <= 40 ms per function: ${ok ? 'met' : 'NOT met'}`);
    console.log(`total bench time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await emu.stop();
  }
}

// Only when run as a script: tests and tools import benchQueries without starting a bench.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
