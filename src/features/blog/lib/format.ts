const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Accepts both ISO ('2025-03-04T09:00:00+00:00') and Postgres text ('2025-03-04 09:00:00+00') timestamps. */
export function parseTimestamp(value: string): Date | null {
  const iso = value
    .trim()
    .replace(' ', 'T')
    .replace(/([+-]\d{2})$/, '$1:00');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '2025-03-04T09:00:00+00:00' -> 'March 4, 2025'. Dates are shown in UTC so an article has the same date for every
 * reader and in the feed.
 */
export function formatArticleDate(value: string): string {
  const date = parseTimestamp(value);
  return date ? dateFormat.format(date) : '';
}

/** The machine-readable form for <time dateTime> and structured data. */
export function isoTimestamp(value: string): string {
  return parseTimestamp(value)?.toISOString() ?? '';
}

export function formatWordCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;
}
