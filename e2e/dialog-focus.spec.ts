// WCAG 2.4.3 in Chromium: when a dialog closes (Escape, its x button, or its own button), focus is back on the control
// that opened it, for every dialog in the app: login / register (from the header and from the Explorer), the
// no-sold dialog, and the avatar menu.
import type { ElementHandle } from '@playwright/test';
import type { Locator, Page } from './support/fixtures';
import { submitSearch } from './support/explorer';
import { expect, openPage, test } from './support/fixtures';
import { submitLogin } from './support/login';
import { createVerifiedUser, insertListings, madeUpWord } from './support/seed';

// One account and one set of listings per file, made once: the tests of a file run in order in one worker.
test.describe.configure({ mode: 'serial' });

const ghostBrand = madeUpWord();
const email = `focus.${ghostBrand}@example.com`;
const password = 'focus-secret-1';

const dialog = (page: Page) => page.getByRole('dialog');
// Through a handle taken before opening: while a modal is open the page behind it is hidden from role queries.
// Radix moves focus back in a timer after the dialog leaves the DOM, so the checks after a close poll for it.
const hasFocus = async (locator: Locator | ElementHandle) =>
  ('elementHandle' in locator ? await locator.elementHandle() : locator)!.evaluate(
    (el) => el === document.activeElement,
  );

type Close = { how: string; close: (page: Page) => Promise<void> };
const pressEscape = (page: Page) => page.keyboard.press('Escape');
const closings: Close[] = [
  { how: 'Escape', close: pressEscape },
  { how: 'the x button', close: (page) => dialog(page).getByRole('button', { name: 'Close' }).click() },
];

/** Closes the open dialog the `close` way and waits until focus is back on `opener`. */
async function closeGivesFocusBack(page: Page, close: Close['close'], opener: Locator | ElementHandle) {
  await close(page);
  await dialog(page).waitFor({ state: 'detached' });
  await expect.poll(() => hasFocus(opener)).toBe(true);
}

test.beforeAll(async () => {
  await createVerifiedUser(email, password, { first: 'Faye', last: 'Ortiz' });
  // Listed but never sold: the search ends with the no-sold dialog.
  await insertListings(ghostBrand, 6, 0);
});

test.describe('the login / register dialog gives focus back', () => {
  for (const { how, close } of closings) {
    for (const opener of ['Login', 'Register']) {
      test(`to the header's ${opener} button after ${how}`, async ({ newPage }) => {
        const page = await newPage();
        await page.goto('/about');
        const button = (await page
          .getByRole('banner')
          .getByRole('button', { name: opener })
          .elementHandle())!;
        await button.focus();
        await page.keyboard.press('Enter');
        await dialog(page).getByRole('tab', { selected: true }).waitFor();
        // Radix moves focus into the dialog in an effect, which may run after its content is on screen.
        await expect.poll(() => hasFocus(button)).toBe(false);
        await closeGivesFocusBack(page, close, button);
      });
    }

    test(`to the Explorer's Search button after ${how}`, async ({ newPage }) => {
      const page = await newPage();
      await page.goto('/thriftingexplorer');
      const search = await submitSearch(page, 'Levis 501');
      await dialog(page).getByRole('heading', { name: 'Login to your account' }).waitFor();
      await closeGivesFocusBack(page, close, search);
    });
  }

  test("to the Explorer's account card button after Escape", async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/thriftingexplorer');
    const button = page.getByTestId('account-needed').getByRole('button');
    await button.click();
    await dialog(page).waitFor();
    await closeGivesFocusBack(page, pressEscape, button);
  });
});

test.describe('signed in', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await openPage(browser);
    await page.goto('/thriftingexplorer');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await submitLogin(dialog(page), email, password);
    await dialog(page).waitFor({ state: 'detached' });
  });

  test('after a login, focus is on the page, not lost on the body', async () => {
    await page.getByRole('button', { name: /open account menu/ }).waitFor();
    // The dialog has left the DOM (beforeAll), and Radix places focus in a timer after that.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  const noSold: Close[] = [
    ...closings,
    {
      how: 'its own button',
      close: (p) => dialog(p).getByRole('button', { name: 'Got it' }).click(),
    },
  ];
  for (const { how, close } of noSold) {
    test(`the no-sold dialog gives focus back to the Search button after ${how}`, async () => {
      const search = await submitSearch(page, `${ghostBrand} jacket`);
      await dialog(page).getByRole('heading', { name: 'No Sold Items Found' }).waitFor();
      await closeGivesFocusBack(page, close, search);
    });
  }

  test('the avatar menu gives focus back to the avatar button after Escape', async () => {
    const avatar = page.getByRole('button', { name: /open account menu/ });
    await avatar.click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(avatar)).toBe(true);
  });
});
