import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { availableBody, deferred, httpError, networkError, ok, soldBody } from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer, startEachTestFresh, testUser } from '../testing/render-in-app';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

/** Renders the Explorer and runs the default search, answered with these two counts. */
async function searchAnswering(available: number, sold: number) {
  fake.current!.answer({ available: ok(availableBody(available)), sold: ok(soldBody(sold)) });
  renderExplorer();
  return fillAndSearch();
}

const logs = () => fake.current!.inserted('marketplace_search_logs') as Record<string, unknown>[];

startEachTestFresh(fake);

describe('SearchExplorer before a search', () => {
  it('opens at the top when the visitor came from another page, and leaves the page they opened where it is', () => {
    const first = renderExplorer({}, { initialEntries: ['/about', '/thriftingexplorer'] });
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    first.queryClient.clear();
    cleanup();
    vi.mocked(window.scrollTo).mockClear();
    renderExplorer({}, { initialEntries: ['/thriftingexplorer'] });
    expect(screen.getByRole('heading', { name: 'Search Items' })).toBeInTheDocument();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('shows the heading copy, the panel and the empty state', () => {
    renderExplorer();
    expect(screen.getByText("Is it a score or a snooze? We'll tell you")).toBeInTheDocument();
    expect(screen.getByText(/percentage of listed items that actually sell/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Items' })).toBeInTheDocument();
    expect(
      screen.getByText('Use terms that you think buyers will use to find your item'),
    ).toBeInTheDocument();
    expect(screen.getByText('Select the condition of the item')).toBeInTheDocument();
    expect(screen.getByLabelText(/Item Name/)).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/Levi's 501/),
    );
    expect(
      screen.getByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/available, how many have sold, and the sell-through rate/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download the app/ })).toHaveAttribute(
      'href',
      expect.stringContaining('apps.apple.com'),
    );
    expect(screen.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/contact');
  });

  it('offers the four conditions with their display names', () => {
    renderExplorer();
    const options = within(screen.getByLabelText(/Condition/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select condition',
      'New with tags',
      'New without tags',
      'New with imperfections',
      'Pre-owned',
    ]);
  });
});

describe('the search form (SPEC §5)', () => {
  it('validates on change and enables Search only when the form is valid', async () => {
    renderExplorer();
    const u = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();

    await u.type(screen.getByLabelText(/Item Name/), 'a');
    expect(await screen.findByText('Item name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Item Name/)).toHaveAttribute('aria-invalid', 'true');
    await u.type(screen.getByLabelText(/Item Name/), 'b');
    await waitFor(() =>
      expect(screen.queryByText('Item name must be at least 2 characters.')).not.toBeInTheDocument(),
    );
    expect(button).toBeDisabled();

    await u.selectOptions(screen.getByLabelText(/Condition/), 'New with tags');
    await waitFor(() => expect(button).toBeEnabled());

    await u.selectOptions(screen.getByLabelText(/Condition/), 'Select condition');
    expect(await screen.findByText('Please select a condition.')).toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it('refuses a name with nothing to search for before sending it', async () => {
    renderExplorer();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Item Name/), '!!! ???');
    await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
    expect(
      await screen.findByText('Item name must contain letters or numbers to search for.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(fake.current!.invokeCalls).toHaveLength(0);
  });

  it('explains an empty condition when the select is left', async () => {
    renderExplorer();
    const u = userEvent.setup();
    await u.click(screen.getByLabelText(/Condition/));
    await u.tab();
    expect(await screen.findByText('Please select a condition.')).toBeInTheDocument();
  });

  it('does not accept a name of spaces', async () => {
    renderExplorer();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Item Name/), '   ');
    await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
    expect(await screen.findByText('Item name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('prefills the item name from ?q= without searching', () => {
    renderExplorer({ initialItemName: 'Levi 501' });
    expect(screen.getByLabelText(/Item Name/)).toHaveValue('Levi 501');
    expect(fake.current!.invokeCalls).toHaveLength(0);
  });
});

describe('an anonymous search (SPEC §4, §6)', () => {
  it('toasts Authentication Required and asks for a login instead of searching', async () => {
    const { onRequireLogin } = renderExplorer({ user: null });
    await fillAndSearch();
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please login to use the search feature')).toBeInTheDocument();
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
    expect(fake.current!.invokeCalls).toHaveLength(0);
    expect(logs()).toHaveLength(0);
  });
});

describe('a search asked for before logging in', () => {
  const searches = () => fake.current!.invokeCalls.filter((c) => c.name === 'search-available');

  it('runs once the visitor has logged in through the dialog, and only once', async () => {
    fake.current!.answer({ available: ok(availableBody(20)), sold: ok(soldBody(10)) });
    const { onRequireLogin, rerender } = renderExplorer({ user: null });
    await fillAndSearch('  Levi 501 ', 'New with tags');
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
    expect(fake.current!.invokeCalls).toHaveLength(0);

    expect(screen.getByText('Authentication Required')).toBeInTheDocument();

    rerender({ user: testUser });
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    await waitFor(() => expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument());
    expect(searches()).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({ itemName: 'Levi 501', condition: 'new_with_tags' }),
      }),
    ]);
    expect(fake.current!.headlineCalls().map((c) => c.name)).toEqual(['search-available', 'search-sold']);

    // The session refreshing (a new user object) or later renders never run it again.
    rerender({ user: { ...testUser } });
    rerender({ user: testUser });
    await new Promise((r) => setTimeout(r, 20));
    expect(searches()).toHaveLength(1);
    expect(onRequireLogin).toHaveBeenCalledTimes(1);
  });

  it('does not run when the form changed while the dialog was open', async () => {
    fake.current!.answer({ available: ok(availableBody(20)), sold: ok(soldBody(10)) });
    const { rerender } = renderExplorer({ user: null });
    const u = await fillAndSearch('Levi 501');
    await u.type(screen.getByLabelText(/Item Name/), ' jeans');

    rerender({ user: testUser });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.invokeCalls).toHaveLength(0);
    expect(
      screen.getByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
    // The visitor's own click still searches, with what the form now holds.
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('sell-through-rate');
    expect(searches()).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ itemName: 'Levi 501 jeans' }) }),
    ]);
  });

  it('does not run when the form is no longer valid, and shows no error the visitor did not cause', async () => {
    const { rerender } = renderExplorer({ user: null });
    const u = await fillAndSearch('Levi 501');
    await u.selectOptions(screen.getByLabelText(/Condition/), 'Select condition');
    await screen.findByText('Please select a condition.');
    await u.clear(screen.getByLabelText(/Item Name/));
    await u.type(screen.getByLabelText(/Item Name/), 'Levi 501');

    rerender({ user: testUser });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.invokeCalls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('does not search on login when nothing was asked for', async () => {
    const { rerender } = renderExplorer({ user: null });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Item Name/), 'Levi 501');
    await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');

    rerender({ user: testUser });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.invokeCalls).toHaveLength(0);
  });
});

describe('a signed-in search (SPEC §4)', () => {
  it('runs available then sold, each with its own loading state, and shows the three figures', async () => {
    const available = deferred();
    const sold = deferred();
    fake.current!.answer({ available: () => available.promise, sold: () => sold.promise });
    renderExplorer();
    await fillAndSearch('  zorblax jacket ');

    expect(
      await screen.findByText('Counting available listings...', { selector: '.sr-only:not([role])' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    expect(fake.current!.headlineCalls().map((c) => c.name)).toEqual(['search-available']);
    const availableRequest = fake.current!.headlineCalls()[0].body;
    expect(availableRequest).toMatchObject({
      itemName: 'zorblax jacket',
      condition: 'pre_owned',
      clientInfo: { userAgent: navigator.userAgent, platform: navigator.platform },
    });
    expect(new Date(availableRequest.timestamp as string).toString()).not.toBe('Invalid Date');

    await act(async () => available.resolve(ok(availableBody(8))));
    expect(await screen.findByTestId('available-count')).toHaveTextContent('8');
    expect(
      screen.getByText('Counting sold listings...', { selector: '.sr-only:not([role])' }),
    ).toBeInTheDocument();
    expect(fake.current!.headlineCalls()[1]).toEqual({
      name: 'search-sold',
      body: { itemName: 'zorblax jacket', condition: 'pre_owned' },
    });

    await act(async () => sold.resolve(ok(soldBody(9))));
    expect(await screen.findByTestId('sold-count')).toHaveTextContent('9');
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('113%');
    expect(screen.getByTestId('band-label')).toHaveTextContent('High demand!');
    expect(
      screen.getByText(
        'Results for zorblax jacket, last 90 days: 8 available, 9 sold, sell-through 113%. Based on 8 listings and 9 sales: too few to judge.',
      ),
    ).toBeInTheDocument();
  });

  it('logs one row per call with the count, and the zero flag', async () => {
    fake.current!.answer({ available: ok(availableBody(40)), sold: ok(soldBody(0)) });
    renderExplorer();
    await fillAndSearch('Align leggings', 'New with tags');
    await waitFor(() => expect(logs()).toHaveLength(2));
    expect(logs()).toEqual([
      {
        search_term: 'Align leggings',
        condition: 'new_with_tags',
        search_type: 'available',
        result_count: 40,
        is_zero_result: false,
        api_success: true,
        error_message: null,
      },
      {
        search_term: 'Align leggings',
        condition: 'new_with_tags',
        search_type: 'sold',
        result_count: 0,
        is_zero_result: true,
        api_success: true,
        error_message: null,
      },
    ]);
  });

  it.each([
    [100, 71, '71%', 'High demand!', /seller's market/],
    [100, 70, '70%', 'Steady market', /relatively balanced/],
    [100, 41, '41%', 'Steady market', /relatively balanced/],
    [100, 40, '40%', 'Close to steady', /warming to it/],
    [100, 35, '35%', null, /slow/],
  ])('shows the band for %i available / %i sold', async (a, s, rate, label, analysis) => {
    await searchAnswering(a, s);
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent(rate);
    if (label) expect(screen.getByTestId('band-label')).toHaveTextContent(label);
    else expect(screen.queryByTestId('band-label')).not.toBeInTheDocument();
    expect(screen.getByTestId('band-analysis')).toHaveTextContent(analysis);
    expect(screen.getByTestId('market-analysis')).toHaveTextContent('Based on recent listings');
    expect(screen.getByTestId('market-analysis')).toHaveTextContent(/informational and indicative only/);
    expect(screen.getByTestId('market-analysis')).toHaveTextContent(/sole basis for business decisions/);
  });

  it('rains hearts and shows a heart above 35, but not at 35', async () => {
    await searchAnswering(100, 36);
    expect(await screen.findByTestId('falling-hearts')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('rate-heart')).toBeInTheDocument();
    expect(screen.queryByTestId('snooze-bubble')).not.toBeInTheDocument();
  });

  it('shows neither hearts nor the snooze bubble at 35', async () => {
    await searchAnswering(100, 35);
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('35%');
    expect(screen.queryByTestId('falling-hearts')).not.toBeInTheDocument();
    expect(screen.queryByTestId('snooze-bubble')).not.toBeInTheDocument();
  });

  it("shows the 'Less than 10% is a snooze' bubble below 10", async () => {
    await searchAnswering(100, 9);
    expect(await screen.findByTestId('snooze-bubble')).toHaveTextContent('Less than 10% is a snooze');
  });

  it('formats big counts with K and M', async () => {
    await searchAnswering(1_250_000, 25_400);
    expect(await screen.findByTestId('available-count')).toHaveTextContent('1.2M');
    expect(screen.getByTestId('sold-count')).toHaveTextContent('25.4K');
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('2%');
  });

  it("opens 'No Sold Items Found' on a real 0, and 'Got it' closes it", async () => {
    const u = await searchAnswering(12, 0);
    const dialog = await screen.findByRole('dialog', { name: 'No Sold Items Found' });
    expect(dialog).toHaveTextContent("You might've thrifted a ghost");
    expect(dialog).toHaveTextContent(/loosen/);
    expect(dialog).toHaveTextContent(/another name/);
    expect(dialog).toHaveTextContent(/lookalike/);
    await u.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('0%');
  });

  it('says sold data is unavailable, with the reason, instead of claiming zero sales', async () => {
    fake.current!.answer({
      available: ok(availableBody(30, { source: 'ebay' })),
      sold: ok(
        soldBody(null, { source: 'ebay', reason: 'eBay sold data needs Marketplace Insights access.' }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const sold = await screen.findByTestId('sold-unavailable');
    expect(sold).toHaveTextContent('Sold data unavailable');
    expect(sold).toHaveTextContent('eBay sold data needs Marketplace Insights access.');
    expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('snooze-bubble')).not.toBeInTheDocument();
    expect(screen.getByTestId('band-analysis')).toHaveTextContent(/without sold data/);
    expect(screen.getByTestId('deeper-look')).toHaveTextContent('Needs sold data');
    expect(screen.getByTestId('deeper-look')).not.toHaveTextContent('Not enough sales to say');
    await waitFor(() => expect(logs()).toHaveLength(2));
    expect(logs()[1]).toMatchObject({ search_type: 'sold', api_success: false, is_zero_result: false });
    expect(logs()[1].error_message).toMatch(/Marketplace Insights/);
  });

  it('says how the query was read: corrected words and words left out of the match', async () => {
    fake.current!.answer({
      available: ok(
        availableBody(20, {
          reading: { corrected: [{ from: 'lululemn', to: 'lululemon' }], ignored: ['euc'] },
        }),
      ),
      sold: ok(soldBody(10)),
    });
    renderExplorer();
    await fillAndSearch('lululemn align euc');
    const note = await screen.findByTestId('query-reading');
    expect(note).toHaveTextContent('Matched “lululemn” as “lululemon”.');
    expect(note).toHaveTextContent(/Left out of the match .*: euc\./);
  });

  it('marks results drawn from demo data', async () => {
    fake.current!.answer({
      available: ok(availableBody(20, { isDemo: true })),
      sold: ok(soldBody(5, { isDemo: true })),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(screen.getByText(/demo market index, not live marketplaces/)).toBeInTheDocument();
  });

  it('shows an answer without a count as an error, never as 0 (issue 10)', async () => {
    fake.current!.answer({ available: ok({}), sold: ok({ soldCount: 3 }) });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('search-error')).toBeInTheDocument();
    expect(screen.queryByTestId('available-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
    await waitFor(() => expect(logs()).toHaveLength(1));
    expect(logs()[0]).toMatchObject({ search_type: 'available', api_success: false });
    expect(logs()[0].error_message).toMatch(/Unreadable available answer: availableCount/);
  });
});

describe('search errors (SPEC §8)', () => {
  it('shows the unavailable text in an Error alert and a Search Error toast, logs it, and stops', async () => {
    fake.current!.answer({
      available: httpError(503, { error: 'Market data source unavailable' }),
      sold: ok(soldBody(1)),
    });
    renderExplorer();
    await fillAndSearch();
    const alert = await screen.findByTestId('search-error');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Search service temporarily unavailable. Please try again in a moment.');
    expect(await screen.findByText('Search Error')).toBeInTheDocument();
    expect(fake.current!.headlineCalls().map((c) => c.name)).toEqual(['search-available']);
    await waitFor(() => expect(logs()).toHaveLength(1));
    expect(logs()[0]).toMatchObject({
      search_type: 'available',
      api_success: false,
      result_count: 0,
      is_zero_result: false,
      error_message: '503: Market data source unavailable',
    });
  });

  it('shows the timeout text for a 504 from the sold search, keeping the available count', async () => {
    fake.current!.answer({
      available: ok(availableBody(15)),
      sold: httpError(504, { error: 'Market data source timeout' }),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('search-error')).toHaveTextContent(
      'Request timed out. Please try again.',
    );
    expect(screen.getByTestId('available-count')).toHaveTextContent('15');
    expect(screen.queryByTestId('market-analysis')).not.toBeInTheDocument();
    await waitFor(() => expect(logs()).toHaveLength(2));
    expect(logs()[1]).toMatchObject({ search_type: 'sold', api_success: false });
  });

  it('shows the network text when the request never arrives', async () => {
    fake.current!.answer({ available: networkError() });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('search-error')).toHaveTextContent(
      'Network connection failed. Please check your internet connection and try again.',
    );
  });

  it('shows the per-search fallback for other failures, and the retry runs the same search again', async () => {
    let attempt = 0;
    fake.current!.answer({
      available: () => (++attempt === 1 ? httpError(500, { error: 'boom' }) : ok(availableBody(10))),
      sold: ok(soldBody(5)),
    });
    renderExplorer();
    const u = await fillAndSearch();
    const alert = await screen.findByTestId('search-error');
    expect(alert).toHaveTextContent('Failed to search available listings. Please try again.');
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(screen.queryByTestId('search-error')).not.toBeInTheDocument();
  });

  it('tells a rate-limited user when to try again', async () => {
    fake.current!.answer({ available: httpError(429, { error: 'Too many searches', retryAfter: 30 }) });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('search-error')).toHaveTextContent(
      'Too many searches. Please try again in 30 seconds.',
    );
  });

  it('writes a failure to log only to the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.current!.answer({ available: ok(availableBody(10)), sold: ok(soldBody(5)) });
    fake.current!.onTable(({ table }) =>
      table === 'marketplace_search_logs'
        ? { data: null, error: { message: 'denied', code: '42501' } }
        : { data: [], error: null },
    );
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not write the search log', expect.anything()),
    );
    expect(screen.queryByTestId('search-error')).not.toBeInTheDocument();
    expect(screen.queryByText('Search Error')).not.toBeInTheDocument();
  });
});

describe('the deeper look', () => {
  it('shows comps, prices, days to sell, the condition ladder, marketplaces and the formula', async () => {
    fake.current!.answer({
      available: ok(
        availableBody(8, {
          byCondition: { new_with_tags: 3, new_without_tags: 0, new_with_imperfections: 1, pre_owned: 8 },
          byMarketplace: [
            { marketplace: 'poshmark', available: 5 },
            { marketplace: 'ebay', available: 3 },
          ],
        }),
      ),
      sold: ok(
        soldBody(9, {
          medianPrice: 48,
          priceRange: { p25: 35.5, p75: 60 },
          typicalDaysToSell: 6,
          byCondition: { new_with_tags: 3, new_without_tags: 1, new_with_imperfections: 0, pre_owned: 9 },
          byMarketplace: [
            { marketplace: 'poshmark', sold: 6 },
            { marketplace: 'ebay', sold: 3 },
          ],
        }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const panel = await screen.findByTestId('deeper-look');
    expect(within(panel).getByTestId('comps-line')).toHaveTextContent(
      'Based on 8 available and 9 sold comps',
    );
    // 8 listed and 9 sold: 17 together, under the 20 of decision 057; 9 sales are too few for a price too.
    expect(within(panel).getByTestId('thin-sample-note')).toHaveTextContent(
      'Thin sample: fewer than 20 listed and sold together',
    );
    expect(within(panel).getByTestId('price-thin-note')).toHaveTextContent(
      'Based on 9 sales: too few to judge a price',
    );
    expect(panel).toHaveTextContent('$48');
    expect(panel).toHaveTextContent('$35.50 – $60');
    expect(panel).toHaveTextContent('6 days');

    const ladder = within(panel).getByTestId('condition-ladder');
    const mine = within(ladder).getByRole('row', { current: true });
    expect(mine).toHaveTextContent('Pre-owned');
    expect(mine).toHaveTextContent('113%');
    expect(within(ladder).getByRole('row', { name: /New without tags/ })).toHaveTextContent(
      /0\s*1.*None listed/,
    );

    const markets = within(panel).getByTestId('marketplace-table');
    expect(
      within(markets)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MarketplaceAvailableSoldRateSell-through',
      // The mark's short phone word and its desktop words are both in the DOM; CSS shows one.
      'Poshmark56120%ThinThin sample: fewer than 20 listed and sold, too few to judge',
      'eBay33100%ThinThin sample: fewer than 20 listed and sold, too few to judge',
    ]);
    // What the mark means is written under the table, not in a hover title a phone cannot show.
    expect(within(panel).getAllByTestId('row-thin-legend')[0]).toHaveTextContent(
      'Thin sample: the rate of that row stands on fewer than 20 listed and sold together, too few to judge.',
    );
    expect(within(panel).getByTestId('formula')).toHaveTextContent(
      'Sell-through = sold in the last 90 days ÷ listed now',
    );
    expect(panel).toHaveTextContent(/Above 100%/);
  });

  it('has no thin-sample note with 20 listed and sold together, and no marketplace table for one marketplace', async () => {
    await searchAnswering(10, 10);
    const panel = await screen.findByTestId('deeper-look');
    expect(within(panel).queryByTestId('thin-sample-note')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('thin-sample')).not.toBeInTheDocument();
    // The rate stands on 20; its prices on 10 sales, still too few.
    expect(within(panel).getByTestId('price-thin-note')).toHaveTextContent('Based on 10 sales');
    expect(within(panel).queryByTestId('marketplace-table')).not.toBeInTheDocument();
  });
});

describe('saved searches from the explorer', () => {
  /** What a saved search stores of an answer of 20 listed and 10 sold (imported listings, 90 days). */
  const figureColumns = {
    last_available: 20,
    last_sold: 10,
    last_rate: 50,
    origin: 'import',
    is_demo: false,
  };
  // The search a saved row is (issue 54): its window and narrowing, null where not asked for.
  const plainSearch = { window_days: 90, size: null, marketplace: null, price_min: null, price_max: null };

  it('saves a search with its figures and then shows it as saved', async () => {
    const saved: Record<string, unknown>[] = [];
    fake.current!.answer({ available: ok(availableBody(20)), sold: ok(soldBody(10)) });
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
    renderExplorer();
    const u = await fillAndSearch('  Levi   501 ');
    await u.click(await screen.findByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    expect(await screen.findByTestId('search-saved')).toHaveTextContent('Saved');
    expect(fake.current!.inserted('saved_searches')).toEqual([
      { item_name: 'Levi 501', condition: 'pre_owned', ...plainSearch, ...figureColumns },
    ]);
  });

  it('refreshes the figures of a saved search each time it is run', async () => {
    fake.current!.answer({ available: ok(availableBody(20)), sold: ok(soldBody(10)) });
    renderExplorer();
    await fillAndSearch('Levi 501');
    await screen.findByTestId('sell-through-rate');
    await waitFor(() => {
      const update = fake.current!.tableCalls.find(
        (c) => c.table === 'saved_searches' && c.ops.some(([op]) => op === 'update'),
      );
      expect(update?.ops).toEqual(
        expect.arrayContaining([
          ['update', [figureColumns]],
          ['eq', ['item_key', 'levi 501']],
          ['eq', ['condition', 'pre_owned']],
          ['eq', ['window_days', 90]],
          ['is', ['size_key', null]],
          ['is', ['marketplace', null]],
          ['is', ['price_min', null]],
          ['is', ['price_max', null]],
        ]),
      );
    });
  });

  it('runs a saved search straight away from a "Run again" link once the session is known', async () => {
    fake.current!.answer({ available: ok(availableBody(20)), sold: ok(soldBody(10)) });
    const props = { initialItemName: 'Levi 501', initialCondition: 'pre_owned' };
    const { rerender } = renderExplorer({ ...props, user: null, authLoading: true });
    expect(screen.getByLabelText(/Condition/)).toHaveValue('pre_owned');
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.invokeCalls).toHaveLength(0);
    rerender({ ...props, user: testUser, authLoading: false });
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(fake.current!.invokeCalls.filter((c) => c.name === 'search-available')).toHaveLength(1);
  });
});
