import { formatCount, formatMoney, formatRoi } from '../lib/format';
import { knownCount, missingFields, partialFields, type MoneyField } from '../lib/money';
import type { SalesMoney } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

/** One money figure of a table cell: the amount, ROI as a percent, or a dash where the sales have none. */
export function moneyText(money: SalesMoney, field: MoneyField, currency: string | null): string {
  const value = money[field];
  if (value === null) return m.noFigure;
  return field === 'roi' ? formatRoi(value) : formatMoney(value, currency);
}

/** Under a table: which money figures no sale has (so no column), and which only some sales have. */
export function MoneyNotes({ overall }: { overall: SalesMoney }) {
  const raw = (field: MoneyField) => field !== 'profit' && field !== 'roi';
  const missing = missingFields(overall).filter(raw);
  const partial = partialFields(overall);
  const of = formatCount(overall.sales);
  return (
    <>
      {missing.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {m.leftOut(missing.map((f) => m.fieldNames[f]).join(', '), overall.known.profit === 0)}
        </p>
      )}
      {partial.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {m.partlyKnown(
            partial
              .map((f) => m.partlyKnownPart(m.fieldNames[f], formatCount(knownCount(overall, f)), of))
              .join(', '),
          )}
        </p>
      )}
    </>
  );
}
