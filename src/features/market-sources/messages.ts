// Where the figures come from (issue 28 point 7, docs/decisions/059). The general words are true whatever a site has set
// up: they are what the prerendered pages, the FAQ and its structured data say. The words under 'On this site now' are
// made from the market-sources function's answer once the app runs, so they name only what this site has.
import type { DataOrigin } from './schemas';

export const sourcesMessages = {
  title: 'Where the figures come from',
  general:
    'Each result names its source: the Flipwise seller panel (sales that resellers share), listings imported from marketplace data, eBay, or a demo market for trying the tool.',
  generalListed:
    'Where there are live listed counts from eBay or Etsy, each marketplace has its own row, apart from the figures.',
  hereTitle: 'On this site now:',
  checking: "Checking this site's sources…",
  showAll: "Show all of this site's sources",
  failed: "Could not check this site's sources just now. Each result still names its own.",
  /** The cards' own words for each origin (the search feature's sourceLabels: src/app/routes/market-sources.test.ts). */
  labels: {
    demo: 'Demo data',
    panel: 'Flipwise seller panel',
    ebay: 'eBay',
    import: 'Imported listings',
  } satisfies Record<DataOrigin, string>,
  origins: {
    demo: 'generated for trying the tool, not live marketplaces.',
    // Issue 52: the panel's figures are weekly noisy totals, not counts with a threshold.
    panel:
      'sales that resellers share from Your sales, released weekly as totals with noise added, so no one’s sales can be worked out.',
    ebay: "eBay's own figures, used with eBay's approval.",
    import: 'real listings loaded into this site from marketplace data.',
  } satisfies Record<DataOrigin, string>,
  threshold: (sellers: number) =>
    `A demo figure shows only when at least ${sellers} of its made-up sellers stand behind it.`,
  listed: (names: string) =>
    `Live listed counts from ${names}: one row per marketplace, kept apart from the figures and never used in a rate.`,
  empty: 'No market data source is set up yet, so searches show no figures.',
  unavailable: 'Searches cannot run on this site right now, so there are no figures to show.',
  listedLabels: { ebay: 'eBay', etsy: 'Etsy' },
} as const;
