// Issue 28, points 1 and 3 (decision 060): how the Explorer reads a query, in Chromium against the emulator's demo
// market and the real matching SQL, at 390x844 and 1280x800. No real word, brand or model is "corrected" into another
// word; a correction shows, with a way to search the word as written; "did you mean" keeps the brand the query named;
// and an empty answer tells a known, rare item from a word nothing uses. axe finds nothing serious in these states.
import { seriousViolations } from './support/axe';
import { answered, screens as viewports, submitSearch } from './support/explorer';
import { expect, test, type Page } from './support/fixtures';
import { submitLogin } from './support/login';
import { createVerifiedUser, madeUpWord, mergeCells, serviceClient } from './support/seed';

const tag = madeUpWord();
const email = `reading.${tag}@example.com`;
const password = 'reading-secret-1';

test.describe.configure({ mode: 'serial' });

// The end-to-end emulator starts with an empty market: these are the listings the queries below meet. No title says
// "bag", "polka" or "birkin" (a purse and a crossbody are bags all the same), no listing is a clutch, none is by Hermes.
const TITLES: [title: string, brand: string, category: string][] = [
  ['Coach Signature Purse Brown', 'Coach', 'Handbags'],
  ['Coach Tabby Crossbody Chalk', 'Coach', 'Handbags'],
  ['Coach Leather Wallet', 'Coach', 'Wallets'],
  ['Lululemon Align Pant 25 Black', 'Lululemon', 'Leggings'],
  ['Lululemon Align High Rise Pant 28', 'Lululemon', 'Leggings'],
  ['Vintage Harley Davidson Tee XL', 'Harley Davidson', 'T-Shirts'],
];

test.beforeAll(async () => {
  await createVerifiedUser(email, password, { first: 'Rea', last: 'Ding' });
  const now = Date.now();
  const { error } = await serviceClient()
    .from('market_listings')
    .insert(
      TITLES.flatMap(([title, brand, category], i) =>
        (['available', 'sold'] as const).map((status) => ({
          marketplace: 'ebay',
          external_id: `reading-${tag}-${status}-${i}`,
          title,
          brand,
          category,
          condition: 'pre_owned',
          status,
          price: 40 + i,
          currency: 'USD',
          listed_at: new Date(now - 30 * 86_400_000).toISOString(),
          sold_at: status === 'sold' ? new Date(now - 10 * 86_400_000).toISOString() : null,
          source: 'import',
        })),
      ),
    );
  if (error) throw error;
  await mergeCells();
});

/** Opens the Explorer signed in, through its own "Log in or sign up" button. */
async function openSignedIn(page: Page) {
  await page.goto('/thriftingexplorer');
  await page.getByRole('button', { name: 'Log in or sign up' }).click();
  const dialog = page.getByRole('dialog');
  await submitLogin(dialog, email, password);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log in or sign up' })).toHaveCount(0);
}

/** Searches (pre-owned) and waits for this search's finished answer, whichever state it is. */
async function search(page: Page, itemName: string) {
  await submitSearch(page, itemName);
  await expect(page.getByText(`Results for “${itemName}”`)).toBeVisible();
  await answered(page, ['sell-through-rate', 'no-comparables', 'none-listed']);
}

for (const viewport of viewports) {
  test.describe(`reading the query, ${viewport.name} ${viewport.width}x${viewport.height}`, () => {
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await openSignedIn(page);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    test('"vintage polka tee" keeps "polka" and says no listing uses it', async () => {
      await search(page, 'vintage polka tee');
      await expect(page.getByTestId('query-reading')).toHaveCount(0);
      await expect(page.getByTestId('no-comparables')).toBeVisible();
      await expect(page.getByTestId('words-unknown')).toContainText('“polka”');
      await expect(page.getByTestId('words-recognised')).toContainText('t-shirt (item)');
    });

    test('"hermes birkin" keeps "birkin", knows both names, and suggests no other brand', async () => {
      await search(page, 'hermes birkin');
      await expect(page.getByTestId('query-reading')).toHaveCount(0);
      const known = page.getByTestId('words-recognised');
      await expect(known).toContainText('Hermes (brand)');
      await expect(known).toContainText('Birkin (a Hermes model)');
      await expect(known).toContainText('but nothing listed now or sold in the last 90 days');
      await expect(page.getByTestId('words-unknown')).toHaveCount(0);
      await expect(page.getByText('Birkenstock')).toHaveCount(0);
      const suggestions = await page.getByTestId('suggestions').getByRole('link').allInnerTexts();
      for (const s of suggestions) expect(s).toMatch(/^Hermes\b/);
    });

    test('"coach bag" counts the purse and the crossbody, never the wallet (issue 24)', async () => {
      await search(page, 'coach bag');
      await expect(page.getByTestId('available-count')).toHaveText('2');
      await expect(page.getByTestId('sold-count')).toHaveText('2');
    });

    test('a Coach search with no comps offers the broader Coach searches that find some', async () => {
      await search(page, 'coach leather clutch');
      const links = page.getByTestId('suggestions').getByRole('link');
      await expect(links.first()).toBeVisible();
      const suggestions = await links.allInnerTexts();
      expect(suggestions.slice(0, 2)).toEqual(['Coach handbag', 'Coach bag']);
      for (const s of suggestions) expect(s).toMatch(/^Coach\b/);
      await page.screenshot({ path: `.data/tmp/reading-${viewport.name}-coach-clutch.png`, fullPage: true });
      expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    });

    test('a word no listing uses gets the search without it first, brand and model kept (issue 54)', async () => {
      await search(page, 'coach tabby 26');
      await expect(page.getByTestId('no-comparables')).toBeVisible();
      await expect(page.getByTestId('unused-words')).toHaveText(
        'We could not use “26”: no listing of this item says it. The first search below leaves it out.',
      );
      const first = page.getByTestId('suggestions').getByRole('link').first();
      await expect(first).toHaveText('Coach tabby');
      await first.click();
      await expect(page.getByTestId('available-count')).toHaveText('1');
      await page.screenshot({ path: `.data/tmp/reading-${viewport.name}-unused-word.png`, fullPage: true });
    });

    test('a rare item and an unknown word get different explanations', async () => {
      await search(page, 'hermes birkin');
      const rare = await page.getByTestId('query-words').innerText();
      await search(page, 'zxqvblorp');
      await expect(page.getByTestId('words-unknown')).toHaveText(
        'We do not recognise “zxqvblorp”: no listing in our data uses it, and it is not a brand, model or item we know.',
      );
      await expect(page.getByTestId('words-recognised')).toHaveCount(0);
      const unknown = await page.getByTestId('query-words').innerText();
      expect(unknown).not.toBe(rare);
      expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    });

    test('a correction shows, and the word can be searched as written', async () => {
      await search(page, 'lululemn align');
      await expect(page.getByTestId('query-reading')).toContainText('Matched “lululemn” as “lululemon”.');
      await expect(page.getByTestId('sell-through-rate')).toBeVisible();
      await page.getByRole('link', { name: 'Search “lululemn” as written' }).click();
      await expect(page.getByText('Results for “"lululemn" align”')).toBeVisible();
      await expect(page.getByTestId('no-comparables')).toBeVisible();
      await expect(page.getByTestId('query-reading')).toHaveCount(0);
      await expect(page.getByTestId('words-unknown')).toContainText('“lululemn”');
    });
  });
}
