// A query's garment word covers its kinds (issue 24): on the demo market, "Coach leather bag" counts Coach's bags that
// never say leather, and "Madewell denim" counts Madewell's jeans, as a reseller means them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { matchClauses } from '../scripts/search-eval/evaluate';
import { demoMarketDatabase } from './support/database';

let db: Database;

beforeAll(async () => {
  db = await demoMarketDatabase(3000);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The rows the search counts for a query, listed and sold, through the search's own WHERE clauses. */
async function counted(query: string): Promise<number> {
  let total = 0;
  for (const where of await matchClauses(db, query)) {
    const found = await db.query<{ n: number }>(
      `select count(*)::int as n from public.market_listings l where ${where}`,
    );
    total += found.rows[0].n;
  }
  return total;
}

describe('broader words on the demo market', () => {
  it('counts at least half as many for "Coach leather bag" as for "Coach handbag"', async () => {
    const handbag = await counted('Coach handbag');
    expect(handbag).toBeGreaterThan(20);
    expect(await counted('Coach leather bag')).toBeGreaterThanOrEqual(handbag / 2);
  });

  it('counts at least 90% as many for "Madewell denim" as for "Madewell jeans"', async () => {
    const jeans = await counted('Madewell jeans');
    expect(jeans).toBeGreaterThan(20);
    expect(await counted('Madewell denim')).toBeGreaterThanOrEqual(jeans * 0.9);
  });

  it('still counts nothing for a brand with a garment it does not make', async () => {
    expect(await counted('Madewell sneakers')).toBe(0);
  });
});
