import { describe, expect, it } from 'vitest';
import { searchMessages as m } from '../messages';
import { dataSpan } from './data-span';

const asOf = '2026-11-25T06:00:00.000Z';
// 182 days and a few hours before asOf.
const dataSince = '2026-05-27T02:00:00.000Z';

describe('dataSpan (issue 28 point 4)', () => {
  it('names the day of the earliest sale', () => {
    expect(dataSpan({ dataSince, asOf, windowDays: 90 })).toEqual({
      since: 'May 27, 2026',
      coveredDays: null,
    });
  });

  it('says how many days of sales a window longer than the data really holds', () => {
    expect(dataSpan({ dataSince, asOf, windowDays: 365 })).toEqual({
      since: 'May 27, 2026',
      coveredDays: 183,
    });
    // 180 days reach back to May 29: within the data, so nothing to say.
    expect(dataSpan({ dataSince, asOf, windowDays: 180 })?.coveredDays).toBeNull();
    expect(m.windowBeyondData('May 27, 2026', 365, 182)).toBe(
      'Our sales data starts May 27, 2026, so this 365-day window holds the same sales as the last 182 days.',
    );
  });

  it('reads the day in UTC, as the sales are kept', () => {
    expect(dataSpan({ dataSince: '2026-05-27T00:00:00.000Z', asOf, windowDays: 30 })?.since).toBe(
      'May 27, 2026',
    );
  });

  it('says nothing when the source does not say how far back it goes, or says it unreadably', () => {
    expect(dataSpan({ dataSince: null, asOf, windowDays: 365 })).toBeNull();
    expect(dataSpan({ dataSince: 'soon', asOf, windowDays: 365 })).toBeNull();
  });

  it('names the day but no window note when the answer has no time', () => {
    expect(dataSpan({ dataSince, asOf: null, windowDays: 365 })).toEqual({
      since: 'May 27, 2026',
      coveredDays: null,
    });
  });
});
