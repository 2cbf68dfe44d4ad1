// `npm run bench:panel-sharing [-- --count N --queries N --calls N]`
// What a loop of sharing calls from one account costs another user's searches (issue 49, decision 076). Before, each
// `panel_share_more` forgot every cached answer (about 300 calls a second, no limit), so everyone's next search counted
// again. Now sharing calls are limited per account (60 a minute) and forget only the answers their rows can touch.
//
// An in-memory emulator (PGlite) with N demo listings (default 50,000). A viewer searches the first Q queries of
// bench:search (default 20) through the search-available function with the cache on, once to fill it, then times the
// same Q searches: alone, and while an attacker who shares one item makes C calls (default 1,000) of panel_share_more
// and panel_set_sharing(true) as fast as the emulator answers them. Prints p50 / p95 of the viewer's searches both
// ways and their ratio (the target: at most 2x), how many of the attacker's calls were refused, and how many
// of the viewer's answers still came from the cache. Figures, not assertions.
import { startEmulator } from '../emulator/server';
import { seedMarketListings } from '../emulator/seeds/data/market-data';
import { userClient } from '../tests/support/supabase';
import { giveUpAfter, machineLine } from './bench-run.ts';
import { benchQueries } from './bench-search';
import { percentile } from './bench-stats.ts';
import { flag } from './market-target';

const args = process.argv.slice(2);
const COUNT = Number(flag(args, 'count') ?? 50_000);
const QUERIES = Number(flag(args, 'queries') ?? 20);
const CALLS = Number(flag(args, 'calls') ?? 1000);

const emu = await startEmulator({
  port: 0,
  dataDir: 'memory',
  testing: true,
  log: false,
  functionEnv: { MARKET_RATE_LIMIT: '100000' },
});
giveUpAfter('bench:panel-sharing', 20 * 60 * 1000, () => emu.stop());

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
  let refused = 0;
  let done = 0;
  const loop = (async () => {
    for (let i = 0; i < CALLS; i++) {
      const call =
        i % 10 === 0
          ? await attacker.db.rpc('panel_set_sharing', { p_share: true })
          : await attacker.db.rpc('panel_share_more');
      if (call.error?.code === 'PT429') refused++;
      else if (call.error) throw call.error;
      done++;
    }
  })();
  // The viewer searches while the loop runs (twice over, so the loop's whole length is covered).
  const during = await searches();
  const again = await searches();
  await loop;

  const duringMs = [...during.ms, ...again.ms];
  const line = (name: string, ms: number[]) =>
    `${name.padEnd(24)} p50 ${percentile(ms, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(1).padStart(7)} ms`;
  console.log(`${COUNT.toLocaleString('en-US')} demo listings, ${queries.length} queries, cache on`);
  console.log(line('viewer alone', alone.ms));
  console.log(line('viewer during the loop', duringMs));
  console.log(
    `ratio during / alone: p50 ${(percentile(duringMs, 50) / percentile(alone.ms, 50)).toFixed(2)}, p95 ${(percentile(duringMs, 95) / percentile(alone.ms, 95)).toFixed(2)} (target: at most 2)`,
  );
  console.log(
    `attacker: ${done} sharing calls, ${refused} refused (429); viewer answers from the cache: alone ${alone.cached}/${queries.length}, during ${during.cached + again.cached}/${2 * queries.length}`,
  );
} finally {
  await emu.stop();
}
process.exit(0);
