import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from '../lib/csv';
import type { SalesGroup, SalesSummary } from '../lib/summary-types';
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

const group = (key: string | null, over: Partial<SalesGroup> = {}): SalesGroup => ({
  key,
  listed: 10,
  sold: 5,
  sellThrough: 50,
  medianDaysToSell: 12,
  medianPrice: 40,
  p25Price: 30,
  p75Price: 55,
  ...over,
});

/** The overall figures of a selection with nothing sold and nothing listed. */
const noSales = () =>
  group(null, {
    listed: 0,
    sold: 0,
    sellThrough: 0,
    medianDaysToSell: null,
    medianPrice: null,
    p25Price: null,
    p75Price: null,
  });

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

function summaryBody(over: Partial<SalesSummary> = {}): SalesSummary {
  return {
    currency: 'USD',
    otherCurrencySales: 0,
    overall: group(null, { listed: 20, sold: 9, sellThrough: 45, medianDaysToSell: 12, medianPrice: 42 }),
    byBrand: [
      group("Levi's", { listed: 11, sold: 9, sellThrough: 82, medianDaysToSell: 8 }),
      group('Zara', { listed: 4, sold: 2, sellThrough: 50, medianDaysToSell: 41 }),
      group('=HYPERLINK("http://evil","click")', {
        listed: 3,
        sold: 1,
        sellThrough: 33,
        medianDaysToSell: 20,
      }),
      group(null, { listed: 2, sold: 0, sellThrough: 0, medianDaysToSell: null, medianPrice: null }),
    ],
    byCategory: [group('Jeans')],
    bySize: [group('M')],
    byCondition: [
      group('new_with_tags', {
        listed: 2,
        sold: 3,
        sellThrough: 150,
        medianDaysToSell: 0.5,
        medianPrice: 42.5,
      }),
      group('pre_owned', { medianPrice: null, p25Price: null, p75Price: null, medianDaysToSell: null }),
    ],
    byMarketplace: [group('ebay'), group('depop')],
    monthly: months.map((month, i) => ({ month, sold: i === 1 ? 3 : i, revenue: i === 0 ? null : i * 10 })),
    span: { rows: 31, firstSale: '2025-12-03', lastSale: '2026-11-20' },
    marketplaces: ['depop', 'ebay'],
    ...over,
  };
}

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
  it('shows the headline figures, the breakdown and the best and slowest sellers', async () => {
    fake.answer = () => ({ data: summaryBody({ otherCurrencySales: 3 }), error: null });
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sales…');

    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(/^45%$/);
    expect(fake.calls).toEqual([
      { fn: 'seller_sales_summary', args: { p_from: null, p_to: null, p_marketplace: null } },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Your sales' })).toBeInTheDocument();
    expect(screen.getByText('9 sold · 20 listed now')).toBeInTheDocument();
    expect(screen.queryByText('Nothing of this is listed now')).not.toBeInTheDocument();
    expect(screen.getByTestId('sales-median-days')).toHaveTextContent(/^12 days$/);
    expect(screen.getByTestId('sales-median-price')).toHaveTextContent(/^\$42$/);
    expect(screen.getByText('Middle 50%: $30–$55')).toBeInTheDocument();
    expect(screen.getByText('3 sales in other currencies are not in the price figures.')).toBeInTheDocument();
    expect(
      screen.getByText(/31 imported rows, with sales from Dec 3, 2025 to Nov 20, 2026/),
    ).toBeInTheDocument();

    const byBrand = screen.getByRole('table', { name: 'Your sales by brand' });
    const rows = within(byBrand).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('BrandListedSoldSell-throughMedian daysMedian priceMiddle 50%');
    expect(rows[1]).toHaveTextContent("Levi's11982%8 days$40$30–$55");
    expect(rows[4]).toHaveTextContent('Not recorded200%——$30–$55');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Condition' }));
    const byCondition = screen.getByRole('table', { name: 'Your sales by condition' });
    expect(within(byCondition).getByRole('rowheader', { name: 'New with tags' })).toBeInTheDocument();
    expect(within(byCondition).getByRole('row', { name: /New with tags/ })).toHaveTextContent(
      'New with tags23150%0.5 days$42.50$30–$55',
    );
    expect(within(byCondition).getByRole('row', { name: /Pre-owned/ })).toHaveTextContent(
      'Pre-owned10550%———',
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

  it('says when nothing counted is listed now, when listing dates are missing and when no brand qualifies', async () => {
    fake.answer = () => ({
      data: summaryBody({
        overall: group(null, {
          listed: 0,
          sold: 4,
          sellThrough: 0,
          medianDaysToSell: null,
          medianPrice: null,
          p25Price: null,
          p75Price: null,
        }),
        byBrand: [group('Zara', { listed: 0, sold: 1, sellThrough: 0, medianDaysToSell: null })],
      }),
      error: null,
    });
    renderDashboard();
    expect(await screen.findByTestId('sales-sell-through')).toHaveTextContent(/^0%$/);
    expect(screen.getByText('4 sold · 0 listed now')).toBeInTheDocument();
    expect(screen.getByText('Nothing of this is listed now')).toBeInTheDocument();
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

  it('exports the breakdown table shown as CSV, with formula-like text neutralised', async () => {
    renderDashboard();
    await screen.findByTestId('sales-sell-through');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export table as CSV' }));
    expect(downloadCsv).toHaveBeenCalledTimes(1);
    expect(vi.mocked(downloadCsv).mock.calls[0]).toEqual([
      'flipwise-sales-by-brand.csv',
      [
        'Brand,Listed,Sold,Sell-through (%),Median days to sell,Median price (USD),Middle 50% from (USD),Middle 50% to (USD)',
        "Levi's,11,9,82,8,40,30,55",
        'Zara,4,2,50,41,40,30,55',
        `"'=HYPERLINK(""http://evil"",""click"")",3,1,33,20,40,30,55`,
        'Not recorded,2,0,0,,,30,55',
        '',
      ].join('\r\n'),
    ]);

    await user.click(screen.getByRole('tab', { name: 'Condition' }));
    await user.click(screen.getByRole('button', { name: 'Export table as CSV' }));
    expect(vi.mocked(downloadCsv).mock.calls[1]).toEqual([
      'flipwise-sales-by-condition.csv',
      [
        'Condition,Listed,Sold,Sell-through (%),Median days to sell,Median price (USD),Middle 50% from (USD),Middle 50% to (USD)',
        'New with tags,2,3,150,0.5,42.5,30,55',
        'Pre-owned,10,5,50,,,,',
        '',
      ].join('\r\n'),
    ]);
  });

  it('draws sold per month as a labelled chart with a table of the same figures', async () => {
    renderDashboard();
    await screen.findByTestId('sales-sell-through');

    const chart = screen.getByRole('img', { name: /^Sold per month, last 12 months:/ });
    expect(chart).toHaveAccessibleName(
      'Sold per month, last 12 months: Dec 2025 0, Jan 2026 3, Feb 2026 2, Mar 2026 3, Apr 2026 4, May 2026 5, ' +
        'Jun 2026 6, Jul 2026 7, Aug 2026 8, Sep 2026 9, Oct 2026 10, Nov 2026 11',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    expect(chart).toHaveTextContent(/^0Dec3Jan2Feb/);

    const toggle = screen.getByText('Show as a table');
    expect(toggle.tagName).toBe('SUMMARY');
    expect(toggle.closest('details')).not.toHaveAttribute('open');
    await userEvent.setup().click(toggle);
    expect(toggle.closest('details')).toHaveAttribute('open');

    const table = screen.getByRole('table', { name: 'Sold per month' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toHaveTextContent('MonthSoldRevenue');
    expect(rows[1]).toHaveTextContent('Dec 20250—');
    expect(rows[2]).toHaveTextContent('Jan 20263$10');
  });
});
