// Every function of the exposed schema (public) and exactly who may execute it (issue 12, point 3). None is for the
// browser's roles: the search and contact functions call them with the service role. A new function fails this test
// until it is added here with its intended callers. Runs on PGlite, and on PostgreSQL 15 when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/server';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, dataDir: 'memory', testing: true, log: false });
});
afterAll(async () => {
  await emu?.stop();
});

const serviceOnly = { anon: false, authenticated: false, service_role: true };
const EXPECTED: Record<string, typeof serviceOnly> = {
  'contact_message_submit(text, text, text, text, text, integer, integer, integer, text)': serviceOnly,
  'contact_messages_claim(integer, integer, boolean, integer)': serviceOnly,
  'market_cache_put(text, jsonb, integer)': serviceOnly,
  'market_count_available(text, text)': serviceOnly,
  'market_count_sold(text, text, integer)': serviceOnly,
  'market_groups_sql(jsonb, text)': serviceOnly,
  'market_groups_sql_filtered(jsonb, text)': serviceOnly,
  'market_has_demo()': serviceOnly,
  'market_listing_terms(text, text, text, text)': serviceOnly,
  'market_match_sql(jsonb, text)': serviceOnly,
  'market_normalize(text)': serviceOnly,
  'market_oauth_token_put(text, uuid, text, integer)': serviceOnly,
  'market_parse_query(text)': serviceOnly,
  'market_query_groups(text, boolean, jsonb)': serviceOnly,
  'market_refresh_vocabulary(integer)': serviceOnly,
  'market_search(text, text, text, uuid, text, integer, integer, text, integer, integer)': serviceOnly,
  'market_search_gate(uuid, text, integer, integer, text)': serviceOnly,
  'market_source_access(text, text, integer, integer, text)': serviceOnly,
  'market_source_block(text, integer, text)': serviceOnly,
  'market_suggest(text, integer)': serviceOnly,
  'market_words(text)': serviceOnly,
  'set_updated_at()': serviceOnly,
};

describe('who may execute each function of public', () => {
  it('matches the list exactly', async () => {
    const { rows } = await emu.db.query<{
      fn: string;
      anon: boolean;
      authenticated: boolean;
      service_role: boolean;
    }>(
      `select p.proname || '(' || coalesce((
                select string_agg(format_type(t, null), ', ' order by i)
                from unnest(p.proargtypes) with ordinality as a(t, i)), '') || ')' as fn,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f'
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by 1`,
    );
    expect(
      Object.fromEntries(
        rows.map((r) => [
          r.fn,
          { anon: r.anon, authenticated: r.authenticated, service_role: r.service_role },
        ]),
      ),
    ).toEqual(EXPECTED);
  });

  it('refuses an anonymous RPC call to a helper with the PostgREST error', async () => {
    const response = await fetch(`${emu.url}/rest/v1/rpc/market_words`, {
      method: 'POST',
      headers: { apikey: emu.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'x'.repeat(1000) }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: '42501' });
  });
});
