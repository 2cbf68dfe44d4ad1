import { salesMessages } from '../messages';

const m = salesMessages.dashboard;
const locale = 'en-US';

/** 1234 -> '1,234'. */
export const formatCount = (n: number): string => n.toLocaleString(locale);

/** Short counts for chart labels: 1234 -> '1.2K'. */
export const formatCompact = (n: number): string =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** 82 -> '82%'. */
export const formatPercent = (n: number): string => `${formatCount(Math.round(n))}%`;

/** 12 -> '12 days', 1 -> '1 day', 0.5 -> '0.5 days' (a median of two sales can fall between days). */
export function formatDays(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return `${rounded.toLocaleString(locale, { maximumFractionDigits: 1 })} ${rounded === 1 ? 'day' : 'days'}`;
}

/** 42 -> '$42', 42.5 -> '$42.50' in the summary's currency; a plain number when the currency is unknown. */
export function formatMoney(amount: number, currency: string | null): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: 2,
      }).format(amount);
    } catch {
      // An export may carry a code Intl does not know; show the amount with the code rather than fail.
      return `${amount.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 })} ${currency}`;
    }
  }
  return amount.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 });
}

/** '2026-01' or '2026-01-01' -> a UTC date on that month's first day; null when unreadable. */
function monthDate(month: string): Date | null {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** '2026-01' -> 'Jan'. */
export function formatMonthShort(month: string): string {
  const date = monthDate(month);
  return date ? date.toLocaleDateString(locale, { month: 'short', timeZone: 'UTC' }) : month;
}

/** '2026-01' -> 'Jan 2026'. */
export function formatMonthLong(month: string): string {
  const date = monthDate(month);
  return date ? date.toLocaleDateString(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }) : month;
}

/** '2026-03-04' (or a full ISO time) -> 'Mar 4, 2026', read in UTC so the day never shifts with the time zone. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** 'ebay' -> 'eBay'; a marketplace we have no name for is capitalised. */
export function marketplaceLabel(key: string): string {
  return (
    m.marketplaceNames[key.toLowerCase()] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
  );
}

/** 'new_with_tags' -> 'New with tags'. */
export function conditionLabel(key: string): string {
  return m.conditionLabels[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export type GroupDimension = 'brand' | 'category' | 'size' | 'condition' | 'marketplace';

/** What a group's row is called on screen and in exports; rows without the field are 'Not recorded'. */
export function groupLabel(dimension: GroupDimension, key: string | null): string {
  if (key === null || key === '') return m.notRecorded;
  if (dimension === 'condition') return conditionLabel(key);
  if (dimension === 'marketplace') return marketplaceLabel(key);
  return key;
}

/** A moment (an ISO time) -> 'Nov 25, 2026', the day it was where the user is. */
export function formatLocalDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** A return on investment as a ratio -> a whole percent: 0.854 -> '85%', 1.5 -> '150%', -0.2 -> '-20%'. */
export const formatRoi = (ratio: number): string => formatPercent(ratio * 100);
