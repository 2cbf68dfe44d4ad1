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
  type GroupDimension,
} from './format';

describe('sales formatting', () => {
  it.each([
    [42, 'USD', '$42'],
    [42.5, 'USD', '$42.50'],
    [1234.5, 'EUR', '€1,234.50'],
    [30, 'GBP', '£30'],
    [12, null, '12'],
    [12, 'NOT A CODE', '12 NOT A CODE'],
  ])('writes money in the summary currency: %s %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it.each([
    [12, '12 days'],
    [1, '1 day'],
    [0.5, '0.5 days'],
    [0, '0 days'],
    [12.25, '12.3 days'],
  ])('writes days in words: %s as %s', (days, text) => {
    expect(formatDays(days)).toBe(text);
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

  it.each([
    ['ebay', 'eBay'],
    ['vestiaire', 'Vestiaire'],
  ])('names groups as people say them: marketplace %s as %s', (key, name) => {
    expect(marketplaceLabel(key)).toBe(name);
  });

  it.each<[GroupDimension, string | null, string]>([
    ['condition', 'new_with_tags', 'New with tags'],
    ['condition', 'pre_owned', 'Pre-owned'],
    ['brand', null, 'Not recorded'],
    ['brand', 'Levi’s', 'Levi’s'],
  ])('names groups as people say them: %s %s as %s', (dimension, key, name) => {
    expect(groupLabel(dimension, key)).toBe(name);
  });
});
