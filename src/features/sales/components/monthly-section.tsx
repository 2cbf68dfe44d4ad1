import { cn } from '@/lib/utils';
import { moneyText } from './money-notes';
import { TableScroll } from './table-scroll';
import { formatCompact, formatCount, formatMonthLong, formatMonthShort } from '../lib/format';
import { presentFields } from '../lib/money';
import type { SalesMonth, SalesSummary } from '../lib/summary-types';
import { salesMessages } from '../messages';
import {
  headClass,
  numCellClass,
  numHeadClass,
  rowHeadClass,
  stickyClass,
  tableClass,
} from './table-classes';

const m = salesMessages.dashboard;

/** Units sold per month over every month of the data, as a chart and, on request, as a table with the money. */
export function MonthlySection({ summary }: { summary: SalesSummary }) {
  const { monthly, overall, currency } = summary;
  const fields = presentFields(overall);
  if (monthly.length === 0) return null;
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{m.monthlyTitle}</h2>
      <MonthlyChart monthly={monthly} />
      <details className="group">
        <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {m.showAsTable}
        </summary>
        <div className="mt-3">
          <TableScroll label={m.monthlyTitle}>
            <table className={tableClass}>
              <caption className="sr-only">{m.monthlyTitle}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cn(headClass, stickyClass)}>
                    {m.monthColumn}
                  </th>
                  <th scope="col" className={numHeadClass}>
                    {m.soldColumn}
                  </th>
                  {fields.map((field) => (
                    <th key={field} scope="col" className={numHeadClass}>
                      {m.moneyColumns[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthly.map((x) => (
                  <tr key={x.month}>
                    <th scope="row" className={cn(rowHeadClass, 'font-normal')}>
                      {formatMonthLong(x.month)}
                    </th>
                    <td className={numCellClass}>{formatCount(x.unitsSold)}</td>
                    {fields.map((field) => (
                      <td key={field} className={numCellClass}>
                        {moneyText(x, field, currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      </details>
    </div>
  );
}

const slot = 32;
const top = 18;
const plot = 110;
const bottom = 34;

/**
 * Bars of units sold per month, labelled in place, every month of the data (a year or more); the table carries the
 * same figures for screen readers. Past about two years it no longer fits a phone, so it scrolls, opened at the latest.
 */
function MonthlyChart({ monthly }: { monthly: SalesMonth[] }) {
  const width = monthly.length * slot;
  const height = top + plot + bottom;
  const max = Math.max(1, ...monthly.map((x) => x.unitsSold));
  const label = m.monthlyChartLabel(
    formatMonthLong(monthly[0]!.month),
    formatMonthLong(monthly.at(-1)!.month),
    monthly.map((x) => `${formatMonthLong(x.month)} ${formatCount(x.unitsSold)}`).join(', '),
  );

  return (
    <TableScroll label={m.monthlyChartRegion} startAtEnd bare>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        // Drawn at 0.8 to 1.5 times its size: readable on a phone, and never stretched across a wide screen.
        style={{ minWidth: width * 0.8, maxWidth: width * 1.5 }}
        className="block h-auto w-full"
        data-testid="sales-monthly-chart"
      >
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} className="stroke-border" strokeWidth={1} />
        {monthly.map((x, i) => {
          const h = x.unitsSold > 0 ? Math.max(2, (x.unitsSold / max) * plot) : 0;
          const centre = i * slot + slot / 2;
          // The year under January and under the first month, so a span of years reads without a legend.
          const year = i === 0 || x.month.endsWith('-01') ? x.month.slice(0, 4) : null;
          return (
            <g key={x.month}>
              <rect
                x={i * slot + 5}
                y={top + plot - h}
                width={slot - 10}
                height={h}
                rx={2}
                className="fill-primary"
              />
              <text
                x={centre}
                y={top + plot - h - 5}
                textAnchor="middle"
                fontSize={11}
                className="fill-foreground tabular-nums"
              >
                {formatCompact(x.unitsSold)}
              </text>
              <text
                x={centre}
                y={top + plot + 15}
                textAnchor="middle"
                fontSize={11}
                className="fill-muted-foreground"
              >
                {formatMonthShort(x.month)}
              </text>
              {year && (
                <text
                  x={centre}
                  y={top + plot + 29}
                  textAnchor="middle"
                  fontSize={10}
                  className="fill-muted-foreground"
                >
                  {year}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </TableScroll>
  );
}
