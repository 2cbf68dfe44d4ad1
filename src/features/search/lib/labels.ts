import { searchMessages as m } from '../messages';
import type { DataOrigin } from '../schemas';
import { formatCount } from './sell-through';

/** Where figures come from, in the words of every card: 'Demo data', 'eBay', 'Imported listings'. */
export const originLabel = (origin: DataOrigin): string => m.sourceLabels[origin];

/** A count as the cards show it: 'about 1.2K' when the source gives an estimate. */
export const countText = (count: number, approximate: boolean): string =>
  approximate ? `${m.about} ${formatCount(count)}` : formatCount(count);

/** 'Nov 23, 2026, 7:31 AM', or null for a missing or unreadable time. */
export function formatAsOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'Nov 3, 2026' for a sale date. */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', { dateStyle: 'medium' });
}
