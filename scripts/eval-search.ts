// `npm run eval:search [-- --count N]`: the labelled search-quality set (scripts/search-eval/queries.ts) against a
// fresh in-memory demo market of N rows (default 20,000): precision and recall per query and overall. Then the same
// listings again as seller panel comps (imported by their synthetic sellers and shared): the same rules must find
// the same things there, and every query whose figures differ is printed.
import { createDatabase } from '../emulator/db/index';
import { prepareDatabase } from '../emulator/db/migrate';
import { defaultSupabaseDir } from '../emulator/config';
import { evaluate, loadLabelledMarket, overall } from './search-eval/evaluate';
import { flag } from './market-target';

const count = Number(flag(process.argv.slice(2), 'count') ?? 20_000);
const db = await createDatabase({ dataDir: 'memory' });
try {
  await prepareDatabase(db, { supabaseDir: defaultSupabaseDir, seed: false });
  const truths = await loadLabelledMarket(db, count);
  const scores = await evaluate(db, truths);
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(7);
  console.log(
    `Search quality on ${count.toLocaleString('en-US')} labelled demo listings, ${scores.length} queries\n`,
  );
  console.log(
    `${'kind'.padEnd(12)} ${'precision'.padStart(9)} ${'recall'.padStart(7)} ${'expected'.padStart(8)} ${'matched'.padStart(8)}  query`,
  );
  for (const s of scores) {
    console.log(
      `${s.kind.padEnd(12)} ${pct(s.precision).padStart(9)} ${pct(s.recall)} ${String(s.expected).padStart(8)} ${String(s.matched).padStart(8)}  ${s.query}`,
    );
  }
  const { precision, recall } = overall(scores);
  const worst = Math.min(...scores.flatMap((s) => [s.precision, s.recall]));
  console.log(
    `\noverall (mean per query): precision ${pct(precision)}, recall ${pct(recall)}; lowest single figure ${pct(worst)}`,
  );
  const ok = precision >= 0.95 && recall >= 0.95 && worst >= 0.8;
  console.log(`target (both >= 95%, none under 80%): ${ok ? 'met' : 'NOT met'}`);

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
  process.exitCode = ok && differs.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
