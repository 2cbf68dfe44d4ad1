// `npm run bench:panel [-- --count N --queries N]`
// What the seller panel's threshold (docs/decisions/056-seller-panel.md) costs the market counts. The counts now group
// one level finer (by seller) to withhold figures drawn from fewer than 5 sellers, and the 90-day sold headline makes
// an extra pass over the listed rows to count the sellers behind it (panelSellers).
//
// Builds a fresh in-memory database (every migration, no seed), loads N demo listings (default 200,000; the demo market
// is a panel of synthetic sellers, so the rules apply to it), and puts the versions the panel replaced beside the
// current ones, in a schema of their own: bench.market_count_available (20250201000000_market_matching.sql, with
// enable_sort off from 20250214000100_market_counts_hashed.sql) and bench.market_count_sold
// (20250215000000_market_sold_one_pass.sql, with its enable_presorted_aggregate off). Their text is read at run time
// from those migration files in the archived history (supabase/history), only the schema changed. Then, over the first
// N of bench:search's queries (default 60), each with its condition: old and new available, old and new sold over 90
// days (the headline, with the extra pass) and over 30 days (without it), as SQL calls timed with performance.now()
// around the query (PGlite's round trip included, the same for both), best of 3 per query, old and new interleaved (and
// in turn first) so machine noise hits both. Prints p50, p95 and mean per function and new/old, how many answers
// withheld their headline or folded a marketplace into 'other', and checks that every figure the new answer shows
// equals the old one (headline, byCondition cells, marketplace rows, demoComps, price quartiles, median days to sell).
// Timings are figures, not assertions; a figure that differs exits 1.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defaultSupabaseDir } from '../emulator/config';
import type { Queryable } from '../emulator/context';
import { createDatabase, type Database } from '../emulator/db/index';
import { prepareDatabase } from '../emulator/db/migrate';
import { demoSellerCount, seedMarketListings, type Condition } from '../emulator/seeds/data/market-data';
import { giveUpAfter, machineLine } from './bench-run.ts';
import { benchQueries } from './bench-search';
import { percentile } from './bench-stats.ts';
import { flag } from './market-target';

const args = process.argv.slice(2);
const COUNT = Number(flag(args, 'count') ?? 200_000);
const QUERIES = Number(flag(args, 'queries') ?? 60);
const MIN_SELLERS = 5;
const REPEATS = 3;
/** The whole run gives up after this long, whatever happens. */
const BUDGET_MS = 30 * 60 * 1000;
const HISTORY = path.join(defaultSupabaseDir, 'history', 'migrations-before-baseline.tar.gz');
const CONDITIONS: Condition[] = ['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned'];

// ---------------------------------------------------------------------------------------------------------------------
// The old functions, from the migrations that made them

function migration(file: string): string {
  return execFileSync('tar', ['-xzOf', HISTORY, `migrations/${file}`], { encoding: 'utf8' });
}

/** The text from `start` to the end of its statement: the next line that closes a `$$` body, or the next `;`. */
function statementAt(sql: string, file: string, start: string, from = 0): { text: string; end: number } {
  const at = sql.indexOf(start, from);
  if (at < 0) throw new Error(`${file}: no "${start}"`);
  const dollar = start.startsWith('alter ') ? -1 : sql.indexOf('\n$$;', at);
  const end = dollar >= 0 ? dollar + '\n$$;'.length : sql.indexOf(';', at) + 1;
  if (end <= at) throw new Error(`${file}: "${start}" does not end`);
  return { text: sql.slice(at, end), end };
}

/** The statement with its function moved from public to the bench schema (the one and only change). */
function moved(text: string, name: string): string {
  const from = `public.${name}(`;
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`expected ${from} once, found it ${parts.length - 1} times`);
  return parts.join(`bench.${name}(`);
}

function oldFunctions(): { sql: string[]; describe: string[] } {
  const matchingFile = '20250201000000_market_matching.sql';
  const hashedFile = '20250214000100_market_counts_hashed.sql';
  const soldFile = '20250215000000_market_sold_one_pass.sql';
  const available = statementAt(
    migration(matchingFile),
    matchingFile,
    'create or replace function public.market_count_available(p_query text, p_condition text)',
  ).text;
  const hashed = statementAt(
    migration(hashedFile),
    hashedFile,
    'alter function public.market_count_available(text, text) set enable_sort = off;',
  ).text;
  const soldSql = migration(soldFile);
  const sold = statementAt(soldSql, soldFile, 'create or replace function public.market_count_sold(');
  const presorted = statementAt(soldSql, soldFile, 'do $$', sold.end).text;
  if (
    !presorted.includes(
      'alter function public.market_count_sold(text, text, int) set enable_presorted_aggregate',
    )
  )
    throw new Error(
      `${soldFile}: the block after the function is not its enable_presorted_aggregate setting`,
    );
  return {
    sql: [
      'create schema bench',
      moved(available, 'market_count_available'),
      moved(hashed, 'market_count_available'),
      moved(sold.text, 'market_count_sold'),
      moved(presorted, 'market_count_sold'),
    ],
    describe: [
      `bench.market_count_available: ${matchingFile} + ${hashedFile}`,
      `bench.market_count_sold: ${soldFile} (function + its do block)`,
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Calls and answers

type Answer = {
  available?: number | null;
  sold?: number | null;
  byCondition: Record<string, number | null>;
  byMarketplace: Record<string, string | number>[];
  demoComps: number;
  prices?: Record<string, number> | null;
  medianDaysToSell?: number | null;
  panelSellers?: number | null;
};

type Query = { itemName: string; condition: string };
type Call = (db: Queryable, q: Query) => Promise<Answer>;

const call =
  (sql: string, extra: number[]): Call =>
  async (db, q) => {
    const { rows } = await db.query<{ r: Answer }>(sql, [q.itemName, q.condition, ...extra]);
    if (!rows[0]?.r) throw new Error(`no answer from ${sql} for ${JSON.stringify(q)}`);
    return rows[0].r;
  };

type Pair = { name: string; field: 'available' | 'sold'; old: Call; new: Call };

const PAIRS: Pair[] = [
  {
    name: 'available',
    field: 'available',
    old: call('select bench.market_count_available($1, $2) as r', []),
    new: call('select public.market_count_available($1, $2, $3::int) as r', [MIN_SELLERS]),
  },
  {
    name: 'sold, 90 days',
    field: 'sold',
    old: call('select bench.market_count_sold($1, $2, $3::int) as r', [90]),
    new: call('select public.market_count_sold($1, $2, $3::int, $4::int) as r', [90, MIN_SELLERS]),
  },
  {
    name: 'sold, 30 days',
    field: 'sold',
    old: call('select bench.market_count_sold($1, $2, $3::int) as r', [30]),
    new: call('select public.market_count_sold($1, $2, $3::int, $4::int) as r', [30, MIN_SELLERS]),
  },
];

/** Where the new answer's shown figures differ from the old one's; also what it withheld and folded. */
function compare(field: Pair['field'], old: Answer, now: Answer) {
  const differences: string[] = [];
  const differ = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      differences.push(`${what}: old ${JSON.stringify(a)}, new ${JSON.stringify(b)}`);
  };
  let cells = 0;
  for (const condition of CONDITIONS) {
    const cell = now.byCondition[condition];
    if (cell === null || cell === undefined) continue;
    cells++;
    differ(`byCondition.${condition}`, old.byCondition[condition], cell);
  }
  const figure = now[field];
  const withheld = figure === null || figure === undefined;
  let rows = 0;
  let folded = false;
  if (!withheld) {
    differ(field, old[field], figure);
    differ('demoComps', old.demoComps, now.demoComps);
    let total = 0;
    for (const row of now.byMarketplace) {
      total += Number(row[field]);
      if (row.marketplace === 'other') {
        folded = true;
        continue;
      }
      rows++;
      const before = old.byMarketplace.find((r) => r.marketplace === row.marketplace);
      differ(`byMarketplace.${row.marketplace}`, before?.[field], row[field]);
    }
    if (figure > 0) differ(`byMarketplace total`, figure, total);
    if (field === 'sold') {
      if (now.prices !== null && now.prices !== undefined) differ('prices', old.prices, now.prices);
      if (now.medianDaysToSell !== null && now.medianDaysToSell !== undefined)
        differ('medianDaysToSell', old.medianDaysToSell, now.medianDaysToSell);
    }
  }
  return { differences, withheld, folded, cells, rows };
}

const PRIMING_TRIES = 3;

/**
 * A fresh in-memory database with every migration, the old functions beside the new ones, and every call made once.
 * In a process's first PGlite (Node 20, PGlite 0.5.16), the first call of these functions sometimes answers nothing
 * and the next statement fails with PANIC "ERRORDATA_STACK_SIZE exceeded": 4 processes in 20 here, and none of the
 * 40 later PGlites in those processes (nor any of 12 runs under node --no-liftoff). So they are called once on the
 * empty table, and a database that fails them is dropped for a new one.
 */
async function openDatabase(): Promise<Database> {
  const old = oldFunctions();
  for (let attempt = 1; ; attempt++) {
    const db = await createDatabase({ dataDir: 'memory' });
    try {
      await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
      for (const sql of old.sql) await db.exec(sql);
      for (const pair of PAIRS) {
        await pair.old(db, { itemName: 'warm up levis', condition: 'pre_owned' });
        await pair.new(db, { itemName: 'warm up levis', condition: 'pre_owned' });
      }
    } catch (error) {
      await db.close().catch(() => {});
      if (attempt >= PRIMING_TRIES) throw error;
      console.log(`PGlite failed a first call (${String(error)}); starting again on a new database`);
      continue;
    }
    const { rows: version } = await db.query<{ v: string }>('select version() as v');
    console.log(`database: in-memory PGlite, ${version[0].v.split(',')[0]}`);
    console.log('old functions, from the migrations:');
    for (const line of old.describe) console.log(`  ${line}`);
    const { rows: settings } = await db.query<{ f: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as f, p.proconfig as config from pg_proc p
       where p.proname in ('market_count_available', 'market_count_sold') and p.pronamespace::regnamespace::text in ('public', 'bench')
       order by 1`,
    );
    for (const s of settings) console.log(`  ${s.f}: ${(s.config ?? []).join(', ')}`);
    return db;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Figures

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const times = (value: number) => `${value.toFixed(2)}x`;

async function main() {
  const started = performance.now();
  giveUpAfter('bench:panel', BUDGET_MS);

  console.log(machineLine());
  const db = await openDatabase();
  try {
    console.log(
      `seeding ${COUNT.toLocaleString('en-US')} demo listings (${demoSellerCount(COUNT).toLocaleString('en-US')} synthetic sellers)...`,
    );
    const seeded = await seedMarketListings(db, {
      count: COUNT,
      bulk: true,
      log: (m) => console.log(`  ${m}`),
    });
    await db.exec('vacuum analyze public.market_listings');
    console.log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s`);

    const queries: Query[] = benchQueries(QUERIES);
    // Warm-up on queries outside the measured set: the first page reads of each index, plan caches of both versions.
    for (const itemName of ['warm up levis', 'warm up nike', 'lululemon', 'patagonia']) {
      for (const pair of PAIRS) {
        await pair.old(db, { itemName, condition: 'pre_owned' });
        await pair.new(db, { itemName, condition: 'pre_owned' });
      }
    }

    const timings = PAIRS.map(() => ({ old: [] as number[], new: [] as number[], ratios: [] as number[] }));
    const tallies = PAIRS.map(() => ({ withheld: 0, folded: 0, cells: 0, rows: 0, shown: 0 }));
    const mismatches: string[] = [];
    let panelSellers = 0;
    for (const q of queries) {
      const best = PAIRS.map(() => ({ old: Infinity, new: Infinity }));
      const answers = PAIRS.map(() => ({}) as { old?: Answer; new?: Answer });
      for (let rep = 0; rep < REPEATS; rep++) {
        for (const [i, pair] of PAIRS.entries()) {
          // Old first, then new first, then old first: neither always finds the pages the other just read.
          for (const side of rep % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
            const t0 = performance.now();
            const answer = await pair[side](db, q);
            const took = performance.now() - t0;
            best[i][side] = Math.min(best[i][side], took);
            answers[i][side] ??= answer;
          }
        }
      }
      for (const [i, pair] of PAIRS.entries()) {
        timings[i].old.push(best[i].old);
        timings[i].new.push(best[i].new);
        timings[i].ratios.push(best[i].new / best[i].old);
        const { differences, withheld, folded, cells, rows } = compare(
          pair.field,
          answers[i].old!,
          answers[i].new!,
        );
        const tally = tallies[i];
        if (withheld) tally.withheld++;
        else tally.shown++;
        if (folded) tally.folded++;
        tally.cells += cells;
        tally.rows += rows;
        for (const d of differences) mismatches.push(`${pair.name} "${q.itemName}" (${q.condition}): ${d}`);
        if (pair.name === 'sold, 90 days' && typeof answers[i].new!.panelSellers === 'number') panelSellers++;
      }
    }

    const row = (name: string, values: string[]) =>
      `${name.padEnd(30)} ${values.map((v) => v.padStart(10)).join(' ')}`;
    console.log(
      `\npanel bench: ${COUNT.toLocaleString('en-US')} listings, ${queries.length} queries, best of ${REPEATS} per query and function, threshold ${MIN_SELLERS} sellers, SQL calls`,
    );
    console.log(row('function', ['p50', 'p95', 'mean', 'per query']));
    for (const [i, pair] of PAIRS.entries()) {
      const t = timings[i];
      const figures = (values: number[]) => [
        ms(percentile(values, 50)),
        ms(percentile(values, 95)),
        ms(mean(values)),
      ];
      console.log(row(`${pair.name}, old`, figures(t.old)));
      console.log(row(`${pair.name}, new`, figures(t.new)));
      console.log(
        row('  new / old', [
          times(percentile(t.new, 50) / percentile(t.old, 50)),
          times(percentile(t.new, 95) / percentile(t.old, 95)),
          times(mean(t.new) / mean(t.old)),
          times(percentile(t.ratios, 50)),
        ]),
      );
    }
    console.log("('per query': the median of each query's new/old ratio)");

    console.log(`\nthe new answers (of ${queries.length} queries):`);
    for (const [i, pair] of PAIRS.entries()) {
      const t = tallies[i];
      console.log(
        `  ${pair.name.padEnd(14)} headline withheld ${String(t.withheld).padStart(3)}, a marketplace folded into 'other' ${String(t.folded).padStart(3)}`,
      );
    }
    console.log(`  sold, 90 days: panelSellers counted (the extra pass ran) for ${panelSellers}`);

    const compared = tallies.reduce(
      (sum, t) => ({ shown: sum.shown + t.shown, cells: sum.cells + t.cells, rows: sum.rows + t.rows }),
      { shown: 0, cells: 0, rows: 0 },
    );
    console.log(
      `\nshown figures compared with the old answer: ${compared.shown} headlines (with demoComps, marketplace totals and, for sold, quartiles and median days), ${compared.cells} byCondition cells, ${compared.rows} marketplace rows`,
    );
    console.log(`mismatches: ${mismatches.length} (expected 0)`);
    for (const m of mismatches.slice(0, 20)) console.log(`  ${m}`);
    if (mismatches.length > 20) console.log(`  ... and ${mismatches.length - 20} more`);
    console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
    process.exitCode = mismatches.length ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
