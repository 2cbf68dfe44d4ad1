// Issue 52 on the Explorer: the seller panel's released figures, each with its likely error and the age of the release,
// in a section apart from the exact figures; one constant line when nothing is released for the search; and an exact
// store with nothing for the query never says "no sales" while the panel has figures.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { availableBody, ok, panelFacts, soldBody } from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer, startEachTestFresh } from '../testing/render-in-app';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const estimate = (value: number, error: number) => ({ value, error });
const schedule = { weeks: 13, through: '2026-11-15', releasedAt: '2026-11-23T03:00:00Z' };

/** A released answer as market_search sends it (supabase/functions/_shared/market/types.ts PanelRelease). */
const released = (extra: Record<string, unknown> = {}) => ({
  shown: true,
  ...schedule,
  item: 'Lululemon leggings',
  unusedWords: ['black', '25'],
  sold: estimate(140, 30),
  listed: estimate(60, 40),
  sellThrough: estimate(233, 120),
  byCondition: {
    new_with_tags: null,
    new_without_tags: estimate(20, 12),
    new_with_imperfections: null,
    pre_owned: estimate(110, 28),
  },
  byMarketplace: [
    { marketplace: 'mercari', sold: estimate(35, 25) },
    { marketplace: 'poshmark', sold: estimate(90, 25) },
  ],
  prices: { median: { value: 48, low: 42, high: 55 }, p25: 30, p75: 70 },
  daysToSell: { value: 12, low: 8, high: 18 },
  ...extra,
});
const withheld = (item: string | null = 'Lululemon leggings') => ({
  shown: false,
  ...schedule,
  item,
  unusedWords: ['black'],
});

/** Exact figures of the demo market beside the panel's release. */
const demoAvailable = (n: number) => availableBody(n, { isDemo: true, origin: 'demo', panel: panelFacts(9) });
const demoSold = (n: number, panelRelease: unknown) =>
  soldBody(n, { isDemo: true, origin: 'demo', panel: panelFacts(9), panelRelease });

const section = () => screen.findByRole('region', { name: 'Flipwise seller panel' });

startEachTestFresh(fake);

describe('the seller panel’s released figures', () => {
  it('shows each figure with its likely error, and how old the release is', async () => {
    fake.current!.answer({ available: ok(demoAvailable(30)), sold: ok(demoSold(12, released())) });
    renderExplorer();
    await fillAndSearch('lululemon leggings black 25');
    const panel = await section();
    expect(panel).toHaveAttribute('data-testid', 'panel-release');
    expect(within(panel).getByTestId('panel-release-age')).toHaveTextContent(
      /^Last 13 weeks, to Nov 15 · released Nov 23 · updated weekly$/,
    );
    expect(panel).toHaveTextContent('Figures for Lululemon leggings · Pre-owned');
    const figure = (id: string) => within(panel).getByTestId(id).textContent;
    expect(figure('panel-release-sold')).toBe('Soldabout 140, within ±30in the last 13 weeks');
    expect(figure('panel-release-listed')).toBe('Listedabout 60, within ±40at the end of the week to Nov 15');
    expect(figure('panel-release-rate')).toBe('Sell-throughabout 233%, within ±120 pointssold ÷ listed');
    expect(within(panel).getByTestId('panel-release-above-100')).toHaveTextContent(/^Above 100%: more sold/);
    expect(figure('panel-release-price')).toBe('Median sold price$48, likely $42 – $55middle 50% $30 – $70');
    expect(figure('panel-release-days')).toBe('Typical time to sell12 days, likely 8 – 18 days');
    // The figures are a description list: each value is read with its name.
    expect(within(panel).getByText('Sold', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'about 140, within ±30',
    );

    const ladder = within(panel).getByRole('table', { name: /for each condition/ });
    const rows = within(ladder)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'New with tagsToo few to say',
      'New without tagsabout 20, within ±12',
      'New with imperfectionsToo few to say',
      'Pre-owned (your search)about 110, within ±28',
    ]);
    expect(within(ladder).getByRole('row', { current: true })).toHaveTextContent('Pre-owned');

    const markets = within(panel).getByRole('table', { name: /on each marketplace/ });
    expect(
      within(markets)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Poshmarkabout 90, within ±25', 'Mercariabout 35, within ±25']);

    expect(within(panel).getByTestId('panel-release-unused')).toHaveTextContent(
      "Panel figures don't use: black, 25",
    );
    const how = within(panel).getByTestId('panel-release-how');
    expect(how).toHaveTextContent(/released weekly|Once a week/);
    expect(how).toHaveTextContent("random noise added, so no one's sales can be worked out from them");
    expect(how).toHaveTextContent('likely error');
    expect(how).toHaveTextContent('1 to 2 weeks behind');
    expect(within(how).getByRole('link', { name: 'How the seller panel works' })).toHaveAttribute(
      'href',
      '/privacy#sharing',
    );
    // Apart from the exact figures, which stay the demo market's own.
    expect(screen.getByTestId('sold-count')).toHaveTextContent('12');
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('40%');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Flipwise seller panel: about 140 sold, within ±30, in the last 13 weeks.',
    );
  });

  it('says "too few to say" for what is not released, and needs a listed figure for the rate', async () => {
    fake.current!.answer({
      available: ok(demoAvailable(30)),
      sold: ok(
        demoSold(
          12,
          released({
            listed: null,
            sellThrough: null,
            prices: null,
            daysToSell: null,
            byMarketplace: [],
            unusedWords: [],
            item: null,
          }),
        ),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const panel = await section();
    const figure = (id: string) => within(panel).getByTestId(id).textContent;
    expect(figure('panel-release-sold')).toBe('Soldabout 140, within ±30in the last 13 weeks');
    expect(figure('panel-release-listed')).toBe('ListedToo few to sayat the end of the week to Nov 15');
    expect(figure('panel-release-rate')).toBe('Sell-throughNeeds a listed figuresold ÷ listed');
    expect(figure('panel-release-price')).toBe('Median sold priceToo few to say');
    expect(figure('panel-release-days')).toBe('Typical time to sellToo few to say');
    expect(within(panel).getByTestId('panel-release-marketplaces-none')).toHaveTextContent(
      'No marketplace has enough shared sales to say on its own.',
    );
    expect(within(panel).queryByTestId('panel-release-unused')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('panel-release-above-100')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Sales resellers share, released weekly');
  });

  it('writes counts in full, and prices and days in whole numbers', async () => {
    fake.current!.answer({
      available: ok(demoAvailable(30)),
      sold: ok(
        demoSold(
          12,
          released({
            sold: estimate(1480, 190),
            sellThrough: estimate(85, 20),
            prices: { median: { value: 48.37, low: 41.6, high: 55.12 }, p25: 29.5, p75: 70.2 },
            daysToSell: { value: 12.4, low: 7.6, high: 18.2 },
          }),
        ),
      ),
    });
    renderExplorer();
    await fillAndSearch();
    const panel = await section();
    expect(within(panel).getByTestId('panel-release-sold')).toHaveTextContent('about 1,480, within ±190');
    expect(within(panel).getByTestId('panel-release-rate')).toHaveTextContent('about 85%, within ±20 points');
    expect(within(panel).getByTestId('panel-release-price')).toHaveTextContent(
      '$48, likely $42 – $55middle 50% $30 – $70',
    );
    expect(within(panel).getByTestId('panel-release-days')).toHaveTextContent('12 days, likely 8 – 18 days');
  });

  it('follows the search’s window, picked beside the condition, with that window’s own release', async () => {
    const fourWeeks = { weeks: 4, sold: estimate(40, 25) };
    fake.current!.onInvoke(({ name, body }) => {
      if (name === 'search-available') return ok(demoAvailable(30));
      if (name === 'search-listed') return ok({ rows: [] });
      return body.windowDays === 30
        ? ok({ ...demoSold(5, released(fourWeeks)), windowDays: 30 })
        : ok(demoSold(12, released()));
    });
    renderExplorer();
    const u = await fillAndSearch('lululemon leggings');
    expect(within(await section()).getByTestId('panel-release-age')).toHaveTextContent(/^Last 13 weeks/);
    await u.click(screen.getByRole('radio', { name: '30 days' }));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('panel-release-age')).toHaveTextContent(/^Last 4 weeks, to Nov 15/),
    );
    expect(screen.getByTestId('panel-release-sold')).toHaveTextContent(
      'about 40, within ±25in the last 4 weeks',
    );
    expect(screen.getByTestId('sold-count')).toHaveTextContent('5');
  });

  it('shows the release’s weeks with their errors, and says the narrowing it cannot answer', async () => {
    const weekly = [
      { week: '2026-10-26', sold: estimate(30, 12) },
      { week: '2026-11-02', sold: null },
      { week: '2026-11-09', sold: estimate(41, 12) },
    ];
    fake.current!.answer({
      available: ok(demoAvailable(30)),
      sold: ok(demoSold(12, released({ weekly, notNarrowedBy: ['size', 'price'] }))),
    });
    renderExplorer();
    await fillAndSearch('lululemon leggings');
    const panel = await section();
    expect(within(panel).getByTestId('panel-release-not-narrowed')).toHaveTextContent(
      /^Not narrowed by size and price band: the panel releases totals by item, condition and week only/,
    );
    const chart = within(panel).getByTestId('panel-release-weekly-chart');
    expect([...chart.querySelectorAll('[data-week]')].map((e) => e.getAttribute('data-value'))).toEqual([
      '30',
      'too-few',
      '41',
    ]);
    await userEvent.setup().click(within(panel).getByRole('tab', { name: 'Table' }));
    const rows = within(within(panel).getByTestId('panel-release-weekly-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Oct 26about 30, within ±12',
      'Nov 2Too few to say',
      'Nov 9about 41, within ±12',
    ]);
  });
});

describe('when the panel released nothing for the search', () => {
  it('says so in one line, without a number, the same line whatever the release holds', async () => {
    fake.current!.answer({ available: ok(demoAvailable(30)), sold: ok(demoSold(12, withheld())) });
    renderExplorer();
    await fillAndSearch('lululemon leggings black');
    const panel = await section();
    expect(within(panel).getByTestId('panel-release-none')).toHaveTextContent(
      'The seller panel has too little shared data for this yet, so it shows no figures for it.',
    );
    expect(panel.textContent).not.toMatch(/\d/);
    for (const id of ['panel-release-age', 'panel-release-sold', 'panel-release-unused'])
      expect(within(panel).queryByTestId(id)).not.toBeInTheDocument();
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('40%');
  });

  it('says the panel needs a brand or an item when the search names neither', async () => {
    fake.current!.answer({ available: ok(demoAvailable(30)), sold: ok(demoSold(12, withheld(null))) });
    renderExplorer();
    await fillAndSearch('something vintage');
    expect(await screen.findByTestId('panel-release-none')).toHaveTextContent(
      'The seller panel keeps its figures by brand and kind of item, and this search names neither.',
    );
  });

  it('no release at all, an answer without one, or one that cannot be read: no section', async () => {
    for (const panelRelease of [null, undefined, { shown: true, weeks: 13 }]) {
      fake.current!.answer({ available: ok(demoAvailable(30)), sold: ok(demoSold(12, panelRelease)) });
      renderExplorer();
      await fillAndSearch();
      expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('40%');
      expect(screen.queryByTestId('panel-release')).not.toBeInTheDocument();
      cleanup();
    }
  });
});

describe('an exact store with nothing for the search', () => {
  it('shows the panel’s figures, not "no comparables", zeros or "No Sold Items Found"', async () => {
    fake.current!.answer({
      available: ok(availableBody(0, { byMarketplace: [] })),
      sold: ok(soldBody(0, { panelRelease: released() })),
    });
    renderExplorer();
    await fillAndSearch('lululemon leggings');
    expect(await screen.findByTestId('panel-only')).toHaveTextContent(
      'No listing in our data matches “lululemon leggings” in Pre-owned right now, but the Flipwise seller panel has released figures for it.',
    );
    const panel = await section();
    expect(within(panel).getByTestId('panel-release-sold')).toHaveTextContent('about 140, within ±30');
    for (const id of [
      'no-comparables',
      'no-source',
      'available-card',
      'sold-card',
      'rate-card',
      'deeper-look',
    ])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
    expect(screen.queryByText(/No Sold Items Found/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Results for lululemon leggings: Flipwise seller panel: about 140 sold, within ±30, in the last 13 weeks.',
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an empty exact index beside a released panel is not "no source set up"', async () => {
    fake.current!.answer({
      available: ok(availableBody(0, { indexEmpty: true, byMarketplace: [] })),
      sold: ok(soldBody(0, { indexEmpty: true, panelRelease: withheld() })),
    });
    renderExplorer();
    await fillAndSearch('lululemon leggings');
    const state = await screen.findByTestId('no-comparables');
    // An empty index holds no imported listing to name.
    expect(state).toHaveTextContent('Searched: the Flipwise seller panel.');
    expect(screen.queryByTestId('no-source')).not.toBeInTheDocument();
    expect(await section()).toHaveTextContent('too little shared data for this yet');

    fake.current!.answer({
      available: ok(availableBody(0, { indexEmpty: true, byMarketplace: [] })),
      sold: ok(soldBody(0, { indexEmpty: true, panelRelease: released() })),
    });
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText(/Item Name/));
    await u.type(screen.getByLabelText(/Item Name/), 'lululemon align');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('panel-only')).toBeInTheDocument();
    expect(screen.queryByTestId('no-comparables')).not.toBeInTheDocument();
  });

  it('names the exact figures’ source beside the panel when the index holds listings', async () => {
    fake.current!.answer({
      available: ok(demoAvailable(0)),
      sold: ok(demoSold(0, withheld())),
    });
    renderExplorer();
    await fillAndSearch('lululemon leggings');
    expect(await screen.findByTestId('no-comparables')).toHaveTextContent(
      'Searched: Demo data and the Flipwise seller panel.',
    );
  });

  it('opens no "No Sold Items Found" beside listings when the panel has sales', async () => {
    fake.current!.answer({
      available: ok(availableBody(25)),
      sold: ok(soldBody(0, { panelRelease: released() })),
    });
    renderExplorer();
    await fillAndSearch();
    expect(await screen.findByTestId('sell-through-rate')).toHaveTextContent('0%');
    await section();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still opens it on a real 0 when the panel released nothing for the search', async () => {
    fake.current!.answer({
      available: ok(availableBody(25)),
      sold: ok(soldBody(0, { panelRelease: withheld() })),
    });
    renderExplorer();
    await fillAndSearch();
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('No Sold Items Found'));
  });
});
