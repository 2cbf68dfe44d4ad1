// A search's narrowing (issue 54): the window, a size, a price band and a marketplace. One way to write a search, so
// the address, the kept answers, the saved searches and the calls all see the same search the same way.
import { searchMessages as m } from '../messages';
import {
  HEADLINE_WINDOW,
  isMarketplace,
  isSoldWindow,
  type FilterName,
  type SearchFormInput,
  type SearchInput,
  type SoldWindow,
} from '../schemas';
import { marketplaceLabel } from './labels';
import { formatPrice } from './sell-through';

/** The window a search counts its sales over: 90 days unless it asks for another. */
export const windowOf = (query: Pick<SearchInput, 'windowDays'>): SoldWindow =>
  query.windowDays ?? HEADLINE_WINDOW;

/**
 * A search as one writing: the item name trimmed, a size with single spaces, the 90-day window and every narrowing not
 * asked for left out.
 */
export function canonicalSearch(query: SearchInput): SearchInput {
  const size = query.size?.trim().replace(/\s+/g, ' ');
  const valid = (n: number | undefined) => n !== undefined && Number.isFinite(n) && n >= 0;
  return {
    itemName: query.itemName.trim(),
    condition: query.condition,
    ...(query.windowDays !== undefined &&
    isSoldWindow(query.windowDays) &&
    query.windowDays !== HEADLINE_WINDOW
      ? { windowDays: query.windowDays }
      : {}),
    ...(size ? { size } : {}),
    ...(isMarketplace(query.marketplace) ? { marketplace: query.marketplace } : {}),
    ...(valid(query.priceMin) ? { priceMin: query.priceMin } : {}),
    ...(valid(query.priceMax) ? { priceMax: query.priceMax } : {}),
  };
}

/**
 * The key of a search: two searches with the same key are the same search (a size in another case is the same size;
 * the item name is compared as typed, trimmed, as the address has always kept it).
 */
export function searchIdentity(query: SearchInput): string {
  const q = canonicalSearch(query);
  return JSON.stringify([
    q.condition,
    q.itemName,
    windowOf(q),
    q.size?.toLowerCase() ?? '',
    q.marketplace ?? '',
    q.priceMin ?? '',
    q.priceMax ?? '',
  ]);
}

export const sameSearch = (a: SearchInput | null, b: SearchInput | null) =>
  a !== null && b !== null && searchIdentity(a) === searchIdentity(b);

/** The narrowing asked of the search functions: the sold window for the sold search, and what narrows both. */
export function narrowingBody(query: SearchInput, kind: 'available' | 'sold'): Record<string, unknown> {
  const q = canonicalSearch(query);
  return {
    ...(kind === 'sold' && q.windowDays ? { windowDays: q.windowDays } : {}),
    ...(q.size ? { size: q.size } : {}),
    ...(q.marketplace ? { marketplace: q.marketplace } : {}),
    ...(q.priceMin !== undefined ? { priceMin: q.priceMin } : {}),
    ...(q.priceMax !== undefined ? { priceMax: q.priceMax } : {}),
  };
}

/** Whether anything but the window narrows the search. */
export const isNarrowed = (query: SearchInput) => {
  const q = canonicalSearch(query);
  return Boolean(q.size || q.marketplace || q.priceMin !== undefined || q.priceMax !== undefined);
};

/** The form's text for a search: every control's value, the window as its radio's value. */
export function formValuesOf(
  query: Partial<Omit<SearchInput, 'itemName' | 'condition'>> & { itemName: string; condition: string },
): Required<SearchFormInput> {
  return {
    itemName: query.itemName,
    condition: query.condition,
    windowDays: String(query.windowDays ?? HEADLINE_WINDOW),
    size: query.size ?? '',
    priceMin: query.priceMin === undefined ? '' : String(query.priceMin),
    priceMax: query.priceMax === undefined ? '' : String(query.priceMax),
    marketplace: query.marketplace ?? '',
  };
}

/** A price band in words: '$20 – $50', 'from $20', 'under $50'; null without one. */
export function priceBandText(query: Pick<SearchInput, 'priceMin' | 'priceMax'>): string | null {
  const dollars = (n: number) => formatPrice(n, 'USD');
  const { priceMin, priceMax } = query;
  if (priceMin !== undefined && priceMax !== undefined)
    return m.priceBand(dollars(priceMin), dollars(priceMax));
  if (priceMin !== undefined) return m.priceFrom(dollars(priceMin));
  if (priceMax !== undefined) return m.priceUnder(dollars(priceMax));
  return null;
}

/**
 * What a search asked for beyond its item and condition, in the words of the answer's "what we searched" line: the
 * window (it is the headline's; left out where another line says it), then each narrowing asked for. `sizeFromQuery`:
 * a size the query writes, said as the query's when the search has no size of its own.
 */
export function narrowingWords(
  query: SearchInput,
  { sizeFromQuery = null, window = true }: { sizeFromQuery?: string | null; window?: boolean } = {},
): string[] {
  const q = canonicalSearch(query);
  const band = priceBandText(q);
  return [
    window ? m.searchedWindow(windowOf(q)) : null,
    q.size ? m.searchedSize(q.size) : sizeFromQuery ? m.searchedSizeFromQuery(sizeFromQuery) : null,
    band,
    q.marketplace ? m.searchedMarketplace(marketplaceLabel(q.marketplace)) : null,
  ].filter((part): part is string => part !== null);
}

/** The narrowing of a search that a source said it could not apply, in the order the form asks them. */
export function unappliedNarrowing(query: SearchInput, notNarrowedBy: readonly FilterName[]): FilterName[] {
  const q = canonicalSearch(query);
  const asked: Record<FilterName, boolean> = {
    size: Boolean(q.size),
    price: q.priceMin !== undefined || q.priceMax !== undefined,
    marketplace: Boolean(q.marketplace),
  };
  return (['size', 'price', 'marketplace'] as const).filter((f) => asked[f] && notNarrowedBy.includes(f));
}

/** 'size', 'size and price band', 'size, price band and marketplace'. */
export function filterNamesText(names: readonly FilterName[]): string {
  const words = names.map((n) => m.filterName[n]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
