// Issue 28, point 6 (decision 058): searches in the address bar, in Chromium against the emulator and the real
// search functions, at 390x844 and 1280x800. Back and Forward show earlier answers (address and form included) without
// searching again; a shared link opened signed out runs once the visitor logs in; on a phone the answer's bar brings
// the form back; axe finds nothing serious on the Explorer with that bar. Screenshots go to .data/tmp/ for a person.
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { screens as viewports, submitSearch } from './support/explorer';
import { expect, test, type Page } from './support/fixtures';
import { submitLogin } from './support/login';
import { createVerifiedUser, insertListings, madeUpWord, serviceClient } from './support/seed';

const shots = '.data/tmp';
// Made-up brands, fresh per run. Each Back and Forward test has its own two, so the log rows it reads count its own
// calls alone; the other tests share a third pair. insertListings makes pre-owned jackets: 10 listed and 5 sold is
// 50 %, 10 listed and 8 sold is 80 %.
const pair = () => [madeUpWord(), madeUpWord()] as const;
const brands = { phone: pair(), desktop: pair(), other: pair() };
const searchA = `${brands.other[0]} jacket`;
const searchB = `${brands.other[1]} jacket`;
const email = `address.${brands.other[0]}@example.com`;
const password = 'address-secret-1';
let userId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  userId = await createVerifiedUser(email, password, { first: 'Ada', last: 'Dress' });
  for (const [a, b] of Object.values(brands)) {
    await insertListings(a, 10, 5);
    await insertListings(b, 10, 8);
  }
});

const dialog = (page: Page) => page.getByRole('dialog');

/** The Explorer's own way in for a visitor: its "Log in or sign up" button and the login dialog. */
async function logIn(page: Page) {
  await page.getByRole('button', { name: 'Log in or sign up' }).click();
  await submitLogin(dialog(page), email, password);
  await expect(dialog(page)).toHaveCount(0);
}

/** What the address bar holds. */
const address = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  return { path: new URL(page.url()).pathname, q: params.get('q'), condition: params.get('condition') };
};

/** The answer on screen is this search's, finished: its "Results for" line, its rate and an idle Search button. */
async function showsAnswer(page: Page, itemName: string, rate: string) {
  await expect(page.getByText(`Results for “${itemName}”`)).toBeVisible();
  await expect(page.getByTestId('sell-through-rate')).toHaveText(rate);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
}

async function showsForm(page: Page, itemName: string) {
  await expect(page.getByLabel('Item Name')).toHaveValue(itemName);
  await expect(page.getByLabel('Condition')).toHaveValue('pre_owned');
}

/** For the screenshots only: waits until a smooth scroll has come to rest (two frames apart at the same place). */
async function scrollRests(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        setTimeout(() => requestAnimationFrame(() => resolve(window.scrollY === y)), 100);
      }),
  );
}

async function logRows(term: string) {
  const { data, error } = await serviceClient()
    .from('marketplace_search_logs')
    .select('search_type')
    .eq('user_id', userId)
    .eq('search_term', term);
  if (error) throw error;
  return data.map((row) => row.search_type as string).sort();
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test('Back shows the first answer with its address and form, Forward the second, without searching again', async ({
      newPage,
    }) => {
      const page = await newPage({ width: viewport.width, height: viewport.height });
      await page.goto('/thriftingexplorer');
      await logIn(page);
      const [a, b] = brands[viewport.name].map((brand) => `${brand} jacket`);

      await submitSearch(page, a);
      await showsAnswer(page, a, '50%');
      expect(address(page)).toEqual({ path: '/thriftingexplorer', q: a, condition: 'pre_owned' });
      const bar = page.getByRole('button', { name: 'Change search' });
      if (viewport.name === 'phone') {
        // The answer is scrolled into view with its bar on top; the bar brings back the form.
        await expect(bar).toBeInViewport();
        await scrollRests(page);
        await page.screenshot({ path: `${shots}/address-answer-${viewport.width}.png` });
        await bar.click();
        await expect(page.getByLabel('Item Name')).toBeFocused();
        await expect(page.getByLabel('Item Name')).toBeInViewport();
        await scrollRests(page);
        await page.screenshot({ path: `${shots}/address-change-search-${viewport.width}.png` });
      } else {
        await expect(bar).toBeHidden();
      }

      await submitSearch(page, b);
      await showsAnswer(page, b, '80%');
      expect(address(page)).toEqual({ path: '/thriftingexplorer', q: b, condition: 'pre_owned' });
      await expect.poll(() => logRows(a)).toEqual(['available', 'sold']);
      await expect.poll(() => logRows(b)).toEqual(['available', 'sold']);

      await page.goBack();
      await showsAnswer(page, a, '50%');
      expect(address(page)).toEqual({ path: '/thriftingexplorer', q: a, condition: 'pre_owned' });
      await showsForm(page, a);
      await scrollRests(page);
      await page.screenshot({ path: `${shots}/address-back-${viewport.width}.png` });

      await page.goForward();
      await showsAnswer(page, b, '80%');
      expect(address(page)).toEqual({ path: '/thriftingexplorer', q: b, condition: 'pre_owned' });
      await showsForm(page, b);

      // Back and Forward showed the answers they had: no search ran again.
      expect(await logRows(a)).toEqual(['available', 'sold']);
      expect(await logRows(b)).toEqual(['available', 'sold']);
    });

    test('a shared link opened signed out fills the form, and the search runs once they log in', async ({
      newPage,
    }) => {
      const page = await newPage({ width: viewport.width, height: viewport.height });
      const shared = `/thriftingexplorer?${new URLSearchParams({ q: searchA, condition: 'pre_owned' })}`;
      await page.goto(shared);
      await showsForm(page, searchA);
      await expect(
        page.getByRole('heading', { name: 'Search for an item to see market data' }),
      ).toBeVisible();
      await page.screenshot({ path: `${shots}/address-shared-signed-out-${viewport.width}.png` });

      await logIn(page);
      await showsAnswer(page, searchA, '50%');
      expect(address(page)).toEqual({ path: '/thriftingexplorer', q: searchA, condition: 'pre_owned' });
      await page.screenshot({
        path: `${shots}/address-shared-logged-in-${viewport.width}.png`,
        fullPage: true,
      });
    });
  });
}

test('a visitor whose search waited for the login has one history entry for it', async ({ newPage }) => {
  const page = await newPage({ width: 390, height: 844 });
  await page.goto('/thriftingexplorer');
  await submitSearch(page, searchB);
  // The search is in the address before the login, for the confirmation email's link (decision 040).
  await expect(dialog(page).getByRole('heading', { name: 'Login to your account' })).toBeVisible();
  expect(address(page)).toEqual({ path: '/thriftingexplorer', q: searchB, condition: 'pre_owned' });
  await submitLogin(dialog(page), email, password);
  await showsAnswer(page, searchB, '80%');

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Search for an item to see market data' })).toBeVisible();
  await expect(page.getByLabel('Item Name')).toHaveValue('');
  expect(address(page)).toEqual({ path: '/thriftingexplorer', q: null, condition: null });
});

test('at 360 px the bar fits, shows its focus from the keyboard, and brings back the form', async ({
  newPage,
}) => {
  const page = await newPage({ width: 360, height: 740 });
  await page.goto('/thriftingexplorer');
  await logIn(page);
  await submitSearch(page, searchA);
  await showsAnswer(page, searchA, '50%');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const bar = page.getByRole('button', { name: 'Change search' });
  await bar.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(bar).toBeFocused();
  await expect(bar).toHaveCSS('box-shadow', /rgb/);
  await scrollRests(page);
  await page.screenshot({ path: `${shots}/address-bar-focus-360.png` });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Item Name')).toBeFocused();
  await expect(page.getByLabel('Item Name')).toBeInViewport();
});

// Last, and both viewports in one test: a finding at one width still lets the other be checked and the tests above run.
test('axe finds no serious or critical issue on an answer with its bar, at 390 and 1280 px', async ({
  newPage,
}) => {
  for (const viewport of viewports) {
    const page = await newPage({ width: viewport.width, height: viewport.height });
    await page.goto('/thriftingexplorer');
    await logIn(page);
    await submitSearch(page, searchB);
    await showsAnswer(page, searchB, '80%');
    await page.waitForLoadState('networkidle');
    expect.soft(await seriousViolations(page), `at ${viewport.width} px`).toEqual([]);
  }
});
