import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { MoneyNotes, moneyText } from './money-notes';
import { TableScroll } from './table-scroll';
import {
  cellClass,
  headClass,
  numCellClass,
  numHeadClass,
  rowHeadClass,
  stickyClass,
  tableClass,
} from './table-classes';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv';
import {
  formatCount,
  formatDays,
  formatMoney,
  formatPercent,
  groupLabel,
  type GroupDimension,
} from '../lib/format';
import { presentFields, type MoneyField } from '../lib/money';
import type { SalesGroup, SalesSummary } from '../lib/summary-types';
import { salesMessages } from '../messages';

const m = salesMessages.dashboard;

export const dimensions: { value: GroupDimension; groups: (s: SalesSummary) => SalesGroup[] }[] = [
  { value: 'brand', groups: (s) => s.byBrand },
  { value: 'category', groups: (s) => s.byCategory },
  { value: 'size', groups: (s) => s.bySize },
  { value: 'condition', groups: (s) => s.byCondition },
  { value: 'marketplace', groups: (s) => s.byMarketplace },
];

const isDimension = (value: string): value is GroupDimension => dimensions.some((d) => d.value === value);

/** Sold and profit lead, the rest of the statement follows, then what is listed and how fast it goes. */
const leading: MoneyField[] = ['profit', 'roi'];
const moneyColumns = (summary: SalesSummary): { lead: MoneyField[]; rest: MoneyField[] } => {
  const present = presentFields(summary.overall);
  return {
    lead: present.filter((f) => leading.includes(f)),
    rest: present.filter((f) => !leading.includes(f)),
  };
};

function csvRows(dimension: GroupDimension, summary: SalesSummary): CsvCell[][] {
  const { currency } = summary;
  const money: MoneyField[] = ['revenue', 'shipping', 'fees', 'net', 'cost', 'profit'];
  const groups = dimensions.find((d) => d.value === dimension)!.groups(summary);
  return [
    [
      m.tabs[dimension],
      m.csvUnitsSold,
      m.csvUnitsListed,
      m.csvSellThrough,
      ...money.map((f) => m.csvMoney(m.moneyColumns[f], currency)),
      m.csvRoi,
      m.csvMedianDays,
      m.csvMedianPrice(currency),
      m.csvLow(currency),
      m.csvHigh(currency),
    ],
    ...groups.map((g) => [
      groupLabel(dimension, g.key),
      g.unitsSold,
      g.unitsListed,
      g.sellThrough,
      ...money.map((f) => g[f]),
      g.roi === null ? null : Math.round(g.roi * 100),
      g.medianDaysToSell,
      g.medianPrice,
      g.p25Price,
      g.p75Price,
    ]),
  ];
}

/** The same figures by brand, category, size, condition or marketplace, one tab each, exportable as CSV. */
export function Breakdown({ summary }: { summary: SalesSummary }) {
  const [tab, setTab] = useState<GroupDimension>('brand');
  const exportCsv = () => downloadCsv(`flipwise-sales-by-${tab}.csv`, toCsv(csvRows(tab, summary)));

  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{m.breakdownTitle}</h2>
      <Tabs value={tab} onValueChange={(value) => isDimension(value) && setTab(value)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={m.breakdownTabsLabel} className="h-auto flex-wrap justify-start">
            {dimensions.map((d) => (
              <TabsTrigger key={d.value} value={d.value}>
                {m.tabs[d.value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <Button variant="outline" size="sm" onClick={exportCsv}>
            {m.exportCsv}
          </Button>
        </div>
        {dimensions.map((d) => (
          <TabsContent key={d.value} value={d.value} className="space-y-2">
            <GroupTable dimension={d.value} groups={d.groups(summary)} summary={summary} />
          </TabsContent>
        ))}
      </Tabs>
      <MoneyNotes overall={summary.overall} />
    </div>
  );
}

function GroupTable({
  dimension,
  groups,
  summary,
}: {
  dimension: GroupDimension;
  groups: SalesGroup[];
  summary: SalesSummary;
}) {
  const { currency } = summary;
  const caption = m.breakdownCaption(m.tabs[dimension]);
  const { lead, rest } = moneyColumns(summary);
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">{m.noGroups}</p>;
  const money = (n: number | null) => (n === null ? m.noFigure : formatMoney(n, currency));
  const heads = [
    m.soldColumn,
    ...lead.map((f) => m.moneyColumns[f]),
    ...rest.map((f) => m.moneyColumns[f]),
    m.listedColumn,
    m.sellThroughColumn,
    m.medianPriceColumn,
    m.medianDaysColumn,
  ];

  return (
    <>
      <TableScroll label={caption}>
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={cn(headClass, stickyClass)}>
                {m.tabs[dimension]}
              </th>
              {heads.map((name) => (
                <th key={name} scope="col" className={numHeadClass}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.key ?? ''}>
                <th
                  scope="row"
                  className={cn(
                    rowHeadClass,
                    'font-medium',
                    g.key === null && 'italic text-muted-foreground',
                  )}
                >
                  {/* A long name wraps rather than widening the column that stays in view on a phone. */}
                  <span className="block max-w-[9rem] whitespace-normal break-words sm:max-w-xs">
                    {groupLabel(dimension, g.key)}
                  </span>
                </th>
                <td className={numCellClass}>{formatCount(g.unitsSold)}</td>
                {[...lead, ...rest].map((f) => (
                  <td key={f} className={numCellClass}>
                    {moneyText(g, f, currency)}
                  </td>
                ))}
                <td className={numCellClass}>{formatCount(g.unitsListed)}</td>
                <td className={numCellClass}>
                  {g.sellThrough === null ? m.noFigure : formatPercent(g.sellThrough)}
                </td>
                <td className={numCellClass}>{money(g.medianPrice)}</td>
                <td className={cn(cellClass, 'text-right')}>
                  {g.medianDaysToSell === null ? m.noFigure : formatDays(g.medianDaysToSell)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {groups.some((g) => g.sellThrough === null) && (
        <p className="text-sm text-muted-foreground">{m.noSellThroughRows}</p>
      )}
    </>
  );
}
