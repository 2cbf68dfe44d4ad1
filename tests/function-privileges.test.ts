// Every function of the exposed schemas (config.toml's [api] schemas: public, graphql_public) and exactly who may execute
// it (issue 12, point 3). Only the seller_* functions are for signed-in users (their own sales); the rest the search and
// contact functions call with the service role. A new function, procedure or aggregate fails this test until it is added here with its intended callers, and a
// function dropped from the migrations fails it until it is taken out. Runs on PGlite, and on PostgreSQL 15 when
// DATABASE_URL is set (npm test does both).
import { describe, expect, it } from 'vitest';
import { loadConfig, section } from '../emulator/config';
import { emulatorForFile } from './support/emulator';
import { client, userToken } from './support/supabase';

/** The schemas PostgREST exposes, as config.toml lists them (and as the hosted project deploys them). */
const exposed = section(loadConfig(), 'api').schemas as string[];

const emu = emulatorForFile();

const serviceOnly = { anon: false, authenticated: false, service_role: true };
// A signed-in user's own sales (issue 21): each reads or writes only the caller's rows.
const signedIn = { anon: false, authenticated: true, service_role: true };
const EXPECTED: Record<string, typeof serviceOnly> = {
  // Keys are schema.name(argument types).
  'public.blog_articles_stamp()': serviceOnly,
  'public.contact_message_submit(text, text, text, text, text, integer, integer, integer, text)': serviceOnly,
  'public.contact_messages_claim(integer, integer, boolean, integer)': serviceOnly,
  'public.market_cache_put(text, jsonb, integer)': serviceOnly,
  'public.market_count_available(text, text, integer, jsonb)': serviceOnly,
  'public.market_correction(text)': serviceOnly,
  'public.market_clause_groups(jsonb)': serviceOnly,
  'public.market_count_sold(text, text, integer, integer, jsonb)': serviceOnly,
  'public.market_decoys(text, text, text)': serviceOnly,
  'public.market_not_sql(jsonb, text)': serviceOnly,
  'public.market_garment_names(text, text[])': serviceOnly,
  'public.market_groups_sql(jsonb, text, text)': serviceOnly,
  'public.market_sold_key(text[], timestamp with time zone)': serviceOnly,
  'public.market_sold_weeks(timestamp with time zone, timestamp with time zone)': serviceOnly,
  'public.market_has_demo()': serviceOnly,
  'public.market_index_state()': serviceOnly,
  'public.market_is_swap(text, text)': serviceOnly,
  'public.market_listing_terms(text, text, text, text)': serviceOnly,
  'public.market_match_sql(jsonb, text)': serviceOnly,
  'public.market_normalize(text)': serviceOnly,
  'public.market_oauth_token_put(text, uuid, text, integer)': serviceOnly,
  'public.market_parse_query(text)': serviceOnly,
  'public.market_read_query(text)': serviceOnly,
  'public.market_query_groups(text, boolean, jsonb)': serviceOnly,
  'public.market_refresh_vocabulary(integer)': serviceOnly,
  'public.market_cells_merge(integer)': serviceOnly,
  'public.market_search(text, text, text, uuid, text, integer, integer, text, integer, integer, integer, jsonb)':
    serviceOnly,
  'public.market_search_gate(uuid, text, integer, integer, text)': serviceOnly,
  'public.market_source_access(text, text, integer, integer, text)': serviceOnly,
  'public.market_source_block(text, integer, text)': serviceOnly,
  'public.market_suggest(text, integer)': serviceOnly,
  'public.market_suggestions(text, integer)': serviceOnly,
  'public.market_words(text)': serviceOnly,
  // The seller panel switch (issue 22): each reads or changes only the caller's own membership.
  'public.panel_set_sharing(boolean)': signedIn,
  'public.panel_share_more()': signedIn,
  // The panel's weekly release (issue 52): the emulator, pg_cron and the tests run it.
  'public.panel_release_run(timestamp with time zone)': serviceOnly,
  'public.panel_sharing_status()': signedIn,
  'public.seller_history(text, text)': signedIn,
  'public.seller_items_import(jsonb, text)': signedIn,
  'public.seller_items_terms()': serviceOnly,
  'public.seller_sales_summary(date, date, text)': signedIn,
  'public.set_updated_at()': serviceOnly,
};

describe('who may execute each function of the exposed schemas', () => {
  it('reads the exposed schemas from config.toml', () => {
    expect(exposed).toEqual(['public', 'graphql_public']);
  });

  it('matches the list exactly', async () => {
    const { rows } = await emu.db.query<{
      fn: string;
      anon: boolean;
      authenticated: boolean;
      service_role: boolean;
    }>(
      `select n.nspname || '.' || p.proname || '(' || coalesce((
                select string_agg(format_type(t, null), ', ' order by i)
                from unnest(p.proargtypes) with ordinality as a(t, i)), '') || ')' as fn,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service_role
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1::text[])
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by 1`,
      [exposed],
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

  it('runs every one of them with an empty search_path, so each name it uses is schema-qualified', async () => {
    const { rows } = await emu.db.query<{ fn: string; search_path: string | null }>(
      `select n.nspname || '.' || p.proname as fn,
              (select substr(c, length('search_path=') + 1) from unnest(p.proconfig) c
               where c like 'search_path=%') as search_path
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1::text[])
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
      [exposed],
    );
    expect(rows.length).toBe(Object.keys(EXPECTED).length);
    expect(rows.filter((r) => r.search_path !== '""')).toEqual([]);
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

  it('refuses market_normalize to anon and to a signed-in user through supabase-js, and serves the service role', async () => {
    const anon = await client(emu.url, emu.anonKey).rpc('market_normalize', { input: 'Levi’s 501' });
    expect(anon.error?.code).toBe('42501');
    expect(anon.data).toBeNull();
    const user = await client(emu.url, emu.anonKey, await userToken(crypto.randomUUID())).rpc(
      'market_normalize',
      {
        input: 'Levi’s 501',
      },
    );
    expect(user.error?.code).toBe('42501');
    const service = await client(emu.url, emu.serviceRoleKey).rpc('market_normalize', {
      input: 'Levi’s 501',
    });
    expect(service.error).toBeNull();
    expect(typeof service.data).toBe('string');
  });
});
