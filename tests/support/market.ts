// Market listings for tests that seed the index by hand: one item's listing, varied per test.
import type { MarketListing } from '../../emulator/seeds/data/market-data';

/** An ISO time `days` before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

type Item = Pick<MarketListing, 'title' | 'brand' | 'category' | 'size' | 'colour' | 'price'>;

/** Levi's 501 jeans, blue, waist 32, at $40: the item of the tests about what the functions report beside the counts. */
export const levis501: Item = {
  title: 'Levis 501 Jeans Blue 32',
  brand: "Levi's",
  category: 'Jeans',
  size: '32',
  colour: 'Blue',
  price: 40,
};

/**
 * A maker of demo listings of one item on Poshmark, available and listed 20 days ago unless a test says otherwise;
 * `n` makes the external id (`<prefix>-<n>`) unique.
 */
export function listingsOf(prefix: string, item: Item & Partial<MarketListing>) {
  return (n: number, over: Partial<MarketListing> = {}): MarketListing => ({
    marketplace: 'poshmark',
    external_id: `${prefix}-${n}`,
    condition: 'pre_owned',
    status: 'available',
    currency: 'USD',
    listed_at: daysAgo(20),
    sold_at: null,
    url: null,
    source: 'demo',
    ...item,
    ...over,
  });
}
