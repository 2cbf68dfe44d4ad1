// `npm run eval:search [-- --count N]`: search quality on two labelled sets, printed apart.
// 1. The generator set (scripts/search-eval/queries.ts) against a fresh in-memory demo market of N rows (default
//    20,000): precision and recall per query and overall. Then the same listings again as seller panel comps (imported
//    by their synthetic sellers and shared): the same rules must find the same things there.
// 2. The hand-written set (scripts/search-eval/written): listings titled as sellers title them, with decoys, and
//    queries labelled by hand (issue 24). It measures how the search reads real titles, not the generator's.
import { createDatabase } from '../emulator/db/index';
import { prepareDatabase } from '../emulator/db/migrate';
import { defaultSupabaseDir } from '../emulator/config';
import {
  evaluate,
  evaluateWritten,
  loadLabelledMarket,
  loadWrittenMarket,
  overall,
  type QueryScore,
} from './search-eval/evaluate';
import { WRITTEN_LISTINGS, WRITTEN_QUERIES } from './search-eval/written/index';
import { flag } from './market-target';

const count = Number(flag(process.argv.slice(2), 'count') ?? 20_000);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(7);

/** Prints each query's figures and the set's overall line; true when the set meets issue 10's bar. */
function report(scores: QueryScore[]): boolean {
  console.log(
    `${'kind'.padEnd(28)} ${'precision'.padStart(9)} ${'recall'.padStart(7)} ${'expected'.padStart(8)} ${'matched'.padStart(8)}  query`,
  );
  for (const s of scores) {
    console.log(
      `${s.kind.slice(0, 28).padEnd(28)} ${pct(s.precision).padStart(9)} ${pct(s.recall)} ${String(s.expected).padStart(8)} ${String(s.matched).padStart(8)}  ${s.query}`,
    );
  }
  const { precision, recall } = overall(scores);
  const worst = Math.min(...scores.flatMap((s) => [s.precision, s.recall]));
  const under = scores.filter((s) => s.precision < 0.8 || s.recall < 0.8).length;
  console.log(
    `\noverall (mean per query): precision ${pct(precision)}, recall ${pct(recall)}; lowest single figure ${pct(worst)}; ` +
      `${under} of ${scores.length} queries under 80%`,
  );
  const ok = precision >= 0.95 && recall >= 0.95 && worst >= 0.8;
  console.log(`target (both >= 95%, none under 80%): ${ok ? 'met' : 'NOT met'}`);
  return ok;
}

const db = await createDatabase({ dataDir: 'memory' });
try {
  await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
  const truths = await loadLabelledMarket(db, count);
  const scores = await evaluate(db, truths);
  console.log(
    `1. Generator set: ${count.toLocaleString('en-US')} labelled demo listings, ${scores.length} queries\n`,
  );
  const generatorOk = report(scores);

  const panelScores = await evaluate(db, await loadLabelledMarket(db, count, undefined, 'panel'));
  const panel = overall(panelScores);
  const differs = panelScores.filter(
    (s, i) => s.precision !== scores[i].precision || s.recall !== scores[i].recall,
  );
  console.log(
    `\nthe same listings as seller panel comps: precision ${pct(panel.precision)}, recall ${pct(panel.recall)}; ` +
      `${differs.length} of ${panelScores.length} queries score differently`,
  );
  for (const s of differs) console.log(`  ${pct(s.precision)} ${pct(s.recall)}  ${s.query}`);

  await loadWrittenMarket(db, WRITTEN_LISTINGS);
  const written = await evaluateWritten(db, WRITTEN_QUERIES);
  console.log(
    `\n2. Hand-written set: ${WRITTEN_LISTINGS.length} listings as sellers title them, ${written.length} queries ` +
      `labelled by hand (scripts/search-eval/written)\n`,
  );
  const writtenOk = report(written);
  console.log('\nwhat the hand-written set misses or adds, per query under 100%:');
  for (const s of written.filter((s) => s.missed.length > 0 || s.extra.length > 0)) {
    console.log(
      `  ${s.query}: ${[...s.missed.map((id) => `-${id}`), ...s.extra.map((id) => `+${id}`)].join(' ')}`,
    );
  }
  process.exitCode = generatorOk && differs.length === 0 && writtenOk ? 0 : 1;
} finally {
  await db.close();
}
