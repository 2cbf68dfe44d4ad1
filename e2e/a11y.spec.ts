// Issue 14, point 3: axe-core in Chromium on every public route, the Explorer with results, /account and the open
// avatar menu. A serious or critical violation fails the test and is printed with the elements it found.
import { paths, publicPaths } from '../src/config/paths';
import { seriousViolations as axeViolations } from './support/axe';
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

/** Serious and critical violations, and headings that skip a level (moderate for axe, but issue 14 found them). */
const seriousViolations = (page: Page) => axeViolations(page, { alsoRules: ['heading-order'] });

/** The page has painted its content: the main heading is there and fonts and images have loaded. */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

const login = (page: Page) => logInThroughDialog(page, email, password);

let articlePath = '';

test.beforeAll(async ({ browser }) => {
  await createVerifiedUser(email, password, { first: 'Axel', last: 'Evans' });
  await insertListings(brand, 10, 5);
  const page = await openPage(browser);
  await page.goto('/blog');
  articlePath = (await page
    .getByRole('main')
    .getByRole('link', { name: /^Read More/ })
    .first()
    .getAttribute('href'))!;
  await page.context().close();
});

test.describe('axe-core: no serious or critical violations', () => {
  // Every route a visitor reaches signed out, and the not-found page.
  const publicRoutes = [...publicPaths, paths.resetPassword, '/no-such-page'];
  for (const width of [1280, 390]) {
    for (const route of publicRoutes)
      test(`${route} at ${width} px`, async ({ newPage }) => {
        const page = await newPage({ width });
        await page.goto(route);
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
  }

  test('a blog article', async ({ newPage }) => {
    expect(articlePath).toMatch(/^\/blog\/[a-z0-9-]+$/);
    const page = await newPage();
    await page.goto(articlePath);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the open mobile menu', async ({ newPage }) => {
    const page = await newPage({ width: 390 });
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the login dialog', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/');
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Login to your account' }).waitFor();
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
