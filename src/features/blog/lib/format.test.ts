import { describe, expect, it } from 'vitest';
import { formatArticleDate, formatWordCount, isoTimestamp } from './format';

describe('formatArticleDate', () => {
  it('shows month name, day and year in UTC', () => {
    expect(formatArticleDate('2025-03-04T09:00:00Z')).toBe('March 4, 2025');
    expect(formatArticleDate('2025-03-04T23:30:00-05:00')).toBe('March 5, 2025');
  });
  it('reads PostgREST and Postgres text timestamps', () => {
    expect(formatArticleDate('2025-03-04T09:00:00+00:00')).toBe('March 4, 2025');
    expect(formatArticleDate('2025-03-04 09:00:00+00')).toBe('March 4, 2025');
  });
  it('shows nothing for a value that is not a date', () => {
    expect(formatArticleDate('soon')).toBe('');
    expect(isoTimestamp('soon')).toBe('');
  });
});

describe('formatWordCount', () => {
  it('groups thousands and says word(s)', () => {
    expect(formatWordCount(1234)).toBe('1,234 words');
    expect(formatWordCount(1)).toBe('1 word');
  });
});
