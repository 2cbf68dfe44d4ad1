// Issue 14, point 3: axe-core in Chromium on the Explorer (signed out, and with results), /account and the open avatar
// menu; the other public routes are in a11y-pages.spec.ts. A serious or critical violation fails the test and is
// printed with the elements it found. These search, so they run with the specs that change the functions' environment.
import { paths } from '../src/config/paths';
import { pageViolations as seriousViolations, settle } from './support/axe';
import { submitSearch } from './support/explorer';
import type { Page } from './support/fixtures';
import { expect, openPage, test } from './support/fixtures';
import { createVerifiedUser, insertListings, madeUpWord } from './support/seed';
import { logInThroughDialog } from './support/login';

// One account and one set of listings per file, made once: the tests of a file run in order in one worker.
test.describe.configure({ mode: 'serial' });

const brand = madeUpWord();
const email = `axe.${brand}@example.com`;
const password = 'axe-secret-12';

const login = (page: Page) => logInThroughDialog(page, email, password);

test.beforeAll(async () => {
  await createVerifiedUser(email, password, { first: 'Axel', last: 'Evans' });
  await insertListings(brand, 10, 5);
});

test.describe('axe-core: no serious or critical violations', () => {
  for (const width of [1280, 390])
    test(`${paths.search} at ${width} px`, async ({ newPage }) => {
      const page = await newPage({ width });
      await page.goto(paths.search);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

  test.describe('signed in', () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await openPage(browser);
      await page.goto('/thriftingexplorer');
      await settle(page);
      await login(page);
    });

    test('the Explorer with results', async () => {
      await submitSearch(page, `${brand} jacket`);
      await page.getByTestId('sell-through-rate').waitFor();
      await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
      expect(await page.getByTestId('sell-through-rate').textContent()).toBe('50%');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the open avatar menu', async () => {
      await page.getByRole('button', { name: /open account menu/ }).click();
      await page.getByRole('menu').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    });

    test('/account', async () => {
      await page.goto('/account');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
