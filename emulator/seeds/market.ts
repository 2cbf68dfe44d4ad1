// A fresh local database gets 50,000 demo market listings, so the search tool answers from the first `npm start`.
// MARKET_SEED_COUNT changes the size (0 skips it).
import type { EmulatorContext } from '../context';
import { seedMarketListings } from './data/market-data';

export default async function seedMarket(ctx: EmulatorContext): Promise<void> {
  const count = Number(process.env.MARKET_SEED_COUNT ?? 50_000);
  if (!Number.isFinite(count) || count <= 0) return;
  const { ms } = await seedMarketListings(ctx.db, { count });
  ctx.log(`seeded ${count.toLocaleString('en-US')} demo market listings in ${(ms / 1000).toFixed(1)} s`);
}
