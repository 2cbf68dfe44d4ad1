// Issue 54 on the Explorer: the window beside the condition drives the headline; a size, a price band and a marketplace
// narrow the search; all of it goes in the address, comes back on a reload and with Back, and is said in the answer's
// "what we searched" line; a size the item name writes fills the size choice; the trend as a chart and its table.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { readSearchAddress } from '../hooks/use-search-address';
import { availableBody, ok, soldBody } from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { renderInApp, startEachTestFresh } from '../testing/render-in-app';
import { SearchExplorer } from './search-explorer';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const signedIn = { id: '00000000-0000-4000-8000-000000000001' };

/** Thirteen ISO weeks from Aug 24, 2026: a week of too few sellers, a week without a price, the rest sold. */
const weeks = Array.from({ length: 13 }, (_, i) => {
  const week = new Date(Date.UTC(2026, 7, 24 + 7 * i)).toISOString().slice(0, 10);
  if (i === 3) return { week, sold: null, medianPrice: null };
  if (i === 5) return { week, sold: 0, medianPrice: null };
  return { week, sold: i + 1, medianPrice: 30 + i };
});

/** Sold counts by what the search asked: the window and the narrowing change the figures. */
function soldFor(body: Record<string, unknown>) {
  const windowDays = (body.windowDays as number | undefined) ?? 90;
  const narrowed =
    body.size || body.marketplace || body.priceMin !== undefined || body.priceMax !== undefined;
  const sold = windowDays === 30 ? 6 : narrowed ? 4 : 10;
  return soldBody(sold, {
    windowDays,
    weeks,
    trendReading: {
      pace: 'faster',
      price: null,
      earlySold: 3,
      recentSold: 12,
      earlyMedian: null,
      recentMedian: null,
    },
  });
}

function answer(client: FakeSupabase) {
  client.onInvoke(({ name, body }) => {
    if (name === 'search-listed') return ok({ rows: [] });
    if (name === 'search-available') {
      const sized = /size m\b/i.test(String(body.itemName));
      return ok(
        availableBody(
          body.size ? 8 : 20,
          sized ? { reading: { corrected: [], ignored: [], size: 'M' } } : {},
        ),
      );
    }
    return ok(soldFor(body));
  });
}

const browser = { navigate: null as NavigateFunction | null, location: null as Location | null };
function Browser() {
  browser.navigate = useNavigate();
  browser.location = useLocation();
  return null;
}
const address = () => Object.fromEntries(new URLSearchParams(browser.location!.search));

/** As src/app/routes/thriftingexplorer.tsx composes it. */
function ExplorerRoute() {
  const [params] = useSearchParams();
  const { windowDays, size, priceMin, priceMax, marketplace } = readSearchAddress(params.toString());
  return (
    <SearchExplorer
      user={signedIn}
      onRequireLogin={vi.fn()}
      initialItemName={params.get('q') ?? undefined}
      initialCondition={params.get('condition') ?? undefined}
      initialNarrowing={{ windowDays, size, priceMin, priceMax, marketplace }}
    />
  );
}

function open(entry = '/thriftingexplorer') {
  return renderInApp(
    <>
      <Routes>
        <Route path="/thriftingexplorer" element={<ExplorerRoute />} />
      </Routes>
      <Browser />
    </>,
    { initialEntries: [entry] },
  );
}

const soldCalls = () => fake.current!.invokeCalls.filter((c) => c.name === 'search-sold');
const searchedLine = () => screen.getByTestId('searched-line');
/** What a screen reader hears of the answer. */
const announced = () =>
  screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Results for'))?.textContent ?? '';

async function typeSearch(u: ReturnType<typeof userEvent.setup>, name: string) {
  await u.clear(screen.getByLabelText(/Item Name/));
  await u.type(screen.getByLabelText(/Item Name/), name);
  await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
}

startEachTestFresh(fake, answer);

describe('the research desk on the Explorer', () => {
  it('asks for the window beside the condition, and the headline counts that window', async () => {
    open();
    const u = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Sold in the last' });
    expect(within(group).getByRole('radio', { name: /90 days/ })).toBeChecked();
    await typeSearch(u, 'Levi 501');
    await u.click(within(group).getByRole('radio', { name: '30 days' }));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('sold-count')).toHaveTextContent('6');
    expect(soldCalls().at(-1)?.body).toMatchObject({ windowDays: 30 });
    expect(screen.getByTestId('rate-card')).toHaveTextContent('30%');
    expect(searchedLine()).toHaveTextContent('Results for “Levi 501” · Pre-owned · last 30 days');
    expect(announced()).toMatch(
      /^Results for Levi 501, last 30 days: \d+ available, 6 sold, sell-through 30%\./,
    );
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned', window: '30' }));
  });

  it('narrows by size, price band and marketplace, says so, keeps it in the address, and Back brings it back', async () => {
    open();
    const u = userEvent.setup();
    await typeSearch(u, 'Levi 501');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('sold-count')).toHaveTextContent('10');

    await u.click(screen.getByRole('button', { name: /More filters/ }));
    await u.type(screen.getByLabelText('Size'), '32x30');
    await u.type(screen.getByLabelText('From'), '20');
    await u.type(screen.getByLabelText('Under'), '50');
    await u.selectOptions(screen.getByLabelText('Marketplace'), 'Poshmark');
    expect(screen.getByRole('button', { name: /More filters/ })).toHaveTextContent('4 set');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('sold-count')).toHaveTextContent('4'));
    expect(screen.getByTestId('available-count')).toHaveTextContent('8');
    expect(soldCalls().at(-1)?.body).toMatchObject({
      size: '32x30',
      priceMin: 20,
      priceMax: 50,
      marketplace: 'poshmark',
    });
    expect(soldCalls().at(-1)?.body).not.toHaveProperty('windowDays');
    expect(searchedLine()).toHaveTextContent(
      'Results for “Levi 501” · Pre-owned · last 90 days · size 32x30 · $20 – $50 · on Poshmark',
    );
    // A screen reader hears the same search: its window and each narrowing.
    expect(announced()).toMatch(
      /^Results for Levi 501, last 90 days, size 32x30, \$20 – \$50, on Poshmark: 8 available, 4 sold,/,
    );
    await waitFor(() =>
      expect(address()).toEqual({
        q: 'Levi 501',
        condition: 'pre_owned',
        size: '32x30',
        min: '20',
        max: '50',
        market: 'poshmark',
      }),
    );

    const calls = fake.current!.invokeCalls.length;
    act(() => void browser.navigate!(-1));
    await waitFor(() => expect(screen.getByTestId('sold-count')).toHaveTextContent('10'));
    expect(screen.getByLabelText('Size')).toHaveValue('');
    expect(screen.getByLabelText('Marketplace')).toHaveValue('');
    act(() => void browser.navigate!(1));
    await waitFor(() => expect(screen.getByTestId('sold-count')).toHaveTextContent('4'));
    expect(screen.getByLabelText('Size')).toHaveValue('32x30');
    expect(screen.getByLabelText('From')).toHaveValue('20');
    expect(screen.getByLabelText('Marketplace')).toHaveValue('poshmark');
    // Back and Forward showed the kept answers: nothing asked again.
    expect(fake.current!.invokeCalls.filter((c) => c.name !== 'search-listed').length).toBe(
      fake.current!.invokeCalls.slice(0, calls).filter((c) => c.name !== 'search-listed').length,
    );
  });

  it('opens an address with its window and narrowing in the form, and runs that search', async () => {
    open('/thriftingexplorer?q=Levi+501&condition=pre_owned&window=30&size=M&max=50&market=ebay');
    expect(await screen.findByTestId('sold-count')).toHaveTextContent('6');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(screen.getByLabelText('Size')).toHaveValue('M');
    expect(screen.getByLabelText('Under')).toHaveValue('50');
    expect(screen.getByLabelText('Marketplace')).toHaveValue('ebay');
    expect(soldCalls()[0].body).toMatchObject({
      windowDays: 30,
      size: 'M',
      priceMax: 50,
      marketplace: 'ebay',
    });
    expect(searchedLine()).toHaveTextContent('last 30 days · size M · under $50 · on eBay');
  });

  it('refuses a price band the wrong way round, and a size it cannot read, before searching', async () => {
    open();
    const u = userEvent.setup();
    await typeSearch(u, 'Levi 501');
    await u.click(screen.getByRole('button', { name: /More filters/ }));
    await u.type(screen.getByLabelText('From'), '50');
    await u.type(screen.getByLabelText('Under'), '20');
    expect(await screen.findByText('The second price must be above the first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await u.clear(screen.getByLabelText('Under'));
    await u.type(screen.getByLabelText('Under'), 'abc');
    expect(await screen.findByText('Enter a price in dollars, from 0 to 100,000.')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Under'));
    await u.type(screen.getByLabelText('Size'), '<b>');
    expect(
      await screen.findByText('Size must be at most 12 letters or numbers, such as M, 8 or 32x30.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Size')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('fills the size choice with a size the item name writes, and lets it go when the name changes', async () => {
    open();
    const u = userEvent.setup();
    await typeSearch(u, 'Levi 501 size M');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('sold-count');
    await waitFor(() => expect(screen.getByLabelText('Size')).toHaveValue('M'));
    // "More filters" says so, and stays closed: opening it would push the answer down on a phone.
    expect(screen.getByRole('button', { name: /More filters/ })).toHaveTextContent('1 set');
    expect(screen.getByRole('button', { name: /More filters/ })).toHaveAttribute('aria-expanded', 'false');
    await u.click(screen.getByRole('button', { name: /More filters/ }));
    expect(screen.getByLabelText('Size')).toBeVisible();
    expect(screen.getByText('From your item name')).toBeInTheDocument();
    expect(searchedLine()).toHaveTextContent('size M (from your words)');
    expect(announced()).toMatch(/^Results for Levi 501 size M, last 90 days, size M \(from your words\):/);
    // The search itself asked for no size: the name's own words narrowed it.
    expect(soldCalls().at(-1)?.body).not.toHaveProperty('size');

    await u.clear(screen.getByLabelText(/Item Name/));
    await u.type(screen.getByLabelText(/Item Name/), 'Levi 501');
    expect(screen.getByLabelText('Size')).toHaveValue('');
  });

  it('shows the trend as a chart and as its table, which agree, with the reading only where it can say one', async () => {
    open();
    const u = userEvent.setup();
    await typeSearch(u, 'Levi 501');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    const trend = await screen.findByTestId('trend');
    expect(within(trend).getByTestId('trend-reading')).toHaveTextContent(
      /^Selling faster than 3 months ago$/,
    );
    expect(within(trend).getByTestId('trend-reading-basis')).toHaveTextContent(
      'The last 30 days against the first 30 of the window: 12 sold against 3.',
    );
    expect(within(trend).getByTestId('trend-listed-today')).toHaveTextContent('Listed today: 20');
    const bars = [...within(trend).getByTestId('trend-sold-chart').querySelectorAll('[data-week]')].map(
      (e) => [e.getAttribute('data-week'), e.getAttribute('data-value')],
    );
    expect(bars).toHaveLength(13);
    expect(bars[3]).toEqual(['2026-09-14', 'too-few']);
    expect(bars[5]).toEqual(['2026-09-28', '0']);
    expect(within(trend).getByTestId('trend-too-few-legend')).toBeInTheDocument();

    await u.click(within(trend).getByRole('tab', { name: 'Table' }));
    const table = within(trend).getByTestId('trend-table');
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('data-week'));
    expect(
      rows.map((r) => [r.getAttribute('data-week'), within(r).getByTestId('trend-table-sold').textContent]),
    ).toEqual(bars.map(([week, value]) => [week, value === 'too-few' ? 'Too few sellers' : value]));
    expect(within(rows[5]).getByTestId('trend-table-price')).toHaveTextContent('No price');
    expect(within(rows[0]).getByTestId('trend-table-price')).toHaveTextContent('$30');
    expect(within(rows[12]).getByRole('rowheader')).toHaveTextContent('Nov 16 (so far)');
    expect(within(table).getByTestId('trend-table-listed')).toHaveTextContent('20');
  });

  it('says no reading when the answer can say none, and shows no trend for a source without one', async () => {
    fake.current!.onInvoke(({ name }) => {
      if (name === 'search-listed') return ok({ rows: [] });
      if (name === 'search-available')
        return ok(availableBody(20, { notNarrowedBy: ['size'], source: 'ebay' }));
      return ok(
        soldBody(10, { weeks, trendReading: { pace: null, price: null, earlySold: 1, recentSold: 2 } }),
      );
    });
    open('/thriftingexplorer?q=Levi+501&condition=pre_owned&size=M');
    const trend = await screen.findByTestId('trend');
    expect(within(trend).queryByTestId('trend-reading')).not.toBeInTheDocument();
    expect(screen.getByTestId('not-narrowed')).toHaveTextContent(
      'Not narrowed by size: eBay cannot narrow its figures that way, so they cover every size.',
    );
    expect(announced()).toMatch(
      /^Results for Levi 501, last 90 days, size M: .* Not narrowed by size: eBay cannot narrow its figures that way, so they cover every size\.$/,
    );

    fake.current!.onInvoke(({ name }) =>
      name === 'search-listed'
        ? ok({ rows: [] })
        : ok(name === 'search-available' ? availableBody(5) : soldBody(2)),
    );
    const u = userEvent.setup();
    await typeSearch(u, 'Nike Dunk');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('“Nike Dunk”');
    await waitFor(() => expect(screen.queryByTestId('trend')).not.toBeInTheDocument());
  });

  it('saves a narrowed search with its window, and sees it as saved', async () => {
    const saved: Record<string, unknown>[] = [];
    fake.current!.onTable(({ table, ops }) => {
      if (table !== 'saved_searches') return { data: null, error: null };
      const insert = ops.find(([op]) => op === 'insert');
      if (insert) {
        const row = {
          id: 's1',
          created_at: '2026-11-22T01:00:00Z',
          updated_at: '2026-11-22T01:00:00Z',
          ...(insert[1][0] as object),
        };
        saved.push(row);
        return { data: row, error: null };
      }
      if (ops.some(([op]) => op === 'update')) return { data: [], error: null };
      return { data: saved, error: null };
    });
    open('/thriftingexplorer?q=Levi+501&condition=pre_owned&window=30&size=m&min=20');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Save search' }));
    expect(await screen.findByTestId('search-saved')).toHaveTextContent('Saved');
    expect(fake.current!.inserted('saved_searches')[0]).toMatchObject({
      item_name: 'Levi 501',
      condition: 'pre_owned',
      window_days: 30,
      size: 'm',
      marketplace: null,
      price_min: 20,
      price_max: null,
      last_sold: 6,
    });
  });
});
