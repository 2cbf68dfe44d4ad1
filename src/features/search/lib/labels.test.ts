import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatAsOf } from './labels';

describe('formatAsOf', () => {
  afterEach(() => vi.useRealTimers());

  it("leaves out this year, which a phone's narrow card has no room for, and keeps another year", () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 12, 0) });
    expect(formatAsOf(new Date(2026, 10, 25, 11, 5).toISOString())).toBe('Nov 25, 11:05 AM');
    expect(formatAsOf(new Date(2025, 2, 2, 21, 5).toISOString())).toBe('Mar 2, 2025, 9:05 PM');
  });

  it('gives nothing for a missing or unreadable time', () => {
    expect(formatAsOf(null)).toBeNull();
    expect(formatAsOf('not a time')).toBeNull();
  });
});
