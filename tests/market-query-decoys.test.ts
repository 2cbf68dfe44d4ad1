// A query's decoy marks (decision 071): private.market_query_decoys runs market_decoys only when the query holds a word
// one of its patterns needs, or a digit, so that reading a query applies fewer regular expressions. It must mark every
// query exactly as market_decoys does. The probes come from market_decoys' own patterns, so a pattern added there
// without its word added to the guard fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../emulator/db/index';
import { benchQueries } from '../scripts/bench-search';
import { EVAL_QUERIES } from '../scripts/search-eval/queries';
import { WRITTEN_LISTINGS, WRITTEN_QUERIES } from '../scripts/search-eval/written';
import { migratedDatabase } from './support/database';

let db: Database;

beforeAll(async () => {
  db = await migratedDatabase();
});

afterAll(async () => {
  await db.close();
});

/** Every plain phrase among the alternatives of market_decoys' patterns: "dust bag", "lot", "knock off"... */
async function patternPhrases(): Promise<string[]> {
  const { rows } = await db.query<{ src: string }>(
    `select p.prosrc as src from pg_proc p where p.oid = 'public.market_decoys'::regproc`,
  );
  const literals = [...rows[0].src.replace(/--[^\n]*/g, '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]);
  const phrases = literals
    .join('|')
    .replace(/\\[mM]/g, '|')
    .split(/[|()]/)
    .map((s) => s.trim())
    .filter((s) => /^[a-z][a-z ]*$/.test(s));
  return [...new Set(phrases)];
}

/** What the patterns match beyond plain phrases: numbers, sizes, a part "only", "(strap|straps) for". */
const SHAPED = [
  '4t',
  '3c',
  '12c',
  '10 yrs',
  '8y',
  '6 mos',
  '18 months',
  '12 18 m',
  '3pcs',
  '10 pieces',
  '2 pairs',
  'little boys',
  'big girls',
  'boys size 8',
  'girls xs',
  'boys sz 10',
  'box only',
  'dust bag only',
  'strap silver hardware only',
  'strap for',
  'straps for speedy',
  'just the box',
  'box empty',
  'no shoes',
  'shoes not included',
  'for parts',
  'parts only',
  'with dust bag',
  'dust bag included',
  'w/ box',
  'lot of 5',
];

async function both(text: string): Promise<{ full: string[]; guarded: string[] }> {
  const { rows } = await db.query<{ full: string[]; guarded: string[] }>(
    `select public.market_decoys($1, null, null) as full, private.market_query_decoys($1) as guarded`,
    [text],
  );
  return rows[0];
}

/** Both functions on each text: the texts they mark differently, and how many market_decoys marks at all. */
async function compare(texts: string[]): Promise<{ differing: string[]; marked: number }> {
  const differing: string[] = [];
  let marked = 0;
  for (const text of texts) {
    const { full, guarded } = await both(text);
    if (full.length > 0) marked += 1;
    if (JSON.stringify(guarded) !== JSON.stringify(full)) differing.push(`${text}: ${full} / ${guarded}`);
  }
  return { differing, marked };
}

describe("a query's decoy marks", () => {
  it("are market_decoys' marks for every phrase of its patterns, alone and in a query", async () => {
    const phrases = [...(await patternPhrases()), ...SHAPED];
    // The extraction sees the patterns (a short list would mean it no longer does).
    expect(phrases.length).toBeGreaterThan(150);
    const { differing, marked } = await compare(
      phrases.flatMap((p) => [p, `nike ${p}`, `${p} coach bag`, `Levi's 501 ${p} size 32`]),
    );
    expect(differing).toEqual([]);
    // Most probes are decoys, so the guard was asked to let them through.
    expect(marked).toBeGreaterThan(400);
  });

  it('are the same for the queries and titles of the evaluation sets and the bench', async () => {
    const texts = [
      ...new Set([
        ...benchQueries(200).map((q) => q.itemName),
        ...EVAL_QUERIES.map((q) => q.query),
        ...WRITTEN_QUERIES.map((q) => q.query),
        ...WRITTEN_LISTINGS.map((l) => l.title),
      ]),
    ];
    const { differing, marked } = await compare(texts);
    expect(differing).toEqual([]);
    expect(marked).toBeGreaterThan(20);
  });

  it('mark an ordinary query with nothing, and a part asked for as a part', async () => {
    expect(await both('lululemon align pant')).toEqual({ full: [], guarded: [] });
    expect(await both('coach dust bag')).toEqual({ full: ['part'], guarded: ['part'] });
  });
});
