// `npm run market:import <file.csv|file.jsonl> [--data-dir DIR | --database-url URL | --url API_URL]`
// Upserts real listings by (marketplace, external_id) with source 'import'. Every row is validated first; rejected
// rows are listed with their line numbers and reasons, and the valid ones are still written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lastWins, parseImport } from './market-import-parse';
import { openTarget } from './market-target';

async function main() {
  const args = process.argv.slice(2);
  const file = args.find(
    (arg, i) =>
      !arg.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--') && !args[i - 1].includes('=')),
  );
  if (!file) throw new Error('Usage: npm run market:import <file.csv|file.jsonl>');
  const ext = path.extname(file).toLowerCase();
  const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' ? 'jsonl' : null;
  if (!format) throw new Error(`${file}: use a .csv or .jsonl file`);

  const { rows, rejected } = parseImport(readFileSync(file, 'utf8'), format);
  const unique = lastWins(rows);
  if (unique.length) {
    const target = await openTarget(args);
    try {
      for (let i = 0; i < unique.length; i += 2000) await target.upsert(unique.slice(i, i + 2000));
      await target.refreshVocabulary();
      await target.mergeCells();
      console.log(
        `Imported ${unique.length} listing${unique.length === 1 ? '' : 's'} into ${target.describe}.`,
      );
    } finally {
      await target.close();
    }
  } else {
    console.log('No valid listings to import.');
  }
  if (rejected.length) {
    console.log(`Rejected ${rejected.length} row${rejected.length === 1 ? '' : 's'}:`);
    for (const r of rejected) console.log(`  line ${r.line}: ${r.reasons.join('; ')}`);
    process.exitCode = 2;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
