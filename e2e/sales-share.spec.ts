// The seller panel switch end to end (issue 22), in Chromium against the emulator: off for a new account, a small
// import with one item that does not say its condition, sharing turned on from the import page (the database then holds
// the items as anonymous comps, without the listing URL, the order id, the time of day or the user id), and off again
// from Your sales with the keyboard (the comps are gone at once); the card's link lands on the privacy policy's part on
// the panel. Every test makes its own account.
import { writeFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { formatLocalDay } from '../src/features/sales/lib/format';
import { expect, test, type Page } from './support/fixtures';
import { logInThroughDialog } from './support/login';
import { createVerifiedUser, madeUpWord, serviceClient } from './support/seed';

const password = 'share-secret-1';

async function newSeller(): Promise<{ email: string; userId: string }> {
  const email = `share.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = await createVerifiedUser(email, password, { first: 'Pan', last: 'Elist' });
  return { email, userId };
}

const card = (page: Page) =>
  page.getByRole('region', { name: 'Share anonymously with the Flipwise seller panel' });
const theSwitch = (page: Page) =>
  card(page).getByRole('switch', { name: 'Share my imported items anonymously' });
const state = (page: Page) => page.getByTestId('panel-sharing-state');

/** The user's comps in the market index, found by the ids of their imported items. */
async function comps(userId: string) {
  const items = await serviceClient().from('seller_items').select('id').eq('user_id', userId);
  if (items.error) throw items.error;
  const ids = items.data.map((i) => `panel-${i.id as number}`);
  const listings = await serviceClient()
    .from('market_listings')
    .select(
      'external_id, title, brand, condition, status, price, listed_at, sold_at, url, source, seller_key',
    )
    .in('external_id', ids);
  if (listings.error) throw listings.error;
  return listings.data;
}

test.describe('sharing with the seller panel', () => {
  test('off by default; on from the import page shares the items anonymously; off from Your sales removes them', async ({
    newPage,
  }) => {
    const { email, userId } = await newSeller();
    const tag = madeUpWord();
    const file = test.info().outputPath('share.csv');
    writeFileSync(
      file,
      [
        'marketplace,external_id,title,brand,category,size,colour,condition,status,price,currency,listed_at,sold_at,url',
        `ebay,eb-${tag}-1,Levi's 501 Jeans ${tag} W32,Levi's,Jeans,W32,Blue,pre_owned,sold,31.00,USD,2026-01-02T09:15:00Z,2026-01-10T17:45:00Z,https://www.ebay.com/itm/${tag}1`,
        `poshmark,pm-${tag}-2,Lululemon Align ${tag} 6,Lululemon,Leggings,6,Black,new_with_tags,available,58.00,USD,2026-03-08,,https://poshmark.com/listing/${tag}2`,
        `depop,dp-${tag}-3,Coach Tabby ${tag},Coach,Bags,,White,new_without_tags,sold,230.00,USD,2026-06-21,2026-07-01,`,
        // No condition: stays private.
        `mercari,me-${tag}-4,Nike Air Max ${tag} 10,Nike,Sneakers,10,White,,sold,64.00,USD,2026-04-02,2026-05-15,`,
      ].join('\n') + '\n',
    );

    const page = await newPage();
    await page.goto('/');
    await logInThroughDialog(page, email, password);
    await page.goto('/account/sales/import');

    await test.step('off for a new account', async () => {
      await expect(theSwitch(page)).toHaveAttribute('aria-checked', 'false');
      await expect(state(page)).toHaveText('Off: your sales are private to you.');
      await expect(card(page).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
        'href',
        '/privacy#sharing',
      );
    });

    await test.step('import four items, one without a condition', async () => {
      await page.getByLabel('Sales or listings file').setInputFiles(file);
      await page.getByRole('button', { name: 'Import 4 rows', exact: true }).click();
      await expect(page.getByTestId('import-result')).toHaveText(
        '4 records read: 4 new rows added, 0 rows updated, 0 rows were already there, 0 rows not imported, 0 lines not items.',
      );
      // The import refreshes the card: the item without a condition is counted.
      await expect(page.getByTestId('panel-sharing-without-condition')).toHaveText(
        '1 imported item stays private because its file does not say the condition, and every panel figure is per condition.',
      );
      expect(await comps(userId)).toEqual([]);
    });

    await test.step('turn sharing on: three items shared, stripped of what identifies them', async () => {
      const before = formatLocalDay(new Date().toISOString());
      await theSwitch(page).click();
      await expect(state(page)).toHaveText(/^Sharing on since .+ · 3 items shared$/);
      const after = formatLocalDay(new Date().toISOString());
      await expect(state(page)).toHaveText(
        new RegExp(`^Sharing on since (${before}|${after}) · 3 items shared$`),
      );
      await expect(theSwitch(page)).toHaveAttribute('aria-checked', 'true');
      await expect(theSwitch(page)).not.toHaveAttribute('aria-disabled', 'true');

      const shared = await comps(userId);
      expect(shared.map((c) => c.brand).sort()).toEqual(['Coach', "Levi's", 'Lululemon']);
      for (const c of shared) {
        expect(c.source).toBe('panel');
        expect(c.url).toBeNull();
        expect(c.external_id).not.toContain(tag);
        expect(c.seller_key).not.toBe(userId);
        for (const day of [c.listed_at, c.sold_at]) if (day) expect(new Date(day).getUTCHours()).toBe(0);
      }
      const levis = shared.find((c) => c.brand === "Levi's")!;
      expect(new Date(levis.sold_at!).toISOString()).toBe('2026-01-10T00:00:00.000Z');

      const axe = await new AxeBuilder({ page }).include('[data-testid="panel-sharing"]').analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([]);
    });

    await test.step('Your sales shows the same setting; turning it off with the keyboard removes the comps', async () => {
      await page.goto('/account/sales');
      await expect(state(page)).toHaveText(/^Sharing on since .+ · 3 items shared$/);
      await theSwitch(page).focus();
      await page.keyboard.press('Space');
      await expect(state(page)).toHaveText('Off: your sales are private to you.');
      await expect(theSwitch(page)).toHaveAttribute('aria-checked', 'false');
      await expect(theSwitch(page)).toBeFocused();
      expect(await comps(userId)).toEqual([]);

      await page.reload();
      await expect(theSwitch(page)).toHaveAttribute('aria-checked', 'false');
      await expect(state(page)).toHaveText('Off: your sales are private to you.');
    });

    await test.step('the link opens the privacy policy at its part on the seller panel', async () => {
      await card(page)
        .getByRole('link', { name: /Privacy Policy/ })
        .click();
      await expect(page).toHaveURL(/\/privacy#sharing$/);
      const section = page.getByRole('region', { name: '3. Information Sharing' });
      await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
      await expect(section).toContainText('every total has random noise added before it is released');
      await expect(section).toContainText(
        'left out of the next weekly release and of every release after it',
      );
      await expect(section).toContainText('made-up sellers, not from real users');
    });
  });
});
