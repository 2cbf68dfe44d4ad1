// The shape of the hand-written evaluation set (issue 24): listings written the way sellers write them on eBay,
// Poshmark, Depop, Vinted, Mercari and Grailed, and queries with the comparables a reseller would count, labelled by
// hand. Not made by the demo generator, and not written from the matcher's rules. CC0 (README.md in this folder).
// The data is JSON (set-a.json, set-b.json); these schemas check it as it loads, so a typo in a hand-written row
// fails with the row's place instead of skewing a score.
import { z } from 'zod';

const marketplace = z.enum(['ebay', 'poshmark', 'depop', 'vinted', 'mercari', 'grailed']);
const condition = z.enum(['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned']);
const listingId = z.string().regex(/^[abc]\d{3}$/);

/** One listing as a marketplace export or feed gives it. */
export const writtenListing = z.strictObject({
  /**
   * Unique in the whole set: 'a001'... (set A: bags, footwear, accessories), 'b001'... (set B: clothing) or 'c001'...
   * (set C: brands beyond the first lexicon, issue 54).
   */
  id: listingId,
  /** The part of its set it was written in ("Lululemon bottoms"), for finding it again; the matcher never sees it. */
  section: z.string().optional(),
  marketplace,
  /** The title exactly as a seller would type it: caps, emoji, abbreviations, misspellings, keyword stuffing. */
  title: z.string().min(1),
  /** The marketplace's brand field as the seller filled it ("LULULEMON ATHLETICA", "Abercrombie & Fitch"), or absent. */
  brand: z.string().optional(),
  /** The marketplace's category, as it names it ("Women > Jeans", "Men's Shoes"), or absent. */
  category: z.string().optional(),
  /** The size field as given ("W32 L30", "M", "US 9", "6Y", "4T", "OS"), or absent. */
  size: z.string().optional(),
  condition,
  status: z.enum(['available', 'sold']),
  /** Sold rows: days before today it sold. Over 90 is outside the default 90-day window. */
  soldDaysAgo: z.number().int().nonnegative().optional(),
  /** USD. */
  price: z.number().nonnegative(),
});
export type WrittenListing = z.infer<typeof writtenListing>;

/** A search a reseller types, with the listings they would count as its comparables. */
export const writtenQuery = z.strictObject({
  /** The part of its set it was written in, as for listings. */
  section: z.string().optional(),
  query: z.string().min(1),
  /** What the query exercises: 'abbreviation', 'broader word', 'model number', 'decoys', 'brand product name'... */
  theme: z.string().min(1),
  /**
   * Ids of every listing a reseller would count as this item, listed now or sold in the last 90 days (any condition).
   * Never: sold more than 90 days ago, a lot or bundle (unless the query asks for one), a part or accessory of the
   * item (dust bag, box, laces, keychain, patch, strap, hanger), kids' sizes (unless asked), a dupe or knock-off, a pet
   * or doll item.
   */
  comps: z.array(listingId),
  /** A line of reason for each borderline call, included or left out: { a042: 'GS sizes are kids: left out' }. */
  why: z.record(listingId, z.string().min(1)).optional(),
  /**
   * Set D: the words of the query no listing of the item uses, as the answer should name them ("size 14", "sage"),
   * in the query's order. The comps are then what the search without them finds for a reseller (issue 54).
   */
  unused: z.array(z.string().min(1)).optional(),
});
export type WrittenQuery = z.infer<typeof writtenQuery>;

/** One set: its listings and the queries labelled against them. */
export const writtenSet = z.strictObject({
  listings: z.array(writtenListing),
  queries: z.array(writtenQuery),
});
