// Issue 28 point 7 in Chromium against the emulator: before anyone signs up, the Explorer page, the home page's
// Explorer section and the FAQ say where the figures come from. The prerendered words are true on any site; once the
// app runs, this site's own sources follow from the market-sources function (here the demo market), in a space kept
// for them, and they are the source the cards name after a search. Screenshots go to .data/tmp.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { marketRows, submitSearch } from './support/explorer';
import { env, expect, holdTheApp, test, type Page } from './support/fixtures';
import { logInThroughDialog } from './support/login';
import { createVerifiedUser, insertRows, madeUpWord } from './support/seed';

test.describe.configure({ mode: 'serial' });

const shots = '.data/tmp';
const tag = madeUpWord();
const brand = `src${tag}`;
const email = `source.${tag}@example.com`;
const password = 'source-secret-1';
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Sources = { origins: string[]; listed: string[]; panelMinSellers: number; searchReady: boolean };
const labels: Record<string, string> = {
  demo: 'Demo data: generated for trying the tool, not live marketplaces.',
  panel:
    'Flipwise seller panel: sales that resellers share from Your sales, released weekly as totals with noise added, so no one’s sales can be worked out.',
  import: 'Imported listings: real listings loaded into this site from marketplace data.',
  ebay: "eBay: eBay's own figures, used with eBay's approval.",
};

/**
 * What the page must say, from the function's own answer: the emulator is shared, so other specs' imported listings
 * and shared sales may stand beside the demo rows this spec adds.
 */
async function expectedLines(): Promise<string[]> {
  const sources = (await (await fetch(`${env.supabaseUrl}/functions/v1/market-sources`)).json()) as Sources;
  expect(sources.origins).toContain('demo');
  expect(sources.listed).toEqual([]);
  return [
    ...sources.origins.map((origin) => labels[origin]),
    `A demo figure shows only when at least ${sources.panelMinSellers} of its made-up sellers stand behind it.`,
  ];
}

/** Layout shifts, as Chromium scores them for CLS, from now on. */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift' });
  });
}
const shifted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { __shift: number }).__shift)),
        ),
      ),
  );

/**
 * Starts the prerendered page's app the way focus does, but from a script: not a person's input, so a shift it
 * causes counts in full (input would excuse the next half second of them).
 */
const wake = (page: Page) => page.evaluate(() => window.dispatchEvent(new FocusEvent('focusin')));

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // The demo market: synthetic sellers, enough of them for every figure of this brand to be shown.
  const sellers = Array.from({ length: 6 }, () => randomUUID());
  // Listed 30 + i days ago, and sold 3 + i days ago.
  const coat = (i: number) => ({
    marketplace: 'poshmark',
    brand,
    category: 'coat',
    price: 60 + i,
    seller_key: sellers[i % sellers.length],
  });
  await insertRows([
    ...marketRows(brand, `${brand} wool coat size M`, 'available', 12, coat),
    ...marketRows(brand, `${brand} wool coat size M`, 'sold', 12, coat),
  ]);
  await createVerifiedUser(email, password, { first: 'Sora', last: 'Ito' });
});

test.describe('where the figures come from, before sign-up', () => {
  for (const size of widths) {
    test(`the anonymous Explorer page names this site's source at ${size.width} px, and nothing moves`, async ({
      newPage,
    }) => {
      const page = await newPage({ ...size, startApp: false });
      // Held until the checks of the prerendered page are done: left alone, the app starts by itself once the page is
      // idle, which on a slow machine can come before them.
      const release = await holdTheApp(page);
      await page.goto('/thriftingexplorer');
      const note = page.getByTestId('market-sources');
      // The prerendered page: words true on any site, this site's own not claimed yet.
      await expect(note.getByRole('heading', { name: 'Where the figures come from' })).toBeVisible();
      await expect(note).toContainText('Each result names its source');
      await expect(note).toContainText('or a demo market for trying the tool.');
      await expect(note).not.toContainText('On this site now');
      await expect(page.getByTestId('account-needed')).toBeVisible();

      await note.scrollIntoViewIfNeeded();
      await watchShifts(page);
      release();
      await wake(page);
      await expect(note.getByText('On this site now:')).toBeVisible();
      expect(await note.getByRole('listitem').allInnerTexts()).toEqual(await expectedLines());
      await expect(note).not.toContainText('Live listed counts');
      expect(await shifted(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/e2e-source-explorer-${size.width}.png` });
    });
  }

  // However many sources a site has, its lines arrive into the space kept for them: those that do not fit wait behind a
  // button, and only the visitor's press moves what follows. The function's own answer, with every source a site can
  // have, so the test does not depend on what other specs have added.
  test('more sources than the kept space holds: nothing moves until the visitor asks for the rest, at 360 px', async ({
    newPage,
  }) => {
    const page = await newPage({ width: 360, height: 740, startApp: false });
    const every = {
      origins: ['demo', 'panel', 'import', 'ebay'],
      listed: ['ebay', 'etsy'],
      searchReady: true,
      panelMinSellers: 5,
      asOf: new Date().toISOString(),
    };
    await page.route('**/functions/v1/market-sources', (route) =>
      route.fulfill({ json: every, headers: { 'access-control-allow-origin': '*' } }),
    );
    const release = await holdTheApp(page);
    await page.goto('/thriftingexplorer');
    const note = page.getByTestId('market-sources');
    await note.scrollIntoViewIfNeeded();
    // Where the footer starts on the page (not on screen: starting the app may scroll).
    const footerTop = () =>
      page.locator('footer').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await footerTop();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await watchShifts(page);
    release();
    await wake(page);
    const more = note.getByRole('button', { name: "Show all of this site's sources" });
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    // Every line is there for a screen reader, even those the fade hides.
    await expect(note.getByRole('listitem')).toHaveCount(6);
    await expect(note.getByRole('listitem').last()).toContainText('Live listed counts from eBay and Etsy');
    expect(await shifted(page)).toBe(0);
    expect(await footerTop()).toBe(before);
    // Starting the app leaves the page where the visitor had scrolled it.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.screenshot({ path: `${shots}/e2e-source-explorer-clipped-360.png` });

    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toBeHidden();
    const last = note.getByRole('listitem').last();
    await last.scrollIntoViewIfNeeded();
    const [box, line] = [await note.boundingBox(), await last.boundingBox()];
    expect(line!.y + line!.height).toBeLessThanOrEqual(box!.y + box!.height);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/e2e-source-explorer-all-360.png` });
  });

  for (const size of widths) {
    test(`the home page's Explorer section names it at ${size.width} px`, async ({ newPage }) => {
      const page = await newPage(size);
      await page.goto('/');
      const note = page.getByTestId('market-sources');
      await note.scrollIntoViewIfNeeded();
      await expect(note.getByRole('heading', { name: 'Where the figures come from' })).toBeVisible();
      await expect(note.getByText('On this site now:')).toBeVisible();
      expect(await note.getByRole('listitem').allInnerTexts()).toEqual(await expectedLines());
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/e2e-source-home-${size.width}.png` });
    });

    test(`the FAQ answers "Where do the numbers come from?" at ${size.width} px`, async ({ newPage }) => {
      const page = await newPage(size);
      await page.goto('/faqs');
      await page.getByRole('button', { name: /How to use the product/ }).click();
      await page.getByRole('button', { name: 'Where do the numbers come from?' }).click();
      const answer = page.getByRole('region', { name: 'Where do the numbers come from?' });
      await expect(answer).toContainText('Depending on how this site is set up');
      await expect(answer).toContainText(
        'a demo market generated for trying the tool, which is not live marketplace data',
      );
      await expect(answer).toContainText(
        'released once a week as totals with random noise added, so no one’s sales can be worked out from them',
      );
      await expect(answer).toContainText('Each one shows its likely error');
      await expect(answer.getByText('On this site now:')).toBeVisible();
      expect(await answer.getByRole('listitem').allInnerTexts()).toEqual(await expectedLines());
      // Search engines get the words true on any site, not this deployment's.
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
      expect(jsonLd).toContain('Where do the numbers come from?');
      expect(jsonLd).not.toContain('On this site now');
      // The SPEC's questions are all still there.
      await expect(page.getByRole('button', { name: 'What is the Thrifting Explorer?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await answer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/e2e-source-faq-${size.width}.png` });
    });
  }

  test('the cards after a search name the source the page named before it', async ({ newPage }) => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto('/thriftingexplorer');
    const note = page.getByTestId('market-sources');
    await expect(note.getByRole('listitem').first()).toHaveText(labels.demo);
    await logInThroughDialog(page, email, password);
    await submitSearch(page, `${brand} wool coat`);
    await expect(page.getByTestId('sell-through-rate')).toBeVisible();
    await expect(page.getByTestId('demo-badge')).toHaveText('Demo data', { useInnerText: true });
    await expect(page.getByTestId('card-meta').first()).toHaveText(/^Demo data · listed now/, {
      useInnerText: true,
    });
    // The answer replaces the note: from here each card says it.
    await expect(note).toHaveCount(0);
  });
});
