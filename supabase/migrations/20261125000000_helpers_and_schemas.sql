-- Baseline (docs/decisions/064-one-baseline-then-new-migrations.md): what every other file builds on.
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
