// Bad input is a 400 with a clear message, never a 5xx (issue 12, point 5): NUL bytes, unpaired surrogates,
// over-long select lists and deeply nested JSON, through plain fetch and supabase-js against the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';
import { postToFunction } from './support/functions';
import { client } from './support/supabase';

let emu: RunningEmulator;
let token: string;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
  const email = `bad-input-${Date.now()}@example.com`;
  const { error } = await client(emu.url, emu.serviceRoleKey).auth.admin.createUser({
    email,
    password: 'correct-horse-9',
    email_confirm: true,
  });
  if (error) throw error;
  const { data } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
    email,
    password: 'correct-horse-9',
  });
  token = data.session!.access_token;
});
afterAll(async () => {
  await emu?.stop();
});

const call = (name: string, body: string, auth = token) =>
  postToFunction(emu, name, body, { authorization: `Bearer ${auth}` });

describe('functions refuse what is not text with a 400', () => {
  it('answers 400 to a NUL in the item name', async () => {
    const res = await call(
      'search-available',
      JSON.stringify({ itemName: 'levis\u0000 501', condition: 'pre_owned' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Item name contains characters that cannot be searched for. Please type it again.',
    });
  });

  it('answers 400 to an unpaired surrogate in a contact message', async () => {
    const res = await call(
      'contact',
      '{"name":"Ada","email":"ada@example.com","message":"Hi \\ud83d there","elapsedMs":9000}',
      emu.anonKey,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/not text/);
  });

  it('answers 400 to deeply nested JSON', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = await call('contact', deep, emu.anonKey);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Request body is nested too deeply.' });
  });

  it('still takes an emoji made of a proper pair', async () => {
    const sb = client(emu.url, emu.anonKey);
    const { data, error } = await sb.functions.invoke('contact', {
      body: {
        name: 'Ada',
        email: `emoji-${Date.now()}@example.com`,
        message: 'Love it 👜✨',
        elapsedMs: 9000,
      },
    });
    expect(error).toBeNull();
    expect(data.ok).toBe(true);
  });
});

describe('REST refuses bad requests with a 400', () => {
  it('answers 400 to a select of 2,001 columns', async () => {
    const select = Array.from({ length: 2001 }, (_, i) => `c${i}`).join(',');
    const res = await fetch(`${emu.url}/rest/v1/blog_articles?select=${select}`, {
      headers: { apikey: emu.anonKey },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('answers 400 to a NUL in a filter', async () => {
    const { error, status } = await client(emu.url, emu.anonKey)
      .from('blog_articles')
      .select('slug')
      .eq('slug', 'a\u0000b');
    expect(status).toBe(400);
    expect(error?.code).toMatch(/^22/);
  });
});
