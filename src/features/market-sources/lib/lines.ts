import { sourcesMessages as m } from '../messages';
import type { MarketSources } from '../schemas';

/** One statement about this site's sources: the cards' label for an origin, if it is one, and what it means. */
export type SourceLine = { key: string; label?: string; text: string };

/**
 * What this site's figures come from, from the market-sources answer alone: every line names something the search
 * functions have, and nothing they have is left out.
 */
export function sourceLines(sources: MarketSources): SourceLine[] {
  const lines: SourceLine[] = [];
  if (!sources.searchReady) lines.push({ key: 'unavailable', text: m.unavailable });
  else if (sources.origins.length === 0) lines.push({ key: 'empty', text: m.empty });
  for (const origin of sources.origins)
    lines.push({ key: origin, label: m.labels[origin], text: m.origins[origin] });
  // Demo rows have sellers too (a panel of made-up ones) and keep the threshold; the seller panel's own figures are
  // released with noise instead (issue 52), which its line says.
  if (sources.origins.includes('demo'))
    lines.push({ key: 'threshold', text: m.threshold(sources.panelMinSellers) });
  if (sources.listed.length > 0)
    lines.push({
      key: 'listed',
      text: m.listed(sources.listed.map((mp) => m.listedLabels[mp]).join(' and ')),
    });
  return lines;
}
