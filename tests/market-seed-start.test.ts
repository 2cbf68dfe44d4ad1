// A fresh `npm start` seeds the demo market into its new database (MARKET_SEED_COUNT rows). Apart from
// tests/search-market-data.test.ts, whose databases are all in-memory PGlite: that file then runs once, in the PGlite
// pass of `npm test`, and this one on both, since the emulator takes PostgreSQL 15 when DATABASE_URL names it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('a fresh npm start', () => {
  it('seeds demo market listings into a new persistent database (MARKET_SEED_COUNT rows, 50,000 by default)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { startEmulator } = await import('../emulator/server');
    const dir = mkdtempSync(path.join(tmpdir(), 'flipwise-market-seed-'));
    const previous = process.env.MARKET_SEED_COUNT;
    process.env.MARKET_SEED_COUNT = '3000';
    const emu = await startEmulator({ port: 0, dataDir: dir, log: false });
    try {
      expect(emu.fresh).toBe(true);
      const { rows } = await emu.db.query<{ n: number }>(
        `select count(*)::int as n from public.market_listings where source = 'demo'`,
      );
      expect(rows[0].n).toBe(3000);
    } finally {
      await emu.stop();
      if (previous === undefined) delete process.env.MARKET_SEED_COUNT;
      else process.env.MARKET_SEED_COUNT = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
