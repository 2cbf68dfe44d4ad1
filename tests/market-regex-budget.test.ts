// Writing a listing computes its key (market_listing_terms) and its decoy marks (market_decoys) and checks the table's
// constraints, all in one statement. PostgreSQL keeps only the last 32 regular expressions it compiled (MAX_CACHED_RES
// in src/backend/utils/adt/regexp.c): with more than 32 applied to each row, every one is compiled again for every
// row, and a bulk load or import takes about 20 times as long (docs/decisions/061). This counts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { migratedDatabase } from './support/database';

/** PostgreSQL's cache of compiled regular expressions. */
const REGEX_CACHE = 32;

/** Regular expressions a SQL text applies: regexp_* calls and the ~, ~*, !~, !~* operators, comments left out. */
function regexCount(sql: string): number {
  sql = sql.replace(/--[^\n]*/g, '');
  const calls = sql.match(
    /\bregexp_(replace|split_to_table|split_to_array|match|matches|like|count|substr)\s*\(/g,
  );
  const operators = sql.match(/\s!?~\*?\s/g);
  return (calls?.length ?? 0) + (operators?.length ?? 0);
}

let db: Database;

beforeAll(async () => {
  db = await migratedDatabase();
});

afterAll(async () => {
  await db.close();
});

async function functionSource(name: string): Promise<string> {
  const { rows } = await db.query<{ src: string }>(
    `select p.prosrc as src from pg_proc p where p.oid = $1::regproc`,
    [`public.${name}`],
  );
  return rows[0].src;
}

describe("a listing's write", () => {
  it('applies at most 32 regular expressions, so each is compiled once a session, not once a row', async () => {
    const perFunction: Record<string, number> = {};
    for (const name of ['market_normalize', 'market_words', 'market_listing_terms', 'market_decoys']) {
      perFunction[name] = regexCount(await functionSource(name));
    }
    // The checks of the table written: a listing, or an item of Your sales (its trigger computes the same two).
    for (const table of ['market_listings', 'seller_items']) {
      const { rows } = await db.query<{ def: string }>(
        `select pg_get_constraintdef(c.oid) as def from pg_constraint c
         where c.conrelid = $1::regclass and c.contype = 'c'`,
        [`public.${table}`],
      );
      perFunction.checks = Math.max(
        perFunction.checks ?? 0,
        rows.reduce((n, r) => n + regexCount(r.def), 0),
      );
    }
    const total = Object.values(perFunction).reduce((a, b) => a + b, 0);

    // Every part is counted (a zero would mean the count no longer sees it).
    for (const [part, n] of Object.entries(perFunction)) expect(n, part).toBeGreaterThan(0);
    expect(total, JSON.stringify(perFunction)).toBeLessThanOrEqual(REGEX_CACHE);
  });

  it('computes the stored key as market_listing_terms does', async () => {
    await db.query(
      `insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status,
         price, source)
       values ('ebay', 'budget-1', 'Lululemon Align Pant 25" Black Size 6 NWT', 'Lululemon',
         'Women > Pants, Leggings & Tights > Leggings', '6', 'new_with_tags', 'available', 48, 'import')`,
    );
    const { rows } = await db.query<{ terms: string[]; decoys: string[]; same: boolean }>(
      `select terms, decoys, terms = public.market_listing_terms(brand, title, category, size) as same
       from public.market_listings where external_id = 'budget-1'`,
    );
    expect(rows[0].same).toBe(true);
    expect(rows[0].terms).toEqual(expect.arrayContaining(['lululemon', 'align', 'pant', 'legging', 'sz_6']));
    // The category step that lists several kinds says nothing about this one.
    expect(rows[0].terms).not.toContain('tights');
    expect(rows[0].decoys).toEqual([]);
  });
});

describe("a query's reading", () => {
  // The reading runs before every listed search, and the count after it applies its own (the hedged-brand test), so
  // the reading's expressions must leave room in the cache or each search compiles them all again (decision 071).
  it('applies at most 32 regular expressions, with room for the count that follows', async () => {
    const perFunction: Record<string, number> = {};
    for (const name of [
      'market_normalize',
      'market_words',
      'market_read_query',
      'market_query_groups',
      'market_clause_groups',
      'market_match_sql',
      'market_not_sql',
    ]) {
      perFunction[name] = regexCount(await functionSource(name));
    }
    const total = Object.values(perFunction).reduce((a, b) => a + b, 0);
    expect(perFunction.market_words, 'the count sees the words').toBeGreaterThan(0);
    expect(total, JSON.stringify(perFunction)).toBeLessThanOrEqual(REGEX_CACHE - 2);
  });
});
