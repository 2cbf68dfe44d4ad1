// Issue 28 points 2, 4 and 5 on the Explorer: a thin sample judged on the right number and said in words, how far
// back the sales data goes, and the median sold price beside the three cards (docs/decisions/057).
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { availableBody, ok, panelFacts, soldBody } from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { fillAndSearch, renderExplorer, startEachTestFresh } from '../testing/render-in-app';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

async function search() {
  const u = await fillAndSearch('zorblax dress');
  // The answer is in once the price line under the cards is there.
  await screen.findByTestId('headline-price');
  return u;
}

const answer = (available: number, sold: number, soldExtra: Record<string, unknown> = {}) =>
  fake.current!.answer({ available: ok(availableBody(available)), sold: ok(soldBody(sold, soldExtra)) });

startEachTestFresh(fake);

describe('thin samples, judged on the right number', () => {
  it('0 sold of 338 listed is an answer, not a thin sample: no flag anywhere', async () => {
    answer(338, 0);
    renderExplorer();
    await search();
    expect(screen.getByTestId('sell-through-rate')).toHaveTextContent('0%');
    expect(screen.queryByTestId('sample-words')).not.toBeInTheDocument();
    expect(screen.queryByTestId('thin-sample')).not.toBeInTheDocument();
    expect(screen.queryByTestId('thin-sample-note')).not.toBeInTheDocument();
    expect(screen.queryByText(/too few to judge/)).not.toBeInTheDocument();
    expect(
      screen.getByText('Results for zorblax dress, last 90 days: 338 available, 0 sold, sell-through 0%.'),
    ).toBeInTheDocument();
    // No sales, so no price: said in words rather than a dash.
    expect(screen.getByTestId('headline-price')).toHaveTextContent(
      'No sales in the last 90 days, so no sold price to go by.',
    );
  });

  it('1 sold of 1 listed says "too few to judge" on the rate card and in the analysis, beside the SPEC’s words', async () => {
    answer(1, 1);
    renderExplorer();
    await search();
    const rateCard = screen.getByTestId('rate-card');
    expect(within(rateCard).getByTestId('sell-through-rate')).toHaveTextContent('100%');
    expect(within(rateCard).getByTestId('sample-words')).toHaveTextContent(
      'Based on 1 listing and 1 sale: too few to judge',
    );
    const analysis = screen.getByTestId('market-analysis');
    expect(within(analysis).getByTestId('sample-words')).toHaveTextContent(
      'Based on 1 listing and 1 sale: too few to judge',
    );
    expect(within(analysis).getByTestId('sample-words')).toHaveTextContent(/20 or more listings and sales/);
    // A screen reader hears the words with the figures.
    expect(
      screen.getByText(
        'Results for zorblax dress, last 90 days: 1 available, 1 sold, sell-through 100%. Based on 1 listing and 1 sale: too few to judge.',
      ),
    ).toBeInTheDocument();
    // The SPEC's band label and analysis stay as they are.
    expect(within(analysis).getByTestId('band-label')).toHaveTextContent('High demand!');
    expect(within(analysis).getByTestId('band-analysis')).toHaveTextContent(/price confidently/);
    // A count is an exact count, never a sample.
    expect(within(screen.getByTestId('available-card')).queryByText(/thin|too few/i)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('sold-card')).queryByText(/thin|too few/i)).not.toBeInTheDocument();
    // The price of one sale is shown, and said to stand on one sale.
    const price = screen.getByTestId('headline-price');
    expect(within(price).getByTestId('headline-median')).toHaveTextContent('$42');
    expect(price).toHaveTextContent('middle 50% $30 – $55');
    expect(within(price).getByTestId('price-sample-words')).toHaveTextContent(
      'Based on 1 sale: too few to judge a price',
    );
  });

  it('one sale and none listed: "Demand outruns supply" says it stands on one sale', async () => {
    answer(0, 1);
    renderExplorer();
    await search();
    expect(screen.getByTestId('none-listed')).toBeInTheDocument();
    expect(within(screen.getByTestId('rate-card')).getByTestId('sample-words')).toHaveTextContent(
      'Based on 0 listings and 1 sale: too few to judge',
    );
    expect(within(screen.getByTestId('market-analysis')).getByTestId('band-label')).toHaveTextContent(
      'Demand outruns supply',
    );
  });

  it('10 listed and 10 sold is enough for the rate; 10 sales are still few for a price', async () => {
    answer(10, 10);
    renderExplorer();
    await search();
    expect(screen.queryByTestId('sample-words')).not.toBeInTheDocument();
    expect(screen.getByTestId('price-sample-words')).toHaveTextContent(
      'Based on 10 sales: too few to judge a price',
    );
  });
});

describe('the median sold price under the cards', () => {
  it('shows the median, the middle 50% and the sales behind them, with no thin words from 20 sales', async () => {
    answer(120, 40, { medianPrice: 32.06, priceRange: { p25: 27.95, p75: 38.47 } });
    renderExplorer();
    await search();
    const price = screen.getByTestId('headline-price');
    expect(within(price).getByRole('heading', { name: 'Median sold price' })).toBeInTheDocument();
    expect(within(price).getByTestId('headline-median')).toHaveTextContent('$32.06');
    expect(price).toHaveTextContent('middle 50% $27.95 – $38.47');
    expect(price).toHaveTextContent('from 40 sales in the last 90 days');
    expect(within(price).queryByTestId('price-sample-words')).not.toBeInTheDocument();
  });

  it('says so when the sales came without a usable price', async () => {
    answer(30, 12, { medianPrice: null, priceRange: null });
    renderExplorer();
    await search();
    expect(screen.getByTestId('headline-price')).toHaveTextContent(
      'None of these sales came with a price we can use, so no sold price to go by.',
    );
    expect(screen.queryByTestId('headline-median')).not.toBeInTheDocument();
  });

  it('beside seller panel sales, names too few sellers sharing prices', async () => {
    fake.current!.answer({
      available: ok(availableBody(30, { panel: panelFacts(8), origin: 'panel' })),
      sold: ok(soldBody(12, { medianPrice: null, priceRange: null, panel: panelFacts(8), origin: 'panel' })),
    });
    renderExplorer();
    await search();
    expect(screen.getByTestId('headline-price')).toHaveTextContent(
      'Too few sellers shared the prices of these sales to show a sold price yet.',
    );
  });

  it('says a source that cannot count sold items has no sold price', async () => {
    fake.current!.answer({
      available: ok(availableBody(30)),
      sold: ok(soldBody(null, { reason: 'Sold data is not available from this source.' })),
    });
    renderExplorer();
    await search();
    expect(screen.getByTestId('headline-price')).toHaveTextContent(
      'This source cannot count sold items, so no sold price to go by.',
    );
  });
});

describe('how far back the sales data goes', () => {
  const asOf = '2026-11-25T06:00:00.000Z';
  const dataSince = '2026-05-27T09:00:00.000Z';

  it('states the span, and says a window longer than the data holds the same sales', async () => {
    fake.current!.onInvoke(({ name, body }) => {
      if (name === 'search-available') return ok(availableBody(40));
      if (name === 'search-listed') return ok({ rows: [] });
      const windowDays = (body.windowDays as number | undefined) ?? 90;
      return ok(soldBody(windowDays === 365 ? 60 : 30, { windowDays, asOf, dataSince }));
    });
    renderExplorer();
    const u = await search();
    const panel = screen.getByTestId('deeper-look');
    expect(within(panel).getByTestId('data-span')).toHaveTextContent('Sales data since May 27, 2026');
    expect(within(panel).queryByTestId('window-beyond-data')).not.toBeInTheDocument();

    // The window is the search's, picked beside the condition (issue 54).
    await u.click(screen.getByRole('radio', { name: '365 days' }));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('window-beyond-data')).toHaveTextContent(
      'Our sales data starts May 27, 2026, so this 365-day window holds the same sales as the last 182 days.',
    );
    expect(screen.getByTestId('data-span')).toHaveTextContent('Sales data since May 27, 2026');
  });

  it('says nothing of the span while the source does not send it', async () => {
    answer(40, 30);
    renderExplorer();
    await search();
    expect(screen.queryByTestId('data-span')).not.toBeInTheDocument();
    expect(screen.queryByTestId('window-beyond-data')).not.toBeInTheDocument();
  });
});
