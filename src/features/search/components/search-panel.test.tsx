// Issue 22 on the Explorer: the seller panel's threshold (withheld figures, the source line, withheld cells), the
// marketplaces' own "listed now" rows beside the headline, and the state of a deployment with no market data.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  availableBody,
  deferred,
  httpError,
  listedRow,
  ok,
  panelFacts,
  soldBody,
} from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer, startEachTestFresh } from '../testing/render-in-app';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const WITHHELD = 'Not enough sellers have shared sales like this yet';

/** A panel answer: the count shown, drawing on `sellers` sellers. */
const panelAvailable = (count: number, sellers: number, extra: Record<string, unknown> = {}) =>
  availableBody(count, { origin: 'panel', panel: panelFacts(sellers), ...extra });
const panelSold = (count: number, sellers: number, extra: Record<string, unknown> = {}) =>
  soldBody(count, { origin: 'panel', panel: panelFacts(sellers), ...extra });

/** A count the panel withholds: `sellers` of the 5 needed. */
const withheldAvailable = (sellers: number, extra: Record<string, unknown> = {}) =>
  availableBody(0, {
    availableCount: null,
    reason: WITHHELD,
    origin: 'panel',
    panel: panelFacts(sellers),
    byMarketplace: [],
    ...extra,
  });
const withheldSold = (sellers: number, extra: Record<string, unknown> = {}) =>
  soldBody(null, { reason: WITHHELD, origin: 'panel', panel: panelFacts(sellers), ...extra });

startEachTestFresh(fake);

describe('a figure the seller panel withholds', () => {
  it('shows the sentence in place of the three figures, with a way to help, and no count of sellers', async () => {
    fake.current!.answer({ available: ok(withheldAvailable(3)), sold: ok(withheldSold(2)) });
    renderExplorer();
    await fillAndSearch();
    const state = await screen.findByTestId('withheld');
    expect(within(state).getByRole('heading', { name: WITHHELD })).toBeInTheDocument();
    // Nothing says how many sellers stand behind it, or how many more would lift it (issue 49).
    expect(state.textContent).not.toMatch(/\d/);
    expect(screen.queryByText(/more sellers? needed/)).not.toBeInTheDocument();
    expect(within(state).getByRole('link', { name: 'Share your own sales from Your sales' })).toHaveAttribute(
      'href',
      '/account/sales/import',
    );
    for (const id of ['available-card', 'sold-card', 'rate-card', 'market-analysis', 'deeper-look'])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+%/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('panel-source')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Results for zorblax jacket, last 90 days: not enough sellers have shared sales like this yet.',
    );
  });

  it('reads the same whether one seller or four stand behind it', async () => {
    const shown: string[] = [];
    for (const sellers of [1, 4]) {
      fake.current!.answer({ available: ok(panelAvailable(30, 9)), sold: ok(withheldSold(sellers)) });
      renderExplorer();
      await fillAndSearch();
      shown.push((await screen.findByTestId('withheld')).textContent ?? '');
      cleanup();
    }
    expect(shown[0]).toBe(shown[1]);
  });

  it('never opens "No Sold Items Found" beside a withheld available figure, and computes no rate from it', async () => {
    fake.current!.answer({ available: ok(withheldAvailable(4)), sold: ok(panelSold(0, 0)) });
    renderExplorer();
    await fillAndSearch();
    await screen.findByTestId('withheld');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
  });

  it('offers the conditions of the item that have enough sellers', async () => {
    const byCondition = {
      new_with_tags: 14,
      new_without_tags: null,
      new_with_imperfections: 0,
      pre_owned: null,
    };
    fake.current!.answer({
      available: ok(withheldAvailable(2, { byCondition })),
      sold: ok(withheldSold(1, { byCondition })),
    });
    renderExplorer();
    await fillAndSearch('levi 501');
    const others = await screen.findByTestId('withheld-other-conditions');
    expect(
      within(others)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['New with tags']);
    expect(within(others).getByRole('link')).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=levi+501&condition=new_with_tags',
    );
  });

  it('says so on the available card while the sold count is still coming', async () => {
    const sold = deferred();
    fake.current!.answer({ available: ok(withheldAvailable(3)), sold: () => sold.promise });
    renderExplorer();
    await fillAndSearch();
    const card = await screen.findByTestId('card-withheld');
    expect(card).toHaveTextContent('Not enough sellers yet');
    expect(card).toHaveTextContent('Shown once more sellers share sales like this.');
    expect(card.textContent).not.toMatch(/\d/);
    await act(async () => sold.resolve(ok(withheldSold(3))));
    expect(await screen.findByTestId('withheld')).toBeInTheDocument();
  });
});

describe('the sellers behind the headline', () => {
  // The exact figures count the demo market's synthetic sellers, not the panel (docs/decisions/082): the line says so.
  it('names the demo market and its sellers: "Demo market: N sellers, last 90 days", N being the headline sellers', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(40, 21, { origin: 'demo', isDemo: true })),
      sold: ok(
        panelSold(20, 14, { origin: 'demo', isDemo: true, panel: panelFacts(14, { headlineSellers: 27 }) }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(screen.getByTestId('panel-source')).toHaveTextContent(/^Demo market: 27 sellers, last 90 days$/);
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(screen.getAllByTestId('card-meta')[0]).toHaveTextContent(/^Demo data · listed now/);
  });

  it('falls back to the larger count of sellers', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(40, 21, { origin: 'demo', isDemo: true })),
      sold: ok(
        panelSold(20, 14, { origin: 'demo', isDemo: true, panel: panelFacts(14, { headlineSellers: null }) }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('panel-source')).toHaveTextContent(
      /^Demo market: 21 sellers, last 90 days$/,
    );
  });

  it('names the panel for an answer counted before its release (still cached), as its cards do', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(40, 21)),
      sold: ok(panelSold(20, 14, { panel: panelFacts(14, { headlineSellers: 27 }) })),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('panel-source')).toHaveTextContent(
      /^Flipwise seller panel: 27 sellers, last 90 days$/,
    );
    expect(screen.getAllByTestId('card-meta')[0]).toHaveTextContent(/^Flipwise seller panel · listed now/);
    expect(screen.queryByTestId('demo-badge')).not.toBeInTheDocument();
  });

  it('keeps the source as today for imported listings and for answers cached before the panel', async () => {
    fake.current!.answer({
      available: ok(availableBody(40, { panel: panelFacts(0) })),
      sold: ok(soldBody(20, { panel: panelFacts(0, { headlineSellers: null }) })),
    });
    renderExplorer();
    const u = await fillAndSearch('levi 501');
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(screen.queryByTestId('panel-source')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('card-meta')[0]).toHaveTextContent(/^Imported listings/);

    fake.current!.answer({
      available: ok(availableBody(30, { isDemo: true })),
      sold: ok(soldBody(10, { isDemo: true })),
    });
    await u.clear(screen.getByLabelText(/Item Name/));
    await u.type(screen.getByLabelText(/Item Name/), 'align leggings');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('align leggings', { exact: false, selector: 'span' });
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('33%');
    expect(screen.queryByTestId('panel-source')).not.toBeInTheDocument();
  });
});

describe('the deeper look beside the panel', () => {
  it('says "not enough sellers" in a withheld condition cell and gives it no rate', async () => {
    fake.current!.answer({
      available: ok(
        panelAvailable(20, 8, {
          byCondition: {
            new_with_tags: null,
            new_without_tags: 6,
            new_with_imperfections: null,
            pre_owned: 20,
          },
        }),
      ),
      sold: ok(
        panelSold(10, 6, {
          byCondition: {
            new_with_tags: 4,
            new_without_tags: null,
            new_with_imperfections: null,
            pre_owned: 10,
          },
        }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const ladder = await screen.findByTestId('condition-ladder');
    const row = (name: RegExp) => within(ladder).getByRole('row', { name });
    const cells = (name: RegExp) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/New with tags/)).toEqual(['Not enough sellers', '4', '—']);
    expect(cells(/New without tags/)).toEqual(['6', 'Not enough sellers', '—']);
    expect(cells(/New with imperfections/)).toEqual(['Not enough sellers yet']);
    expect(row(/Pre-owned/)).toHaveTextContent('50%');
    expect(ladder).not.toHaveTextContent(/Not enough sellers\s*0/);
  });

  it('labels the folded marketplaces "Other marketplaces", last and without a rate', async () => {
    fake.current!.answer({
      available: ok(
        panelAvailable(32, 12, {
          byMarketplace: [
            { marketplace: 'ebay', available: 20 },
            { marketplace: 'poshmark', available: 8 },
            { marketplace: 'other', available: 4 },
          ],
        }),
      ),
      sold: ok(
        panelSold(16, 9, {
          byMarketplace: [
            { marketplace: 'ebay', sold: 12 },
            { marketplace: 'other', sold: 4 },
          ],
        }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const markets = await screen.findByTestId('marketplace-table');
    const rows = within(markets).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'eBay',
      'Poshmark',
      'Other marketplaces',
    ]);
    expect(rows[0]).toHaveTextContent('60%');
    // Poshmark's sales are folded into the other row on the sold side: not 0, and no rate.
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8', 'In other (Counted under Other marketplaces)', '—']);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '4', '—']);
  });

  it('says "Not enough sellers yet" for prices and time to sell the panel keeps back', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(20, 8)),
      sold: ok(
        panelSold(12, 6, { medianPrice: null, priceRange: null, typicalDaysToSell: null, recentSales: [] }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const panel = await screen.findByTestId('deeper-look');
    expect(within(panel).getAllByText('Not enough sellers yet')).toHaveLength(3);
    // The panel's shared sales are counted, never listed one by one (issue 49).
    expect(within(panel).getByTestId('recent-sales-empty')).toHaveTextContent(
      "Sales shared by the seller panel are counted, never listed one by one: no one sees another seller's items.",
    );
  });

  it('says "Not enough sellers yet" for a demo list of too few sellers', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(20, 8, { origin: 'demo', isDemo: true })),
      sold: ok(panelSold(12, 6, { origin: 'demo', isDemo: true, recentSales: [] })),
    });
    renderExplorer();
    await fillAndSearch();
    const panel = await screen.findByTestId('deeper-look');
    expect(within(panel).getByTestId('recent-sales-empty')).toHaveTextContent(
      'Not enough sellers yet to list individual sales.',
    );
  });

  it('shows a recent sale without a link, on the day it was sold', async () => {
    fake.current!.answer({
      available: ok(panelAvailable(20, 8, { origin: 'demo', isDemo: true })),
      sold: ok(
        panelSold(12, 6, {
          origin: 'demo',
          isDemo: true,
          recentSales: [
            {
              title: 'Zorblax denim jacket',
              price: 48,
              currency: 'USD',
              condition: 'pre_owned',
              marketplace: 'poshmark',
              soldAt: '2026-11-03T00:00:00Z',
              url: null,
            },
          ],
        }),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const sales = await screen.findByTestId('recent-sales');
    expect(sales).toHaveTextContent('Pre-owned · Poshmark · sold Nov 3, 2026');
    expect(within(sales).queryByRole('link')).not.toBeInTheDocument();
  });

  it('withholds the headline of a window of too few sellers: no count, no rate, no deeper look', async () => {
    fake.current!.onInvoke(({ name, body }) => {
      if (name === 'search-available') return ok(panelAvailable(20, 8));
      if (name === 'search-listed') return ok({ rows: [] });
      return body.windowDays === 30 ? ok(withheldSold(4, { windowDays: 30 })) : ok(panelSold(12, 6));
    });
    renderExplorer();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Item Name/), 'zorblax jacket');
    await u.selectOptions(screen.getByLabelText(/Condition/), 'Pre-owned');
    // The window is the search's (issue 54): picked beside the condition, it drives the headline.
    await u.click(screen.getByRole('radio', { name: '30 days' }));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Not enough sellers have shared sales like this yet')).toBeInTheDocument();
    const sold = fake.current!.invokeCalls.find((c) => c.name === 'search-sold');
    expect(sold?.body).toMatchObject({ windowDays: 30 });
    expect(screen.queryByTestId('sell-through-rate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deeper-look')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/needed/);
  });
});

describe('the marketplaces’ own "listed now" rows', () => {
  /** The headline beside the rows: 40 listed and 20 sold, drawn from enough sellers. */
  const panelHeadline = () => ({ available: ok(panelAvailable(40, 21)), sold: ok(panelSold(20, 14)) });

  it('shows each row apart from the panel, with a link to the search there and the age of the count', async () => {
    fake.current!.answer({
      ...panelHeadline(),
      listed: ok({
        rows: [
          listedRow(),
          listedRow({
            marketplace: 'etsy',
            label: 'Etsy',
            count: 532,
            conditionScoped: false,
            cached: true,
            url: 'https://www.etsy.com/search?q=zorblax+jacket',
          }),
        ],
      }),
    });
    renderExplorer();
    await fillAndSearch();
    const box = await screen.findByRole('region', { name: 'Listed now on the marketplaces' });
    expect(box).toHaveTextContent(/kept apart from the seller panel/);
    const ebay = within(box).getByTestId('listed-ebay');
    expect(within(ebay).getByTestId('listed-figure')).toHaveTextContent(/^eBay · listed now · about 1,234$/);
    expect(ebay).toHaveTextContent('as of 3 min ago');
    const link = within(ebay).getByRole('link', { name: /Search on eBay/ });
    expect(link).toHaveAttribute('href', 'https://www.ebay.com/sch/i.html?_nkw=zorblax+jacket');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Search on eBay (opens in a new tab)');
    const etsy = within(box).getByTestId('listed-etsy');
    expect(within(etsy).getByTestId('listed-figure')).toHaveTextContent(
      'Etsy · listed now · about 532 (all conditions)',
    );
    expect(within(etsy).getByRole('link', { name: /Search on Etsy/ })).toHaveAttribute(
      'href',
      'https://www.etsy.com/search?q=zorblax+jacket',
    );
    // The headline's figures are the panel's alone.
    expect(screen.getByTestId('available-count')).toHaveTextContent('40');
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(fake.current!.invokeCalls.find((c) => c.name === 'search-listed')?.body).toEqual({
      itemName: 'zorblax jacket',
      condition: 'pre_owned',
    });
  });

  it("shows a row's own message when that marketplace is over its quota or unavailable", async () => {
    fake.current!.answer({
      ...panelHeadline(),
      listed: ok({
        rows: [
          {
            marketplace: 'ebay',
            label: 'eBay',
            status: 'quota',
            message: "eBay's daily limit is used up. Please try again in 3 hours.",
            retryAfter: 10_800,
            url: 'https://www.ebay.com/sch/i.html?_nkw=zorblax',
          },
          {
            marketplace: 'etsy',
            label: 'Etsy',
            status: 'unavailable',
            message: "Etsy's listed count is unavailable right now. Please try again in a moment.",
            url: 'https://www.etsy.com/search?q=zorblax',
          },
        ],
      }),
    });
    renderExplorer();
    await fillAndSearch();
    const box = await screen.findByTestId('listed-now');
    expect(within(box).getByTestId('listed-ebay')).toHaveTextContent(
      /^eBay · listed now\s*eBay's daily limit is used up\. Please try again in 3 hours\./,
    );
    expect(within(box).getByTestId('listed-etsy')).toHaveTextContent(/Etsy's listed count is unavailable/);
    expect(within(box).queryByTestId('listed-figure')).not.toBeInTheDocument();
    expect(within(box).getByRole('link', { name: /Search on eBay/ })).toBeInTheDocument();
  });

  it('shows no box when no marketplace is configured', async () => {
    fake.current!.answer({ available: ok(panelAvailable(40, 21)), sold: ok(panelSold(20, 14)) });
    renderExplorer();
    await fillAndSearch();
    await screen.findByTestId('sell-through-rate');
    await waitFor(() => expect(fake.current!.invokeCalls.some((c) => c.name === 'search-listed')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('listed-now')).not.toBeInTheDocument();
  });

  it('never holds up the headline, and a failure is its own error with its own retry', async () => {
    const first = deferred();
    let attempt = 0;
    fake.current!.answer({
      ...panelHeadline(),
      listed: () =>
        ++attempt === 1 ? first.promise : ok({ rows: [listedRow({ count: 87, conditionScoped: true })] }),
    });
    renderExplorer();
    const u = await fillAndSearch();
    // The listed call is still out: the headline is complete, the box says it is still counting.
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('50%');
    expect(await screen.findByText('Checking live listing counts...')).toBeInTheDocument();

    await act(async () => first.resolve(httpError(503, { error: 'unavailable' })));
    const error = await screen.findByTestId('listed-error');
    expect(error).toHaveTextContent('Could not load the live listing counts.');
    expect(screen.queryByTestId('search-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('50%');

    await u.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('listed-figure')).toHaveTextContent('eBay · listed now · about 87');
  });

  it('treats an answer of the wrong shape as an error, never as a count', async () => {
    fake.current!.answer({
      ...panelHeadline(),
      listed: ok({
        rows: [{ marketplace: 'ebay', label: 'eBay', status: 'ok', url: 'https://www.ebay.com/' }],
      }),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('listed-error')).toHaveTextContent(
      'The live listing counts came back in a form we cannot read.',
    );
    expect(screen.queryByTestId('listed-figure')).not.toBeInTheDocument();
  });
});

describe('a deployment with no market data', () => {
  const empty = {
    available: ok(availableBody(0, { indexEmpty: true })),
    sold: ok(soldBody(0, { indexEmpty: true })),
  };

  it('says no market data source is set up and what a deployer can turn on, never zeros', async () => {
    fake.current!.answer(empty);
    renderExplorer();
    await fillAndSearch();
    const state = await screen.findByTestId('no-source');
    expect(
      within(state).getByRole('heading', { name: 'No market data source is set up yet' }),
    ).toBeInTheDocument();
    const options = within(state).getByTestId('no-source-options');
    expect(options).toHaveTextContent(/seller panel: resellers share their imported sales from Your sales/);
    expect(options).toHaveTextContent('EBAY_CLIENT_ID and EBAY_CLIENT_SECRET');
    expect(options).toHaveTextContent('ETSY_API_KEY');
    expect(options).toHaveTextContent('npm run market:seed');
    expect(screen.queryByTestId('no-comparables')).not.toBeInTheDocument();
    expect(screen.queryByTestId('available-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('market-analysis')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Market data' })).not.toHaveTextContent(/\b0\b/);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
  });

  it('still shows the listed-now rows a deployer has turned on', async () => {
    fake.current!.answer({ ...empty, listed: ok({ rows: [listedRow()] }) });
    renderExplorer();
    await fillAndSearch();
    await screen.findByTestId('no-source');
    expect(await screen.findByTestId('listed-figure')).toHaveTextContent('eBay · listed now · about 1,234');
  });
});
