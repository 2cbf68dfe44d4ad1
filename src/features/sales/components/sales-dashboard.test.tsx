import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from '../lib/csv';
import type { SalesGroup, SalesMoney, SalesMonth, SalesSummary } from '../lib/summary-types';
import { SalesDashboard } from './sales-dashboard';

type Result = { data: unknown; error: unknown };
type RpcCall = { fn: string; args: Record<string, unknown> };

// A stand-in for the one supabase-js client: rpc calls are recorded and answered by the test's handler.
const fake = vi.hoisted(() => ({
  calls: [] as RpcCall[],
  answer: (_call: RpcCall): Result | Promise<Result> => ({ data: null, error: null }),
}));
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => ({
    rpc: async (fn: string, args: Record<string, unknown>) => {
      const call = { fn, args };
      fake.calls.push(call);
      return fake.answer(call);
    },
  }),
}));
vi.mock('../lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/csv')>()),
  downloadCsv: vi.fn(),
}));

const money = (over: Partial<SalesMoney> = {}): SalesMoney => ({
  sales: 5,
  revenue: 200,
  shipping: null,
  fees: 30,
  net: 170,
  cost: 60,
  profit: 110,
  roi: 1.8333,
  known: { revenue: 5, shipping: 0, fees: 5, net: 5, cost: 5, profit: 5 },
  ...over,
});

/** No money at all: sales without prices, or nothing sold. */
const noMoney = (sales: number): SalesMoney => ({
  sales,
  revenue: null,
  shipping: null,
  fees: null,
  net: null,
  cost: null,
  profit: null,
  roi: null,
  known: { revenue: 0, shipping: 0, fees: 0, net: 0, cost: 0, profit: 0 },
});

const group = (key: string | null, over: Partial<SalesGroup> = {}): SalesGroup => ({
  key,
  unitsListed: 10,
  unitsSold: 5,
  sellThrough: 50,
  medianDaysToSell: 12,
  medianPrice: 40,
  p25Price: 30,
  p75Price: 55,
  ...money(),
  ...over,
});

/** The overall figures of a selection with nothing sold and nothing listed. */
const noSales = () =>
  group(null, {
    unitsListed: 0,
    unitsSold: 0,
    sellThrough: null,
    medianDaysToSell: null,
    medianPrice: null,
    p25Price: null,
    p75Price: null,
    ...noMoney(0),
  });

/** Every month from `from` to `to` ('2026-01'), with what `fill(i)` gives the i-th. */
function monthsBetween(from: string, to: string, fill: (i: number) => Partial<SalesMonth> = () => ({})) {
  const out: SalesMonth[] = [];
  let [y, mo] = from.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const month = `${y}-${String(mo).padStart(2, '0')}`;
    out.push({ month, unitsSold: 0, ...noMoney(0), ...fill(i) });
    if (month === to) return out;
    mo = mo === 12 ? 1 : mo + 1;
    if (mo === 1) y++;
  }
}

function summaryBody(over: Partial<SalesSummary> = {}): SalesSummary {
  return {
    currency: 'USD',
    otherCurrencySales: 0,
    overall: group(null, {
      unitsListed: 20,
      unitsSold: 9,
      sellThrough: 45,
      medianDaysToSell: 12,
      medianPrice: 42,
      sales: 8,
      revenue: 400,
      shipping: null,
      fees: 60,
      net: 340,
      cost: 120,
      profit: 150,
      roi: 1.25,
      known: { revenue: 8, shipping: 0, fees: 8, net: 8, cost: 6, profit: 6 },
    }),
    byBrand: [
      group("Levi's", { unitsListed: 11, unitsSold: 9, sellThrough: 82, medianDaysToSell: 8 }),
      group('Zara', {
        unitsListed: 4,
        unitsSold: 2,
        sellThrough: 50,
        medianDaysToSell: 41,
        profit: -5,
        roi: -0.1,
      }),
      group('=HYPERLINK("http://evil","click")', {
        unitsListed: 3,
        unitsSold: 1,
        sellThrough: 33,
        medianDaysToSell: 20,
      }),
      group(null, {
        unitsListed: 2,
        unitsSold: 0,
        sellThrough: 0,
        medianDaysToSell: null,
        medianPrice: null,
        ...noMoney(0),
      }),
    ],
    byCategory: [group('Jeans')],
    bySize: [group('M')],
    byCondition: [
      group('new_with_tags', {
        unitsListed: 2,
        unitsSold: 3,
        sellThrough: 150,
        medianDaysToSell: 0.5,
        medianPrice: 42.5,
      }),
      group('pre_owned', { medianPrice: null, p25Price: null, p75Price: null, medianDaysToSell: null }),
    ],
    byMarketplace: [group('ebay'), group('depop')],
    monthly: monthsBetween('2025-12', '2026-11', (i) =>
      i === 0
        ? { unitsSold: 0 }
        : { unitsSold: i === 1 ? 3 : i, ...money({ revenue: i * 10, profit: i * 4, roi: 0.5 }) },
    ),
    span: { rows: 31, firstSale: '2025-12-03', lastSale: '2026-11-20' },
    marketplaces: ['depop', 'ebay'],
    ...over,
  };
}

/** A sales-only import: 32 units sold over the brands, nothing listed. */
function salesOnly(): SalesSummary {
  const sold = (key: string | null, unitsSold: number) =>
    group(key, { unitsListed: 0, unitsSold, sellThrough: null });
  return summaryBody({
    overall: sold(null, 32),
    byBrand: [sold('Zara', 3), sold("Levi's", 20), sold('Coach', 9)],
    byCategory: [sold('Jeans', 32)],
    bySize: [sold('M', 32)],
    byCondition: [sold('pre_owned', 32)],
    byMarketplace: [sold('ebay', 32)],
  });
}

/** A paragraph whose whole text is `text`, counts marked up inside it or not. */
const wholeText = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && el.textContent === text;

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SalesDashboard userId="u1" importHref="/account/sales/import" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.answer = () => ({ data: summaryBody(), error: null });
  vi.mocked(downloadCsv).mockClear();
});

describe('SalesDashboard', () => {
  it('leads with profit, then sell-through, the medians, the breakdown and the best and slowest sellers', async () => {
    fake.answer = () => ({ data: summaryBody({ otherCurrencySales: 3 }), error: null });
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sales…');

    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(/^45%$/);
    expect(fake.calls).toEqual([
      { fn: 'seller_sales_summary', args: { p_from: null, p_to: null, p_marketplace: null } },
    ]);
    // The route's h1 is the page's one "Your sales"; each part of the page has its own heading under it.
    expect(screen.queryByRole('heading', { name: 'Your sales' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Profit',
      'Sell-through',
      'Median sale price',
      'Median days to sell',
      'Sold per month',
      'Breakdown',
      'Best sellers',
      'Slowest sellers',
    ]);

    expect(screen.getByTestId('sales-profit')).toHaveTextContent(/^\$150$/);
    expect(screen.getByText('Net earnings − cost of goods')).toBeInTheDocument();
    expect(screen.getByTestId('sales-roi')).toHaveTextContent(/^ROI 125%$/);
    expect(
      screen.getByText(
        'Profit and ROI are over the 6 of 8 sales that have both net earnings and a cost of goods; the others are left out.',
      ),
    ).toBeInTheDocument();
    const statement = screen.getByTestId('sales-revenue').closest('dl')!;
    expect(
      within(statement)
        .getAllByRole('term')
        .map((t, i) => `${t.textContent}: ${within(statement).getAllByRole('definition')[i]!.textContent}`),
    ).toEqual([
      'RevenueItems sold, without shipping: $400',
      'Shipping charged: Not in your imports',
      'Fees: $60',
      'Net earningsWhat the marketplace paid you, as your exports say: $340',
      'Cost of goods: $120in 6 of 8 sales',
    ]);
    expect(screen.getByTestId('sales-net')).toHaveTextContent(/^\$340$/);

    expect(screen.getByText(wholeText('9 sold · 20 listed now'))).toBeInTheDocument();
    expect(screen.getByTestId('sales-units-sold')).toHaveTextContent(/^9$/);
    expect(screen.getByTestId('sales-units-listed')).toHaveTextContent(/^20$/);
    expect(screen.getByText('= Units sold in these dates ÷ units listed now × 100')).toBeInTheDocument();
    expect(screen.queryByText(/^Over 100% means/)).not.toBeInTheDocument();
    expect(screen.getByTestId('sales-median-days')).toHaveTextContent(/^12 days$/);
    expect(screen.getByTestId('sales-median-price')).toHaveTextContent(/^\$42$/);
    expect(screen.getByText('Middle 50%: $30–$55')).toBeInTheDocument();
    expect(screen.getByText('3 sales in other currencies are not in the money figures.')).toBeInTheDocument();
    expect(
      screen.getByText(/31 imported rows, with sales from Dec 3, 2025 to Nov 20, 2026/),
    ).toBeInTheDocument();

    const byBrand = screen.getByRole('table', { name: 'Your sales by brand' });
    const rows = within(byBrand).getAllByRole('row');
    // No sale has shipping, so there is no shipping column, and the page says so.
    expect(rows[0]).toHaveTextContent(
      'BrandSoldProfitROIRevenueFeesNetCostListedSell-throughMedian priceMedian days',
    );
    expect(rows[1]).toHaveTextContent("Levi's9$110183%$200$30$170$601182%$408 days");
    expect(rows[2]).toHaveTextContent('Zara2-$5-10%$200$30$170$60450%$4041 days');
    expect(rows[4]).toHaveTextContent('Not recorded0——————20%——');
    expect(screen.getByText('Not in your imports, so not shown: shipping.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Money figures add up the sales that have them: cost of goods in 6 of 8, profit in 6 of 8 sales.',
      ),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Condition' }));
    const byCondition = screen.getByRole('table', { name: 'Your sales by condition' });
    expect(within(byCondition).getByRole('rowheader', { name: 'New with tags' })).toBeInTheDocument();
    expect(within(byCondition).getByRole('row', { name: /New with tags/ })).toHaveTextContent(
      'New with tags3$110183%$200$30$170$602150%$42.500.5 days',
    );
    await user.click(screen.getByRole('tab', { name: 'Marketplace' }));
    const byMarketplace = screen.getByRole('table', { name: 'Your sales by marketplace' });
    expect(within(byMarketplace).getByRole('rowheader', { name: 'eBay' })).toBeInTheDocument();
    expect(within(byMarketplace).getByRole('rowheader', { name: 'Depop' })).toBeInTheDocument();

    const best = within(screen.getByTestId('sales-best-sellers')).getAllByRole('listitem');
    expect(best.map((li) => li.textContent)).toEqual([
      "Levi's82% sell-through, 9 sold",
      'Zara50% sell-through, 2 sold',
    ]);
    const slowest = within(screen.getByTestId('sales-slowest-sellers')).getAllByRole('listitem');
    expect(slowest.map((li) => li.textContent)).toEqual([
      'Zaramedian 41 days',
      '=HYPERLINK("http://evil","click")median 20 days',
      "Levi'smedian 8 days",
    ]);
  });

  it('after a sales-only import, asks for the listings instead of showing 0% anywhere', async () => {
    fake.answer = () => ({ data: salesOnly(), error: null });
    renderDashboard();
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(
      /^Import your listings to see sell-through$/,
    );
    expect(screen.getByText(wholeText('32 sold · 0 listed now'))).toBeInTheDocument();
    expect(screen.getByTestId('sales-units-sold')).toHaveTextContent(/^32$/);
    expect(screen.getByTestId('sales-units-listed')).toHaveTextContent(/^0$/);
    expect(
      screen.getByText(
        'It compares units sold with units listed now, and your imports have sales but no listings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import listings' })).toHaveAttribute(
      'href',
      '/account/sales/import',
    );
    expect(screen.queryByText(/(^|\D)0%/)).not.toBeInTheDocument();

    const byBrand = screen.getByRole('table', { name: 'Your sales by brand' });
    const sellThrough = within(byBrand)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-3)!.textContent);
    expect(sellThrough).toEqual(['—', '—', '—']);
    expect(screen.getByText('Sell-through shows — where nothing is listed now.')).toBeInTheDocument();
    // Ranked by units sold, since none has a sell-through.
    const best = within(screen.getByTestId('sales-best-sellers')).getAllByRole('listitem');
    expect(best.map((li) => li.textContent)).toEqual([
      "Levi's20 sold, none listed now",
      'Coach9 sold, none listed now',
      'Zara3 sold, none listed now',
    ]);
  });

  it('explains a sell-through over 100% in a sentence beside it', async () => {
    fake.answer = () => ({
      data: summaryBody({ overall: group(null, { unitsListed: 2, unitsSold: 3, sellThrough: 150 }) }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(/^150%$/);
    expect(screen.getByText(wholeText('3 sold · 2 listed now'))).toBeInTheDocument();
    expect(
      screen.getByText(
        'Over 100% means more units sold in these dates than are listed now: the rate compares the two, it is not a share of your listings.',
      ),
    ).toBeInTheDocument();
  });

  it('says plainly when the imports have no fees and no cost of goods, and shows no column for them', async () => {
    const bare = (key: string | null) => group(key, noMoney(5));
    fake.answer = () => ({
      data: summaryBody({
        overall: group(null, {
          ...noMoney(9),
          revenue: 380,
          known: { revenue: 9, shipping: 0, fees: 0, net: 0, cost: 0, profit: 0 },
        }),
        byBrand: [
          group("Levi's", { ...noMoney(5), revenue: 200, known: { ...noMoney(5).known, revenue: 5 } }),
        ],
        byCategory: [bare('Jeans')],
      }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByTestId('sales-profit')).toHaveTextContent(/^—$/);
    expect(screen.queryByTestId('sales-roi')).not.toBeInTheDocument();
    expect(
      screen.getByText('No cost of goods in your imports: add a Cost column to see profit and ROI.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'No net earnings in your imports: add a Net column (what the marketplace paid you after its fees) to see profit and ROI.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sales-revenue')).toHaveTextContent(/^\$380$/);
    for (const id of ['sales-shipping', 'sales-fees', 'sales-net', 'sales-cost'])
      expect(screen.getByTestId(id)).toHaveTextContent(/^Not in your imports$/);

    const rows = within(screen.getByRole('table', { name: 'Your sales by brand' })).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('BrandSoldRevenueListedSell-throughMedian priceMedian days');
    expect(rows[1]).toHaveTextContent("Levi's5$2001050%$4012 days");
    expect(
      screen.getByText(
        'Not in your imports, so not shown: shipping, fees, net earnings, cost of goods, and so profit and ROI.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the sales have no prices at all', async () => {
    fake.answer = () => ({
      data: summaryBody({
        currency: null,
        overall: group(null, { ...noMoney(4), medianPrice: null, p25Price: null, p75Price: null }),
      }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByTestId('sales-profit')).toHaveTextContent(/^—$/);
    expect(
      screen.getByText('No sale prices in these dates, so there is no money to add up.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sales-median-price')).toHaveTextContent(/^—$/);
    expect(screen.getByText('No sale prices in these dates')).toBeInTheDocument();
  });

  it('says when listing dates are missing and when no brand qualifies', async () => {
    fake.answer = () => ({
      data: summaryBody({
        overall: group(null, { unitsListed: 5, unitsSold: 4, sellThrough: 80, medianDaysToSell: null }),
        byBrand: [group('Zara', { unitsListed: 0, unitsSold: 1, sellThrough: null, medianDaysToSell: null })],
      }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(/^80%$/);
    expect(screen.getByText('No listing dates in your files')).toBeInTheDocument();
    expect(screen.getByText('No brand has sold twice yet with these filters.')).toBeInTheDocument();
    expect(
      screen.getByText('No sales with a listing date yet, so there is nothing to compare.'),
    ).toBeInTheDocument();
  });

  it('invites a user with no sales to import them', async () => {
    fake.answer = () => ({
      data: summaryBody({
        currency: null,
        overall: noSales(),
        byBrand: [],
        byCategory: [],
        bySize: [],
        byCondition: [],
        byMarketplace: [],
        span: { rows: 0, firstSale: null, lastSale: null },
        marketplaces: [],
      }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByText("You haven't imported any sales yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import your sales' })).toHaveAttribute(
      'href',
      '/account/sales/import',
    );
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sales-sell-through')).not.toBeInTheDocument();
  });

  it('says when loading failed and tries again on request', async () => {
    let fail = true;
    fake.answer = () =>
      fail
        ? { data: null, error: { message: 'connection reset', code: '' } }
        : { data: summaryBody(), error: null };
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your sales.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent('45%');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.calls).toHaveLength(2);
  });

  it('sends the filters to the server, keeps the figures while they load, and resets them', async () => {
    let release: (() => void) | undefined;
    fake.answer = ({ args }) => {
      if (args.p_marketplace === 'depop' && args.p_from === '2026-01-01') {
        return new Promise<Result>((resolve) => {
          release = () =>
            resolve({
              data: summaryBody({
                overall: noSales(),
              }),
              error: null,
            });
        });
      }
      return { data: summaryBody(), error: null };
    };
    renderDashboard();
    await screen.findByTestId('sales-sell-through');
    const user = userEvent.setup();

    const marketplace = screen.getByRole('combobox', { name: 'Marketplace' });
    expect(
      within(marketplace)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All marketplaces', 'Depop', 'eBay']);
    await user.selectOptions(marketplace, 'depop');
    await waitFor(() =>
      expect(fake.calls.at(-1)?.args).toEqual({ p_from: null, p_to: null, p_marketplace: 'depop' }),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(fake.calls.at(-1)?.args).toEqual({ p_from: '2026-01-01', p_to: null, p_marketplace: 'depop' }),
    );
    // The previous figures stay on screen while the new ones load.
    expect(screen.getByTestId('sales-sell-through')).toHaveTextContent('45%');
    release!();
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    expect(screen.queryByTestId('sales-sell-through')).not.toBeInTheDocument();

    const buttons = screen.getAllByRole('button', { name: 'Reset' });
    await user.click(buttons[buttons.length - 1]);
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent('45%');
    expect(screen.getByRole('combobox', { name: 'Marketplace' })).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('warns when the dates are the wrong way round', async () => {
    renderDashboard();
    await screen.findByTestId('sales-sell-through');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-01' } });
    expect(screen.getByText('The From date is after the To date, so no sale can match.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });

  it('exports the breakdown table shown as CSV, money included, with formula-like text neutralised', async () => {
    renderDashboard();
    await screen.findByTestId('sales-sell-through');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export table as CSV' }));
    expect(downloadCsv).toHaveBeenCalledTimes(1);
    // Every text cell quoted, numbers bare (src/features/sales/lib/csv.ts).
    const header =
      ',"Units sold","Units listed","Sell-through (%)","Revenue (USD)","Shipping (USD)","Fees (USD)","Net (USD)",' +
      '"Cost (USD)","Profit (USD)","ROI (%)","Median days to sell","Median price (USD)","Middle 50% from (USD)",' +
      '"Middle 50% to (USD)"';
    expect(vi.mocked(downloadCsv).mock.calls[0]).toEqual([
      'flipwise-sales-by-brand.csv',
      [
        `"Brand"${header}`,
        `"Levi's",9,11,82,200,,30,170,60,110,183,8,40,30,55`,
        '"Zara",2,4,50,200,,30,170,60,-5,-10,41,40,30,55',
        `"'=HYPERLINK(""http://evil"",""click"")",1,3,33,200,,30,170,60,110,183,20,40,30,55`,
        '"Not recorded",0,2,0,,,,,,,,,,30,55',
        '',
      ].join('\r\n'),
    ]);

    await user.click(screen.getByRole('tab', { name: 'Condition' }));
    await user.click(screen.getByRole('button', { name: 'Export table as CSV' }));
    expect(vi.mocked(downloadCsv).mock.calls[1]).toEqual([
      'flipwise-sales-by-condition.csv',
      [
        `"Condition"${header}`,
        '"New with tags",3,2,150,200,,30,170,60,110,183,0.5,42.5,30,55',
        '"Pre-owned",5,10,50,200,,30,170,60,110,183,,,,',
        '',
      ].join('\r\n'),
    ]);
  });

  it('draws units sold per month as a labelled chart with a table of the same figures and the money', async () => {
    renderDashboard();
    await screen.findByTestId('sales-sell-through');

    const chart = screen.getByRole('img', { name: /^Units sold per month/ });
    expect(chart).toHaveAccessibleName(
      'Units sold per month, Dec 2025 to Nov 2026: Dec 2025 0, Jan 2026 3, Feb 2026 2, Mar 2026 3, Apr 2026 4, ' +
        'May 2026 5, Jun 2026 6, Jul 2026 7, Aug 2026 8, Sep 2026 9, Oct 2026 10, Nov 2026 11',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    expect(chart).toHaveTextContent(/^0Dec20253Jan20262Feb/);

    const toggle = screen.getByText('Show as a table');
    expect(toggle.tagName).toBe('SUMMARY');
    expect(toggle.closest('details')).not.toHaveAttribute('open');
    await userEvent.setup().click(toggle);
    expect(toggle.closest('details')).toHaveAttribute('open');

    const table = screen.getByRole('table', { name: 'Sold per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toHaveTextContent('MonthSoldRevenueFeesNetCostProfitROI');
    expect(rows[1]).toHaveTextContent('Dec 20250——————');
    expect(rows[2]).toHaveTextContent('Jan 20263$10$30$170$60$450%');
  });

  it('spans every month of the data when it covers more than a year', async () => {
    const monthly = monthsBetween('2024-03', '2026-11', (i) => ({ unitsSold: i % 4 }));
    fake.answer = () => ({
      data: summaryBody({ monthly, span: { rows: 80, firstSale: '2024-03-09', lastSale: '2026-11-20' } }),
      error: null,
    });
    renderDashboard();
    await screen.findByTestId('sales-sell-through');
    expect(screen.getByText(/with sales from Mar 9, 2024 to Nov 20, 2026/)).toBeInTheDocument();
    const chart = screen.getByRole('img', {
      name: /^Units sold per month, Mar 2024 to Nov 2026: Mar 2024 0, Apr 2024 1,/,
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(33);
    // Each year is named once, under its first month shown.
    const years = [...chart.querySelectorAll('text')]
      .map((t) => t.textContent)
      .filter((t) => /^\d{4}$/.test(t!));
    expect(years).toEqual(['2024', '2025', '2026']);
    await userEvent.setup().click(screen.getByText('Show as a table'));
    const rows = within(screen.getByRole('table', { name: 'Sold per month' })).getAllByRole('row');
    expect(rows).toHaveLength(34);
    expect(rows[1]).toHaveTextContent(/^Mar 20240/);
    expect(rows[33]).toHaveTextContent(/^Nov 20260/);
  });
});
