-- Who can touch the shared eBay state (public.market_oauth_tokens, public.market_source_blocks): the service role
-- only. And the rules of the three functions: one lease among cold callers, a stale token is not handed out again, a
-- quota block is remembered and never shortened.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(34);

-- Schema ------------------------------------------------------------------------------------------------------------
select has_table('public', 'market_oauth_tokens', 'market_oauth_tokens exists');
select has_table('public', 'market_source_blocks', 'market_source_blocks exists');
select ok((select relrowsecurity from pg_class where oid = 'public.market_oauth_tokens'::regclass),
  'row level security is on for tokens');
select ok((select relrowsecurity from pg_class where oid = 'public.market_source_blocks'::regclass),
  'row level security is on for blocks');
select policies_are('public', 'market_oauth_tokens', array[]::name[], 'tokens have no policy');
select policies_are('public', 'market_source_blocks', array[]::name[], 'blocks have no policy');
select table_privs_are('public', 'market_oauth_tokens', 'anon', array[]::text[], 'anon has no privilege on tokens');
select table_privs_are('public', 'market_oauth_tokens', 'authenticated', array[]::text[],
  'authenticated has no privilege on tokens');
select table_privs_are('public', 'market_source_blocks', 'anon', array[]::text[], 'anon has no privilege on blocks');
select table_privs_are('public', 'market_source_blocks', 'authenticated', array[]::text[],
  'authenticated has no privilege on blocks');

-- Fixtures, as the owner.
insert into public.market_oauth_tokens (key, access_token, expires_at)
values ('pgtap|app|scope', 'secret-token', now() + interval '2 hours');
insert into public.market_source_blocks (key, blocked_until, reason)
values ('pgtap|app|browse', now() + interval '1 hour', 'HTTP 429; error ids 2001');

-- The browser's roles -------------------------------------------------------------------------------------------------
set local role anon;
select throws_ok($$select access_token from public.market_oauth_tokens$$, '42501', null, 'anon cannot read tokens');
select throws_ok($$insert into public.market_oauth_tokens (key, access_token) values ('x', 'y')$$, '42501', null,
  'anon cannot insert a token');
select throws_ok($$select * from public.market_source_blocks$$, '42501', null, 'anon cannot read blocks');
select throws_ok($$delete from public.market_source_blocks$$, '42501', null, 'anon cannot lift a block');
select throws_ok($$select public.market_source_access('pgtap|app|browse', 'pgtap|app|scope', 60, 10)$$, '42501',
  null, 'anon cannot claim a token');
select throws_ok($$select public.market_source_block('pgtap|app|browse', 1, 'x')$$, '42501', null,
  'anon cannot set a block');
reset role;

set local role authenticated;
set local request.jwt.claims = '{"role": "authenticated", "sub": "00000000-0000-0000-0000-000000000001"}';
select throws_ok($$select access_token from public.market_oauth_tokens$$, '42501', null,
  'authenticated cannot read tokens');
select throws_ok($$update public.market_oauth_tokens set access_token = 'mine'$$, '42501', null,
  'authenticated cannot replace a token');
select throws_ok($$select * from public.market_source_blocks$$, '42501', null, 'authenticated cannot read blocks');
select throws_ok($$insert into public.market_source_blocks (key, blocked_until, reason) values ('k', now(), 'r')$$,
  '42501', null, 'authenticated cannot set a block row');
select throws_ok($$select public.market_oauth_token_put('pgtap|app|scope', gen_random_uuid(), 't', 60)$$, '42501',
  null, 'authenticated cannot store a token');
select throws_ok($$select public.market_source_access('pgtap|app|other', 'pgtap|app|scope', 60, 10)$$, '42501',
  null, 'authenticated cannot claim a token');
reset role;

-- The service role: the rules -----------------------------------------------------------------------------------------
set local role service_role;
select is((public.market_source_access('pgtap|app|browse', 'pgtap|app|scope', 60, 10) ->> 'blocked')::boolean, true,
  'a blocked API is refused before any token');
select ok((public.market_source_access('pgtap|app|browse', 'pgtap|app|scope', 60, 10) ->> 'retryAfter')::integer
  between 3590 and 3600, 'with the seconds left on the block');
select is(public.market_source_access('pgtap|app|insights', 'pgtap|app|scope', 60, 10) ->> 'token', 'secret-token',
  'a valid shared token is handed out');
select is((public.market_source_access('pgtap|app|insights', 'pgtap|app|cold', 60, 10) ->> 'mint')::boolean, true,
  'the first cold caller gets the lease');
select is((public.market_source_access('pgtap|app|insights', 'pgtap|app|cold', 60, 10) ->> 'wait')::boolean, true,
  'the next cold caller waits instead of minting');
select is(
  public.market_oauth_token_put('pgtap|app|cold', (select mint_lease from public.market_oauth_tokens where key = 'pgtap|app|cold'), 'fresh-token', 7200),
  true, 'the lease holder stores its token');
select is(public.market_source_access('pgtap|app|insights', 'pgtap|app|cold', 60, 10) ->> 'token', 'fresh-token',
  'and everyone reads it');
select is(public.market_oauth_token_put('pgtap|app|cold', gen_random_uuid(), 'other-token', 7200), false,
  'a caller without the lease cannot store a token');
select is((public.market_source_access('pgtap|app|insights', 'pgtap|app|cold', 60, 10, 'fresh-token') ->> 'mint')::boolean,
  true, 'a token just refused (401) is not handed out again: a new lease');
update public.market_oauth_tokens set access_token = 'old', expires_at = now() + interval '59 seconds',
  mint_lease = null, mint_lease_until = null where key = 'pgtap|app|scope';
select is((public.market_source_access('pgtap|app|insights', 'pgtap|app|scope', 60, 10) ->> 'mint')::boolean, true,
  'a token within a minute of expiry is refreshed');
select ok(public.market_source_block('pgtap|app|browse', 5, 'HTTP 429') between 3590 and 3600,
  'a shorter block never shortens a longer one');
select ok(public.market_source_block('pgtap|app|sold', 7200, 'HTTP 429') between 7199 and 7200,
  'a new block lasts the seconds asked for');
reset role;

select * from finish();
rollback;
