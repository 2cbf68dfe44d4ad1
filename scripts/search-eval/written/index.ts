// The hand-written evaluation set (issue 24): set A (bags, footwear, accessories) and set B (clothing), written apart
// so neither set's queries have comparables in the other. README.md says how it was written and how to add to it.
import setA from './set-a.json' with { type: 'json' };
import setB from './set-b.json' with { type: 'json' };
import { writtenSet, type WrittenListing, type WrittenQuery } from './types';

export type { WrittenListing, WrittenQuery } from './types';

const sets = [writtenSet.parse(setA), writtenSet.parse(setB)];

export const WRITTEN_LISTINGS: WrittenListing[] = sets.flatMap((set) => set.listings);
export const WRITTEN_QUERIES: WrittenQuery[] = sets.flatMap((set) => set.queries);
