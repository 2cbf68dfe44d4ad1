// The hand-written evaluation set loads (its schema is checked in index.ts) and holds together: ids are unique,
// every comparable and every reason names a listing of the set, and no query has comparables in the other set.
import { describe, expect, it } from 'vitest';
import { WRITTEN_LISTINGS, WRITTEN_QUERIES } from './index';

const ids = new Set(WRITTEN_LISTINGS.map((listing) => listing.id));

describe('the hand-written evaluation set', () => {
  it('has at least 400 listings and 100 queries, every listing id once', () => {
    expect(WRITTEN_LISTINGS.length).toBeGreaterThanOrEqual(400);
    expect(WRITTEN_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(ids.size).toBe(WRITTEN_LISTINGS.length);
  });

  it.each(WRITTEN_QUERIES.map((q) => [q.query, q] as const))(
    '"%s" names only listings of its own set',
    (_, query) => {
      const named = [...query.comps, ...Object.keys(query.why ?? {})];
      expect(named.filter((id) => !ids.has(id))).toEqual([]);
      const sets = new Set(query.comps.map((id) => id[0]));
      expect(sets.size).toBeLessThanOrEqual(1);
    },
  );
});
