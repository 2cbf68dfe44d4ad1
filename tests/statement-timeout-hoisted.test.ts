// REST hoists a function's own `set statement_timeout` to the request, as PostgREST 12.2 does (db-hoisted-tx-settings):
// set inside the function it would come too late to limit the call. PGlite does not enforce a statement timeout, so
// this file runs on PostgreSQL 15: the suite's server when there is one (npm test), else a throwaway one of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../emulator/server';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';
import { startFixtureEmulator } from './support/fixture-emulator';
import { client } from './support/supabase';

let server: { url: string; stop: () => void } | undefined;
let emu: RunningEmulator;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) server = startPostgres({ stdio: 'ignore' });
  emu = await startFixtureEmulator({ databaseUrl: process.env.DATABASE_URL || server?.url });
});

afterAll(async () => {
  await emu?.stop();
  server?.stop();
});

describe("a function's own statement timeout", () => {
  it('cancels the call when it passes the timeout the function sets (1 s), under the role that allows 8 s', async () => {
    const { data, error, status } = await client(emu.url, emu.serviceRoleKey).rpc('outlasts_its_timeout');
    expect(data).toBeNull();
    expect(status).toBe(500);
    expect(error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });

  it('leaves the role timeout to the calls of a function that sets none', async () => {
    const { data, error } = await client(emu.url, emu.serviceRoleKey).rpc('whoami');
    expect(error).toBeNull();
    expect(data).toMatchObject({ role: 'service_role', statement_timeout: '8s' });
  });
});
