// Issue 54 (decision 083, decision 058 as amended): the research desk in Chromium against the emulator and the real
// search functions, at 390x844 and 1280x800. The window beside the condition, then a size, a price band and a
// marketplace, each change the headline's figures, which equal plain SQL over the same demo listings; each lands in the
// address, and a reload and Back bring the search back with its figures. The trend's chart and its table agree with
// each other and with the listings, week by week, a week of too few sellers said as such. Screenshots go to /tmp/shots.
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { screens as viewports, signIn, submitSearch } from './support/explorer';
import { screenshotOf } from './support/screenshot';
import { expect, test, type Page } from './support/fixtures';
import { createVerifiedUser, daysAgo, insertRows, madeUpWord, serviceClient, type Row } from './support/seed';

const shots = '/tmp/shots';
const brand = madeUpWord();
const item = `${brand} denim jacket`;
const email = `desk.${brand}@example.com`;
const password = 'desk-secret-1';

test.describe.configure({ mode: 'serial' });

// Ten demo sellers: a figure shows when at least 5 different ones stand behind it (PANEL_MIN_SELLERS).
const sellers = Array.from(
  { length: 10 },
  (_, i) => `00000000-0000-4000-8000-${String(540 + i).padStart(12, '0')}`,
);
const sizes = ['S', 'M', 'L'];
const markets = ['ebay', 'poshmark', 'mercari'];

function row(status: 'available' | 'sold', n: number, at: number, hoursBack = 0): Row {
  const size = sizes[n % 3];
  return {
    marketplace: markets[Math.floor(n / 3) % 3],
    external_id: `desk-${brand}-${status}-${n}`,
    title: `${brand} denim jacket blue Size ${size}`,
    brand,
    category: 'jacket',
    size,
    condition: 'pre_owned',
    status,
    price: 14 + ((n * 11) % 70),
    currency: 'USD',
    listed_at: daysAgo(at + 20),
    sold_at:
      status === 'sold' ? new Date(Date.parse(daysAgo(at)) - hoursBack * 3_600_000).toISOString() : null,
    seller_key: sellers[n % sellers.length],
    source: 'demo',
  };
}

/**
 * Listed now: 120. Sold: a week every 7 days from 3 days ago back to 87, twelve sales in even weeks and four in odd ones
 * (so some weeks have too few sellers to show), and one sale every 5 days from 95 to 360 days ago.
 */
function listings(): Row[] {
  const rows: Row[] = Array.from({ length: 120 }, (_, n) => row('available', n, 10 + (n % 20)));
  let n = 0;
  for (let k = 0; k < 13; k++) {
    const sales = k % 2 === 0 ? 12 : 4;
    for (let j = 0; j < sales; j++) rows.push(row('sold', n++, 3 + 7 * k, j));
  }
  for (let d = 95; d <= 360; d += 5) rows.push(row('sold', n++, d));
  return rows;
}

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await createVerifiedUser(email, password, { first: 'Desi', last: 'Desk' });
  await insertRows(listings());
});

type Narrowing = {
  windowDays?: number;
  size?: string;
  priceMin?: number;
  priceMax?: number;
  marketplace?: string;
};

/** The rows of this spec's item as plain SQL reads them: its title's brand, pre-owned, and the narrowing asked for. */
async function plainRows(status: 'available' | 'sold', n: Narrowing) {
  let q = serviceClient()
    .from('market_listings')
    .select('sold_at, seller_key, price')
    .eq('brand', brand)
    .eq('condition', 'pre_owned')
    .eq('status', status);
  if (status === 'sold') q = q.gte('sold_at', daysAgo(n.windowDays ?? 90));
  if (n.size) q = q.eq('size', n.size);
  if (n.marketplace) q = q.eq('marketplace', n.marketplace);
  if (n.priceMin !== undefined) q = q.gte('price', n.priceMin);
  if (n.priceMax !== undefined) q = q.lt('price', n.priceMax);
  const { data, error } = await q;
  if (error) throw error;
  return data as { sold_at: string | null; seller_key: string; price: number }[];
}

/**
 * What the headline must say: each count, or withheld when fewer than 5 sellers stand behind it. The listings are made
 * so that every step of the spec shows its figures (at least 7 sellers behind each).
 */
async function expected(n: Narrowing) {
  const figure = (rows: { seller_key: string }[]) =>
    new Set(rows.map((r) => r.seller_key)).size >= 5 ? String(rows.length) : null;
  return {
    available: figure(await plainRows('available', n)),
    sold: figure(await plainRows('sold', n)),
  };
}

/** Monday (UTC) of the ISO week of a time. */
function isoWeek(at: string): string {
  const d = new Date(at);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)))
    .toISOString()
    .slice(0, 10);
}

/** The weeks plain SQL gives: sales per ISO week of the window, null where 1 to 4 sellers stand behind a week. */
async function expectedWeeks(n: Narrowing): Promise<Map<string, string>> {
  const weeks = new Map<string, { count: number; sellers: Set<string> }>();
  for (const r of await plainRows('sold', n)) {
    const w = weeks.get(isoWeek(r.sold_at!)) ?? { count: 0, sellers: new Set<string>() };
    w.count += 1;
    w.sellers.add(r.seller_key);
    weeks.set(isoWeek(r.sold_at!), w);
  }
  return new Map([...weeks].map(([week, w]) => [week, w.sellers.size >= 5 ? String(w.count) : 'too-few']));
}

const address = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The headline on screen: the two counts, and whether the sold one is this search's own (its window in the line). */
async function showsFigures(page: Page, want: { available: string | null; sold: string | null }) {
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
  if (want.available === null || want.sold === null) {
    await expect(page.getByTestId('withheld')).toBeVisible();
    return;
  }
  await expect(page.getByTestId('available-count')).toHaveText(want.available);
  await expect(page.getByTestId('sold-count')).toHaveText(want.sold);
}

async function searchNow(page: Page) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
}

for (const viewport of viewports) {
  test(`${viewport.name} ${viewport.width}x${viewport.height}: the window, size, price band and marketplace change the figures, live in the address and come back on reload and Back`, async ({
    newPage,
  }) => {
    const page = await newPage({ width: viewport.width, height: viewport.height });
    await signIn(page, email, password);

    // The plain search: 90 days.
    await submitSearch(page, item);
    await expect(page.getByTestId('searched-line')).toHaveText(
      `Results for “${item}” · Pre-owned · last 90 days`,
    );
    await showsFigures(page, await expected({}));
    expect(address(page)).toEqual({ q: item, condition: 'pre_owned' });

    // The window, beside the condition, drives the headline.
    const steps: [Narrowing, (p: Page) => Promise<void>, Record<string, string>, string][] = [
      [
        { windowDays: 365 },
        (p) => p.getByRole('group', { name: 'Sold in the last' }).getByText('365 days').click(),
        { window: '365' },
        'last 365 days',
      ],
      [
        { windowDays: 365, size: 'M' },
        async (p) => {
          await p.getByRole('button', { name: /More filters/ }).click();
          await p.getByLabel('Size').fill('M');
        },
        { size: 'M' },
        'size M',
      ],
      [
        { windowDays: 365, size: 'M', priceMin: 20, priceMax: 60 },
        async (p) => {
          await p.getByLabel('From').fill('20');
          await p.getByLabel('Under').fill('60');
        },
        { min: '20', max: '60' },
        '$20 – $60',
      ],
      [
        { windowDays: 365, size: 'M', priceMin: 20, priceMax: 60, marketplace: 'poshmark' },
        (p) =>
          p
            .getByLabel('Marketplace')
            .selectOption({ label: 'Poshmark' })
            .then(() => undefined),
        { market: 'poshmark' },
        'on Poshmark',
      ],
    ];
    let before = await expected({});
    let params: Record<string, string> = { q: item, condition: 'pre_owned' };
    for (const [narrowing, choose, added, words] of steps) {
      await choose(page);
      await searchNow(page);
      const want = await expected(narrowing);
      expect(want.available && want.sold, `${JSON.stringify(narrowing)} is shown`).not.toBeNull();
      // Each step narrows the search: the figures move with it.
      expect(want, JSON.stringify(narrowing)).not.toEqual(before);
      await showsFigures(page, want);
      await expect(page.getByTestId('searched-line')).toContainText(words);
      params = { ...params, ...added };
      expect(address(page)).toEqual(params);
      before = want;
    }
    await screenshotOf(
      page.getByRole('form', { name: 'Search Items' }),
      `${shots}/desk-form-${viewport.width}.png`,
    );
    // The answer from its "what we searched" line down, below the sticky header.
    await page.getByTestId('searched-line').evaluate((e) => {
      e.scrollIntoView({ block: 'start', behavior: 'instant' });
      window.scrollBy({ top: -80, behavior: 'instant' });
    });
    await page.screenshot({ path: `${shots}/desk-answer-${viewport.width}.png` });

    // A reload runs the same search: the form and the figures come back.
    await page.reload();
    await showsFigures(page, before);
    expect(address(page)).toEqual(params);
    await expect(page.getByRole('radio', { name: '365 days' })).toBeChecked();
    await expect(page.getByLabel('Size')).toHaveValue('M');
    await expect(page.getByLabel('From')).toHaveValue('20');
    await expect(page.getByLabel('Under')).toHaveValue('60');
    await expect(page.getByLabel('Marketplace')).toHaveValue('poshmark');

    // Back: the search before the marketplace, its address, form and figures.
    await page.goBack();
    const { market: _market, ...withoutMarket } = params;
    await expect.poll(() => address(page)).toEqual(withoutMarket);
    await showsFigures(page, await expected(steps[2][0]));
    await expect(page.getByLabel('Marketplace')).toHaveValue('');
    await expect(page.getByTestId('searched-line')).not.toContainText('Poshmark');

    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${viewport.name} ${viewport.width}x${viewport.height}: the trend's chart and its table agree, with each other and the listings`, async ({
    newPage,
  }) => {
    const page = await newPage({ width: viewport.width, height: viewport.height });
    await signIn(page, email, password);
    await submitSearch(page, item);
    const trend = page.getByTestId('trend');
    await expect(trend).toBeVisible();
    await expect(trend.getByTestId('trend-listed-today')).toHaveText(
      `Listed today: ${(await expected({})).available}`,
    );

    const bars = await trend
      .getByTestId('trend-sold-chart')
      .locator('[data-week]')
      .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-week'), n.getAttribute('data-value')]));
    // Every ISO week of the 90 days, oldest first: 13 or 14 of them.
    expect(bars.length).toBeGreaterThanOrEqual(13);
    expect(bars.length).toBeLessThanOrEqual(14);
    const weeks = await expectedWeeks({});
    for (const [week, value] of bars) expect(value, week!).toBe(weeks.get(week!) ?? '0');
    expect(bars.some(([, value]) => value === 'too-few')).toBe(true);
    await expect(trend.getByTestId('trend-too-few-legend')).toBeVisible();
    await screenshotOf(trend, `${shots}/desk-trend-chart-${viewport.width}.png`);

    await trend.getByRole('tab', { name: 'Table' }).click();
    const table = trend.getByTestId('trend-table');
    await expect(table).toBeVisible();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((nodes) =>
        nodes.map((n) => [
          n.getAttribute('data-week'),
          n.querySelector('[data-testid="trend-table-sold"]')?.textContent ?? '',
        ]),
      );
    expect(rows).toEqual(
      bars.map(([week, value]) => [week, value === 'too-few' ? 'Too few sellers' : value]),
    );
    await screenshotOf(trend, `${shots}/desk-trend-table-${viewport.width}.png`);

    // The keyboard moves between the chart and the table.
    await trend.getByRole('tab', { name: 'Table' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(trend.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page, { include: '[data-testid="trend"]' })).toEqual([]);
  });
}

test('a saved narrowed search keeps its window and narrowing on /account, and Run again runs it', async ({
  newPage,
}) => {
  const page = await newPage({ width: 1280, height: 800 });
  await signIn(page, email, password);
  const narrowing = { windowDays: 30, size: 'L', priceMin: 20 };
  await page.goto(
    `/thriftingexplorer?q=${encodeURIComponent(item)}&condition=pre_owned&window=30&size=L&min=20`,
  );
  const want = await expected(narrowing);
  await showsFigures(page, want);
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByTestId('search-saved')).toBeVisible();

  await page.goto('/account');
  const saved = page.getByTestId('saved-searches').getByRole('listitem').filter({ hasText: item });
  await expect(saved.getByTestId('saved-search-what')).toHaveText('Pre-owned · size L · from $20');
  await expect(saved.getByTestId('saved-source')).toHaveText('Demo data · sold in the last 30 days');
  await expect(saved).toContainText(`${want.available} available · ${want.sold} sold`);
  await screenshotOf(saved, `${shots}/desk-saved-1280.png`);

  await saved.getByRole('link', { name: /Run again/ }).click();
  await expect
    .poll(() => address(page))
    .toEqual({
      q: item,
      condition: 'pre_owned',
      window: '30',
      size: 'L',
      min: '20',
    });
  await showsFigures(page, want);
  await expect(page.getByTestId('searched-line')).toHaveText(
    `Results for “${item}” · Pre-owned · last 30 days · size L · from $20`,
  );
});
