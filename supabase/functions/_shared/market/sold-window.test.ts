import { describe, expect, it } from 'vitest';
import { soldWindowStart } from './types.ts';

describe('soldWindowStart (decision 086)', () => {
  it('starts the last 30 days at the midnight (UTC) 29 days before today, whatever the hour', () => {
    expect(soldWindowStart(30, Date.parse('2026-11-29T23:59:59.999Z')).toISOString()).toBe(
      '2026-10-31T00:00:00.000Z',
    );
    expect(soldWindowStart(30, Date.parse('2026-11-29T00:00:00.000Z')).toISOString()).toBe(
      '2026-10-31T00:00:00.000Z',
    );
  });

  it('crosses months and years, and reads a window of one day as today', () => {
    expect(soldWindowStart(365, Date.parse('2026-03-01T08:00:00Z')).toISOString()).toBe(
      '2025-03-02T00:00:00.000Z',
    );
    expect(soldWindowStart(1, Date.parse('2026-03-01T08:00:00Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});
