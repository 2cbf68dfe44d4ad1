import { describe, expect, it } from 'vitest';
import {
  aboveHundredWords,
  bandDisplay,
  demandBand,
  formatCount,
  formatPrice,
  sellThroughRate,
} from './sell-through';

describe('sellThroughRate (SPEC §9)', () => {
  it('is sold ÷ available × 100, rounded to a whole percent', () => {
    expect(sellThroughRate(50, 100)).toBe(50);
    expect(sellThroughRate(1, 3)).toBe(33); // 33.33…
    expect(sellThroughRate(2, 3)).toBe(67); // 66.67…
    expect(sellThroughRate(1, 8)).toBe(13); // 12.5 rounds half up
    expect(sellThroughRate(7, 200)).toBe(4); // 3.5 rounds half up
    expect(sellThroughRate(1, 1000)).toBe(0); // 0.1
  });

  it('is 0 when nothing is available, whatever sold', () => {
    expect(sellThroughRate(0, 0)).toBe(0);
    expect(sellThroughRate(12, 0)).toBe(0);
  });

  it('can exceed 100 when more sold in the window than are listed now', () => {
    expect(sellThroughRate(9, 8)).toBe(113);
  });

  it('treats non-finite input as nothing to divide', () => {
    expect(sellThroughRate(Number.NaN, 10)).toBe(0);
    expect(sellThroughRate(5, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatCount (SPEC §9 and §8)', () => {
  it('shows counts under 1,000 plainly', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('shows thousands with one decimal and K from 1,000', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1050)).toBe('1.0K');
    expect(formatCount(1100)).toBe('1.1K');
    expect(formatCount(1999)).toBe('1.9K');
    expect(formatCount(25_400)).toBe('25.4K');
  });

  it('never shows 1000.0K: 999,999 is still thousands', () => {
    expect(formatCount(999_999)).toBe('999.9K');
  });

  it('shows millions with one decimal and M from 1,000,000', () => {
    expect(formatCount(1_000_000)).toBe('1.0M');
    expect(formatCount(1_250_000)).toBe('1.2M');
    expect(formatCount(12_345_678)).toBe('12.3M');
  });

  it("shows '0' for anything that is not a finite number", () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCount(Number.NEGATIVE_INFINITY)).toBe('0');
    expect(formatCount('12')).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount({})).toBe('0');
  });
});

describe('bands (SPEC §9)', () => {
  it('labels above 70 as high demand with a seller’s market analysis', () => {
    const d = bandDisplay(71);
    expect(d.label).toBe('High demand!');
    expect(d.analysis).toMatch(/high demand/i);
    expect(d.analysis).toMatch(/seller's market/i);
  });

  it('keeps 70 itself in the steady band, and labels above 40 as a relatively balanced steady market', () => {
    expect(demandBand(70)).toBe('steady');
    expect(bandDisplay(70).label).toBe('Steady market');
    const d = bandDisplay(41);
    expect(d.label).toBe('Steady market');
    expect(d.analysis).toMatch(/relatively balanced/);
  });

  it('has no label at 40 and below, and says the item is slow with lower demand', () => {
    const d = bandDisplay(40);
    expect(d.band).toBe('slow');
    expect(d.label).toBeNull();
    expect(d.analysis).toMatch(/slow/);
    expect(d.analysis).toMatch(/lower demand/);
  });

  it('shows hearts only above 35', () => {
    expect(bandDisplay(35).hearts).toBe(false);
    expect(bandDisplay(36).hearts).toBe(true);
    expect(bandDisplay(90).hearts).toBe(true);
  });

  it('shows the snooze bubble only below 10', () => {
    expect(bandDisplay(9).snooze).toBe(true);
    expect(bandDisplay(0).snooze).toBe(true);
    expect(bandDisplay(10).snooze).toBe(false);
  });
});

describe('formatPrice', () => {
  it('formats US dollars without needless cents', () => {
    expect(formatPrice(48)).toBe('$48');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1234)).toBe('$1,234');
  });
});

describe('aboveHundredWords: beside a rate over 100%, its formula and why (issue 54)', () => {
  it('gives the formula with the figures and the sentence saying more sold in the window than are listed now', () => {
    expect(aboveHundredWords(9, 4, 90)).toEqual({
      formula: 'Sell-through = sold ÷ available × 100 = 9 ÷ 4 × 100 = 225%',
      why: 'Over 100% because 9 sold in the last 90 days against 4 listed now: more sold in the window than are listed today, so this is not a success rate.',
    });
  });

  it('says the window it counts sales in', () => {
    expect(aboveHundredWords(12, 8, 30)?.why).toContain('12 sold in the last 30 days against 8 listed now');
  });

  it('writes the counts as the cards do', () => {
    expect(aboveHundredWords(2_500, 1_200, 90)?.formula).toBe(
      'Sell-through = sold ÷ available × 100 = 2.5K ÷ 1.2K × 100 = 208%',
    );
  });

  it('says nothing at 100% and under, nor beside nothing listed (that reads "None listed")', () => {
    expect(aboveHundredWords(8, 8, 90)).toBeNull();
    expect(aboveHundredWords(1_003, 1_000, 90)).toBeNull(); // 100.3% shows as 100%
    expect(aboveHundredWords(1_006, 1_000, 90)?.formula).toMatch(/= 101%$/);
    expect(aboveHundredWords(5, 0, 90)).toBeNull();
  });
});
