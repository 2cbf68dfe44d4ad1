// Your sales as a reseller's desk (issue 51 item 7, decision 081) in Chromium against the emulator, at 390 and
// 1280 px: a seller with two years of sales, money on most of them, a refund and a few listings opens /account/sales.
// Nothing moves while it loads (layout shifts as Chromium scores them for CLS, from the navigation on, at most 0.02),
// the page has one "Your sales" heading, profit leads, the chart spans the data's months, a table too wide for a phone
// says it scrolls, and axe finds nothing serious. Screenshots go to .data/tmp.
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { screenshotOf } from './support/screenshot';
import { env, expect, test, type Page } from './support/fixtures';
import { logInThroughDialog } from './support/login';
import { createVerifiedUser, madeUpWord, serviceClient, type Row } from './support/seed';

const shots = '.data/tmp';
const password = 'desk-secret-1';
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The first day of the month `back` months before this one, plus `day` days, as an ISO time (UTC). */
function monthsAgo(back: number, day = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1 + day, 12)).toISOString();
}

const brands = ["Levi's", 'Lululemon', 'Patagonia', 'Coach', 'Nike'];

/** 40 sales over the last 23 months, money on most (no cost on every fifth), one refunded; 6 listings. */
function desk(userId: string): Row[] {
  const sales = Array.from({ length: 40 }, (_, i) => {
    const price = 20 + ((i * 7) % 60);
    const quantity = i % 9 === 0 ? 2 : 1;
    return {
      user_id: userId,
      marketplace: i % 3 === 0 ? 'poshmark' : 'ebay',
      external_id: `desk-sale-${i}`,
      title: `${brands[i % brands.length]} item ${i}`,
      brand: brands[i % brands.length],
      category: i % 2 ? 'Jeans' : 'Jackets',
      size: i % 2 ? '32' : 'M',
      condition: 'pre_owned',
      status: 'sold',
      quantity,
      price,
      currency: 'USD',
      listed_at: monthsAgo(23 - Math.floor(i / 2), 0),
      sold_at: monthsAgo(23 - Math.floor(i / 2), 5 + (i % 3)),
      sale_status: i === 7 ? 'refunded' : 'completed',
      order_id: `o-${i}`,
      shipping: 6,
      fees: Math.round(price * quantity * 13) / 100,
      net: Math.round(price * quantity * 87) / 100 + 6,
      cost: i % 5 === 4 ? null : 8 + (i % 4) * 2,
    };
  });
  const listed = Array.from({ length: 6 }, (_, i) => ({
    user_id: userId,
    marketplace: 'ebay',
    external_id: `desk-listed-${i}`,
    title: `${brands[i % brands.length]} listing ${i}`,
    brand: brands[i % brands.length],
    category: 'Jackets',
    size: 'M',
    condition: 'pre_owned',
    status: 'available',
    quantity: i === 0 ? 3 : 1,
    price: 45,
    currency: 'USD',
    listed_at: monthsAgo(1),
    sold_at: null,
  }));
  return [...sales, ...listed];
}

/**
 * Counts every layout shift not caused by input, from the document's start (buffered), into window.__shift, and
 * keeps what moved, so a failure names it.
 */
async function watchShiftsFromTheStart(page: Page) {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    const name = (node?: Node | null) => {
      const el = node instanceof Element ? node : node?.parentElement;
      if (!el) return '?';
      const id = el.getAttribute('data-testid') ?? el.id;
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Source[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        for (const s of entry.sources)
          w.__moved.push(
            `${entry.value.toFixed(4)} ${name(s.node)}: y ${s.previousRect.y} -> ${s.currentRect.y}, ` +
              `h ${s.previousRect.height} -> ${s.currentRect.height}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ score: number; moved: string[] }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const w = window as unknown as { __shift: number; __moved: string[] };
            resolve({ score: w.__shift, moved: w.__moved });
          }),
        ),
      ),
  );

let email: string;
let firstMonth: string;

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  email = `desk.${madeUpWord()}@example.com`;
  const userId = await createVerifiedUser(email, password, { first: 'Desi', last: 'Kerr' });
  const { error } = await serviceClient().from('seller_items').insert(desk(userId));
  if (error) throw error;
  firstMonth = new Date(monthsAgo(23)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
});

for (const size of widths) {
  test(`Your sales at ${size.width} px: nothing moves while it loads, profit leads, one heading, axe clean`, async ({
    newPage,
  }) => {
    // Logged in from the desktop header, then the window takes the width under test.
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto('/');
    await logInThroughDialog(page, email, password);
    await page.setViewportSize(size);

    // The app starts on its own on /account/sales, a page only the client renders: the frame's own goto presses no
    // key to start it (the fixture's page.goto would), since input would excuse the shifts that follow it.
    await watchShiftsFromTheStart(page);
    await page.mainFrame().goto(`${env.baseURL}/account/sales`);
    await expect(page.getByTestId('sales-profit')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Share my imported items anonymously' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const cls = await shifted(page);
    expect(cls.score, `layout shift while Your sales loads:\n${cls.moved.join('\n')}`).toBeLessThanOrEqual(
      0.02,
    );

    await expect(page.getByRole('heading', { name: 'Your sales' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Your sales' })).toBeVisible();
    // Money: profit and ROI, with what is missing (a fifth of the sales have no cost) said.
    await expect(page.getByTestId('sales-profit')).toHaveText(/^\$[\d,.]+$/);
    await expect(page.getByTestId('sales-roi')).toHaveText(/^ROI \d+%$/);
    await expect(page.getByText(/^Profit and ROI are over the 31 of 39 sales/)).toBeVisible();
    // 39 sales that count (the refund does not), 5 of them of two units; 8 units listed.
    await expect(page.getByTestId('sales-units-sold')).toHaveText('44');
    await expect(page.getByTestId('sales-units-listed')).toHaveText('8');
    await expect(page.getByTestId('sales-sell-through')).toHaveText('550%');
    await expect(page.getByText(/^Over 100% means/)).toBeVisible();
    // The chart runs from the first sale's month, 23 months ago, to this one.
    await expect(
      page.getByRole('img', { name: new RegExp(`^Units sold per month, ${firstMonth} to `) }),
    ).toBeVisible();

    await page.screenshot({ path: `${shots}/e2e-sales-desk-${size.width}-top.png` });

    const breakdown = page.getByRole('region', { name: 'Your sales by brand' });
    await screenshotOf(
      breakdown.locator('xpath=../../..'),
      `${shots}/e2e-sales-desk-${size.width}-breakdown.png`,
    );
    if (size.width < 768) {
      // Wider than a phone: it says so at its edge, and the cue goes once the end is reached.
      const cue = breakdown.locator('xpath=..').getByTestId('scroll-cue');
      await expect(cue).toBeVisible();
      await expect(cue).toHaveText('Scroll for more →');
      await breakdown.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(cue).toHaveCount(0);
      await breakdown.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect(cue).toBeVisible();
      // The chart opens at the latest months, and says earlier ones lie to the left.
      const chart = page.getByRole('region', { name: 'Chart of units sold per month' }).locator('xpath=..');
      await expect(chart.getByTestId('scroll-cue-before')).toHaveText('← Earlier months');
      await expect(chart.getByTestId('scroll-cue')).toHaveCount(0);
    }

    await page.getByText('Show as a table', { exact: true }).click();
    await expect(page.getByRole('table', { name: 'Sold per month' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/e2e-sales-desk-${size.width}.png`, fullPage: true });
    // A phone's full page is too tall to read scaled down: a screen at a time as well.
    if (size.width < 768) {
      const end = await page.evaluate(() => document.getElementById('main')!.scrollHeight);
      for (let i = 1; i * size.height < end; i++) {
        await page.evaluate((y) => window.scrollTo(0, y), i * (size.height - 100));
        await page.screenshot({ path: `${shots}/e2e-sales-desk-${size.width}-screen-${i}.png` });
      }
    }
  });
}
