// /functions/v1 with fixture functions (tests/fixtures/project): handlers run in-process with the project's env,
// verify_jwt from config.toml, errors and hangs turned into JSON answers with CORS headers, test env overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import type { RunningEmulator } from '../emulator/server';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client, userToken } from './support/supabase';

let emu: RunningEmulator;
const logs: string[] = [];

beforeAll(async () => {
  emu = await startFixtureEmulator({ functionTimeoutMs: 1500, log: (message) => logs.push(message) });
});

afterAll(async () => {
  await emu?.stop();
});

type Echo = {
  method: string;
  path: string;
  query: string;
  body: string;
  whoami: { role: string; uid: string | null };
  env: { url: string; hasAnonKey: boolean; hasServiceKey: boolean; fake: string | null };
};

describe('invoking functions', () => {
  it('runs a function without a session, as anon', async () => {
    const { data, error } = await client(emu.url, emu.anonKey).functions.invoke<Echo>('echo', {
      body: { hello: 'world' },
    });
    expect(error).toBeNull();
    expect(data?.method).toBe('POST');
    expect(JSON.parse(data!.body)).toEqual({ hello: 'world' });
    expect(data?.whoami).toMatchObject({ role: 'anon', uid: null });
    expect(data?.env).toEqual({ url: emu.url, hasAnonKey: true, hasServiceKey: true, fake: null });
  });

  it('forwards a user session so the function acts as that user', async () => {
    const userId = '7d9f3c52-4b1e-4a53-9a8e-1f2d3c4b5a69';
    const token = await userToken(userId);
    const { data } = await client(emu.url, emu.anonKey, token).functions.invoke<Echo>('echo', { body: {} });
    expect(data?.whoami).toMatchObject({ role: 'authenticated', uid: userId });
  });

  it('passes the path below the function name and the query string', async () => {
    const res = await fetch(`${emu.url}/functions/v1/echo/items/42?x=1`, {
      headers: { Authorization: `Bearer ${emu.anonKey}` },
    });
    const body = (await res.json()) as Echo;
    expect(body).toMatchObject({ method: 'GET', path: '/echo/items/42', query: '?x=1' });
  });
});

describe('verify_jwt', () => {
  it('rejects a missing or invalid JWT with 401 and passes OPTIONS to the function', async () => {
    const missing = await fetch(`${emu.url}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const invalid = await fetch(`${emu.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not-a-jwt' },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ msg: 'Invalid JWT' });
    const preflight = await fetch(`${emu.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(await preflight.text()).toBe('ok');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const res = await fetch(`${emu.url}/functions/v1/public-echo`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, authorization: null });
  });
});

describe('failures', () => {
  it('answers 404 with CORS headers for an unknown function', async () => {
    const res = await fetch(`${emu.url}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emu.anonKey}`, Origin: 'http://localhost:5173' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const traversal = await fetch(`${emu.url}/functions/v1/..%2F..%2Fpackage.json`, {
      headers: { Authorization: `Bearer ${emu.anonKey}` },
    });
    expect(traversal.status).toBe(404);
  });

  it('turns a thrown error into a 500 JSON answer with CORS headers, and keeps serving', async () => {
    const { error } = await client(emu.url, emu.anonKey).functions.invoke('boom');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ code: 'WORKER_ERROR' });
    expect(logs.some((l) => l.includes('boom: the fixture function failed on purpose'))).toBe(true);
    expect((await client(emu.url, emu.anonKey).functions.invoke<Echo>('echo')).data?.method).toBe('POST');
  });

  it('ends a function that never answers at the wall-clock limit', async () => {
    const res = await fetch(`${emu.url}/functions/v1/hang`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${emu.anonKey}` },
    });
    expect(res.status).toBe(546);
    expect(await res.json()).toMatchObject({ code: 'WORKER_LIMIT' });
  });
});

describe('test controls', () => {
  it('merges, deletes and clears environment overrides through /_emulator/function-env', async () => {
    const call = async () => (await client(emu.url, emu.anonKey).functions.invoke<Echo>('echo')).data!.env;
    const set = await fetch(`${emu.url}/_emulator/function-env`, {
      method: 'POST',
      body: JSON.stringify({ FAKE_API_URL: 'http://127.0.0.1:9/fake' }),
    });
    expect(set.status).toBe(200);
    expect((await call()).fake).toBe('http://127.0.0.1:9/fake');
    await fetch(`${emu.url}/_emulator/function-env`, {
      method: 'POST',
      body: JSON.stringify({ SUPABASE_SERVICE_ROLE_KEY: null }),
    });
    expect(await call()).toMatchObject({ fake: 'http://127.0.0.1:9/fake', hasServiceKey: false });
    await fetch(`${emu.url}/_emulator/function-env`, { method: 'DELETE' });
    expect(await call()).toMatchObject({ fake: null, hasServiceKey: true });
    const bad = await fetch(`${emu.url}/_emulator/function-env`, {
      method: 'POST',
      body: JSON.stringify({ N: 1 }),
    });
    expect(bad.status).toBe(400);
  });

  it("scopes an override to one function's calls, or to one signed-in user's, beside the others", async () => {
    const user = '22222222-2222-4222-8222-222222222222';
    const fake = async (token?: string) =>
      (await client(emu.url, emu.anonKey, token).functions.invoke<Echo>('echo')).data!.env.fake;
    const post = (query: string, env: Record<string, string | null>) =>
      fetch(`${emu.url}/_emulator/function-env?${query}`, { method: 'POST', body: JSON.stringify(env) });
    const token = await userToken(user);
    try {
      expect((await post('function=echo', { FAKE_API_URL: 'http://127.0.0.1:9/echo' })).status).toBe(200);
      await post('function=other', { FAKE_API_URL: 'http://127.0.0.1:9/other' });
      await post(`user=${user}`, { FAKE_API_URL: 'http://127.0.0.1:9/user' });
      // The function's override for everyone, the user's over it for that user only.
      expect(await fake()).toBe('http://127.0.0.1:9/echo');
      expect(await fake(await userToken('33333333-3333-4333-8333-333333333333'))).toBe(
        'http://127.0.0.1:9/echo',
      );
      expect(await fake(token)).toBe('http://127.0.0.1:9/user');
      // A null removes the key for that scope's calls.
      await post(`user=${user}`, { FAKE_API_URL: null });
      expect(await fake(token)).toBeNull();
      await fetch(`${emu.url}/_emulator/function-env?user=${user}`, { method: 'DELETE' });
      expect(await fake(token)).toBe('http://127.0.0.1:9/echo');
      await fetch(`${emu.url}/_emulator/function-env?function=echo`, { method: 'DELETE' });
      expect(await fake(token)).toBeNull();
      expect(await fake()).toBeNull();
    } finally {
      await fetch(`${emu.url}/_emulator/function-env?function=other`, { method: 'DELETE' });
    }
  });

  it('serves no test controls unless started with testing: true', async () => {
    const other = await startFixtureEmulator({ testing: false });
    try {
      const res = await fetch(`${other.url}/_emulator/function-env`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    } finally {
      await other.stop();
    }
  });
});
