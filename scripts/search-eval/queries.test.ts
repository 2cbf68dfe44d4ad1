import { describe, expect, it } from 'vitest';
import { generateListings, LINES } from '../market-data';
import { describeCounts, EVAL_QUERIES, type EvalQuery, type TruthRow } from './queries';

// The set is checked against the market the unit suite runs it on.
const MATCH_NOTHING = new Set(['zzzz qqqq', 'off-white hoodie']);
const KINDS: EvalQuery['kind'][] = [
  'alias',
  'misspelling',
  'plural',
  'size',
  'exclusion',
  'phrase',
  'long-title',
  'emoji',
  'comma',
  'plain',
];

/** A row's line: the longest `${brand} ${item}` its title starts with. */
function truthRows(): TruthRow[] {
  const prefixes = LINES.map((line) => ({ prefix: `${line.brand} ${line.item} `, item: line.item })).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  );
  return [...generateListings({ count: 5000, seed: 7, now: new Date('2026-01-15T12:00:00Z') })].map((row) => {
    const line = prefixes.find(({ prefix }) => row.title.startsWith(prefix));
    if (!line) throw new Error(`no line for ${row.title}`);
    return { ...row, item: line.item };
  });
}

describe('the search-quality set', () => {
  const rows = truthRows();

  it('has at least 60 queries, each once, with a note', () => {
    expect(EVAL_QUERIES.length).toBeGreaterThanOrEqual(60);
    const queries = EVAL_QUERIES.map((q) => q.query);
    expect(queries.filter((q, i) => queries.indexOf(q) !== i)).toEqual([]);
    expect(EVAL_QUERIES.filter((q) => q.note.trim() === '').map((q) => q.query)).toEqual([]);
  });

  it('uses every kind', () => {
    const counts = describeCounts();
    expect(KINDS.filter((kind) => !(counts[kind] > 0))).toEqual([]);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(EVAL_QUERIES.length);
  });

  it('reads every row of the market as a known line', () => {
    expect(rows).toHaveLength(5000);
    expect(new Set(rows.map((r) => `${r.brand} ${r.item}`)).size).toBe(LINES.length);
  });

  it.each(EVAL_QUERIES.map((q) => [q.query, q] as const))(
    '%s: truth picks some rows, not all',
    (query, q) => {
      const matched = rows.filter(q.truth).length;
      if (MATCH_NOTHING.has(query)) expect(matched).toBe(0);
      else {
        expect(matched).toBeGreaterThan(0);
        expect(matched).toBeLessThan(rows.length);
      }
    },
  );
});
