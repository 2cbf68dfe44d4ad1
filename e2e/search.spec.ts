// The Thrifting Explorer end to end, in Chromium against the emulator and the real search functions: the anonymous
// gate and the search that runs once the visitor logs in, validation, every band of SPEC §9 from crafted
// market_listings rows, the no-sold dialog, a failing source, the search log, and saved searches on /account. Screenshots go to /tmp/shots for a person to look at.
import { mkdirSync } from 'node:fs';
import { ebayMarketEnv, startFakeEbay, type FakeEbay } from '../tests/fakes/ebay-server';
import { answered, submitSearch } from './support/explorer';
import { expect, openPage, test, type Page } from './support/fixtures';
import { setFunctionEnv } from './support/function-env';
import { submitLogin } from './support/login';
import { createVerifiedUser, daysAgo, insertRows, jacket, jackets, serviceClient } from './support/seed';

const shots = '/tmp/shots';
// Made-up words, fresh per run, so each search counts exactly the rows this spec inserts.
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const tag = letters();
const email = `searcher.${tag}@example.com`;
const password = 'thrift-secret-1';

type Band = { key: string; brand: string; available: number; sold: number; rate: string };
const bands: Band[] = [
  { key: 'high', brand: `zorb${tag}`, available: 10, sold: 8, rate: '80%' },
  { key: 'steady', brand: `quill${tag}`, available: 10, sold: 5, rate: '50%' },
  { key: 'warm', brand: `vemp${tag}`, available: 10, sold: 4, rate: '40%' },
  { key: 'slow', brand: `trob${tag}`, available: 10, sold: 2, rate: '20%' },
  { key: 'snooze', brand: `glint${tag}`, available: 20, sold: 1, rate: '5%' },
  { key: 'ghost', brand: `phant${tag}`, available: 6, sold: 0, rate: '0%' },
];
const term = (band: Band) => `${band.brand} jacket`;
const bandBy = (key: string) => bands.find((b) => b.key === key)!;

const service = serviceClient();
let userId: string;
let ebay: FakeEbay;

function listingRows(band: Band) {
  // Two marketplaces for the high band, so its deeper look shows a row per marketplace.
  const marketplace = (i: number) => ({ marketplace: band.key === 'high' && i % 2 ? 'poshmark' : 'ebay' });
  return [
    ...jackets(band.brand, 'available', band.available, marketplace),
    ...jackets(band.brand, 'sold', band.sold, marketplace),
    // Another condition and a sale too old for the 90-day window: neither may count.
    { ...jacket(band.brand, 'available', 90), ...marketplace(90), condition: 'new_with_tags' },
    { ...jacket(band.brand, 'sold', 91), ...marketplace(91), sold_at: daysAgo(120), listed_at: daysAgo(150) },
  ];
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label="Notifications"] li', { hasText: text });

/**
 * Logs in the way a visitor on this page does: a search asks for it and opens the login dialog; once they are in,
 * that search runs by itself. Waits for its results.
 */
async function login(page: Page, itemName = term(bandBy('high'))) {
  await submitSearch(page, itemName);
  await expect(dialog(page).getByRole('heading', { name: 'Login to your account' })).toBeVisible();
  await submitLogin(dialog(page), email, password);
  await expect(dialog(page)).toHaveCount(0);
  await expect(toast(page, 'You have successfully logged in')).toBeVisible();
  await settled(page);
}

/**
 * Submits a search and returns once the page has taken it up ("Results for “…”" names it), so that `settled` waits
 * for this search's answer and not the previous one, which stays on screen until the form's validation has run.
 * Two searches in a row for the same term on one page cannot be told apart this way.
 */
async function search(page: Page, itemName: string, condition = 'Pre-owned') {
  await submitSearch(page, itemName, condition);
  await expect(page.getByText(`Results for “${itemName.trim()}”`)).toBeVisible();
}

/** Waits for both calls to finish: the rate, 'Sold data unavailable', or the error alert. */
const settled = (page: Page) => answered(page, ['sell-through-rate', 'search-error', 'sold-unavailable']);

async function logRows() {
  const { data, error } = await service
    .from('marketplace_search_logs')
    .select('search_term, condition, search_type, result_count, is_zero_result, api_success, error_message')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data;
}

// One reseller (made once for the file) searches on the same two pages from test to test: the tests run in order, in
// one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  userId = await createVerifiedUser(email, password, { first: 'Sam', last: 'Seller' });
  await insertRows(bands.flatMap(listingRows));

  // The eBay source, faked with the documented shapes: a Browse-only keyset (no sold data), failures and stalls on cue.
  ebay = await startFakeEbay({
    items: Array.from({ length: 7 }, (_, i) => ({
      title: `Ebayonly${tag} wool coat ${i}`,
      conditionId: '3000',
      price: 40 + i,
    })),
  });
});

test.afterAll(async () => {
  if (userId) await setFunctionEnv(null, { user: userId }).catch(() => {});
  await ebay?.stop();
});

test.describe('the Thrifting Explorer for a visitor', () => {
  test('shows the panel and the empty state, and validates on change', async ({ newPage }) => {
    for (const width of [375, 1280]) {
      const page = await newPage({ width });
      await page.goto('/thriftingexplorer');
      await expect(
        page.getByRole('heading', { name: 'Search for an item to see market data' }),
      ).toBeVisible();
      await expect(page.getByText("Is it a score or a snooze? We'll tell you")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('link', { name: /Download the app/ })).toHaveAttribute(
        'href',
        /apps\.apple\.com/,
      );
      await page.screenshot({ path: `${shots}/search-empty-${width}.png`, fullPage: true });
    }

    const page = await newPage();
    await page.goto('/thriftingexplorer');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeDisabled();
    await page.getByLabel('Item Name').fill('a');
    await expect(page.getByText('Item name must be at least 2 characters.')).toBeVisible();
    await page.getByLabel('Item Name').fill('ab');
    await expect(page.getByText('Item name must be at least 2 characters.')).toHaveCount(0);
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    await expect(button).toBeEnabled();
    await page.getByLabel('Condition').selectOption({ label: 'Select condition' });
    await expect(page.getByText('Please select a condition.')).toBeVisible();
    await expect(button).toBeDisabled();
  });

  test("answers an anonymous search with 'Authentication Required' and the login dialog", async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.goto('/thriftingexplorer?q=Levi%27s%20501');
    await expect(page.getByLabel('Item Name')).toHaveValue("Levi's 501");
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(toast(page, 'Authentication Required')).toBeVisible();
    await expect(toast(page, 'Authentication Required')).toContainText(
      'Please login to use the search feature',
    );
    await expect(dialog(page).getByRole('heading', { name: 'Login to your account' })).toBeVisible();
    await expect(dialog(page).getByRole('tab', { name: 'Create an Account' })).toBeVisible();
  });

  test('runs the search they asked for once they log in through that dialog, and only once', async ({
    newPage,
  }) => {
    const band = bandBy('slow');
    // A term no other test searches, so its log rows count this page's calls alone.
    const itemName = `${band.brand} jackets`;
    const page = await newPage();
    await page.goto('/thriftingexplorer');
    await login(page, itemName);
    await expect(page.getByTestId('available-count')).toHaveText(String(band.available));
    await expect(page.getByTestId('sell-through-rate')).toHaveText(band.rate);
    await expect(toast(page, 'Authentication Required')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/search-after-login-1280.png`, fullPage: true });
    const calls = async () =>
      (await logRows()).filter((r) => r.search_term === itemName).map((r) => r.search_type);
    await expect.poll(calls).toEqual(['available', 'sold']);
    await page.waitForTimeout(500);
    expect(await calls()).toEqual(['available', 'sold']);
  });
});

test.describe('the Thrifting Explorer for a signed-in reseller', () => {
  let desktop: Page;
  let phone: Page;

  test.beforeAll(async ({ browser }) => {
    desktop = await openPage(browser, { width: 1280 });
    phone = await openPage(browser, { width: 375, height: 812 });
    for (const page of [desktop, phone]) {
      await page.goto('/thriftingexplorer');
      await login(page);
    }
  });
  test.afterAll(async () => {
    await desktop?.context().close();
    await phone?.context().close();
  });

  for (const [key, label, expected] of [
    ['high', 'High demand!', { hearts: true, snooze: false }],
    ['steady', 'Steady market', { hearts: true, snooze: false }],
    // 36-40%: hearts fall and the label says it is close to steady (decision 028), never 'selling slowly' alone.
    ['warm', 'Close to steady', { hearts: true, snooze: false }],
    ['slow', null, { hearts: false, snooze: false }],
    ['snooze', null, { hearts: false, snooze: true }],
  ] as const)
    test(`shows the ${key} band with its label, hearts and bubble`, async () => {
      const band = bandBy(key);
      const page = desktop;
      await search(page, term(band));
      await settled(page);
      await expect(page.getByTestId('available-count')).toHaveText(String(band.available));
      await expect(page.getByTestId('sold-count')).toHaveText(String(band.sold));
      await expect(page.getByTestId('sell-through-rate')).toHaveText(band.rate);
      if (label) await expect(page.getByTestId('band-label')).toHaveText(label);
      else await expect(page.getByTestId('band-label')).toHaveCount(0);
      await expect(page.getByTestId('rate-heart')).toHaveCount(expected.hearts ? 1 : 0);
      await expect(page.getByTestId('falling-hearts')).toHaveCount(expected.hearts ? 1 : 0);
      await expect(page.getByText('Less than 10% is a snooze')).toHaveCount(expected.snooze ? 1 : 0);
      await expect(page.getByTestId('market-analysis')).toContainText('informational and indicative only');
      await expect(page.getByTestId('formula')).toHaveText(
        'Sell-through = sold in the last 90 days ÷ listed now',
      );
      // Hearts take about four seconds to fall; the screenshot of the high band catches them on the way down.
      await page.screenshot({ path: `${shots}/search-${key}-1280.png`, fullPage: key !== 'high' });

      await search(phone, term(band));
      await settled(phone);
      await expect(phone.getByTestId('sell-through-rate')).toHaveText(band.rate);
      await phone.screenshot({ path: `${shots}/search-${key}-375.png`, fullPage: true });
    });

  test('shows a row per marketplace and the condition ladder in the deeper look', async () => {
    await search(desktop, term(bandBy('high')));
    await settled(desktop);
    const markets = desktop.getByTestId('marketplace-table');
    await expect(markets.getByRole('row')).toHaveCount(3);
    const ladder = desktop.getByTestId('condition-ladder');
    await expect(ladder.locator('tr[aria-current="true"]')).toContainText('Pre-owned');
    await expect(ladder.getByRole('row', { name: /New with tags/ })).toContainText('1');
    await expect(desktop.getByTestId('thin-sample-note')).toBeVisible();
  });

  test('keeps the hearts still for people who ask for reduced motion', async ({ newPage }) => {
    const page = await newPage({ reducedMotion: true });
    await page.goto('/thriftingexplorer');
    // Logging in runs the high band's search.
    await login(page);
    await expect(page.getByTestId('falling-hearts')).toBeHidden();
    await expect(page.getByTestId('rate-heart')).toBeVisible();
  });

  test("opens 'No Sold Items Found' for a zero-sold term, and 'Got it' closes it", async () => {
    for (const [page, width] of [
      [desktop, 1280],
      [phone, 375],
    ] as const) {
      await search(page, term(bandBy('ghost')));
      const d = dialog(page);
      await expect(d.getByRole('heading', { name: 'No Sold Items Found' })).toBeVisible();
      await expect(d).toContainText("You might've thrifted a ghost");
      await page.screenshot({ path: `${shots}/search-no-sold-${width}.png` });
      await d.getByRole('button', { name: 'Got it' }).click();
      await expect(d).toHaveCount(0);
      await expect(page.getByTestId('sell-through-rate')).toHaveText('0%');
    }
  });

  test.describe('with eBay as the market source', () => {
    test.beforeAll(async () => {
      await setFunctionEnv(
        {
          ...ebayMarketEnv(ebay),
          MARKET_TIMEOUT_MS: '1500',
        },
        { user: userId },
      );
    });
    test.afterAll(async () => {
      ebay.setDelay(0);
      await setFunctionEnv(null, { user: userId });
    });

    test("says sold data is unavailable, with eBay's reason, instead of claiming zero sales", async () => {
      await search(desktop, `ebayonly${tag} coat`);
      await settled(desktop);
      // eBay's total is an estimate, and the card says so.
      await expect(desktop.getByTestId('available-count')).toHaveText('about 7');
      const sold = desktop.getByTestId('sold-unavailable');
      await expect(sold).toContainText('Sold data unavailable');
      await expect(sold).toContainText('Marketplace Insights');
      await expect(desktop.getByTestId('sell-through-rate')).toHaveCount(0);
      await expect(dialog(desktop)).toHaveCount(0);
      await desktop.screenshot({ path: `${shots}/search-sold-unavailable-1280.png`, fullPage: true });
    });

    test('shows the unavailable text when the source fails', async () => {
      for (const [page, width] of [
        [desktop, 1280],
        [phone, 375],
      ] as const) {
        // An internal eBay failure (not errorId 2001, which is eBay's own rate limit and is remembered as a quota).
        // Browse answers two calls per search, the count and the listed-now row, in either order: both fail.
        ebay.failNext(
          '/buy/browse',
          {
            status: 503,
            body: {
              errors: [
                { errorId: 10000, message: 'There was a problem with an eBay internal system or process.' },
              ],
            },
          },
          2,
        );
        await search(page, `failing ${tag} coat`);
        await settled(page);
        // Both failures are used up before the next search: the listed-now row says so too.
        await expect(page.getByText("eBay's listed count is unavailable right now.")).toBeVisible();
        const alert = page.getByTestId('search-error');
        await expect(alert.getByText('Error', { exact: true })).toBeVisible();
        await expect(alert).toContainText(
          'Search service temporarily unavailable. Please try again in a moment.',
        );
        await expect(toast(page, 'Search Error')).toBeVisible();
        await page.screenshot({ path: `${shots}/search-error-${width}.png`, fullPage: true });
      }
    });

    test('shows the timeout text when the source does not answer in time', async () => {
      ebay.setDelay(4000);
      try {
        await search(desktop, `stalling ${tag} coat`);
        await settled(desktop);
        await expect(desktop.getByTestId('search-error')).toContainText(
          'Request timed out. Please try again.',
        );
      } finally {
        ebay.setDelay(0);
      }
    });
  });

  test('logs a row for each call, success or failure', async () => {
    // The page writes each row after showing the answer, without waiting for it: the last ones may still be on the way.
    await expect.poll(logRows).toEqual(
      expect.arrayContaining([
        {
          search_term: term(bandBy('high')),
          condition: 'pre_owned',
          search_type: 'available',
          result_count: 10,
          is_zero_result: false,
          api_success: true,
          error_message: null,
        },
        {
          search_term: term(bandBy('ghost')),
          condition: 'pre_owned',
          search_type: 'sold',
          result_count: 0,
          is_zero_result: true,
          api_success: true,
          error_message: null,
        },
        expect.objectContaining({
          search_term: `failing ${tag} coat`,
          search_type: 'available',
          api_success: false,
          error_message: expect.stringMatching(/^503: .*unavailable/),
        }),
        expect.objectContaining({
          search_term: `stalling ${tag} coat`,
          search_type: 'available',
          api_success: false,
          error_message: expect.stringMatching(/^504: .*timeout/),
        }),
      ]),
    );
  });

  test('saves a search, lists it on /account with its figures, and runs it again from there', async () => {
    const band = bandBy('steady');
    await search(desktop, term(band));
    await settled(desktop);
    await desktop.getByRole('button', { name: 'Save search' }).click();
    await expect(toast(desktop, 'Search saved')).toBeVisible();
    await expect(desktop.getByTestId('search-saved')).toBeVisible();

    await desktop.goto('/account');
    const list = desktop.getByTestId('saved-searches');
    await expect(list).toBeVisible();
    const item = list.getByRole('listitem').filter({ hasText: term(band) });
    await expect(item).toContainText('10 available · 5 sold · 50% sell-through');
    await desktop.screenshot({ path: `${shots}/search-account-saved-1280.png`, fullPage: true });

    await item.getByRole('link', { name: /Run again/ }).click();
    await expect(desktop).toHaveURL(/\/thriftingexplorer\?q=/);
    await settled(desktop);
    await expect(desktop.getByLabel('Item Name')).toHaveValue(term(band));
    await expect(desktop.getByTestId('sell-through-rate')).toHaveText('50%');
    await expect(desktop.getByTestId('search-saved')).toBeVisible();

    await desktop.goto('/account');
    await list.getByRole('button', { name: `Delete: ${term(band)}` }).click();
    await expect(toast(desktop, 'Saved search deleted')).toBeVisible();
    await expect(desktop.getByText(/No saved searches yet/)).toBeVisible();
  });
});
