// The hand-written evaluation set (issue 24): set A (bags, footwear, accessories) and set B (clothing), written apart
// so neither set's queries have comparables in the other. README.md says how it was written and how to add to it.
import { SET_A_LISTINGS, SET_A_QUERIES } from './set-a';
import { SET_B_LISTINGS, SET_B_QUERIES } from './set-b';
import type { WrittenListing, WrittenQuery } from './types';

export type { WrittenListing, WrittenQuery } from './types';

export const WRITTEN_LISTINGS: WrittenListing[] = [...SET_A_LISTINGS, ...SET_B_LISTINGS];
export const WRITTEN_QUERIES: WrittenQuery[] = [...SET_A_QUERIES, ...SET_B_QUERIES];
