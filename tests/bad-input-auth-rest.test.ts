// Bad input to auth and REST is a 400 that says what is wrong, never a 5xx (issue 12, point 5): a NUL, an unpaired
// surrogate or JSON nested past 64 levels used to reach the database and come back as 500. Through supabase-js.
import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './support/emulator';
import { client } from './support/supabase';

const emu = emulatorForFile();
let n = 0;
const uniqueEmail = () => `bad-input-${Date.now()}-${n++}@example.com`;
const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('auth refuses what the database cannot store with a 400', () => {
  it('a NUL in the email of a password sign-in', async () => {
    const { error } = await client(emu.url, emu.anonKey).auth.signInWithPassword({
      email: 'ada\u0000@example.com',
      password: 'hunter22-secret',
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Text may not contain a NUL character (\\u0000).');
  });

  it('an unpaired surrogate in user metadata at sign-up, and no account is made', async () => {
    const email = uniqueEmail();
    const { error } = await client(emu.url, emu.anonKey).auth.signUp({
      email,
      password: 'hunter22-secret',
      options: { data: { name: 'Ada \ud800' } },
    });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Text may not contain an unpaired UTF-16 surrogate.');
    const { rows } = await emu.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('user metadata nested 1,000 levels deep', async () => {
    const { error } = await client(emu.url, emu.anonKey).auth.signUp({
      email: uniqueEmail(),
      password: 'hunter22-secret',
      options: { data: { deep: nested(1000) } },
    });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('JSON may be nested at most 64 levels deep.');
  });

  it('still signs up a name with an emoji and ordinary nesting', async () => {
    const { error } = await client(emu.url, emu.anonKey).auth.signUp({
      email: uniqueEmail(),
      password: 'hunter22-secret',
      options: { data: { name: 'Ada 🧵', prefs: { sizes: [['M', 'L']] } } },
    });
    expect(error).toBeNull();
  });
});

describe('REST refuses what the database cannot take with a 400', () => {
  it('an RPC argument nested 30,000 levels deep (plain fetch: supabase-js cannot serialise it)', async () => {
    const response = await fetch(`${emu.url}/rest/v1/rpc/market_normalize`, {
      method: 'POST',
      headers: {
        apikey: emu.serviceRoleKey,
        authorization: `Bearer ${emu.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: `{"input":${'['.repeat(30_000)}"x"${']'.repeat(30_000)}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'PGRST102',
      details: 'JSON may be nested at most 64 levels deep.',
    });
  });

  it('an unpaired surrogate and a NUL in an RPC argument', async () => {
    const sb = client(emu.url, emu.serviceRoleKey);
    const surrogate = await sb.rpc('market_normalize', { input: 'Levi\udc00s' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.error?.details).toBe('Text may not contain an unpaired UTF-16 surrogate.');
    const nul = await sb.rpc('market_normalize', { input: 'Levi\u0000s' });
    expect(nul.status).toBe(400);
    expect(nul.error?.details).toBe('Text may not contain a NUL character (\\u0000).');
    const fine = await sb.rpc('market_normalize', { input: 'Levi’s 501 🧵' });
    expect(fine.error).toBeNull();
  });
});
