// Issue 14, point 1, on a 390 px phone in Chromium: logging in from the mobile menu closes the menu, and a search on
// the Thrifting Explorer brings its three result cards into view below the header, none of them under it.
import { mkdirSync } from 'node:fs';
import { submitSearch } from './support/explorer';
import type { Locator, NewPage, Page } from './support/fixtures';
import { expect, test } from './support/fixtures';
import { submitLogin } from './support/login';
import { createVerifiedUser, insertListings, madeUpWord } from './support/seed';

// One account and one set of listings per file, made once: the tests of a file run in order in one worker.
test.describe.configure({ mode: 'serial' });

const shots = '/tmp/shots';
const brand = madeUpWord();
const email = `phone.${brand}@example.com`;
const password = 'phone-secret-1';

const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /menu$/ });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

/** A 390 px page at `path` with the mobile menu opened. */
async function openMenu(newPage: NewPage, path: string): Promise<Page> {
  const page = await newPage({ width: 390, height: 844 });
  await page.goto(path);
  await toggle(page).click();
  return page;
}

/** The menu's Login button, and the dialog it opens. */
async function openLoginFromMenu(page: Page) {
  await mobileNav(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Login to your account' }).waitFor();
  return dialog;
}

/** Waits until the page stops scrolling (a smooth scroll runs for a few hundred ms). */
async function scrollSettled(page: Page) {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return;
    last = y;
    await page.waitForTimeout(100);
  }
}

/** Fully inside the viewport and entirely below the sticky header. */
async function inViewBelowHeader(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  const viewport = page.viewportSize()!;
  if (!box || !header) return false;
  return box.y >= header.y + header.height - 1 && box.y + box.height <= viewport.height + 1;
}

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await createVerifiedUser(email, password);
  await insertListings(brand, 10, 6);
});

test.describe('the mobile menu at 390 px', () => {
  test('closes after a login from it, and a search shows the three result cards in view', async ({
    newPage,
  }) => {
    const page = await openMenu(newPage, '/thriftingexplorer');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    const dialog = await openLoginFromMenu(page);
    await submitLogin(dialog, email, password);
    await dialog.waitFor({ state: 'detached' });

    // Logged in, and the menu is closed: the toggle says so and its panel is gone from view.
    await toggle(page)
      .and(page.getByRole('button', { name: 'Open menu' }))
      .waitFor();
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await mobileNav(page).isVisible()).toBe(false);

    // Opened again, the menu closes at a tap on the page below it: the search form here.
    await toggle(page).click();
    await mobileNav(page).waitFor();
    await page.getByLabel('Item Name').click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');

    await submitSearch(page, `${brand} jacket`);
    await page.getByTestId('sell-through-rate').waitFor();
    await scrollSettled(page);
    await page.screenshot({ path: `${shots}/mobile-menu-search-390.png` });

    expect(await page.getByTestId('sell-through-rate').textContent()).toBe('60%');
    for (const card of ['available-card', 'sold-card', 'rate-card']) {
      expect(await inViewBelowHeader(page, page.getByTestId(card)), card).toBe(true);
    }
    expect(await mobileNav(page).isVisible()).toBe(false);
  });

  test('closes when a link in it is followed', async ({ newPage }) => {
    const page = await openMenu(newPage, '/');
    await mobileNav(page).getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    // The address changes before React renders the new page, which is when the menu closes.
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mobileNav(page)).toBeHidden();
  });

  test('keeps the menu open behind the login dialog, and Escape gives focus back to its Login button', async ({
    newPage,
  }) => {
    const page = await openMenu(newPage, '/');
    await openLoginFromMenu(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Radix moves focus back in a timer after the dialog leaves the DOM; the menu is checked once that has happened,
    // so a close set off by the returning focus would be seen.
    await expect(mobileNav(page).getByRole('button', { name: 'Login' })).toBeFocused();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  });
});
