import { searchMessages as m } from '../messages';
import type { AvailableResult, DataOrigin, SoldResult } from '../schemas';
import { formatCount } from './sell-through';

/** Where figures come from, in the words of every card: 'Demo data', 'Flipwise seller panel', 'eBay', 'Imported listings'. */
export const originLabel = (origin: DataOrigin): string => m.sourceLabels[origin];

/**
 * What a search that found no comparables looked in, for "Searched: …": the exact figures' source, and the seller
 * panel beside a release. An empty index holds no listing of any source, so beside a release it names the panel alone
 * (the origin of a zero from an empty index is only a default).
 */
export function searchedSources(available: AvailableResult, sold: SoldResult | null): string {
  if (!sold?.panelRelease) return originLabel(available.origin);
  return available.indexEmpty || sold.indexEmpty
    ? m.releaseSearchedAlone
    : m.releaseSearched(originLabel(available.origin));
}

/** A count as the cards show it: 'about 1.2K' when the source gives an estimate. */
export const countText = (count: number, approximate: boolean): string =>
  approximate ? `${m.about} ${formatCount(count)}` : formatCount(count);

/** 'Nov 23, 7:31 AM' (this year), 'Mar 2, 2025, 9:05 PM' (another), or null for a missing or unreadable time. */
export function formatAsOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // The year only when it is not this one: the time of a count is read on a phone's narrow card.
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(thisYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * 'Nov 3, 2026' for a sale date. Read in UTC: the seller panel keeps only the day of a sale (midnight UTC), which a
 * local reading would put on the day before anywhere west of Greenwich.
 */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * 'Nov 15' for a day of the seller panel's release schedule ('Nov 15, 2025' in another year). Read in UTC, as the
 * release's weeks are: a week ending Sunday Nov 15 never reads as Nov 14 west of Greenwich.
 */
export function formatShortDay(value: string, now: Date = new Date()): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const thisYear = date.getUTCFullYear() === now.getUTCFullYear();
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(thisYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** A live count in full, as the marketplaces' own search pages show it: '1,234'. */
export const fullCount = (count: number): string => Math.round(count).toLocaleString('en-US');

/** How old a count is: 'a moment ago', '3 min ago', '2 h ago', or the date for anything older than a day. */
export function formatAge(value: string, now: number = Date.now()): string | null {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'a moment ago';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatAsOf(value);
}

const marketplaceNames: Record<string, string> = {
  other: m.otherMarketplaces,
  ebay: 'eBay',
  poshmark: 'Poshmark',
  mercari: 'Mercari',
  depop: 'Depop',
  vinted: 'Vinted',
  grailed: 'Grailed',
  etsy: 'Etsy',
  thredup: 'thredUP',
  therealreal: 'The RealReal',
  facebook: 'Facebook Marketplace',
};
/** A marketplace as resellers write it: 'eBay', 'thredUP', 'Facebook Marketplace'; 'other' is the folded small ones. */
export const marketplaceLabel = (name: string) =>
  marketplaceNames[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1);
