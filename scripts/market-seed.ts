// `npm run market:seed -- --count N [--seed S] [--data-dir DIR | --database-url URL | --url API_URL]`
// Replaces the demo listings (source 'demo') with N generated ones; imported listings stay. Writes through the running
// emulator when `npm start` is up, otherwise straight into the local database.
import { generateListings, seedMarketListings, type MarketListing } from '../emulator/seeds/data/market-data';
import { flag, openTarget } from './market-target';

async function main() {
  const args = process.argv.slice(2);
  const count = Number(flag(args, 'count') ?? 50_000);
  const seed = Number(flag(args, 'seed') ?? 20250101);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000)
    throw new Error('--count must be a whole number from 1 to 5,000,000');

  const target = await openTarget(args);
  const started = Date.now();
  try {
    if (target.db) {
      await seedMarketListings(target.db, { count, seed, log: console.log });
    } else {
      await target.deleteDemo();
      let batch: MarketListing[] = [];
      let written = 0;
      for (const row of generateListings({ count, seed })) {
        batch.push(row);
        if (batch.length === 2000) {
          await target.upsert(batch);
          written += batch.length;
          batch = [];
          if (written % 20_000 === 0)
            console.log(
              `market seed: ${written.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} rows`,
            );
        }
      }
      if (batch.length) await target.upsert(batch);
      await target.refreshVocabulary();
      await target.mergeCells();
    }
    console.log(
      `Seeded ${count.toLocaleString('en-US')} demo listings into ${target.describe} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
