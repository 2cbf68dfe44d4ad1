-- Helpers: what every other schema file builds on (docs/decisions/077-declarative-schema-files.md).
--
-- Schemas:
--   extensions  Hosted Supabase keeps extensions here; the local emulator does the same.
--   private     Functions the browser must never reach through /rest/v1/rpc: it is not in [api] schemas
--               (supabase/config.toml) and only the signed-in role and the service role may use it. A SECURITY
--               DEFINER function that needs to read what the browser may not (the lexicon, other sellers' rows)
--               lives here and is called from a public function that runs as the caller.
--
-- Extensions:
--   unaccent       folds accents for market_normalize ("Hermès" is "hermes").
--   pg_trgm        trigram indexes: a listing title's words, and "did you mean" over the index's vocabulary.
--   fuzzystrmatch  Levenshtein distance: a query word is corrected only into a word one slip away.
--
-- Privileges: no function in the exposed schema is callable by the browser's roles unless it is meant to be, the
-- trigger functions too (triggers fire without EXECUTE). tests/function-privileges.test.ts lists every function of
-- public with exactly who may execute it, on PGlite and on PostgreSQL 15.

create schema if not exists extensions;

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists fuzzystrmatch with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- One trigger function for every table with an updated_at column: the server's clock records the last edit,
-- whichever tool made it (dashboard, scripts, functions, the app).
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function public.set_updated_at() from public, anon, authenticated;
grant execute on function public.set_updated_at() to service_role;

-- Dates in range (docs/decisions/076-panel-cheap-leaks.md) ------------------------------------------------------------
-- A sale or listing date the product can hold: from 2000-01-01, through the end of tomorrow (UTC: a sale made late in
-- the evening west of UTC is already tomorrow there). Null (unknown) is in range. A shared sale dated 9999 made every
-- sold search count its weeks up to 9999. Used by the CHECKs of public.seller_items and public.market_listings, which
-- are evaluated as the role that writes the row (a reseller importing their own items, the service role); the
-- browser's import preview (src/features/sales/lib/import/rules.ts) and market:import apply the same rule first, with a
-- reason.
create function private.date_in_range(p_at timestamptz) returns boolean
  language sql stable
  set search_path = ''
as $$
  select p_at is null or (p_at >= timestamptz '2000-01-01 00:00:00+00'
    and p_at < date_trunc('day', now(), 'UTC') + interval '2 days')
$$;

comment on function private.date_in_range(timestamptz) is
  'A sale or listing date the product holds: null, or from 2000-01-01 through the end of tomorrow (UTC).';
revoke execute on function private.date_in_range(timestamptz) from public, anon, authenticated;
grant execute on function private.date_in_range(timestamptz) to authenticated, service_role;

-- Rows stored out of range before the CHECKs, kept for their owner rather than dropped: a date 9999 is a typo in a
-- file, not a reason to lose the row's other figures. Written once, by migration 20261129000000_panel_cheap_leaks.sql
-- (moving rows is data, not schema). No role of the API reads this table.
create table private.rows_set_aside (
  id bigint generated always as identity primary key,
  source_table text not null check (source_table in ('seller_items', 'market_listings')),
  -- The owner of a seller_items row: the row goes when the account does.
  user_id uuid references auth.users (id) on delete cascade,
  row_data jsonb not null check (jsonb_typeof(row_data) = 'object'),
  reason text not null check (char_length(reason) between 1 and 200),
  set_aside_at timestamptz not null default now()
);

comment on table private.rows_set_aside is
  'Rows set aside by a migration because a date was out of range (before 2000, after tomorrow, or infinite).';

alter table private.rows_set_aside enable row level security;
revoke all on private.rows_set_aside from public, anon, authenticated;
grant all on private.rows_set_aside to service_role;
