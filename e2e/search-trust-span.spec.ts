// Issue 28 point 4 and issue 49 end to end, at 390x844 and 1280x800: the deeper look says how far back its sales
// figures reach, and that date is the window's own start (a UTC day), never a date read from anyone's rows: a seller's
// oldest shared sale is nobody else's business, and moved when that seller left (decision 076).
import { seriousViolations } from './support/axe';
import { marketRows, openAnswer, prepareSpec, screens, shots, trustAccount } from './support/explorer';
import { expect, test } from './support/fixtures';
import { day, daysAgo } from './support/seed';

const reseller = trustAccount('span');
const { tag } = reseller;
const item = `${tag} 501 jeans`;

test.describe.configure({ mode: 'serial' });

/** The window's first day (decision 086: today and the days - 1 before it, in UTC), as the screen names it. */
const windowStart = (days: number) =>
  new Date(Date.now() - (days - 1) * day).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

test.beforeAll(async () => {
  await prepareSpec(reseller, { first: 'Spa', last: 'N' }, [
    ...marketRows(tag, `Levi's ${item} W32`, 'available', 24),
    // Sold 3 to 62 days ago (the headline window), and a few between 100 and 170 days ago.
    ...marketRows(tag, `Levi's ${item} W30`, 'sold', 12),
    ...marketRows(`${tag}-old`, `Levi's ${item} W31`, 'sold', 4, (i) => ({
      listed_at: daysAgo(200 + i),
      sold_at: daysAgo(100 + i * 23),
    })),
  ]);
});

for (const screen of screens) {
  test(`${screen.name} ${screen.width}x${screen.height}: the deeper look states the window's own start`, async ({
    newPage,
  }) => {
    const page = await openAnswer(newPage, screen, reseller, item);
    const deeper = page.getByTestId('deeper-look');
    await deeper.scrollIntoViewIfNeeded();
    await expect(deeper.getByTestId('data-span')).toHaveText(`Sales data since ${windowStart(90)}`);
    await expect(deeper.getByTestId('window-meaning')).toHaveText(
      'The last 90 days are today and the 89 days before it, by calendar day in UTC.',
    );
    await expect(deeper.getByTestId('window-beyond-data')).toHaveCount(0);

    // A longer window, picked beside the condition (issue 54), reaches further back and says so with its own start.
    await page.getByRole('group', { name: 'Sold in the last' }).getByText('365 days').click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(deeper.getByTestId('data-span')).toHaveText(`Sales data since ${windowStart(365)}`);
    await expect(deeper.getByTestId('window-beyond-data')).toHaveCount(0);
    const note = deeper.getByTestId('data-span');
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/trust-span-365-${screen.width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
