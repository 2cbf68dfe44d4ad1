import { describe, expect, it } from 'vitest';
import type { MarketSources } from '../schemas';
import { sourceLines } from './lines';

const sources = (over: Partial<MarketSources>): MarketSources => ({
  origins: [],
  searchReady: true,
  listed: [],
  panelMinSellers: 5,
  asOf: '2026-01-01T00:00:00.000Z',
  ...over,
});
const text = (s: MarketSources) => sourceLines(s).map((l) => (l.label ? `${l.label}: ${l.text}` : l.text));

describe("this site's sources in words", () => {
  it('a demo site: demo data, not live marketplaces, and the sellers a figure needs', () => {
    expect(text(sources({ origins: ['demo'], panelMinSellers: 8 }))).toEqual([
      'Demo data: generated for trying the tool, not live marketplaces.',
      'A demo figure shows only when at least 8 of its made-up sellers stand behind it.',
    ]);
  });

  it('a production site: the seller panel released weekly with noise, and the live rows kept apart', () => {
    const lines = text(sources({ origins: ['panel'], listed: ['ebay', 'etsy'] }));
    expect(lines).toEqual([
      'Flipwise seller panel: sales that resellers share from Your sales, released weekly as totals with noise added, so no one’s sales can be worked out.',
      'Live listed counts from eBay and Etsy: one row per marketplace, kept apart from the figures and never used in a rate.',
    ]);
    // No threshold of sellers: the panel's figures are gated on noisy totals (issue 52).
    expect(lines.join(' ')).not.toMatch(/stand behind/);
  });

  it('names nothing the site does not have: imported listings alone carry no seller threshold', () => {
    const lines = text(sources({ origins: ['import'], listed: ['etsy'] }));
    expect(lines).toEqual([
      'Imported listings: real listings loaded into this site from marketplace data.',
      'Live listed counts from Etsy: one row per marketplace, kept apart from the figures and never used in a rate.',
    ]);
    expect(lines.join(' ')).not.toMatch(/demo|seller panel|eBay/i);
  });

  it('an empty index, and searches that cannot run, say so instead of naming a source', () => {
    expect(text(sources({}))).toEqual(['No market data source is set up yet, so searches show no figures.']);
    expect(text(sources({ searchReady: false }))).toEqual([
      'Searches cannot run on this site right now, so there are no figures to show.',
    ]);
  });

  it('eBay as the headline source (with its approval)', () => {
    expect(text(sources({ origins: ['ebay'] }))).toEqual([
      "eBay: eBay's own figures, used with eBay's approval.",
    ]);
  });
});
