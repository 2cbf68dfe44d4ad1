// market-sources end to end (issue 28 point 7): supabase-js and a plain browser-style fetch against the emulator's
// function and database. What it reports follows the index and the functions' settings as they change, its answer is
// what the web client parses, and it runs under Deno as deployed.
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { upsertListings, type MarketListing } from '../emulator/seeds/data/market-data';
import { marketSourcesSchema } from '../src/features/market-sources/schemas';
import { bootUnderDeno, denoCheck } from './support/deno';
import { setFunctionEnv } from './support/function-env';
import { client } from './support/supabase';
import { daysAgo, levis501, listingsOf } from './support/market';

let emu: RunningEmulator;
let child: ChildProcess | undefined;
let n = 0;

const levis = listingsOf('sources', { ...levis501, listed_at: daysAgo(10) });
const listing = (over: Partial<MarketListing>) => levis(++n, over);

/** What a visitor's supabase-js gets: the anon key, nobody signed in. */
async function sources() {
  const { data, error } = await client(emu.url, emu.anonKey).functions.invoke('market-sources', {
    method: 'GET',
  });
  expect(error).toBeNull();
  // The web client's own schema reads it, strictly: nothing it cannot name.
  return marketSourcesSchema.parse(data);
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
});
afterEach(async () => {
  await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await emu?.stop();
});

describe('market-sources', () => {
  it('an empty index: no origin to name, searches ready, the default threshold', async () => {
    expect(await sources()).toMatchObject({ origins: [], searchReady: true, listed: [], panelMinSellers: 5 });
  });

  it('is public: a plain GET with no key and no session, cached briefly by browsers and CDNs', async () => {
    const response = await fetch(`${emu.url}/functions/v1/market-sources`, {
      headers: { Origin: 'https://flipwise.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Object.keys(await response.json()).sort()).toEqual([
      'asOf',
      'listed',
      'origins',
      'panelMinSellers',
      'searchReady',
    ]);
  });

  it('follows the index: demo rows, then imported listings, then the seller panel', async () => {
    await upsertListings(emu.db, [listing({})]);
    expect((await sources()).origins).toEqual(['demo']);
    await upsertListings(emu.db, [listing({ source: 'import' })]);
    expect((await sources()).origins).toEqual(['demo', 'import']);
    await upsertListings(emu.db, [listing({ source: 'panel', seller_key: randomUUID() })]);
    expect((await sources()).origins).toEqual(['demo', 'panel', 'import']);
  });

  it("follows the functions' settings: the listed rows, the threshold, eBay only with its approval", async () => {
    await setFunctionEnv(emu.url, {
      EBAY_CLIENT_ID: 'fake-app-id',
      EBAY_CLIENT_SECRET: 'fake-cert-id',
      ETSY_API_KEY: 'keystring',
      ETSY_SHARED_SECRET: 'secret',
      PANEL_MIN_SELLERS: '9',
    });
    expect(await sources()).toMatchObject({
      listed: ['ebay', 'etsy'],
      panelMinSellers: 9,
      searchReady: true,
    });

    await setFunctionEnv(emu.url, { MARKET_PROVIDER: 'ebay' });
    expect(await sources()).toMatchObject({ origins: [], searchReady: false });
    await setFunctionEnv(emu.url, { EBAY_RATES_APPROVED: 'true' });
    expect(await sources()).toMatchObject({ origins: ['ebay'], searchReady: true });
  });

  it('passes deno check and boots under deno run from its own folder', async () => {
    const checked = denoCheck('market-sources');
    expect(checked.stderr + checked.stdout).not.toMatch(/error/i);
    expect(checked.status).toBe(0);
    const booted = await bootUnderDeno('market-sources', {
      SUPABASE_URL: emu.url,
      SUPABASE_ANON_KEY: emu.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: emu.serviceRoleKey,
    });
    child = booted.child;
    expect(booted.preflight?.status).toBe(200);
    const answer = await fetch(booted.url);
    expect(answer.status).toBe(200);
    expect(marketSourcesSchema.parse(await answer.json()).origins).toEqual(['demo', 'panel', 'import']);
  }, 150_000);
});
