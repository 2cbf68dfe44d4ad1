// The seller panel's released figures end to end (issue 52), in Chromium against the emulator and the real release:
// 50 sellers' shared sales of a lexicon item (Pendleton shirts) over nine weeks, released by public.panel_release_run
// as the weekly job does, then searched. The Explorer shows each released figure with its likely error and how old the
// release is, where the exact index has nothing for the search too; a condition the panel released nothing for reads
// one line without a number beside the exact figures. The privacy policy and the share switch say how the panel
// publishes. Noise makes the values unpredictable: they are read by their shape. Screenshots go to /tmp/shots.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { screenshotOf } from './support/screenshot';
import { expect, test, type Page } from './support/fixtures';
import { signIn, submitSearch } from './support/explorer';
import {
  createVerifiedUser,
  day,
  daysAgo,
  insertRows,
  madeUpWord,
  serviceClient,
  type Row,
} from './support/seed';

const shots = '/tmp/shots';
const tag = madeUpWord();
const reseller = { email: `release.${tag}@example.com`, password: 'release-secret-1' };
// Pendleton is a lexicon brand the demo market does not sell, and a shirt a lexicon garment: the panel keeps its
// cells by those public labels, so the search reads them whatever the titles' other words.
const query = 'pendleton wool shirt';
const sellers = Array.from({ length: 50 }, () => randomUUID());

/** A seller's shared items: 3 shirts sold in each of nine weeks (16 to 72 days ago) and 3 listed now. */
function panelRows(seller: string, s: number): Row[] {
  const item = (key: string, fields: Row): Row => ({
    marketplace: s % 5 === 0 ? 'ebay' : 'poshmark',
    external_id: `panel-${tag}-${s}-${key}`,
    title: `Pendleton wool shirt plaid size ${['S', 'M', 'L'][s % 3]}`,
    brand: 'Pendleton',
    category: 'Shirts',
    condition: 'pre_owned',
    currency: 'USD',
    source: 'panel',
    seller_key: seller,
    ...fields,
  });
  const sold = Array.from({ length: 9 }, (_, week) =>
    Array.from({ length: 3 }, (_, j) =>
      item(`sold-${week}-${j}`, {
        status: 'sold',
        price: 38 + ((s * 7 + week * 3 + j * 11) % 40),
        listed_at: daysAgo(16 + 7 * week + 4 + ((s + j) % 20)),
        sold_at: daysAgo(16 + 7 * week),
      }),
    ),
  ).flat();
  const listed = Array.from({ length: 3 }, (_, j) =>
    item(`listed-${j}`, {
      status: 'available',
      price: 60 + j * 5,
      listed_at: daysAgo(30 + j),
      sold_at: null,
    }),
  );
  return [...sold, ...listed];
}

/**
 * Imported listings of the same shirt, new with tags: a public listing is what puts the (Pendleton, shirt) pair in the
 * release's catalogue of keys, and they are the exact figures of that condition.
 */
const importedRows = (): Row[] =>
  Array.from({ length: 6 }, (_, i) => ({
    marketplace: 'ebay',
    external_id: `import-${tag}-${i}`,
    title: 'Pendleton wool shirt new with tags',
    brand: 'Pendleton',
    category: 'Shirts',
    condition: 'new_with_tags',
    status: i < 4 ? 'available' : 'sold',
    price: 95 + i,
    currency: 'USD',
    listed_at: daysAgo(20 + i),
    sold_at: i < 4 ? null : daysAgo(5 + i),
    source: 'import',
  }));

/** A day as the Explorer writes the release's dates: 'Nov 15' (UTC), with the year when it is not this one. */
const dayWords = (d: Date, now = new Date()) =>
  d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(d.getUTCFullYear() === now.getUTCFullYear() ? {} : { year: 'numeric' }),
  });

let releasedAt: Date;
/** The Monday of the newest week the release made. */
let newestWeek: Date;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await createVerifiedUser(reseller.email, reseller.password, { first: 'Rel', last: 'Ease' });
  const rows = [...importedRows(), ...sellers.flatMap(panelRows)];
  for (let i = 0; i < rows.length; i += 500) await insertRows(rows.slice(i, i + 500));
  // The weekly job, as pg_cron runs it on a hosted project.
  releasedAt = new Date();
  const { data, error } = await serviceClient().rpc('panel_release_run');
  if (error) throw error;
  const releases = data as { week: string; cells: number }[];
  expect(releases.some((r) => r.cells > 0)).toBe(true);
  newestWeek = new Date(
    `${releases
      .map((r) => r.week)
      .sort()
      .at(-1)}T00:00:00Z`,
  );
});

/** Searches and waits for the panel's section of this search's answer. */
async function searchFor(page: Page, condition: string) {
  await submitSearch(page, query, condition);
  await expect(page.getByText(`Results for “${query}”`)).toBeVisible();
  await expect(page.getByTestId('panel-release')).toBeVisible();
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
}

const about = /^about \d{1,3}(,\d{3})*, within ±\d{1,3}(,\d{3})*$/;

test.describe('the seller panel’s released figures on the Explorer', () => {
  test('each figure with its likely error and the age of the release, where the exact index has none', async ({
    newPage,
  }) => {
    const page = await newPage({ width: 1280, height: 900 });
    await signIn(page, reseller.email, reseller.password);
    await searchFor(page, 'Pre-owned');
    const panel = page.getByRole('region', { name: 'Flipwise seller panel' });

    // No imported or demo listing is pre-owned: the panel's figures are the answer, not "no comparables" or zeros.
    await expect(page.getByTestId('panel-only')).toContainText(
      'No listing in our data matches “pendleton wool shirt” in Pre-owned right now, but the Flipwise seller panel has released figures for it.',
    );
    for (const id of ['no-comparables', 'no-source', 'sold-card', 'rate-card'])
      await expect(page.getByTestId(id)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The newest released week ends on a Sunday at most 14 days ago: the figures are at most two weeks behind.
    const sunday = new Date(newestWeek.getTime() + 6 * day);
    expect(sunday.getUTCDay()).toBe(0);
    expect(releasedAt.getTime() - (sunday.getTime() + day)).toBeLessThanOrEqual(14 * day);
    await expect(panel.getByTestId('panel-release-age')).toHaveText(
      `Last 13 weeks, to ${dayWords(sunday)} · released ${dayWords(releasedAt)} · updated weekly`,
    );
    await expect(panel).toContainText('Figures for Pendleton shirt · Pre-owned');
    const value = (id: string) => panel.getByTestId(id).locator('dd > p').first();
    await expect(value('panel-release-sold')).toHaveText(about);
    await expect(panel.getByTestId('panel-release-sold')).toContainText('in the last 13 weeks');
    await expect(value('panel-release-listed')).toHaveText(about);
    await expect(value('panel-release-rate')).toHaveText(/^about [\d,]+%, within ±[\d,]+ points$/);
    await expect(value('panel-release-price')).toHaveText(/^\$\d+, likely \$\d+ – \$\d+$/);
    // The condition searched for has its row, with its error. A marketplace row shows only where its share clears
    // twice its error (the marketplace histogram has the smallest budget, decision 082): any row shown has its error.
    const ladder = panel.getByRole('table', { name: /for each condition/ });
    await expect(ladder.getByRole('row', { name: /Pre-owned/ }).getByRole('cell')).toHaveText(about);
    const marketCells = panel.getByRole('table', { name: /on each marketplace/ }).getByRole('cell');
    for (const text of await marketCells.allTextContents())
      expect(text.replace(/\s+/g, ' ').trim()).toMatch(about);
    await expect(panel.getByTestId('panel-release-unused')).toHaveText("Panel figures don't use: wool");
    const how = panel.getByTestId('panel-release-how');
    await expect(how).toContainText("random noise added, so no one's sales can be worked out from them");
    await expect(how).toContainText('1 to 2 weeks behind');
    await expect(how.getByRole('link', { name: 'How the seller panel works' })).toHaveAttribute(
      'href',
      '/privacy#sharing',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Results for' })).toHaveText(
      /Flipwise seller panel: about [\d,]+ sold, within ±[\d,]+, in the last 13 weeks\.$/,
    );
    expect(await seriousViolations(page, { include: '[data-testid="panel-release"]' })).toEqual([]);
    await page.screenshot({ path: `${shots}/panel-release-1280.png`, fullPage: true });
    await screenshotOf(panel, `${shots}/panel-release-section-1280.png`);

    // A phone: the same figures, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(value('panel-release-sold')).toHaveText(about);
    await expect(panel.getByTestId('panel-release-age')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/panel-release-390.png`, fullPage: true });
    await screenshotOf(panel, `${shots}/panel-release-section-390.png`);

    // The keyboard reaches the policy's part on the panel from the section.
    const link = how.getByRole('link', { name: 'How the seller panel works' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/privacy#sharing$/);
  });

  test('a condition the panel released nothing for: one line without a number, beside the exact figures', async ({
    newPage,
  }) => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, reseller.email, reseller.password);
    await searchFor(page, 'New with tags');
    await expect(page.getByTestId('available-count')).toHaveText('4');
    await expect(page.getByTestId('sold-count')).toHaveText('2');
    const panel = page.getByRole('region', { name: 'Flipwise seller panel' });
    await expect(panel.getByTestId('panel-release-none')).toHaveText(
      'The seller panel has too little shared data for this yet, so it shows no figures for it.',
    );
    await expect(panel).not.toHaveText(/\d/);
    await screenshotOf(panel, `${shots}/panel-release-none-section-390.png`);
    await page.screenshot({ path: `${shots}/panel-release-none-390.png`, fullPage: true });
  });
});

test.describe('what the panel’s sellers are told', () => {
  test('the privacy policy: weekly totals with noise, the likely error, and what leaving removes and cannot', async ({
    newPage,
  }) => {
    const page = await newPage();
    await page.goto('/privacy#sharing');
    const section = page.getByRole('region', { name: '3. Information Sharing' });
    await expect(section).toContainText('only totals released once a week');
    await expect(section).toContainText('every total has random noise added before it is released');
    await expect(section).toContainText('no one’s sales can be worked out from them');
    await expect(section).toContainText('with its likely error, such as “about 140, within ±30”');
    await expect(section).toContainText('so the figures run 1 to 2 weeks behind');
    await expect(section).toContainText(
      'they are left out of the next weekly release and of every release after it',
    );
    await expect(section).toContainText('Figures released before then stay as they are');
    await expect(section).not.toContainText('at least 5 different sellers');
    await page.screenshot({ path: `${shots}/panel-release-privacy-1280.png` });
  });

  test('the share switch says the same beside it', async ({ newPage }) => {
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, reseller.email, reseller.password);
    await page.goto('/account/sales/import');
    const card = page.getByRole('region', { name: 'Share anonymously with the Flipwise seller panel' });
    await expect(card.getByRole('switch', { name: 'Share my imported items anonymously' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(card.getByTestId('panel-sharing-released')).toHaveText(
      /^Other people never see your items, only totals: once a week the panel releases .+ with random noise added so no one’s sales can be worked out from them\. Each figure shows its likely error and runs 1 to 2 weeks behind\.$/,
    );
    await expect(card.getByTestId('panel-sharing-turn-off')).toContainText(
      'your sales are left out of the next weekly release and every release after it',
    );
    await expect(card.getByTestId('panel-sharing-turn-off')).toContainText(
      'Figures already released stay, but they are noisy totals that hold no one’s sales.',
    );
    await card.getByTestId('panel-sharing-released').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/panel-release-switch-390.png`, fullPage: true });
  });
});
