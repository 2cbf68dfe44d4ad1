// The Explorer's honest states end to end (issue 10), in Chromium against the emulator and the real matching SQL:
// aliases give the same figures, a query we cannot match is "no comparable listings" (never a dead market), sold
// but none listed says demand outruns supply, a rate above 100% is explained, every card names its source and
// window, and a saved demo search on /account keeps its demo label and window. Screenshots go to /tmp/shots.
import { mkdirSync } from 'node:fs';
import { answered, searchThenLogIn, submitSearch } from './support/explorer';
import { expect, test, type Page } from './support/fixtures';
import { createVerifiedUser, daysAgo, insertRows, type ListingStatus, type Row } from './support/seed';

const shots = '/tmp/shots';
const tag = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
  '',
);
const reseller = { email: `honest.${tag}@example.com`, password: 'thrift-secret-1' };
const model = `q${tag}`;

function rows(prefix: string, titles: string[], status: ListingStatus, extra: Row = {}): Row[] {
  return titles.map((title, i) => ({
    marketplace: i % 2 ? 'poshmark' : 'ebay',
    external_id: `${prefix}-${tag}-${status}-${i}`,
    title,
    brand: null,
    category: null,
    condition: 'pre_owned',
    status,
    price: 80 + i,
    currency: 'USD',
    listed_at: daysAgo(30 + i),
    sold_at: status === 'sold' ? daysAgo(5 + i) : null,
    source: 'import',
    ...extra,
  }));
}
const times = (n: number, title: (i: number) => string) => Array.from({ length: n }, (_, i) => title(i));

const states = ['sell-through-rate', 'no-comparables', 'none-listed', 'search-error'];

async function loginAndSearch(page: Page, itemName: string) {
  await searchThenLogIn(page, reseller, itemName);
  await answered(page, states);
}

/**
 * Searches and waits until the screen has its answer, whichever state that is. The previous answer stays on screen
 * until the form's validation has run, so it first waits for the page to name this search ("Results for “…”").
 */
async function search(page: Page, itemName: string) {
  await submitSearch(page, itemName);
  await expect(page.getByText(`Results for “${itemName.trim()}”`)).toBeVisible();
  await answered(page, states);
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

// The user and the listings are made once for the file: its tests run in order, in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await createVerifiedUser(reseller.email, reseller.password, { first: 'Hon', last: 'Est' });
  const names = ['Dr. Martens', 'Doc Martens', 'DMs'];
  await insertRows([
    // One boot line, written three ways as sellers do; demo rows, so the cards say "Demo data".
    ...rows(
      'docs',
      times(6, (i) => `${names[i % 3]} ${model} 1460 boots black`),
      'available',
      { source: 'demo' },
    ),
    ...rows(
      'docs',
      times(4, (i) => `${names[i % 3]} ${model} 1460 boots cherry`),
      'sold',
      { source: 'demo' },
    ),
    // A sale of 200 days ago: outside the default 90 days, inside a 365-day search.
    ...rows('docs-old', [`Dr. Martens ${model} 1460 boots oxblood`], 'sold', {
      source: 'demo',
      listed_at: daysAgo(230),
      sold_at: daysAgo(200),
    }),
    // Sold in the window, none listed now.
    ...rows(
      'gone',
      times(5, () => `Gonebag${tag} quilted flap bag`),
      'sold',
    ),
    // More sold in 90 days than listed now.
    ...rows(
      'hot',
      times(4, () => `Hotshoe${tag} trail sneakers`),
      'available',
    ),
    ...rows(
      'hot',
      times(9, () => `Hotshoe${tag} trail sneakers`),
      'sold',
    ),
  ]);
});

test.describe('honest search states', () => {
  test('gives Dr. Martens and doc martens the same figures, each card naming its source and window', async ({
    newPage,
  }) => {
    const page = await newPage();
    await loginAndSearch(page, `Dr. Martens ${model} 1460`);
    const first = [
      await text(page, 'available-count'),
      await text(page, 'sold-count'),
      await text(page, 'sell-through-rate'),
    ];
    expect(first).toEqual(['6', '4', '67%']);
    const meta = await page.getByTestId('card-meta').allInnerTexts();
    expect(meta.length).toBeGreaterThanOrEqual(3);
    expect(meta.join(' | ')).toMatch(/Demo data/);
    expect(meta.join(' | ')).toMatch(/listed now/);
    expect(meta.join(' | ')).toMatch(/sold in the last 90 days/);
    await page.screenshot({ path: `${shots}/search-alias-1280.png`, fullPage: true });

    // The deeper look lists the recent sales; the window beside the condition widens the search, headline and all
    // (issue 54, decision 058 as amended).
    const deeper = page.getByTestId('deeper-look');
    await expect(deeper.getByTestId('recent-sales').getByRole('listitem')).toHaveCount(4);
    const windows = page.getByRole('group', { name: 'Sold in the last' });
    await windows.getByText('365 days').click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      deeper.getByTestId('deeper-source').filter({ hasText: 'sold in the last 365 days' }),
    ).toBeVisible();
    await expect(deeper.getByTestId('recent-sales').getByRole('listitem')).toHaveCount(5);
    await expect(deeper.getByTestId('recent-sales')).toHaveText(/oxblood/, { useInnerText: true });
    await expect(page.getByTestId('sold-count').first()).toHaveText('5', { useInnerText: true });

    await windows.getByText('90 days').click();
    await search(page, `doc martens ${model} 1460`);
    expect([
      await text(page, 'available-count'),
      await text(page, 'sold-count'),
      await text(page, 'sell-through-rate'),
    ]).toEqual(first);
  });

  test('says which words it left out of the match, with the same figures', async ({ newPage }) => {
    const page = await newPage();
    await loginAndSearch(page, `Dr Martens ${model} 1460 EUC`);
    await expect(page.getByTestId('available-count').first()).toHaveText('6', { useInnerText: true });
    await expect(page.getByTestId('query-reading')).toHaveText(/Left out of the match .*: euc\./, {
      useInnerText: true,
    });
  });

  test('shows "no comparable listings" for a query nothing matches: no rate, no snooze bubble, no dialog', async ({
    newPage,
  }) => {
    const page = await newPage();
    await loginAndSearch(page, 'zzzz qqqq');
    const state = page.getByTestId('no-comparables');
    await expect(state).toHaveText(/No comparable listings found/, { useInnerText: true });
    await expect(state).toHaveText(/zzzz qqqq/, { useInnerText: true });
    await expect(page.getByTestId('sell-through-rate')).toHaveCount(0);
    await expect(page.getByTestId('snooze-bubble')).toHaveCount(0);
    await expect(page.getByTestId('band-label')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/search-no-comparables-1280.png`, fullPage: true });
  });

  test('says demand outruns supply when items sold and none is listed, never 0%', async ({ newPage }) => {
    const page = await newPage();
    await loginAndSearch(page, `gonebag${tag} flap bag`);
    await expect(page.getByTestId('sold-count').first()).toHaveText('5', { useInnerText: true });
    await expect(page.getByTestId('none-listed').first()).toHaveText(/None listed/, { useInnerText: true });
    await expect(page.getByTestId('none-listed-explanation')).toHaveText(/demand outruns supply/, {
      useInnerText: true,
    });
    await expect(page.getByTestId('sell-through-rate')).toHaveCount(0);
    await expect(page.getByText('0%', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/search-none-listed-1280.png`, fullPage: true });
  });

  test('explains a rate above 100% as more sold than listed', async ({ newPage }) => {
    const page = await newPage({ width: 390 });
    await loginAndSearch(page, `hotshoe${tag} trail sneakers`);
    await expect(page.getByTestId('sell-through-rate').first()).toHaveText('225%', { useInnerText: true });
    await expect(page.getByTestId('above-100')).toHaveText(
      /9 sold in the last 90 days against 4 listed now/,
      { useInnerText: true },
    );
    await expect(page.getByTestId('above-100')).toHaveText(/not a success rate/, { useInnerText: true });
    await page.screenshot({ path: `${shots}/search-above-100-390.png`, fullPage: true });
  });

  test('keeps the demo label and the window of a saved demo search on /account', async ({ newPage }) => {
    const page = await newPage();
    await loginAndSearch(page, `DMs ${model} 1460`);
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText('Search saved').first()).toBeVisible();
    await page.goto('/account');
    const item = page
      .getByTestId('saved-searches')
      .getByRole('listitem')
      .filter({ hasText: `DMs ${model} 1460` });
    await expect(item.getByTestId('saved-demo-badge')).toHaveText('Demo data', { useInnerText: true });
    await expect(item.getByTestId('saved-source')).toHaveText('Demo data · sold in the last 90 days', {
      useInnerText: true,
    });
    await expect(item).toHaveText(/6 available · 4 sold · 67% sell-through/, { useInnerText: true });
    await page.screenshot({ path: `${shots}/account-saved-demo-1280.png`, fullPage: true });
  });
});
