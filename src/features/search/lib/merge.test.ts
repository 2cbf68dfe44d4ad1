import { describe, expect, it } from 'vitest';
import { mergeAvailable, mergeSold, withRate } from './merge';

describe('result merging (SPEC §4)', () => {
  it('starts the other count and the rate at 0 on a first search', () => {
    expect(mergeAvailable(null, 120)).toEqual({ availableCount: 120, soldCount: 0, sellThroughRate: 0 });
    expect(mergeSold(null, 30)).toEqual({ availableCount: 0, soldCount: 30, sellThroughRate: 0 });
  });

  it('keeps the other count and the previous rate', () => {
    const previous = { availableCount: 200, soldCount: 50, sellThroughRate: 25 };
    expect(mergeAvailable(previous, 80)).toEqual({ availableCount: 80, soldCount: 50, sellThroughRate: 25 });
    expect(mergeSold(previous, 90)).toEqual({ availableCount: 200, soldCount: 90, sellThroughRate: 25 });
  });

  it('sets the rate last, keeping both counts', () => {
    const merged = mergeSold(mergeAvailable(null, 80), 60);
    expect(withRate(merged, 75)).toEqual({ availableCount: 80, soldCount: 60, sellThroughRate: 75 });
  });
});
