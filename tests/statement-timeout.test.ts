// REST runs a request under its role's statement timeout, as hosted Supabase does (issue 12, point 3): 3 s for anon,
// 8 s for authenticated, and for the service role the 8 s of the role PostgREST connects as (authenticator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../emulator/server';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client, userToken } from './support/supabase';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startFixtureEmulator();
});
afterAll(async () => {
  await emu?.stop();
});

describe('statement timeout per role', () => {
  it.each([
    ['anon', () => client(emu.url, emu.anonKey), '3s'],
    [
      'authenticated',
      async () => client(emu.url, emu.anonKey, await userToken('11111111-1111-4111-8111-111111111111')),
      '8s',
    ],
    ['service_role', () => client(emu.url, emu.serviceRoleKey), '8s'],
  ] as const)('%s runs under %s', async (role, make, timeout) => {
    const sb = await make();
    const { data, error } = await sb.rpc('whoami');
    expect(error).toBeNull();
    expect(data).toMatchObject({ role, statement_timeout: timeout });
  });
});
