// What the two search functions answer beyond the counts (issue 10 point 3 and 4): where the figures come from,
// whether they are estimates, the window they cover and when they were taken; the sold window a reseller picks;
// "did you mean" when nothing is listed. Real supabase-js users against the emulator and its local market index.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { mergeCells, upsertListings } from '../emulator/seeds/data/market-data';
import { signUpAndSignIn } from './support/supabase';
import { daysAgo, listingsOf } from './support/market';

let emu: RunningEmulator;
let user: SupabaseClient;

const ago = daysAgo;
const listing = listingsOf('contract', {
  title: 'Patagonia Retro Pile Fleece Jacket',
  brand: 'Patagonia',
  category: 'Jackets',
  size: 'M',
  colour: 'Natural',
  price: 90,
});

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  await upsertListings(emu.db, [
    listing(1, {}),
    listing(2, { status: 'sold', sold_at: ago(10), listed_at: ago(14), price: 80 }),
    listing(3, { status: 'sold', sold_at: ago(60), listed_at: ago(70), price: 85 }),
    listing(4, { status: 'sold', sold_at: ago(150), listed_at: ago(160), price: 70 }),
    listing(5, { status: 'sold', sold_at: ago(300), listed_at: ago(320), price: 60 }),
  ]);
  await mergeCells(emu.db);
  user = (await signUpAndSignIn(emu, 'contract')).sb;
});

afterAll(async () => {
  await emu?.stop();
});

const sold = (body: Record<string, unknown>) =>
  user.functions.invoke('search-sold', {
    body: { itemName: 'patagonia retro pile', condition: 'pre_owned', ...body },
  });

describe('search answers name their source, window and time', () => {
  it('available: origin demo, an exact count, and the time it was taken', async () => {
    const { data, error } = await user.functions.invoke('search-available', {
      body: { itemName: 'Patagonia retro pile', condition: 'pre_owned' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ availableCount: 1, origin: 'demo', isDemo: true, approximate: false });
    expect(data.reason).toBeUndefined();
    expect(data.suggestions).toBeUndefined();
    expect(Date.parse(data.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sold: the 90-day window by default, origin, estimate flag and a list of recent sales', async () => {
    const { data, error } = await sold({});
    expect(error).toBeNull();
    expect(data).toMatchObject({
      soldCount: 2,
      windowDays: 90,
      origin: 'demo',
      isDemo: true,
      approximate: false,
    });
    expect(Array.isArray(data.recentSales)).toBe(true);
    expect(data.recentSales.length).toBeLessThanOrEqual(10);
  });

  it('sold: each window a reseller may pick counts its own days', async () => {
    const counts: Record<number, number> = {};
    for (const windowDays of [30, 90, 180, 365]) {
      const { data, error } = await sold({ windowDays });
      expect(error).toBeNull();
      expect(data.windowDays).toBe(windowDays);
      counts[windowDays] = data.soldCount;
    }
    expect(counts).toEqual({ 30: 1, 90: 2, 180: 3, 365: 4 });
  });

  it('sold: any other window is refused with 400 and the allowed values', async () => {
    for (const windowDays of [45, '90', 0]) {
      const { error } = await sold({ windowDays });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('The sold window must be one of 30, 90, 180, 365 days.');
    }
  });

  it('a misspelt name is corrected to a word of the index, and the answer says so', async () => {
    const misspelt = await user.functions.invoke('search-available', {
      body: { itemName: 'patagonai', condition: 'pre_owned' },
    });
    expect(misspelt.data.availableCount).toBeGreaterThan(0);
    expect(misspelt.data.reading).toEqual({
      corrected: [{ from: 'patagonai', to: 'patagonia' }],
      ignored: [],
      recognised: [{ text: 'patagonai', kind: 'brand', label: 'Patagonia' }],
      unknown: [],
    });
  });

  it('nothing listed: the answer carries "did you mean" names from the index', async () => {
    const none = await user.functions.invoke('search-available', {
      body: { itemName: 'patagonia xqzvw', condition: 'pre_owned' },
    });
    expect(none.data).toMatchObject({ availableCount: 0, isDemo: true, origin: 'demo' });
    expect(none.data.suggestions).toContain('Patagonia');
    const gibberish = await user.functions.invoke('search-available', {
      body: { itemName: 'zzzz qqqq', condition: 'pre_owned' },
    });
    expect(gibberish.data).toMatchObject({ availableCount: 0, suggestions: [] });
  });

  it('a word no listing of the item uses: the search without it first, brand and model kept, and the word named (issue 54)', async () => {
    const { data } = await user.functions.invoke('search-available', {
      body: { itemName: 'patagonia retro pile 26 oatmeal', condition: 'pre_owned' },
    });
    expect(data).toMatchObject({
      availableCount: 0,
      suggestions: ['Patagonia retro pile', 'Patagonia'],
      unusedWords: ['26', 'oatmeal'],
    });
  });
});
