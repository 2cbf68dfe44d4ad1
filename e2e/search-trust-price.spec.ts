// Issue 28 point 5 end to end, at 390x844 and 1280x800: the median sold price and its middle 50% are on the first
// screen of every answer, with "too few to judge" words under 20 sales and an honest line when no sale has a usable
// price (docs/decisions/057). On a phone the answer is scrolled into view when it arrives; the first screen is what
// the reseller then sees, without scrolling further.
//
// Rows of a made-up word, shaped as the answers (see search-trust-sample.spec.ts for why not the demo market):
// a well-sold item, one sale of one listing, sales in euros only (no price the index can use), and none sold.
import { seriousViolations } from './support/axe';
import {
  closeNoSoldDialog,
  expectOnScreen,
  marketRows,
  openAnswer,
  prepareSpec,
  screens,
  shots,
  trustAccount,
} from './support/explorer';
import { expect, test } from './support/fixtures';

const reseller = trustAccount('price');
const { tag } = reseller;
const items = {
  rich: `${tag} better sweater`,
  thin: `${tag} wool coat`,
  euro: `${tag} linen shirt`,
  none: `${tag} bodycon dress`,
};
const soldPrices = Array.from({ length: 30 }, (_, i) => 20 + (i % 9) * 4);

/** percentile_cont, as the index computes it: linear between the two nearest ranks. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const lo = sorted[Math.floor(at)]!;
  const hi = sorted[Math.ceil(at)]!;
  return Math.round((lo + (hi - lo) * (at - Math.floor(at))) * 100) / 100;
}
const dollars = (n: number) =>
  n.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
  });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await prepareSpec(reseller, { first: 'Pri', last: 'Ce' }, [
    ...marketRows(`${tag}-rich`, `Patagonia ${items.rich} fleece`, 'available', 40),
    ...marketRows(`${tag}-rich`, `Patagonia ${items.rich} fleece`, 'sold', 30),
    ...marketRows(`${tag}-thin`, `Vintage ${items.thin}`, 'available', 1),
    ...marketRows(`${tag}-thin`, `Vintage ${items.thin}`, 'sold', 1, () => ({ price: 64 })),
    ...marketRows(`${tag}-euro`, `Zara ${items.euro}`, 'available', 12),
    ...marketRows(`${tag}-euro`, `Zara ${items.euro}`, 'sold', 9, () => ({ currency: 'EUR' })),
    ...marketRows(`${tag}-none`, `Mallbrand ${items.none}`, 'available', 25),
  ]);
});

for (const screen of screens) {
  test.describe(`${screen.name} ${screen.width}x${screen.height}`, () => {
    test('the median sold price and its middle 50% are on the first screen of the answer', async ({
      newPage,
    }) => {
      const page = await openAnswer(newPage, screen, reseller, items.rich);
      const price = page.getByTestId('headline-price');
      await expectOnScreen(price.getByRole('heading', { name: 'Median sold price' }));
      await expect(price.getByTestId('headline-median')).toHaveText(dollars(percentile(soldPrices, 0.5)));
      await expectOnScreen(price.getByTestId('headline-median'));
      await expect(price.getByTestId('headline-middle')).toHaveText(
        `middle 50% ${dollars(percentile(soldPrices, 0.25))} – ${dollars(percentile(soldPrices, 0.75))}`,
      );
      await expectOnScreen(price.getByTestId('headline-middle'));
      await expect(price).toContainText('from 30 sales in the last 90 days');
      await expect(price).not.toContainText('too few');
      await page.screenshot({ path: `${shots}/trust-price-rich-${screen.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('one sale: its price is shown, on the first screen, with the words that it is too few to judge', async ({
      newPage,
    }) => {
      const page = await openAnswer(newPage, screen, reseller, items.thin);
      const price = page.getByTestId('headline-price');
      await expect(price.getByTestId('headline-median')).toHaveText('$64');
      await expectOnScreen(price.getByTestId('headline-median'));
      const words = price.getByTestId('price-sample-words');
      await expect(words).toHaveText('Based on 1 sale: too few to judge a price');
      await expectOnScreen(words);
      await page.screenshot({ path: `${shots}/trust-price-thin-${screen.width}.png` });
    });

    test('sales without a usable price: an honest line in place of a price', async ({ newPage }) => {
      const page = await openAnswer(newPage, screen, reseller, items.euro);
      const line = page.getByTestId('headline-price-none');
      await expect(line).toHaveText(
        'None of these sales came with a price we can use, so no sold price to go by.',
      );
      await expectOnScreen(line);
      await expect(page.getByTestId('headline-median')).toHaveCount(0);
    });

    test('nothing sold: after "Got it" the answer says there is no sold price, still on the first screen', async ({
      newPage,
    }) => {
      const page = await openAnswer(newPage, screen, reseller, items.none);
      await closeNoSoldDialog(page);
      const line = page.getByTestId('headline-price-none');
      await expect(line).toHaveText('No sales in the last 90 days, so no sold price to go by.');
      await expectOnScreen(line);
      await page.screenshot({ path: `${shots}/trust-price-none-${screen.width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
