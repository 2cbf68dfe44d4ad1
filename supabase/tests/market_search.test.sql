-- public.market_search: one RPC per search (rate limit, cache, count, cache write), for the service role only.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(12);

insert into auth.users (id, email) values ('33333333-3333-4333-8333-333333333333', 'market-search@example.com');
insert into public.market_listings (marketplace, external_id, title, brand, condition, status, price, listed_at, sold_at, source)
values
  ('ebay', 'ms-1', 'Carhartt Detroit Jacket Brown', 'Carhartt', 'pre_owned', 'available', 95, now() - interval '4 days', null, 'demo'),
  ('ebay', 'ms-2', 'Carhartt Detroit Jacket Black', 'Carhartt', 'pre_owned', 'sold', 90, now() - interval '9 days', now() - interval '3 days', 'demo'),
  ('vinted', 'ms-3', 'Carhartt Beanie', 'Carhartt', 'pre_owned', 'available', 12, now() - interval '4 days', null, 'import');
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

set local role service_role;

select is(
  (public.market_search('available', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-a', 5, 60, 'ms|a') -> 'result' ->> 'available')::int,
  1, 'counts available listings');
select is(
  public.market_search('available', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-a', 5, 60, 'ms|a') ->> 'cached',
  'true', 'the same key is then served from the cache');
select ok(
  (select expires_at between now() + interval '899 seconds' and now() + interval '901 seconds' from public.market_search_cache where cache_key = 'ms|a'),
  'the cache entry lives 15 minutes by default');
select ok(
  (public.market_search('available', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-a', 5, 60, 'ms|a') -> 'result' ->> 'asOf') is not null,
  'a cached answer keeps the time it was counted');
select is(
  (public.market_search('sold', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-s', 5, 60, null) -> 'result' ->> 'sold')::int,
  1, 'counts sold listings');
select is(
  public.market_search('sold', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-s', 5, 60, null) ->> 'cached',
  'false', 'without a key nothing is cached');
select is(
  (public.market_search('available', 'carhartt detroit', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-s', 5, 60, null) -> 'result' ->> 'hasDemo')::boolean,
  true, 'demo comps make a demo answer');
select is(
  (public.market_search('available', 'gucci loafers', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-z', 5, 60, null) -> 'result' ->> 'hasDemo')::boolean,
  true, 'a zero from an index with demo rows is a demo answer');
select is(
  (public.market_search('available', 'carhartt beanie', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-z', 5, 60, null) -> 'result' ->> 'hasDemo')::boolean,
  false, 'imported comps are not demo');

-- Two calls allowed in the window, the third refused with a retry time.
select public.market_search('sold', 'x1', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-limit', 2, 60, null);
select public.market_search('sold', 'x2', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-limit', 2, 60, null);
select is(
  public.market_search('sold', 'x3', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'pgtap-limit', 2, 60, null) ->> 'allowed',
  'false', 'over the limit the search is refused');
select throws_ok(
  $$select public.market_search('listed', 'x', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'b', 2, 60, null)$$,
  '22023', null, 'the kind is available or sold');
reset role;

set local role authenticated;
set local request.jwt.claims = '{"sub": "33333333-3333-4333-8333-333333333333", "role": "authenticated"}';
select throws_ok(
  $$select public.market_search('available', 'carhartt', 'pre_owned', '33333333-3333-4333-8333-333333333333', 'b', 1000, 60, null)$$,
  '42501', null, 'a signed-in user cannot call it directly (and so cannot lift their own limit)');
reset role;

select * from finish();
rollback;
