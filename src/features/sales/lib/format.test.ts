import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDays,
  formatLocalDay,
  formatMoney,
  formatMonthLong,
  formatMonthShort,
  formatPercent,
  groupLabel,
  marketplaceLabel,
} from './format';

describe('sales formatting', () => {
  it('writes money in the summary currency', () => {
    expect(formatMoney(42, 'USD')).toBe('$42');
    expect(formatMoney(42.5, 'USD')).toBe('$42.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(30, 'GBP')).toBe('£30');
    expect(formatMoney(12, null)).toBe('12');
    expect(formatMoney(12, 'NOT A CODE')).toBe('12 NOT A CODE');
  });

  it('writes days in words', () => {
    expect(formatDays(12)).toBe('12 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0.5)).toBe('0.5 days');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(12.25)).toBe('12.3 days');
  });

  it('writes percents and months', () => {
    expect(formatPercent(82)).toBe('82%');
    expect(formatPercent(1250)).toBe('1,250%');
    expect(formatMonthShort('2026-01')).toBe('Jan');
    expect(formatMonthLong('2025-12-01')).toBe('Dec 2025');
    expect(formatDate('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDate('2026-03-04T23:30:00Z')).toBe('Mar 4, 2026');
  });

  it('writes a moment as the day it was where the user is', () => {
    // Noon UTC is Nov 25 from UTC-11 to UTC+11.
    expect(formatLocalDay('2026-11-25T12:00:00.123+00:00')).toBe('Nov 25, 2026');
    expect(formatLocalDay('not a date')).toBe('not a date');
  });

  it('names groups as people say them', () => {
    expect(marketplaceLabel('ebay')).toBe('eBay');
    expect(marketplaceLabel('vestiaire')).toBe('Vestiaire');
    expect(groupLabel('condition', 'new_with_tags')).toBe('New with tags');
    expect(groupLabel('condition', 'pre_owned')).toBe('Pre-owned');
    expect(groupLabel('brand', null)).toBe('Not recorded');
    expect(groupLabel('brand', 'Levi’s')).toBe('Levi’s');
  });
});
