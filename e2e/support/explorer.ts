// The Explorer as a returning reseller uses it, for the issue 28 specs (search-trust-*.spec.ts): sign in from the
// header (the menu on a phone), search, wait for the answer; market rows of a made-up item; axe's serious findings.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from './fixtures';
import { serviceClient } from './seed';

export const day = 86_400_000;

/** The two screens every issue 28 acceptance is checked on. */
export const screens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/thriftingexplorer');
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('button', { name: 'Login' }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
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
  await page.getByLabel('Item Name').fill(itemName);
  await page.getByLabel('Condition').selectOption({ label: condition });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Results for “${itemName}”`)).toBeVisible();
  await expect(page.getByTestId('headline-price')).toBeVisible();
  // By CSS, not role: the no-sold dialog, if it opened, hides the page from the accessibility tree.
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
}

/** "No Sold Items Found" opens over a 0-sold answer (SPEC §2); the answer is read once it is closed. */
export async function closeNoSoldDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'No Sold Items Found' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toHaveCount(0);
}

type Row = Record<string, unknown>;

/**
 * `n` market rows of one item: listed now, or sold `soldDaysAgo(i)` days ago. Demo rows without a seller, so the
 * cards say "Demo data" and no seller threshold withholds a small count.
 */
export function marketRows(
  key: string,
  title: string,
  status: 'available' | 'sold',
  n: number,
  extra: (i: number) => Row = () => ({}),
): Row[] {
  const now = Date.now();
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
    listed_at: new Date(now - (30 + i) * day).toISOString(),
    sold_at: status === 'sold' ? new Date(now - (3 + (i % 60)) * day).toISOString() : null,
    source: 'demo',
    ...extra(i),
  }));
}

export async function insertRows(rows: Row[]) {
  const { error } = await serviceClient().from('market_listings').insert(rows);
  if (error) throw error;
}

/** Serious and critical axe violations, each as "rule (impact): targets: help". */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}: ${v.help}`);
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
