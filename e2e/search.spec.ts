// The Thrifting Explorer end to end, in Chromium against the emulator and the real search functions: the anonymous
// gate and the search that runs once the visitor logs in, validation, every band of SPEC §9 from crafted
// market_listings rows, the no-sold dialog, a failing source, the search log, and saved searches on /account. Screenshots go to /tmp/shots for a person to look at.
import { mkdirSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../tests/fakes/ebay-server';
import { newPage } from './support/browser';

const shots = '/tmp/shots';
// Made-up words, fresh per run, so each search counts exactly the rows this spec inserts.
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const tag = letters();
const email = `searcher.${tag}@example.com`;
const password = 'thrift-secret-1';

type Band = { key: string; brand: string; available: number; sold: number; rate: string };
const bands: Band[] = [
  { key: 'high', brand: `zorb${tag}`, available: 10, sold: 8, rate: '80%' },
  { key: 'steady', brand: `quill${tag}`, available: 10, sold: 5, rate: '50%' },
  { key: 'warm', brand: `vemp${tag}`, available: 10, sold: 4, rate: '40%' },
  { key: 'slow', brand: `trob${tag}`, available: 10, sold: 2, rate: '20%' },
  { key: 'snooze', brand: `glint${tag}`, available: 20, sold: 1, rate: '5%' },
  { key: 'ghost', brand: `phant${tag}`, available: 6, sold: 0, rate: '0%' },
];
const term = (band: Band) => `${band.brand} jacket`;
const bandBy = (key: string) => bands.find((b) => b.key === key)!;

let service: SupabaseClient;
let userId: string;
let ebay: FakeEbay;

function listingRows(band: Band) {
  const now = Date.now();
  const day = 86_400_000;
  const row = (i: number, status: 'available' | 'sold', extra: Record<string, unknown> = {}) => ({
    // Two marketplaces for the high band, so its deeper look shows a row per marketplace.
    marketplace: band.key === 'high' && i % 2 ? 'poshmark' : 'ebay',
    external_id: `${band.brand}-${status}-${i}`,
    title: `${band.brand} denim jacket size M`,
    brand: band.brand,
    category: 'jacket',
    condition: 'pre_owned',
    status,
    price: 30 + i * 4,
    currency: 'USD',
    listed_at: new Date(now - (40 + i) * day).toISOString(),
    sold_at: status === 'sold' ? new Date(now - (20 - i) * day).toISOString() : null,
    source: 'import',
    ...extra,
  });
  return [
    ...Array.from({ length: band.available }, (_, i) => row(i, 'available')),
    ...Array.from({ length: band.sold }, (_, i) => row(i, 'sold')),
    // Another condition and a sale too old for the 90-day window: neither may count.
    row(90, 'available', { condition: 'new_with_tags' }),
    row(91, 'sold', {
      sold_at: new Date(now - 120 * day).toISOString(),
      listed_at: new Date(now - 150 * day).toISOString(),
    }),
  ];
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) =>
  page.locator('section[aria-label="Notifications"] li', { hasText: text });

/**
 * Logs in the way a visitor on this page does: a search asks for it and opens the login dialog; once they are in,
 * that search runs by itself. Waits for its results.
 */
async function login(page: Page, itemName = term(bandBy('high'))) {
  await page.getByLabel('Item Name').fill(itemName);
  await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog(page).getByRole('heading', { name: 'Login to your account' }).waitFor();
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill(password);
  await dialog(page).getByRole('button', { name: 'Login' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await toast(page, 'You have successfully logged in').waitFor();
  await settled(page);
}

async function search(page: Page, itemName: string, condition = 'Pre-owned') {
  await page.getByLabel('Item Name').fill(itemName);
  await page.getByLabel('Condition').selectOption({ label: condition });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Waits for both calls to finish: the rate, 'Sold data unavailable', or the error alert. */
async function settled(page: Page) {
  await page
    .locator(
      '[data-testid="sell-through-rate"], [data-testid="search-error"], [data-testid="sold-unavailable"]',
    )
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
}

async function setFunctionEnv(env: Record<string, string> | null) {
  const response = await fetch(`${inject('supabaseUrl')}/_emulator/function-env`, {
    method: env ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: env ? JSON.stringify(env) : undefined,
  });
  expect(response.ok).toBe(true);
}

async function logRows() {
  const { data, error } = await service
    .from('marketplace_search_logs')
    .select('search_term, condition, search_type, result_count, is_zero_result, api_success, error_message')
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  service = createClient(inject('supabaseUrl'), inject('serviceRoleKey'), {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket; the client needs a transport to construct, and realtime is never opened here.
    realtime: { transport: class NoRealtime {} as never },
  });
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Sam', last_name: 'Seller', zip_code: '10001' },
  });
  if (created.error) throw created.error;
  userId = created.data.user.id;
  const { error } = await service.from('market_listings').insert(bands.flatMap(listingRows));
  if (error) throw error;

  // The eBay source, faked with the documented shapes: a Browse-only keyset (no sold data), failures and stalls on cue.
  ebay = await startFakeEbay({
    items: Array.from({ length: 7 }, (_, i) => ({
      title: `Ebayonly${tag} wool coat ${i}`,
      conditionId: '3000',
      price: 40 + i,
    })),
  });
});

afterAll(async () => {
  await setFunctionEnv(null).catch(() => {});
  await ebay?.stop();
});

describe('the Thrifting Explorer for a visitor', () => {
  it('shows the panel and the empty state, and validates on change', async () => {
    for (const width of [375, 1280]) {
      const page = await newPage({ width });
      await page.goto('/thriftingexplorer');
      await page.getByRole('heading', { name: 'Search for an item to see market data' }).waitFor();
      expect(await page.getByText("Is it a score or a snooze? We'll tell you").isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe('/contact');
      expect(await page.getByRole('link', { name: /Download the app/ }).getAttribute('href')).toContain(
        'apps.apple.com',
      );
      await page.screenshot({ path: `${shots}/search-empty-${width}.png`, fullPage: true });
    }

    const page = await newPage();
    await page.goto('/thriftingexplorer');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Item Name').fill('a');
    await page.getByText('Item name must be at least 2 characters.').waitFor();
    await page.getByLabel('Item Name').fill('ab');
    await page.getByText('Item name must be at least 2 characters.').waitFor({ state: 'detached' });
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    expect(await button.isEnabled()).toBe(true);
    await page.getByLabel('Condition').selectOption({ label: 'Select condition' });
    await page.getByText('Please select a condition.').waitFor();
    expect(await button.isDisabled()).toBe(true);
  });

  it("answers an anonymous search with 'Authentication Required' and the login dialog", async () => {
    const page = await newPage();
    await page.goto('/thriftingexplorer?q=Levi%27s%20501');
    expect(await page.getByLabel('Item Name').inputValue()).toBe("Levi's 501");
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await toast(page, 'Authentication Required').waitFor();
    expect(await toast(page, 'Authentication Required').textContent()).toContain(
      'Please login to use the search feature',
    );
    await dialog(page).getByRole('heading', { name: 'Login to your account' }).waitFor();
    expect(await dialog(page).getByRole('tab', { name: 'Create an Account' }).isVisible()).toBe(true);
  });

  it('runs the search they asked for once they log in through that dialog, and only once', async () => {
    const band = bandBy('slow');
    // A term no other test searches, so its log rows count this page's calls alone.
    const itemName = `${band.brand} denim`;
    const page = await newPage();
    await page.goto('/thriftingexplorer');
    await login(page, itemName);
    expect(await page.getByTestId('available-count').textContent()).toBe(String(band.available));
    expect(await page.getByTestId('sell-through-rate').textContent()).toBe(band.rate);
    await toast(page, 'Authentication Required').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${shots}/search-after-login-1280.png`, fullPage: true });
    const calls = async () =>
      (await logRows()).filter((r) => r.search_term === itemName).map((r) => r.search_type);
    await expect.poll(calls).toEqual(['available', 'sold']);
    await page.waitForTimeout(500);
    expect(await calls()).toEqual(['available', 'sold']);
  });
});

describe('the Thrifting Explorer for a signed-in reseller', () => {
  let desktop: Page;
  let phone: Page;

  beforeAll(async () => {
    desktop = await newPage({ width: 1280 });
    phone = await newPage({ width: 375, height: 812 });
    for (const page of [desktop, phone]) {
      await page.goto('/thriftingexplorer');
      await login(page);
    }
  });

  it.each([
    ['high', 'High demand!', { hearts: true, snooze: false }],
    ['steady', 'Steady market', { hearts: true, snooze: false }],
    // 36-40%: hearts fall and the label says it is close to steady (decision 028), never 'selling slowly' alone.
    ['warm', 'Close to steady', { hearts: true, snooze: false }],
    ['slow', null, { hearts: false, snooze: false }],
    ['snooze', null, { hearts: false, snooze: true }],
  ] as const)('shows the %s band with its label, hearts and bubble', async (key, label, expected) => {
    const band = bandBy(key);
    const page = desktop;
    await search(page, term(band));
    await settled(page);
    expect(await page.getByTestId('available-count').textContent()).toBe(String(band.available));
    expect(await page.getByTestId('sold-count').textContent()).toBe(String(band.sold));
    expect(await page.getByTestId('sell-through-rate').textContent()).toBe(band.rate);
    if (label) expect(await page.getByTestId('band-label').textContent()).toBe(label);
    else expect(await page.getByTestId('band-label').count()).toBe(0);
    expect(await page.getByTestId('rate-heart').count()).toBe(expected.hearts ? 1 : 0);
    expect(await page.getByTestId('falling-hearts').count()).toBe(expected.hearts ? 1 : 0);
    expect(await page.getByText('Less than 10% is a snooze').count()).toBe(expected.snooze ? 1 : 0);
    expect(await page.getByTestId('market-analysis').textContent()).toContain(
      'informational and indicative only',
    );
    expect(await page.getByTestId('formula').textContent()).toBe(
      'Sell-through = sold in the last 90 days ÷ listed now',
    );
    // Hearts take about four seconds to fall; the screenshot of the high band catches them on the way down.
    await page.screenshot({ path: `${shots}/search-${key}-1280.png`, fullPage: key !== 'high' });

    await search(phone, term(band));
    await settled(phone);
    expect(await phone.getByTestId('sell-through-rate').textContent()).toBe(band.rate);
    await phone.screenshot({ path: `${shots}/search-${key}-375.png`, fullPage: true });
  });

  it('shows a row per marketplace and the condition ladder in the deeper look', async () => {
    await search(desktop, term(bandBy('high')));
    await settled(desktop);
    const markets = desktop.getByTestId('marketplace-table');
    expect(await markets.getByRole('row').count()).toBe(3);
    const ladder = desktop.getByTestId('condition-ladder');
    expect(await ladder.locator('tr[aria-current="true"]').textContent()).toContain('Pre-owned');
    expect(await ladder.getByRole('row', { name: /New with tags/ }).textContent()).toContain('1');
    expect(await desktop.getByTestId('thin-sample-note').isVisible()).toBe(true);
  });

  it('keeps the hearts still for people who ask for reduced motion', async () => {
    const page = await newPage({ reducedMotion: true });
    await page.goto('/thriftingexplorer');
    // Logging in runs the high band's search.
    await login(page);
    expect(await page.getByTestId('falling-hearts').isHidden()).toBe(true);
    expect(await page.getByTestId('rate-heart').isVisible()).toBe(true);
  });

  it("opens 'No Sold Items Found' for a zero-sold term, and 'Got it' closes it", async () => {
    for (const [page, width] of [
      [desktop, 1280],
      [phone, 375],
    ] as const) {
      await search(page, term(bandBy('ghost')));
      const d = dialog(page);
      await d.getByRole('heading', { name: 'No Sold Items Found' }).waitFor();
      expect(await d.textContent()).toContain("You might've thrifted a ghost");
      await page.screenshot({ path: `${shots}/search-no-sold-${width}.png` });
      await d.getByRole('button', { name: 'Got it' }).click();
      await d.waitFor({ state: 'detached' });
      expect(await page.getByTestId('sell-through-rate').textContent()).toBe('0%');
    }
  });

  describe('with eBay as the market source', () => {
    beforeAll(async () => {
      await setFunctionEnv({
        MARKET_PROVIDER: 'ebay',
        EBAY_API_BASE: ebay.url,
        EBAY_CLIENT_ID: 'fake-app-id',
        EBAY_CLIENT_SECRET: 'fake-cert-id',
        MARKET_CACHE: 'off',
        MARKET_TIMEOUT_MS: '1500',
      });
    });
    afterAll(async () => {
      ebay.setDelay(0);
      await setFunctionEnv(null);
    });

    it("says sold data is unavailable, with eBay's reason, instead of claiming zero sales", async () => {
      await search(desktop, `ebayonly${tag} coat`);
      await settled(desktop);
      // eBay's total is an estimate, and the card says so.
      expect(await desktop.getByTestId('available-count').textContent()).toBe('about 7');
      const sold = desktop.getByTestId('sold-unavailable');
      expect(await sold.textContent()).toContain('Sold data unavailable');
      expect(await sold.textContent()).toContain('Marketplace Insights');
      expect(await desktop.getByTestId('sell-through-rate').count()).toBe(0);
      expect(await dialog(desktop).count()).toBe(0);
      await desktop.screenshot({ path: `${shots}/search-sold-unavailable-1280.png`, fullPage: true });
    });

    it('shows the unavailable text when the source fails', async () => {
      for (const [page, width] of [
        [desktop, 1280],
        [phone, 375],
      ] as const) {
        // An internal eBay failure (not errorId 2001, which is eBay's own rate limit and is remembered as a quota).
        ebay.failNext('/buy/browse', {
          status: 503,
          body: {
            errors: [
              { errorId: 10000, message: 'There was a problem with an eBay internal system or process.' },
            ],
          },
        });
        await search(page, `failing ${tag} coat`);
        await settled(page);
        const alert = page.getByTestId('search-error');
        expect(await alert.getByText('Error', { exact: true }).isVisible()).toBe(true);
        expect(await alert.textContent()).toContain(
          'Search service temporarily unavailable. Please try again in a moment.',
        );
        await toast(page, 'Search Error').waitFor();
        await page.screenshot({ path: `${shots}/search-error-${width}.png`, fullPage: true });
      }
    });

    it('shows the timeout text when the source does not answer in time', async () => {
      ebay.setDelay(4000);
      try {
        await search(desktop, `stalling ${tag} coat`);
        await settled(desktop);
        expect(await desktop.getByTestId('search-error').textContent()).toContain(
          'Request timed out. Please try again.',
        );
      } finally {
        ebay.setDelay(0);
      }
    });
  });

  it('logs a row for each call, success or failure', async () => {
    const rows = await logRows();
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          search_term: term(bandBy('high')),
          condition: 'pre_owned',
          search_type: 'available',
          result_count: 10,
          is_zero_result: false,
          api_success: true,
          error_message: null,
        },
        {
          search_term: term(bandBy('ghost')),
          condition: 'pre_owned',
          search_type: 'sold',
          result_count: 0,
          is_zero_result: true,
          api_success: true,
          error_message: null,
        },
        expect.objectContaining({
          search_term: `failing ${tag} coat`,
          search_type: 'available',
          api_success: false,
          error_message: expect.stringMatching(/^503: .*unavailable/),
        }),
        expect.objectContaining({
          search_term: `stalling ${tag} coat`,
          search_type: 'available',
          api_success: false,
          error_message: expect.stringMatching(/^504: .*timeout/),
        }),
      ]),
    );
  });

  it('saves a search, lists it on /account with its figures, and runs it again from there', async () => {
    const band = bandBy('steady');
    await search(desktop, term(band));
    await settled(desktop);
    await desktop.getByRole('button', { name: 'Save search' }).click();
    await toast(desktop, 'Search saved').waitFor();
    await desktop.getByTestId('search-saved').waitFor();

    await desktop.goto('/account');
    const list = desktop.getByTestId('saved-searches');
    await list.waitFor();
    const item = list.getByRole('listitem').filter({ hasText: term(band) });
    expect(await item.textContent()).toContain('10 available · 5 sold · 50% sell-through');
    await desktop.screenshot({ path: `${shots}/search-account-saved-1280.png`, fullPage: true });

    await item.getByRole('link', { name: /Run again/ }).click();
    await desktop.waitForURL(/\/thriftingexplorer\?q=/);
    await settled(desktop);
    expect(await desktop.getByLabel('Item Name').inputValue()).toBe(term(band));
    expect(await desktop.getByTestId('sell-through-rate').textContent()).toBe('50%');
    expect(await desktop.getByTestId('search-saved').isVisible()).toBe(true);

    await desktop.goto('/account');
    await list.getByRole('button', { name: `Delete: ${term(band)}` }).click();
    await toast(desktop, 'Saved search deleted').waitFor();
    await desktop.getByText(/No saved searches yet/).waitFor();
  });
});
