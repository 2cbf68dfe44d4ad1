// `npm run bench:panel-sharing [-- --count N --queries N --calls N --postgres]`
// What a loop of sharing calls from one account costs another user's searches (issue 49, decision 076). Before, each
// `panel_share_more` forgot every cached answer (about 300 calls a second, no limit), so everyone's next search counted
// again. Now sharing calls are limited per account (60 a minute), a refused one is a read, and a call forgets only the
// answers its rows can touch.
//
// An in-memory emulator (PGlite, or a throwaway PostgreSQL 15 with --postgres) with N demo listings (default 50,000).
// An attacker imports one item and joins the panel before anything is timed (a first comp of the panel forgets the
// answers of zero once). A viewer searches the first Q queries of bench:search (default 20) through the
// search-available function with the cache on, once to fill it, then times the same Q searches: alone; while the
// attacker makes C (default 1,000) ordinary calls (reading their sharing status), the baseline; and while the attacker
// makes C sharing calls (panel_share_more, every tenth panel_set_sharing(true)) as fast as they are answered. Prints
// p50 / p95 of the viewer's searches each way and their ratio to alone (the target: at most 2x), how many
// sharing calls were refused and how many of the viewer's answers came from the cache. The emulator and this script
// share one Node process, so every call of a loop waits in the same line as the viewer's searches, whatever it is:
// the baseline says how much of the ratio is that. Figures, not assertions.
import { startEmulator } from '../emulator/server';
import { seedMarketListings } from '../emulator/seeds/data/market-data';
import { userClient } from '../tests/support/supabase';
import { giveUpAfter, machineLine } from './bench-run.ts';
import { benchQueries } from './bench-search';
import { percentile } from './bench-stats.ts';
import { startPostgres } from './throwaway-postgres.mjs';
import { flag } from './market-target';

const args = process.argv.slice(2);
const COUNT = Number(flag(args, 'count') ?? 50_000);
const QUERIES = Number(flag(args, 'queries') ?? 20);
const CALLS = Number(flag(args, 'calls') ?? 1000);

// `--postgres`: a throwaway PostgreSQL 15 server instead of PGlite, which answers the loop and the viewer in parallel.
const server = args.includes('--postgres') ? startPostgres({ stdio: 'pipe' }) : null;
const emu = await startEmulator({
  port: 0,
  dataDir: 'memory',
  testing: true,
  log: false,
  functionEnv: { MARKET_RATE_LIMIT: '100000' },
  ...(server ? { databaseUrl: server.url } : {}),
});
giveUpAfter('bench:panel-sharing', 20 * 60 * 1000, async () => {
  await emu.stop();
  server?.stop();
});

try {
  console.log(machineLine());
  await seedMarketListings(emu.db, { count: COUNT });
  const viewer = await userClient(emu, 'viewer.sharing-bench@example.com');
  const attacker = await userClient(emu, 'attacker.sharing-bench@example.com');
  const { error } = await attacker.db.rpc('seller_items_import', {
    p_rows: [
      {
        marketplace: 'depop',
        external_id: 'bench-1',
        title: 'Carhartt Detroit Jacket',
        brand: 'Carhartt',
        condition: 'pre_owned',
        status: 'available',
        price: 90,
        currency: 'USD',
      },
    ],
  });
  if (error) throw error;
  // The attacker joins before anything is timed: a first comp of the panel forgets the answers of zero (they say
  // whether the index holds panel comps), once. The loop is what is measured.
  const joined = await attacker.db.rpc('panel_set_sharing', { p_share: true });
  if (joined.error) throw joined.error;
  const queries = benchQueries(QUERIES);

  /** The viewer's searches, one after another: each one's milliseconds, and how many came from the cache. */
  const searches = async () => {
    const ms: number[] = [];
    let cached = 0;
    for (const body of queries) {
      const started = performance.now();
      const { data, error: failed } = await viewer.db.functions.invoke('search-available', { body });
      ms.push(performance.now() - started);
      if (failed) throw failed;
      if ((data as { cached?: boolean }).cached) cached++;
    }
    return { ms, cached };
  };

  await searches();
  const alone = await searches();

  /** The viewer's searches (twice over, so the loop's whole length is covered) while `call` runs CALLS times. */
  const during = async (call: (i: number) => PromiseLike<{ error: { code?: string } | null }>) => {
    let refused = 0;
    const loop = (async () => {
      for (let i = 0; i < CALLS; i++) {
        const { error: failed } = await call(i);
        if (failed?.code === 'PT429') refused++;
        else if (failed) throw failed;
      }
    })();
    const first = await searches();
    const second = await searches();
    await loop;
    return { ms: [...first.ms, ...second.ms], cached: first.cached + second.cached, refused };
  };
  // The baseline: as many ordinary calls of the same account (reading its sharing status), in the same run.
  const reads = await during(() => attacker.db.rpc('panel_sharing_status'));
  const sharing = await during((i) =>
    i % 10 === 0
      ? attacker.db.rpc('panel_set_sharing', { p_share: true })
      : attacker.db.rpc('panel_share_more'),
  );

  const line = (name: string, ms: number[]) =>
    `${name.padEnd(34)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`;
  const ratio = (ms: number[]) =>
    `p50 ${(percentile(ms, 50) / percentile(alone.ms, 50)).toFixed(2)}, p95 ${(percentile(ms, 95) / percentile(alone.ms, 95)).toFixed(2)}`;
  console.log(
    `${COUNT.toLocaleString('en-US')} demo listings, ${queries.length} queries, cache on, ${server ? 'PostgreSQL 15' : 'PGlite'}`,
  );
  console.log(line('viewer alone', alone.ms));
  console.log(line(`viewer during ${CALLS} status reads`, reads.ms));
  console.log(line(`viewer during ${CALLS} sharing calls`, sharing.ms));
  console.log(
    `ratio to alone: status reads ${ratio(reads.ms)}; sharing calls ${ratio(sharing.ms)} (target: at most 2)`,
  );
  console.log(
    `sharing calls refused (429): ${sharing.refused} of ${CALLS}; viewer answers from the cache: alone ${alone.cached}/${queries.length}, during the reads ${reads.cached}/${2 * queries.length}, during the sharing calls ${sharing.cached}/${2 * queries.length}`,
  );
} finally {
  await emu.stop();
  server?.stop();
}
process.exit(0);
