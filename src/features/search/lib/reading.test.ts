import { describe, expect, it } from 'vitest';
import { availableBody, soldBody } from '../testing/fake-supabase';
import { searchMessages as m } from '../messages';
import { availableResponseSchema, soldResponseSchema } from '../schemas';
import { pricesAreThin, rateIsThin, rateSample, readResults, THIN_SAMPLE } from './reading';

const read = (available: number, sold: number) =>
  readResults(
    availableResponseSchema.parse(availableBody(available)),
    soldResponseSchema.parse(soldBody(sold)),
  );

describe('the thin-sample rule (docs/decisions/057)', () => {
  it('is one threshold, 20, the sell-through article’s, and the copy says the same number', () => {
    expect(THIN_SAMPLE).toBe(20);
    expect(m.sampleTooFewHint).toContain(`${THIN_SAMPLE} or more`);
    expect(m.rowThinLegend).toContain(`fewer than ${THIN_SAMPLE}`);
    expect(m.thinSample).toContain(`fewer than ${THIN_SAMPLE}`);
  });

  // sold / listed, as the issue writes them, then the other orientation.
  it.each([
    [0, 338, false],
    [1, 1, true],
    [0, 1, true],
    [19, 0, true],
    [10, 10, false],
    [338, 0, false],
    [1, 0, true],
    [0, 19, true],
    [9, 10, true],
    [10, 9, true],
  ])('a rate on %i sold and %i listed is thin: %s', (sold, listed, thin) => {
    expect(rateIsThin(listed, sold)).toBe(thin);
  });

  it('judges the reading the screen shows: a rate, or sold with none listed; other readings give no verdict', () => {
    expect(rateSample(read(338, 0))).toEqual({ listed: 338, sold: 0, thin: false });
    expect(rateSample(read(1, 1))).toEqual({ listed: 1, sold: 1, thin: true });
    expect(rateSample(read(1, 0))).toEqual({ listed: 1, sold: 0, thin: true });
    expect(rateSample(read(10, 10))).toEqual({ listed: 10, sold: 10, thin: false });
    // None listed, one sold: "Demand outruns supply" from a single sale is too few to judge.
    expect(rateSample(read(0, 1))).toEqual({ listed: 0, sold: 1, thin: true });
    expect(rateSample(read(0, 19))).toEqual({ listed: 0, sold: 19, thin: true });
    expect(rateSample(read(0, 20))).toEqual({ listed: 0, sold: 20, thin: false });
    expect(rateSample(read(0, 0))).toBeNull();
    expect(rateSample(null)).toBeNull();
  });

  it('judges a price on the sales behind it alone', () => {
    expect(pricesAreThin(0)).toBe(true);
    expect(pricesAreThin(1)).toBe(true);
    expect(pricesAreThin(19)).toBe(true);
    expect(pricesAreThin(20)).toBe(false);
    expect(pricesAreThin(338)).toBe(false);
  });

  it('says a thin sample in words', () => {
    expect(m.sampleTooFew(1, 1)).toBe('Based on 1 listing and 1 sale: too few to judge');
    expect(m.sampleTooFew(0, 3)).toBe('Based on 0 listings and 3 sales: too few to judge');
    expect(m.priceTooFew(1)).toBe('Based on 1 sale: too few to judge a price');
  });
});

describe('the seller panel’s release beside the exact figures (issue 52)', () => {
  const schedule = {
    weeks: 13,
    through: '2026-11-15',
    releasedAt: '2026-11-23T03:00:00Z',
    item: 'Levi’s jeans',
  };
  const withheld = { shown: false, ...schedule, unusedWords: [] };
  const shown = {
    shown: true,
    ...schedule,
    unusedWords: [],
    sold: { value: 140, error: 30 },
    listed: null,
    sellThrough: null,
    byCondition: {
      new_with_tags: null,
      new_without_tags: null,
      new_with_imperfections: null,
      pre_owned: null,
    },
    byMarketplace: [],
    prices: null,
    daysToSell: null,
  };
  const readWith = (available: number, sold: number, panelRelease: unknown, extra = {}) =>
    readResults(
      availableResponseSchema.parse(availableBody(available, extra)),
      soldResponseSchema.parse(soldBody(sold, { panelRelease, ...extra })),
    );

  it('an exact zero beside released figures is the panel’s answer; beside none, no comparables', () => {
    expect(readWith(0, 0, shown)).toEqual({ kind: 'panel-only' });
    expect(readWith(0, 0, withheld)).toEqual({ kind: 'no-comparables' });
    expect(readWith(0, 0, null)).toEqual({ kind: 'no-comparables' });
  });

  it('an empty exact index is "no source" only while the panel has released nothing at all', () => {
    expect(readWith(0, 0, null, { indexEmpty: true })).toEqual({ kind: 'no-source' });
    expect(readWith(0, 0, undefined, { indexEmpty: true })).toEqual({ kind: 'no-source' });
    expect(readWith(0, 0, withheld, { indexEmpty: true })).toEqual({ kind: 'no-comparables' });
    expect(readWith(0, 0, shown, { indexEmpty: true })).toEqual({ kind: 'panel-only' });
  });

  it('exact figures keep their own reading, never mixed with the panel’s', () => {
    expect(readWith(40, 10, shown)).toEqual({ kind: 'rate', rate: 25, available: 40, sold: 10 });
    expect(readWith(0, 10, shown)).toEqual({ kind: 'none-listed', sold: 10 });
  });
});
