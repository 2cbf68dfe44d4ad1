import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { bandDisplay } from '../lib/sell-through';
import { searchMessages as m } from '../messages';
import { ChartIcon, HeartIcon } from './icons';

/** SPEC §2 Market Analysis card: the band's label and reading, and the SPEC §1 disclaimer. `rate` null = no sold data. */
export function MarketAnalysis({ rate }: { rate: number | null }) {
  const band = rate === null ? null : bandDisplay(rate);
  return (
    <Card data-testid="market-analysis">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <ChartIcon className="size-5 text-primary" />
          <h3 className="text-lg font-semibold leading-none tracking-tight">{m.analysisTitle}</h3>
          {band?.hearts && <HeartIcon className="size-5 fill-rose-500 text-rose-500" />}
          {band?.label && (
            <Badge
              className={cn(
                'ml-auto text-sm',
                band.band === 'high' ? 'bg-rose-600 text-white' : 'bg-primary text-primary-foreground',
              )}
              data-testid="band-label"
            >
              {band.label}
            </Badge>
          )}
        </div>
        <CardDescription>{m.analysisSubtitle}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="leading-relaxed" data-testid="band-analysis">
          {band ? band.analysis : m.analysisUnavailable}
        </p>
        <p className="rounded-md bg-muted px-3 py-2 text-xs leading-relaxed text-muted-foreground">
          {m.disclaimer}
        </p>
      </CardContent>
    </Card>
  );
}
