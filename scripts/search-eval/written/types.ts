// The shape of the hand-written evaluation set (issue 24): listings written the way sellers write them on eBay,
// Poshmark, Depop, Vinted, Mercari and Grailed, and queries with the comparables a reseller would count, labelled by
// hand. Not made by the demo generator, and not written from the matcher's rules. CC0 (README.md in this folder).
import type { Condition } from '../../../emulator/seeds/data/market-data';

export type Marketplace = 'ebay' | 'poshmark' | 'depop' | 'vinted' | 'mercari' | 'grailed';

/** One listing as a marketplace export or feed gives it. */
export type WrittenListing = {
  /** Unique in the whole set: 'a001'... (set A: bags, footwear, accessories) or 'b001'... (set B: clothing). */
  id: string;
  marketplace: Marketplace;
  /** The title exactly as a seller would type it: caps, emoji, abbreviations, misspellings, keyword stuffing. */
  title: string;
  /** The marketplace's brand field as the seller filled it ("LULULEMON ATHLETICA", "Abercrombie & Fitch"), or absent. */
  brand?: string;
  /** The marketplace's category, as it names it ("Women > Jeans", "Men's Shoes"), or absent. */
  category?: string;
  /** The size field as given ("W32 L30", "M", "US 9", "6Y", "4T", "OS"), or absent. */
  size?: string;
  condition: Condition;
  status: 'available' | 'sold';
  /** Sold rows: days before today it sold. Over 90 is outside the default 90-day window. */
  soldDaysAgo?: number;
  /** USD. */
  price: number;
};

/** A search a reseller types, with the listings they would count as its comparables. */
export type WrittenQuery = {
  query: string;
  /** What the query exercises: 'abbreviation', 'broader word', 'model number', 'decoys', 'brand product name'... */
  theme: string;
  /**
   * Ids of every listing a reseller would count as this item, listed now or sold in the last 90 days (any condition).
   * Never: sold more than 90 days ago, a lot or bundle (unless the query asks for one), a part or accessory of the
   * item (dust bag, box, laces, keychain, patch, strap, hanger), kids' sizes (unless asked), a dupe or knock-off, a pet
   * or doll item.
   */
  comps: string[];
  /** A line of reason for each borderline call, included or left out: { a042: 'GS sizes are kids: left out' }. */
  why?: Record<string, string>;
};
