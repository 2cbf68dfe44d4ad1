import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useSalesHistory } from '../api/get-sales-history';
import { formatDays, formatMoney, formatPercent } from '../lib/format';

export type YourHistoryCardProps = {
  userId: string;
  query: string;
  condition: string;
  /** The import page, offered when the user has imported nothing yet. */
  importHref: string;
};

/**
 * Beside the market figures on the Explorer: the signed-in user's own items that match the same search and condition,
 * by the market search's rules. Private to them, so no marketplace's terms stand in the way.
 */
export function YourHistoryCard({ userId, query, condition, importHref }: YourHistoryCardProps) {
  const history = useSalesHistory(userId, query, condition);
  if (history.isPending) return null;
  if (history.isError)
    return (
      <Card data-testid="your-history">
        <CardHeader className="p-4 sm:p-6">
          <h3 className="font-semibold">Your history</h3>
          <CardDescription>We couldn’t load your own sales for this search.</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <Button variant="outline" size="sm" onClick={() => history.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  const h = history.data;
  if (!h)
    return (
      <p className="text-sm text-muted-foreground" data-testid="your-history-invite">
        Sold items like this yourself?{' '}
        <Link to={importHref} className="font-medium text-primary underline-offset-4 hover:underline">
          Import your sales
        </Link>{' '}
        to see your own sell-through beside the market’s.
      </p>
    );
  const matched = h.listed + h.sold;
  return (
    <Card data-testid="your-history">
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-2">
        <h3 className="font-semibold">Your history</h3>
        <CardDescription>From the sales you imported: only you see this.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {matched === 0 ? (
          <p className="text-sm">
            None of your imported items match this search in this condition
            {h.otherConditions > 0 ? ` (${h.otherConditions} in other conditions or with none recorded)` : ''}
            .
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-5">
              <Figure label="You listed" value={String(h.listed)} />
              <Figure label="You sold" value={String(h.sold)} />
              {/* The SPEC's formula gives 0% when nothing is listed; with sales behind it, that would read as none sold. */}
              <Figure
                label="Your sell-through"
                value={h.listed === 0 ? 'None listed now' : formatPercent(h.sellThrough)}
              />
              <Figure
                label="Your median price"
                value={h.medianPrice == null ? '—' : formatMoney(h.medianPrice, h.currency)}
              />
              <Figure
                label="Your days to sell"
                value={h.medianDaysToSell == null ? '—' : formatDays(h.medianDaysToSell)}
              />
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">
              All your imported items in this condition
              {h.firstSale && h.lastSale
                ? `, sales from ${h.firstSale.slice(0, 10)} to ${h.lastSale.slice(0, 10)}`
                : ''}
              .
              {h.unknownCondition > 0
                ? ` ${h.unknownCondition} matching items have no condition recorded and are not counted.`
                : ''}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
