// The lexicon (supabase/functions/_shared/market/lexicon-data.ts) as the database uses it: one test per brand and
// garment that every one of its names reads as that entry, the rules the data must keep, and that the generated
// migration is current.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../emulator/config';
import type { Database } from '../emulator/db/index';
import { generatedPart, latestLexiconMigration, lexiconSql } from '../scripts/lexicon-sql';
import { LINES } from '../emulator/seeds/data/market-data';
import { migratedDatabase } from './support/database';
import {
  BRANDS,
  GARMENTS,
  MODELS,
  type LexiconEntry,
} from '../supabase/functions/_shared/market/lexicon-data';

let db: Database;

beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

type Group = { label?: string; kind: string; any: string[][] };
const names = (e: LexiconEntry) => [e.name, ...e.aliases];

describe('lexicon data', () => {
  it('has at least 150 brands and 40 garments, sorted by name', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(150);
    expect(GARMENTS.length).toBeGreaterThanOrEqual(40);
    for (const list of [BRANDS, GARMENTS]) {
      const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
      expect(list.map((e) => e.name)).toEqual(sorted.map((e) => e.name));
    }
  });

  it('gives no name to two entries', () => {
    const seen = new Map<string, string>();
    for (const entry of [...BRANDS, ...GARMENTS]) {
      for (const name of names(entry)) {
        const key = name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim();
        expect(seen.get(key) ?? entry.name, `"${name}"`).toBe(entry.name);
        seen.set(key, entry.name);
      }
    }
  });

  it('uses no everyday word as an alias', () => {
    const everyday = [
      'free',
      'face',
      'north',
      'new',
      'old',
      'people',
      'the',
      'red',
      'blue',
      'black',
      'white',
      'one',
      'boss',
      'top',
      'bag',
      'shirt',
      'jacket',
      'pants',
      'mac',
    ];
    for (const entry of [...BRANDS, ...GARMENTS]) {
      for (const alias of entry.aliases)
        expect(everyday, `${entry.name}: ${alias}`).not.toContain(alias.toLowerCase());
    }
  });

  it('knows every brand of the demo market', () => {
    const known = new Set(BRANDS.flatMap(names).map((n) => n.toLowerCase()));
    for (const brand of new Set(LINES.map((l) => l.brand)))
      expect(known, brand).toContain(brand.toLowerCase());
  });

  it('is loaded by the newest lexicon migration (npm run lexicon:sql)', () => {
    const text = readFileSync(path.join(projectRoot, latestLexiconMigration()), 'utf8');
    expect(generatedPart(text)).toBe(lexiconSql());
  });
});

// One round trip per kind, through the reader's lexicon match: 1,828 brands read one query at a time as a whole
// search reads it cost the suite about 10 s more.
describe.each([
  ['brand', BRANDS],
  ['garment', GARMENTS],
  ['model', MODELS],
] as const)('every %s name reads as its entry', (kind, entries) => {
  it('alone, as a query', async () => {
    const texts = entries.flatMap((e) => names(e).map((name) => ({ name, label: e.name })));
    const { rows } = await db.query<{ n: number; groups: Group[] }>(
      `select t.n::int as n, q.groups
       from unnest($1::text[]) with ordinality as t(text, n), public.market_query_groups(t.text, false) q`,
      [texts.map((t) => t.name)],
    );
    const misread = rows
      .filter(
        (r) =>
          r.groups.length !== 1 || r.groups[0].kind !== kind || r.groups[0].label !== texts[r.n - 1].label,
      )
      .map((r) => `"${texts[r.n - 1].name}" (${texts[r.n - 1].label}): ${JSON.stringify(r.groups)}`);
    expect(misread).toEqual([]);
  });
});
