// The search functions as the Supabase Edge Runtime sees them: type-checked by Deno, and one booted under Deno.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { startCountingProxy, type CountingProxy } from './support/counting-proxy';
import { bootUnderDeno, denoCheck } from './support/deno';
import { client, forgedToken } from './support/supabase';

const names = ['search-available', 'search-sold', 'search-listed'];

let child: ChildProcess | undefined;
let backed: ChildProcess | undefined;
let emu: RunningEmulator | undefined;
let proxy: CountingProxy | undefined;
afterAll(async () => {
  child?.kill('SIGTERM');
  backed?.kill('SIGTERM');
  await proxy?.stop();
  await emu?.stop();
});

describe('search functions under Deno', () => {
  it.each(names)(
    'deno check %s from its folder with its lock',
    (name) => {
      const result = denoCheck(name);
      expect(result.stderr + result.stdout).not.toMatch(/error/i);
      expect(result.status).toBe(0);
    },
    130_000,
  );

  it('boots search-available with deno run and answers the preflight and an anonymous call', async () => {
    const booted = await bootUnderDeno('search-available');
    child = booted.child;
    const { url, preflight } = booted;
    expect(preflight?.status).toBe(200);
    expect(await preflight?.text()).toBe('ok');
    expect(preflight?.headers.get('access-control-allow-origin')).toBe('*');

    // Nothing listens at SUPABASE_URL: an anonymous call must be refused before any backend is asked.
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer anon-key-for-the-deno-boot-test',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ itemName: 'lululemon align', condition: 'pre_owned' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Please log in to search.' });
  }, 90_000);

  it("verifies a signed-in user's ES256 token with WebCrypto under Deno: no call to /auth/v1/user", async () => {
    emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
    proxy = await startCountingProxy(emu.url);
    const email = `deno-search-${Date.now()}@example.com`;
    const created = await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
      email,
      password: 'correct-horse-9',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const { data } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
      email,
      password: 'correct-horse-9',
    });
    const token = data.session!.access_token;
    const booted = await bootUnderDeno('search-sold', {
      SUPABASE_URL: proxy.url,
      SUPABASE_ANON_KEY: emu.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: emu.serviceRoleKey,
      MARKET_PROVIDER: 'local',
      MARKET_CACHE: 'off',
    });
    backed = booted.child;
    const search = (bearer: string) =>
      fetch(booted.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ itemName: 'levis 501 jeans', condition: 'pre_owned' }),
      });
    for (let i = 0; i < 3; i++) {
      const answer = await search(token);
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(answer.headers.get('server-timing')).toMatch(/(^|,\s*)auth;dur=/);
    }
    const forged = await forgedToken(
      { sub: data.user!.id, role: 'authenticated', aud: 'authenticated' },
      emu.ctx.keys.signingKey.kid,
    );
    const refused = await search(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Please log in to search.' });
    expect(proxy.count('GET /auth/v1/user')).toBe(0);
    expect(proxy.count('GET /auth/v1/.well-known/jwks.json')).toBe(1);
  }, 90_000);
});
