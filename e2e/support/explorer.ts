// The Explorer as a reseller uses it, for the search specs: log in from the header (the menu on a phone) or through
// the first search, search, wait for the answer; each issue 28 spec's account and market rows of a made-up item.
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type NewPage, type Page } from './fixtures';
import { submitLogin } from './login';
import { createVerifiedUser, daysAgo, insertRows, madeUpWord, type ListingStatus, type Row } from './seed';

/** Where the specs leave their screenshots for a person to look at. */
export const shots = '.data/tmp';

/** The two screens every issue 28 acceptance is checked on. */
export const screens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
type Screen = (typeof screens)[number];

export type Account = { email: string; password: string };

/** One spec's reseller and the made-up word of its items, fresh per run. */
export function trustAccount(spec: string): Account & { tag: string } {
  const tag = madeUpWord();
  return { tag, email: `trust.${spec}.${tag}@example.com`, password: 'thrift-secret-1' };
}

/** What a spec makes once before its tests: the screenshot folder, its reseller and its market rows. */
export async function prepareSpec(account: Account, name: { first: string; last: string }, rows: Row[]) {
  mkdirSync(shots, { recursive: true });
  await createVerifiedUser(account.email, account.password, name);
  await insertRows(rows);
}

/** Fills the Explorer's form and presses Search; returns that button (focus goes back to it after a dialog). */
export async function submitSearch(page: Page, itemName: string, condition = 'Pre-owned'): Promise<Locator> {
  await page.getByLabel('Item Name').fill(itemName);
  await page.getByLabel('Condition').selectOption({ label: condition });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await button.click();
  return button;
}

/** The answer is on the screen in one of the states `testIds` name, and the form is ready again. */
export async function answered(page: Page, testIds: string[]) {
  await expect(page.locator(testIds.map((id) => `[data-testid="${id}"]`).join(', ')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
}

/** Logs in the way a visitor does: the first search asks for it, and runs once they are in. */
export async function searchThenLogIn(page: Page, account: Account, itemName: string) {
  await page.goto('/thriftingexplorer');
  await submitSearch(page, itemName);
  const dialog = page.getByRole('dialog');
  await submitLogin(dialog, account.email, account.password);
  await expect(dialog).toHaveCount(0);
}

/** A returning reseller signs in from the header (the menu on a phone), before searching. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/thriftingexplorer');
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('button', { name: 'Login' }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog');
  await submitLogin(dialog, email, password);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Searching is free with an account')).toHaveCount(0);
  const close = banner.getByRole('button', { name: 'Close menu' });
  if (await close.isVisible()) await close.click();
  // "You have successfully logged in" would sit over the answer's first screen until it times out: a returning
  // reseller signed in long before searching, so it is dismissed here as they would have seen it go.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await notifications.getByRole('button', { name: 'Dismiss notification' }).first().click();
  await expect(notifications.getByRole('listitem')).toHaveCount(0);
}

/** Searches and waits until this search's answer is on the screen, with the price line under the cards. */
export async function search(page: Page, itemName: string, condition = 'Pre-owned') {
  await submitSearch(page, itemName, condition);
  await expect(page.getByText(`Results for “${itemName}”`)).toBeVisible();
  await expect(page.getByTestId('headline-price')).toBeVisible();
  // By CSS, not role: the no-sold dialog, if it opened, hides the page from the accessibility tree.
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
}

/** A fresh page at `screen`'s size, signed in, with the answer for `itemName` on it (as `search` waits for it). */
export async function openAnswer(
  newPage: NewPage,
  screen: Screen,
  account: Account,
  itemName: string,
  condition?: string,
): Promise<Page> {
  const page = await newPage({ width: screen.width, height: screen.height });
  await signIn(page, account.email, account.password);
  await search(page, itemName, condition);
  return page;
}

/** "No Sold Items Found" opens over a 0-sold answer (SPEC §2); the answer is read once it is closed. */
export async function closeNoSoldDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'No Sold Items Found' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * `n` market rows of one item: listed now, or sold `soldDaysAgo(i)` days ago. Demo rows without a seller, so the
 * cards say "Demo data" and no seller threshold withholds a small count.
 */
export function marketRows(
  key: string,
  title: string,
  status: ListingStatus,
  n: number,
  extra: (i: number) => Row = () => ({}),
): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    marketplace: i % 3 === 0 ? 'poshmark' : 'ebay',
    external_id: `${key}-${status}-${i}`,
    title,
    brand: null,
    category: null,
    condition: 'pre_owned',
    status,
    price: 20 + (i % 9) * 4,
    currency: 'USD',
    listed_at: daysAgo(30 + i),
    sold_at: status === 'sold' ? daysAgo(3 + (i % 60)) : null,
    source: 'demo',
    ...extra(i),
  }));
}

/**
 * On the screen as the reseller sees it: wholly inside the viewport, and not under the sticky header, a toast or a
 * dialog (the element at its centre is itself or inside it).
 */
export async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (top === el || el.contains(top));
      }),
    )
    .toBe(true);
}
