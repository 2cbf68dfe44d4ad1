// The hand-written evaluation sets (issues 24 and 54): set A (bags, footwear, accessories) and set B (clothing), written
// apart so neither set's queries have comparables in the other; set C, brands beyond the first lexicon with listings of
// their own; set D, queries with words no listing uses over the listings of A, B and C. README.md says how they were
// written and how to add to them.
import setA from './set-a.json' with { type: 'json' };
import setB from './set-b.json' with { type: 'json' };
import setC from './set-c.json' with { type: 'json' };
import setD from './set-d.json' with { type: 'json' };
import { writtenSet, type WrittenListing, type WrittenQuery } from './types';

export type { WrittenListing, WrittenQuery } from './types';

const sets = [writtenSet.parse(setA), writtenSet.parse(setB)];

export const WRITTEN_LISTINGS: WrittenListing[] = sets.flatMap((set) => set.listings);
export const WRITTEN_QUERIES: WrittenQuery[] = sets.flatMap((set) => set.queries);

/** Set C (issue 54): listings and queries of brands the lexicon did not know before issue 54, or does not know yet. */
export const NEW_BRANDS = writtenSet.parse(setC);

/** Set D (issue 54): queries with sizes, inch lengths, colours and collection words no listing uses; no listings. */
export const UNUSED_WORDS = writtenSet.parse(setD).queries;

/** Every listing sets C and D are read against: A, B and C. */
export const ALL_WRITTEN_LISTINGS: WrittenListing[] = [...WRITTEN_LISTINGS, ...NEW_BRANDS.listings];
