import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { rateTone, toneStyles } from '../lib/rate-tone';
import { rateSample, type Reading } from '../lib/reading';
import { bandDisplay } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import { ChartIcon, HeartIcon } from './icons';
import { SampleWords } from './thin-sample';

/**
 * SPEC §2 Market Analysis card: the band's label and reading, and the SPEC §1 disclaimer. A verdict on fewer than 20
 * listings and sales says so in words above the SPEC's text, which stays as it is (docs/decisions/057).
 */
export function MarketAnalysis({ reading }: { reading: Reading }) {
  const band = reading.kind === 'rate' ? bandDisplay(reading.rate) : null;
  const sample = rateSample(reading);
  // 36-40%: the SPEC's hearts (above 35) meet its slow reading (40 and below). The words name both (decision 028).
  const nearSteady = band?.hearts === true && band.band === 'slow';
  const label =
    reading.kind === 'none-listed' ? m.noneListedLabel : nearSteady ? m.nearSteadyLabel : band?.label;
  const analysis =
    reading.kind === 'none-listed'
      ? m.noneListedAnalysis
      : reading.kind === 'sold-unknown'
        ? m.analysisUnavailable
        : reading.kind === 'available-unknown'
          ? m.analysisAvailableUnknown
          : band
            ? band.analysis
            : m.analysisUnavailable;
  return (
    <Card data-testid="market-analysis">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <ChartIcon className="size-5 text-primary" />
          <h3 className="text-lg font-semibold leading-none tracking-tight">{m.analysisTitle}</h3>
          {band?.hearts && <HeartIcon className="size-5 fill-rose-500 text-rose-500" />}
          {label && (
            <Badge
              className={cn(
                'ml-auto text-sm',
                // The rate card's band colours (issue 54); "Demand outruns supply" has no rate, so no band.
                reading.kind === 'rate'
                  ? toneStyles[rateTone(reading.rate)].badge
                  : 'bg-primary text-primary-foreground',
              )}
              data-testid="band-label"
            >
              {label}
            </Badge>
          )}
        </div>
        <CardDescription>{m.analysisSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {sample?.thin && <SampleWords listed={sample.listed} sold={sample.sold} hint />}
        <p className="leading-relaxed" data-testid="band-analysis">
          {nearSteady && <span className="mb-1 block font-medium">{m.nearSteadyLead}</span>}
          {analysis}
        </p>
        <p className="rounded-md bg-muted px-3 py-2 text-xs leading-relaxed text-muted-foreground">
          {m.disclaimer}
        </p>
      </CardContent>
    </Card>
  );
}
