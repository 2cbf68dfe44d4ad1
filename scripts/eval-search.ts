// `npm run eval:search [-- --count N]`: search quality on two labelled sets, printed apart.
// 1. The generator set (scripts/search-eval/queries.ts) against a fresh in-memory demo market of N rows (default
//    20,000): precision and recall per query and overall. Then the same listings again as seller panel comps (imported
//    by their synthetic sellers and shared): the same rules must find the same things there.
// 2. The hand-written set (scripts/search-eval/written): listings titled as sellers title them, with decoys, and
//    queries labelled by hand (issue 24). It measures how the search reads real titles, not the generator's.
// 3. Brands beyond the first lexicon (issue 54, written/set-c.json): listings and queries of labels the lexicon did
//    not know before issue 54, or does not know yet, read among the listings of sets A and B.
// 4. Words no listing uses (issue 54, written/set-d.json): queries with a size that is not listed, an inch length, a
//    colour or a collection word no title writes, over the listings of sets A, B and C; a query that finds nothing is
//    scored by the first "did you mean" it is offered, the search without those words.
//    For 3 and 4 the bar is issue 54's: at least 80% of the queries find their item (recall 80% or more), and
//    precision is at least 95%.
import { createDatabase } from '../emulator/db/index';
import { prepareDatabase } from '../emulator/db/migrate';
import { defaultSupabaseDir } from '../emulator/config';
import {
  evaluate,
  evaluateFollowed,
  evaluateWritten,
  findsItsItem,
  loadLabelledMarket,
  loadWrittenMarket,
  overall,
  type QueryScore,
} from './search-eval/evaluate';
import {
  ALL_WRITTEN_LISTINGS,
  NEW_BRANDS,
  UNUSED_WORDS,
  WRITTEN_LISTINGS,
  WRITTEN_QUERIES,
} from './search-eval/written/index';
import { flag } from './market-target';

const count = Number(flag(process.argv.slice(2), 'count') ?? 20_000);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(7);

/** Prints each query's figures and the set's overall line; true when the set meets issue 10's bar (said unless `bar` is false). */
function report(scores: QueryScore[], bar = true): boolean {
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
  if (bar) console.log(`target (both >= 95%, none under 80%): ${ok ? 'met' : 'NOT met'}`);
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

  /** Issue 54's line for a set: how many queries find their item, and the precision. */
  const issue54 = (scores: QueryScore[]) => {
    const bar = findsItsItem(scores);
    console.log(
      `finds its item (recall >= 80%): ${bar.found} of ${scores.length} queries (${pct(bar.share).trim()}), ` +
        `precision ${pct(bar.precision).trim()}; target (>= 80% find it, precision >= 95%): ${bar.met ? 'met' : 'NOT met'}`,
    );
    return bar.met;
  };

  await loadWrittenMarket(db, ALL_WRITTEN_LISTINGS);
  const newBrands = await evaluateWritten(db, NEW_BRANDS.queries);
  console.log(
    `\n3. Brands beyond the first lexicon (issue 54): ${NEW_BRANDS.listings.length} listings among the ` +
      `${WRITTEN_LISTINGS.length} of sets A and B, ${newBrands.length} queries (scripts/search-eval/written/set-c.json)\n`,
  );
  report(newBrands, false);
  const newBrandsOk = issue54(newBrands);
  for (const s of newBrands.filter((s) => s.missed.length > 0 || s.extra.length > 0)) {
    console.log(
      `  ${s.query}: ${[...s.missed.map((id) => `-${id}`), ...s.extra.map((id) => `+${id}`)].join(' ')}`,
    );
  }

  const unused = await evaluateFollowed(db, UNUSED_WORDS);
  console.log(
    `\n4. Words no listing uses (issue 54): ${unused.length} queries over the ${ALL_WRITTEN_LISTINGS.length} listings ` +
      'of sets A, B and C; a query that finds nothing is scored by its first "did you mean" ' +
      '(scripts/search-eval/written/set-d.json)\n',
  );
  report(unused, false);
  const unusedOk = issue54(unused);
  console.log(
    `the words the answer said it could not use are the labelled ones for ${unused.filter((s) => s.unusedAsLabelled).length} ` +
      `of ${unused.length} queries\n\nwhat each query searched (-> the suggestion followed) and the words it could not use:`,
  );
  for (const s of unused) {
    const moved = s.searched === s.query ? '(its own search)' : `-> "${s.searched}"`;
    const off = [...s.missed.map((id) => `-${id}`), ...s.extra.map((id) => `+${id}`)].join(' ');
    console.log(
      `  ${s.query} ${moved}; could not use: ${s.unused.map((w) => `"${w}"`).join(', ') || 'nothing'}${off ? `; ${off}` : ''}`,
    );
  }
  process.exitCode = generatorOk && differs.length === 0 && writtenOk && newBrandsOk && unusedOk ? 0 : 1;
} finally {
  await db.close();
}
