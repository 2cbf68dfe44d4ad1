// The hand-written evaluation sets load (their schema is checked in index.ts) and hold together: ids are unique,
// every comparable and every reason names a listing of the sets read, and no query has comparables in two sets.
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../supabase/functions/_shared/market/lexicon-data';
import { MORE_BRANDS } from '../../../supabase/functions/_shared/market/lexicon-brands';
import { normalizeQuery } from '../../../supabase/functions/_shared/market/normalize';
import { ALL_WRITTEN_LISTINGS, NEW_BRANDS, UNUSED_WORDS, WRITTEN_LISTINGS, WRITTEN_QUERIES } from './index';

const ids = new Set(WRITTEN_LISTINGS.map((listing) => listing.id));
const allIds = new Set(ALL_WRITTEN_LISTINGS.map((listing) => listing.id));

describe('the hand-written evaluation set', () => {
  it('has at least 400 listings and 100 queries, every listing id once', () => {
    expect(WRITTEN_LISTINGS.length).toBeGreaterThanOrEqual(400);
    expect(WRITTEN_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(ids.size).toBe(WRITTEN_LISTINGS.length);
    expect(allIds.size).toBe(ALL_WRITTEN_LISTINGS.length);
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

describe('the sets of issue 54', () => {
  const norm = (text: string) => normalizeQuery(text);
  const known = (list: typeof BRANDS) => new Set(list.flatMap((e) => [e.name, ...e.aliases].map(norm)));

  it('set C asks for brands beyond the first lexicon only: issue 54 brands, or brands the lexicon does not know', () => {
    const first = known(BRANDS.filter((b) => !MORE_BRANDS.includes(b)));
    // the comps' brands: a decoy may be of any brand (Ray-Ban's metal frame beside Frame's jeans)
    const comps = new Set(NEW_BRANDS.queries.flatMap((q) => q.comps));
    const brands = [
      ...new Set(NEW_BRANDS.listings.flatMap((l) => (l.brand && comps.has(l.id) ? [l.brand] : []))),
    ];
    expect(brands.filter((brand) => first.has(norm(brand)))).toEqual([]);
    expect(NEW_BRANDS.queries.length).toBeGreaterThanOrEqual(40);
    expect(NEW_BRANDS.listings.every((l) => l.id.startsWith('c'))).toBe(true);
  });

  it.each([...NEW_BRANDS.queries, ...UNUSED_WORDS].map((q) => [q.query, q] as const))(
    '"%s" names listings of sets A, B and C, its comps from one',
    (_, query) => {
      const named = [...query.comps, ...Object.keys(query.why ?? {})];
      expect(named.filter((id) => !allIds.has(id))).toEqual([]);
      expect(new Set(query.comps.map((id) => id[0])).size).toBeLessThanOrEqual(1);
    },
  );

  it('set D has at least 30 queries, each naming the words no listing of its item uses', () => {
    expect(UNUSED_WORDS.length).toBeGreaterThanOrEqual(30);
    for (const q of UNUSED_WORDS) {
      expect(q.unused, q.query).toBeDefined();
      expect(q.comps.length, q.query).toBeGreaterThan(0);
    }
  });
});
