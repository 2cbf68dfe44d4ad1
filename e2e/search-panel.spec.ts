// The seller panel on the Explorer end to end (issue 22), in Chromium against the emulator, the real matching SQL and
// its threshold, which the demo market's synthetic sellers keep (decision 082): a headline drawn on enough sellers names
// them ("Demo market: N sellers, last 90 days"); one drawn on too few is withheld; the marketplaces' own "listed now" rows
// come from fake eBay and Etsy servers, apart from the panel's figures, with each row's own trouble when a
// marketplace fails or is over its quota. Screenshots go to /tmp/shots.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { ebayEnv, startFakeEbay, type FakeEbay } from '../tests/fakes/ebay-server';
import { startFakeEtsy, type FakeEtsy } from '../tests/fakes/etsy-server';
import { answered, searchThenLogIn } from './support/explorer';
import { screenshotOf } from './support/screenshot';
import { expect, test, type Page } from './support/fixtures';
import { setFunctionEnv } from './support/function-env';
import {
  createVerifiedUser,
  daysAgo,
  insertRows,
  jackets,
  madeUpWord,
  type ListingStatus,
} from './support/seed';

const shots = '/tmp/shots';
const tag = madeUpWord();
const reseller = { email: `panel.${tag}@example.com`, password: 'thrift-secret-1' };
// Made-up brands, fresh per run, so each search counts exactly the rows this spec inserts.
const panelBrand = `pnl${tag}`;
const thinBrand = `thn${tag}`;
// The synthetic demo sellers: each row carries one of their panel keys, as the demo market's rows do.
const sellers = Array.from({ length: 9 }, () => randomUUID());

let ebay: FakeEbay;
let etsy: FakeEtsy;
let resellerId: string;

type Condition = 'pre_owned' | 'new_with_tags';
/** `n` demo listings of a brand's denim jacket, sold 5 + i days ago, the i-th from `sellerOf(i)`. */
function rows(
  brand: string,
  status: ListingStatus,
  condition: Condition,
  n: number,
  sellerOf: (i: number) => number,
) {
  return jackets(brand, status, n, (i) => ({
    external_id: `${brand}-${condition}-${status}-${i}`,
    condition,
    sold_at: status === 'sold' ? daysAgo(5 + i) : null,
    source: 'demo',
    seller_key: sellers[sellerOf(i)],
  }));
}

/** Searches as a visitor, logs in when asked, and waits for the answer, whichever state it is. */
async function loginAndSearch(page: Page, itemName: string) {
  await searchThenLogIn(page, reseller, itemName);
  await answered(page, ['sell-through-rate', 'withheld', 'no-comparables', 'search-error']);
}

// The user and the listings are made once for the file: its tests run in order, in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  resellerId = await createVerifiedUser(reseller.email, reseller.password, { first: 'Pan', last: 'El' });
  await insertRows([
    // 12 listed by sellers 0-5 and 8 sold in the last 90 days by sellers 2-8: 9 sellers behind the headline.
    ...rows(panelBrand, 'available', 'pre_owned', 12, (i) => i % 6),
    ...rows(panelBrand, 'sold', 'pre_owned', 8, (i) => 2 + (i % 7)),
    // Two sellers' new-with-tags jackets: too few for that row of the condition ladder.
    ...rows(panelBrand, 'available', 'new_with_tags', 3, (i) => i % 2),
    // Pre-owned: 4 listed by 3 sellers, 2 sold by 2: both withheld. New with tags: enough sellers on both sides.
    ...rows(thinBrand, 'available', 'pre_owned', 4, (i) => i % 3),
    ...rows(thinBrand, 'sold', 'pre_owned', 2, (i) => i),
    ...rows(thinBrand, 'available', 'new_with_tags', 6, (i) => i % 5),
    ...rows(thinBrand, 'sold', 'new_with_tags', 5, (i) => 4 - i),
  ]);

  ebay = await startFakeEbay({
    items: [
      ...Array.from({ length: 23 }, (_, i) => ({
        title: `${panelBrand} denim jacket ${i}`,
        conditionId: '3000',
        price: 40 + i,
      })),
      // New with tags: outside a pre-owned count.
      ...Array.from({ length: 4 }, (_, i) => ({
        title: `${panelBrand} denim jacket tagged ${i}`,
        conditionId: '1000',
        price: 90 + i,
      })),
    ],
  });
  etsy = await startFakeEtsy({
    listings: Array.from({ length: 57 }, (_, i) => ({ title: `Vintage ${panelBrand} denim jacket ${i}` })),
  });
});

test.afterAll(async () => {
  if (resellerId) await setFunctionEnv(null, { user: resellerId }).catch(() => {});
  await ebay?.stop();
  await etsy?.stop();
});

test.describe('the seller panel on the Thrifting Explorer', () => {
  test('names the demo market and its sellers under the headline of a demo query', async ({ newPage }) => {
    const page = await newPage();
    await loginAndSearch(page, `${panelBrand} denim jacket`);
    await expect(page.getByTestId('available-count')).toHaveText('12', { useInnerText: true });
    await expect(page.getByTestId('sold-count')).toHaveText('8', { useInnerText: true });
    await expect(page.getByTestId('sell-through-rate')).toHaveText('67%', { useInnerText: true });
    await expect(page.getByTestId('panel-source')).toHaveText('Demo market: 9 sellers, last 90 days', {
      useInnerText: true,
    });
    // The demo market keeps its label.
    await expect(page.getByTestId('demo-badge')).toHaveText('Demo data', { useInnerText: true });
    await expect(page.getByTestId('card-meta').first()).toHaveText(/^Demo data · listed now/, {
      useInnerText: true,
    });
    // Two sellers' new-with-tags jackets are withheld in the ladder: no count, no rate.
    const ladder = page.getByTestId('condition-ladder');
    await expect(ladder.getByRole('row', { name: /New with tags/ })).toHaveText(
      /^New with tags\s*Not enough sellers\s*0\s*—$/,
      { useInnerText: true },
    );
    await expect(ladder.locator('tr[aria-current="true"]')).toContainText('67%');
    // No marketplace is configured for listed-now counts: no box.
    await expect(page.getByTestId('listed-now')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/search-panel-headline-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('panel-source')).toBeVisible();
    await page.screenshot({ path: `${shots}/search-panel-headline-390.png`, fullPage: true });
  });

  test('withholds figures drawn on too few sellers, with no count of them on screen', async ({ newPage }) => {
    const page = await newPage({ width: 390, height: 844 });
    await loginAndSearch(page, `${thinBrand} denim jacket`);
    const state = page.getByTestId('withheld');
    await expect(
      state.getByRole('heading', { name: 'Not enough sellers have shared sales like this yet' }),
    ).toBeVisible();
    // Nothing says how many sellers stand behind it or how many more would lift it (issue 49): no digit at all.
    await expect(state).not.toHaveText(/\d/);
    await expect(page.getByText(/more sellers? needed/)).toHaveCount(0);
    await expect(state.getByRole('link', { name: 'Share your own sales from Your sales' })).toHaveAttribute(
      'href',
      '/account/sales/import',
    );
    // No number that could be one person's sales: no counts, no rate, no band, no "No Sold Items Found".
    for (const id of ['available-count', 'sold-count', 'sell-through-rate', 'band-label', 'panel-source'])
      await expect(page.getByTestId(id)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Market data' })).not.toHaveText(/\d+%/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Results for' })).toHaveText(
      /not enough sellers have shared sales like this yet\.$/,
    );
    await page.screenshot({ path: `${shots}/search-panel-withheld-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/search-panel-withheld-1280.png`, fullPage: true });

    // The condition with enough sellers is one click away, and its figures are shown.
    await state.getByRole('link', { name: 'New with tags' }).click();
    await expect(page).toHaveURL(/condition=new_with_tags/);
    await expect(page.getByTestId('available-count')).toHaveText('6', { useInnerText: true });
    await expect(page.getByTestId('sold-count')).toHaveText('5', { useInnerText: true });
    await expect(page.getByTestId('sell-through-rate')).toHaveText('83%', { useInnerText: true });
  });

  test.describe('with eBay and Etsy listed-now counts', () => {
    test.beforeAll(async () => {
      await setFunctionEnv(
        {
          ...ebayEnv(ebay),
          ETSY_API_KEY: etsy.keystring,
          ETSY_SHARED_SECRET: etsy.sharedSecret,
          ETSY_API_BASE: etsy.url,
        },
        { user: resellerId },
      );
    });
    test.afterAll(async () => {
      etsy.resetDay();
      await setFunctionEnv(null, { user: resellerId });
    });

    test('shows a row per marketplace apart from the panel, with a link to search there', async ({
      newPage,
    }) => {
      const page = await newPage();
      await loginAndSearch(page, `${panelBrand} jacket`);
      const box = page.getByRole('region', { name: 'Listed now on the marketplaces' });
      await expect(box.getByTestId('listed-ebay').getByTestId('listed-figure')).toHaveText(
        'eBay · listed now · about 23',
        { useInnerText: true },
      );
      await expect(box.getByTestId('listed-etsy').getByTestId('listed-figure')).toHaveText(
        'Etsy · listed now · about 57 (all conditions)',
        { useInnerText: true },
      );
      await expect(box.getByTestId('listed-ebay')).toContainText(/as of (a moment|\d+ min) ago/);
      const ebayLink = box.getByRole('link', { name: /Search on eBay/ });
      await expect(ebayLink).toHaveAttribute('href', /^https:\/\/www\.ebay\.com\/sch\/i\.html\?_nkw=pnl/);
      await expect(ebayLink).toHaveAttribute('target', '_blank');
      await expect(ebayLink).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(box.getByRole('link', { name: /Search on Etsy/ })).toHaveAttribute(
        'href',
        `https://www.etsy.com/search?q=${panelBrand}+jacket`,
      );
      // The headline stays the panel's own: nothing of eBay's or Etsy's is added to it or divided into it.
      await expect(page.getByTestId('available-count')).toHaveText('12', { useInnerText: true });
      await expect(page.getByTestId('sell-through-rate')).toHaveText('67%', { useInnerText: true });
      await page.screenshot({ path: `${shots}/search-panel-listed-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(box).toBeVisible();
      await screenshotOf(box, `${shots}/search-panel-listed-390.png`);
    });

    test("shows each marketplace's own trouble in its row, and the headline as usual", async ({
      newPage,
    }) => {
      const page = await newPage();
      ebay.failNext('/buy/browse', {
        status: 503,
        body: {
          errors: [
            { errorId: 10000, message: 'There was a problem with an eBay internal system or process.' },
          ],
        },
      });
      etsy.exceedPerDay(30);
      await loginAndSearch(page, `${panelBrand} jackets`);
      const box = page.getByTestId('listed-now');
      await expect(box.getByTestId('listed-ebay').getByTestId('listed-message')).toHaveText(
        "eBay's listed count is unavailable right now. Please try again in a moment.",
        { useInnerText: true },
      );
      await expect(box.getByTestId('listed-etsy').getByTestId('listed-message')).toContainText(
        "Etsy's request limit for our app has been reached",
      );
      await expect(box.getByTestId('listed-figure')).toHaveCount(0);
      await expect(page.getByTestId('search-error')).toHaveCount(0);
      await expect(page.getByTestId('sell-through-rate')).toHaveText('67%', { useInnerText: true });
    });
  });
});
