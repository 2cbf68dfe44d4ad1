// Issue 54 item 5 in Chromium against the emulator: the Explorer with results is readable at a glance. The rate's
// colours follow the product's own bands (green where the bands call a rate good, amber where slow, never red), a rate
// over 100% stands beside its formula and why it can pass 100%, an "In other" cell is explained where it appears, and
// the SPEC's falling hearts rain in a lane of their own that no figure, word or input enters, at 360, 390 and
// 1280 px. No serious or critical axe finding, and a layout shift of the Explorer opened on a search of at most 0.02.
// Screenshots go to .data/tmp for a person to look at.
import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe';
import { marketRows, prepareSpec, search, shots, signIn, trustAccount } from './support/explorer';
import { screenshotOf } from './support/screenshot';
import { expect, test, type Page } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

const account = trustAccount('readable');
const tag = account.tag;
// Demo sellers: with seller keys a marketplace behind fewer than 5 of them is folded into "Other marketplaces".
const pool = Array.from({ length: 6 }, () => randomUUID());
const few = Array.from({ length: 2 }, () => randomUUID());

type Item = { key: string; term: string; rate: string };
const item = (key: string, rate: string): Item => ({ key, term: `${key}${tag} wool coat`, rate });
const high = item('hi', '88%');
const steady = item('mid', '42%');
const slow = item('low', '20%');
const over = item('over', '150%');

function rows() {
  const plain = (it: Item, available: number, sold: number) => [
    ...marketRows(it.key + tag, it.term, 'available', available),
    ...marketRows(it.key + tag, it.term, 'sold', sold),
  ];
  // 24 listed (eBay 14 and Poshmark 6 by six sellers, Mercari 4 by two) and 10 sold (eBay 5, Mercari 5): the listed
  // side folds Mercari, and Poshmark with it, into "Other marketplaces"; the sold side shows Mercari on its own.
  const listedAt = (i: number) =>
    i < 14
      ? { marketplace: 'ebay', seller_key: pool[i % 6] }
      : i < 20
        ? { marketplace: 'poshmark', seller_key: pool[i % 6] }
        : { marketplace: 'mercari', seller_key: few[i % 2] };
  const soldAt = (i: number) => ({ marketplace: i < 5 ? 'ebay' : 'mercari', seller_key: pool[i % 5] });
  return [
    ...plain(high, 16, 14),
    ...plain(slow, 20, 4),
    ...plain(over, 8, 12),
    ...marketRows(steady.key + tag, steady.term, 'available', 24, listedAt),
    ...marketRows(steady.key + tag, steady.term, 'sold', 10, soldAt),
  ];
}

const screens = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

test.beforeAll(async () => {
  await prepareSpec(account, { first: 'Rae', last: 'Lind' }, rows());
});

/** The hue (0-360) of a CSS colour as Chromium computes it: rgb() or rgba(). */
async function hueOf(page: Page, selector: string, property: 'color' | 'backgroundColor' | 'borderTopColor') {
  const css = await page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => Number(n) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return { hue: null, css };
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: Math.round((h * 60 + 360) % 360), css };
}

/** Red and pink read as bad: a hue past 330 or under 15. */
const reddish = (hue: number | null) => hue !== null && (hue >= 330 || hue < 15);

/**
 * Everything the hearts could cover, as boxes that meet the lane they fall in: the text of the page (each line of it),
 * its inputs, buttons, links and images. Empty when nothing does.
 */
function overlapsWithLane(page: Page) {
  return page.evaluate(() => {
    const lane = document.querySelector('[data-testid="falling-hearts"]');
    if (!lane) return ['no lane'];
    const box = lane.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.right > box.left + 0.5 &&
      r.left < box.right - 0.5 &&
      r.bottom > box.top + 0.5 &&
      r.top < box.bottom - 0.5;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || lane.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects())
        if (meets(r)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
    }
    for (const el of document.querySelectorAll('input, select, textarea, button, a, img, svg')) {
      if (lane.contains(el)) continue;
      if (meets(el.getBoundingClientRect()))
        found.push(`${el.tagName.toLowerCase()} ${el.outerHTML.slice(0, 60)}`);
    }
    return found;
  });
}

/** Where the hearts are, at intervals while they fall: each must be inside its lane across, and the lane clips them. */
async function heartsStayInLane(page: Page) {
  const lane = page.getByTestId('falling-hearts');
  expect(await lane.evaluate((el) => getComputedStyle(el).overflow)).toBe('hidden');
  expect(await lane.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
  const card = await page.getByTestId('rate-card').boundingBox();
  const laneBox = await lane.boundingBox();
  expect(laneBox).not.toBeNull();
  // The lane is inside the rate card: the hearts fall beside the rate they celebrate.
  expect(laneBox!.x).toBeGreaterThanOrEqual(card!.x - 0.5);
  expect(laneBox!.x + laneBox!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
  expect(laneBox!.y).toBeGreaterThanOrEqual(card!.y - 0.5);
  expect(laneBox!.y + laneBox!.height).toBeLessThanOrEqual(card!.y + card!.height + 0.5);
  for (let t = 0; t < 4; t++) {
    const across = await lane.locator('svg').evaluateAll((hearts) =>
      hearts.map((h) => {
        const r = h.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    for (const h of across) {
      expect(h.left).toBeGreaterThanOrEqual(laneBox!.x - 0.5);
      expect(h.right).toBeLessThanOrEqual(laneBox!.x + laneBox!.width + 0.5);
    }
    expect(await overlapsWithLane(page)).toEqual([]);
    await page.waitForTimeout(700);
  }
}

test.describe('the Explorer with results, readable at a glance', () => {
  for (const screen of screens)
    test(`the hearts fall in a lane of their own, over no figure or input, at ${screen.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(screen);
      await signIn(page, account.email, account.password);
      await search(page, high.term);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(high.rate);
      await expect(page.getByTestId('falling-hearts')).toBeVisible();
      await expect(page.getByTestId('rate-heart')).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.width,
      );
      await page.waitForTimeout(900);
      if (screen.width !== 360)
        await page.screenshot({ path: `${shots}/e2e-readable-hearts-${screen.width}.png` });
      await heartsStayInLane(page);
      // The form too, scrolled back into view on a phone: no heart over the query.
      await page.getByTestId('rate-card').scrollIntoViewIfNeeded();
      expect(await overlapsWithLane(page)).toEqual([]);
    });

  test('the rate reads in the colour of its band: green where good, amber where slow, never red', async ({
    newPage,
  }) => {
    const page = await newPage({ width: 1280, height: 800 });
    await signIn(page, account.email, account.password);
    for (const [it, band] of [
      [high, 'High demand!'],
      [steady, 'Steady market'],
      [slow, null],
    ] as const) {
      await search(page, it.term);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(it.rate);
      if (band) await expect(page.getByTestId('band-label')).toHaveText(band);
      const figure = await hueOf(page, '[data-testid="sell-through-rate"]', 'color');
      const card = await hueOf(page, '[data-testid="rate-card"]', 'backgroundColor');
      const edge = await hueOf(page, '[data-testid="rate-card"]', 'borderTopColor');
      for (const c of [figure, card, edge]) expect(reddish(c.hue), `${it.rate}: ${c.css}`).toBe(false);
      if (it === slow) {
        // Amber: a caution, not an alarm.
        expect(figure.hue, figure.css).toBeGreaterThanOrEqual(20);
        expect(figure.hue, figure.css).toBeLessThanOrEqual(50);
      } else {
        // Green to teal: the bands call above 40% a good rate.
        expect(figure.hue, figure.css).toBeGreaterThanOrEqual(120);
        expect(figure.hue, figure.css).toBeLessThanOrEqual(190);
        const badge = await hueOf(page, '[data-testid="band-label"]', 'backgroundColor');
        expect(reddish(badge.hue), badge.css).toBe(false);
      }
    }
  });

  for (const screen of [screens[1], screens[2]])
    test(`a rate over 100% stands beside its formula and why, and "In other" says what it means, at ${screen.width} px`, async ({
      newPage,
    }) => {
      const page = await newPage(screen);
      await signIn(page, account.email, account.password);
      await search(page, over.term);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(over.rate);
      // Right under the rate card, full width, and what the figure is described by.
      const note = page.getByTestId('above-100-note');
      await expect(note.getByTestId('above-100-formula')).toHaveText(
        'Sell-through = sold ÷ available × 100 = 12 ÷ 8 × 100 = 150%',
        { useInnerText: true },
      );
      await expect(note.getByTestId('above-100')).toHaveText(
        'Over 100% because 12 sold in the last 90 days against 8 listed now: more sold in the window than are listed today, so this is not a success rate.',
        { useInnerText: true },
      );
      const rate = page.getByTestId('sell-through-rate');
      await expect(rate).toHaveAttribute('aria-describedby', (await note.getAttribute('id'))!);
      const card = (await page.getByTestId('rate-card').boundingBox())!;
      const under = (await note.boundingBox())!;
      expect(under.y - (card.y + card.height)).toBeGreaterThanOrEqual(0);
      expect(under.y - (card.y + card.height)).toBeLessThanOrEqual(24);
      expect(under.x).toBeLessThanOrEqual(card.x);
      expect(under.x + under.width).toBeGreaterThanOrEqual(card.x + card.width - 0.5);
      // The breakdown rows over 100% (eBay 160%, Poshmark 133%, the condition 150%) say the same under their table.
      const deeper = page.getByTestId('deeper-look');
      await expect(deeper.getByTestId('marketplace-table')).toContainText('160%');
      for (const table of ['condition-ladder', 'marketplace-table'])
        await expect(deeper.getByTestId(`${table}-above-100`)).toHaveText(
          'Over 100%: sell-through = sold ÷ available × 100, and more sold in the last 90 days than are listed now.',
          { useInnerText: true },
        );
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/e2e-readable-over-100-${screen.width}.png` });
      await screenshotOf(deeper, `${shots}/e2e-readable-over-100-deeper-${screen.width}.png`);

      await search(page, steady.term);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(steady.rate);
      const markets = page.getByTestId('marketplace-table');
      await expect(markets.getByRole('row', { name: /Mercari/ })).toContainText('In other');
      await expect(page.getByTestId('marketplace-table-in-other')).toHaveText(
        'In other: too few sellers stand behind this figure to show it alone, so it is counted in Other marketplaces. Other marketplaces has no rate: its listed and sold figures need not cover the same marketplaces.',
        { useInnerText: true },
      );
      // Nothing over 100% here: no such line.
      await expect(page.getByTestId('marketplace-table-above-100')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/e2e-readable-steady-${screen.width}.png`, fullPage: true });
      await screenshotOf(markets, `${shots}/e2e-readable-in-other-${screen.width}.png`);
    });

  for (const screen of [screens[1], screens[2]])
    test(`the Explorer opened on a search, and the next search, shift by at most 0.02 at ${screen.width} px`, async ({
      newPage,
    }) => {
      const signedIn = await newPage(screen);
      await signIn(signedIn, account.email, account.password);
      // A page of the same browser, signed in, with no key or click of its own: every shift counts, as on a reload.
      const page = await signedIn.context().newPage();
      await page.addInitScript(watchShifts);
      await page.goto(`/thriftingexplorer?q=${encodeURIComponent(high.term)}&condition=pre_owned`);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(high.rate);
      await expect(page.getByTestId('headline-price')).toBeVisible();
      await expect(page.getByTestId('deeper-look')).toBeVisible();
      // The hearts' shower (about 6 s) and any late box (listed now) have come and gone.
      await page.waitForTimeout(6_000);
      const opened = await shiftsSoFar(page);
      const score = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);
      console.log(
        `CLS at ${screen.width} px, opened on a search: ${score(opened).toFixed(4)} ${JSON.stringify(opened)}`,
      );
      expect(opened.filter((s) => s.input)).toEqual([]);
      expect(score(opened), JSON.stringify(opened)).toBeLessThanOrEqual(0.02);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/e2e-readable-loaded-${screen.width}.png`, fullPage: true });

      // The next search, from the form: shifts in the half second after the click are the reseller's own (as CLS
      // counts them); the answer's arrival after that must move nothing either.
      await search(page, slow.term);
      await expect(page.getByTestId('sell-through-rate')).toHaveText(slow.rate);
      await page.waitForTimeout(1_500);
      const next = (await shiftsSoFar(page)).slice(opened.length).filter((s) => !s.input);
      console.log(
        `CLS at ${screen.width} px, the next search: ${score(next).toFixed(4)} ${JSON.stringify(next)}`,
      );
      expect(score(next), JSON.stringify(next)).toBeLessThanOrEqual(0.02);
    });
});

type Shift = { at: number; value: number; input: boolean; what: string };

/** Runs in the page before its scripts: records every layout shift, with what moved. */
function watchShifts() {
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const w = window as unknown as { __shifts: Shift[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[]) {
      const what = e.sources
        .map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const id = el?.getAttribute('data-testid');
          const name = el
            ? `${el.tagName.toLowerCase()}${id ? `#${id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
            : '?';
          return `${name} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`;
        })
        .join('; ');
      w.__shifts.push({ at: e.startTime, value: e.value, input: e.hadRecentInput, what });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const shiftsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
