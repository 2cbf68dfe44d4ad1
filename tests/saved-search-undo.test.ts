// Undo after deleting a saved search (issue 14 point 5): the account page's delete and restore fetchers, run by the
// real supabase-js client against the emulator as a signed-in user, so RLS decides what they may do.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { deleteSavedSearch } from '../src/features/search/api/delete-saved-search';
import { getSavedSearches, type SavedSearch } from '../src/features/search/api/get-saved-searches';
import { restoreSavedSearch } from '../src/features/search/api/restore-saved-search';
import { saveSearch, updateSavedSearchFigures } from '../src/features/search/api/save-search';
import { client, userClient } from './support/supabase';

// The files of this suite share their worker's modules (vitest.config.ts): the fetchers below are imported afresh, so
// they get this mock whatever an earlier file imported, and the mock goes with the file.
const current = vi.hoisted(() => {
  vi.resetModules();
  return { db: null as SupabaseClient | null };
});
vi.mock('@/lib/supabase', () => ({ getSupabase: () => current.db! }));

let emu: RunningEmulator;
let service: SupabaseClient;
const users: Record<'maya' | 'omar', { id: string; db: SupabaseClient }> = {} as never;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  service = client(emu.url, emu.serviceRoleKey);
  users.maya = await userClient(emu, 'maya.undo@example.com');
  users.omar = await userClient(emu, 'omar.undo@example.com');
  const { error } = await service.from('saved_searches').insert([
    {
      user_id: users.maya.id,
      item_name: 'Patagonia fleece',
      condition: 'pre_owned',
      last_available: 120,
      last_sold: 60,
      last_rate: 50,
      origin: 'demo',
      is_demo: true,
      window_days: 90,
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-02T10:00:00Z',
    },
    {
      user_id: users.maya.id,
      item_name: 'Nike Air Max 90',
      condition: 'new_with_tags',
      last_available: null,
      last_sold: null,
      last_rate: null,
      origin: null,
      is_demo: null,
      window_days: 90,
      created_at: '2026-11-03T10:00:00Z',
      updated_at: '2026-11-03T10:00:00Z',
    },
  ]);
  if (error) throw error;
});

afterAll(async () => {
  vi.doUnmock('@/lib/supabase');
  vi.resetModules();
  await emu?.stop();
});

const as = (who: keyof typeof users) => {
  current.db = users[who].db;
};

describe('deleting a saved search, then Undo', () => {
  it('puts the same row back, with its id, figures and dates, in its place in the list', async () => {
    as('maya');
    const before = await getSavedSearches();
    expect(before.map((s) => s.item_name)).toEqual(['Nike Air Max 90', 'Patagonia fleece']);
    const fleece = before[1]!;

    await deleteSavedSearch(fleece.id);
    expect((await getSavedSearches()).map((s) => s.item_name)).toEqual(['Nike Air Max 90']);

    await restoreSavedSearch(fleece);
    const after = await getSavedSearches();
    expect(after).toEqual(before);
    const { data } = await service.from('saved_searches').select('user_id').eq('id', fleece.id).single();
    expect(data?.user_id).toBe(users.maya.id);
  });

  it("cannot be used to write into someone else's list", async () => {
    as('maya');
    const [row] = await getSavedSearches();
    const forged = { ...row!, id: crypto.randomUUID(), item_name: 'Planted search' } satisfies SavedSearch;
    as('omar');
    // Omar restoring a row he copied lands in his own list (user_id is auth.uid()), never in Maya's.
    await restoreSavedSearch(forged);
    expect((await getSavedSearches()).map((s) => s.item_name)).toEqual(['Planted search']);
    as('maya');
    expect((await getSavedSearches()).map((s) => s.item_name)).not.toContain('Planted search');
    // And he cannot name Maya as the owner.
    const { error } = await users.omar.db
      .from('saved_searches')
      .insert({ user_id: users.maya.id, item_name: 'Forged owner', condition: 'pre_owned' });
    expect(error?.code).toBe('42501');
  });

  it('refuses a second restore of a row that is back already', async () => {
    as('maya');
    const [row] = await getSavedSearches();
    await expect(restoreSavedSearch(row!)).rejects.toMatchObject({ code: '23505' });
  });
});

describe('a saved search keeps its window and narrowing (issue 54)', () => {
  const figures = (sold: number) => ({
    available: 40,
    sold,
    rate: Math.round((sold / 40) * 100),
    origin: 'demo' as const,
    isDemo: true,
    windowDays: 30,
  });
  const narrowed = {
    itemName: 'Levis 501',
    condition: 'pre_owned' as const,
    windowDays: 30 as const,
    size: '32x30',
    marketplace: 'poshmark' as const,
    priceMin: 20,
    priceMax: 49.5,
  };

  it('saves it, refreshes only that search, and Undo puts it back whole', async () => {
    as('omar');
    const row = await saveSearch({ ...narrowed, figures: figures(10) });
    expect(row).toMatchObject({
      window_days: 30,
      size: '32x30',
      marketplace: 'poshmark',
      price_min: 20,
      price_max: 49.5,
      last_sold: 10,
    });
    // The same item, not narrowed, is another saved search; saving the narrowed one again refreshes it.
    await saveSearch({
      itemName: 'Levis 501',
      condition: 'pre_owned',
      figures: { ...figures(30), windowDays: 90 },
    });
    await saveSearch({ ...narrowed, size: '32X30', figures: figures(12) });
    let rows = (await getSavedSearches()).filter((s) => s.item_name === 'Levis 501');
    expect(rows.map((s) => [s.window_days, s.size, s.last_sold]).sort()).toEqual([
      [30, '32x30', 12],
      [90, null, 30],
    ]);

    // A refresh finds a search not narrowed by its nulls, and leaves the narrowed one alone.
    const plain = await updateSavedSearchFigures({
      itemName: 'levis 501',
      condition: 'pre_owned',
      figures: { ...figures(31), windowDays: 90 },
    });
    expect(plain).toMatchObject({ size: null, last_sold: 31 });
    expect(
      await updateSavedSearchFigures({ ...narrowed, marketplace: 'ebay', figures: figures(1) }),
    ).toBeNull();

    const kept = (await getSavedSearches()).find((s) => s.size === '32x30')!;
    await deleteSavedSearch(kept.id);
    await restoreSavedSearch(kept);
    rows = await getSavedSearches();
    expect(rows.find((s) => s.id === kept.id)).toEqual(kept);

    // Nobody else sees it.
    as('maya');
    expect((await getSavedSearches()).some((s) => s.item_name === 'Levis 501')).toBe(false);
  });

  it('refuses a narrowing the search functions would refuse', async () => {
    as('omar');
    for (const bad of [{ priceMin: 60, priceMax: 50 }, { size: 'x'.repeat(13) }, { priceMax: 200_000 }]) {
      await expect(
        saveSearch({ ...narrowed, itemName: 'Bad narrowing', ...bad, figures: figures(1) }),
      ).rejects.toMatchObject({
        code: '23514',
      });
    }
  });
});
