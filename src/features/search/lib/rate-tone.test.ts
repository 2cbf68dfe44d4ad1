import { describe, expect, it } from 'vitest';
import { rateTone, toneStyles, type RateTone } from './rate-tone';
import { demandBand } from './sell-through';

describe('rateTone: the colours follow the product’s own bands (issue 54)', () => {
  it.each([
    [0, 'snooze'],
    [9, 'snooze'],
    [10, 'slow'],
    [35, 'slow'],
    [36, 'slow'],
    [40, 'slow'],
    [41, 'steady'],
    [42, 'steady'],
    [70, 'steady'],
    [71, 'high'],
    [88, 'high'],
    [100, 'high'],
    [225, 'high'],
  ] as const)('%i%% reads %s', (rate, tone) => {
    expect(rateTone(rate)).toBe(tone);
  });

  it('draws its steady and high lines where SPEC §9 does', () => {
    for (let rate = 0; rate <= 150; rate++) {
      const band = demandBand(rate);
      const tone = rateTone(rate);
      if (band === 'slow') expect(['slow', 'snooze']).toContain(tone);
      else expect(tone).toBe(band);
    }
  });

  it('paints no band red or pink: 42% to 88% read good, not bad', () => {
    const red = /\b(?:[a-z]+:)?(?:bg|text|border|fill)-(?:red|rose|pink)-/;
    for (const style of Object.values(toneStyles))
      for (const classes of Object.values(style)) expect(classes).not.toMatch(red);
  });

  it('reads the two bands the product calls good in green, slow in amber, a snooze in grey', () => {
    const hue: Record<RateTone, RegExp> = {
      high: /emerald/,
      steady: /teal/,
      slow: /amber/,
      snooze: /slate/,
    };
    for (const [tone, style] of Object.entries(toneStyles) as [RateTone, (typeof toneStyles)[RateTone]][]) {
      expect(style.card).toMatch(hue[tone]);
      expect(style.figure).toMatch(hue[tone]);
      expect(style.badge).toMatch(hue[tone]);
    }
    expect(toneStyles[rateTone(42)].figure).toBe('text-teal-700');
    expect(toneStyles[rateTone(88)].figure).toBe('text-emerald-700');
  });
});
