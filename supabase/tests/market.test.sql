-- Who can touch the market tables, what the CHECKs refuse, and what the counting functions answer.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(68);

-- Fixtures, as the table owner: two users, and listings for "Lululemon Align" across conditions and marketplaces.
insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'market-one@example.com'),
  ('22222222-2222-4222-8222-222222222222', 'market-two@example.com');

insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source)
values
  ('ebay', 't-1', 'Lululemon Align Leggings 25" Black', 'Lululemon', 'Leggings', 'pre_owned', 'available', 58, now() - interval '20 days', null, 'demo'),
  ('poshmark', 't-2', 'LULULEMON align pant size 6', 'Lululemon', 'Leggings', 'pre_owned', 'available', 62, now() - interval '10 days', null, 'demo'),
  ('ebay', 't-3', 'Lululemon Align High-Rise Pant', 'Lululemon', 'Leggings', 'new_with_tags', 'available', 98, now() - interval '5 days', null, 'demo'),
  ('mercari', 't-4', 'Lululemon Align leggings', 'Lululemon', 'Leggings', 'pre_owned', 'sold', 40, now() - interval '30 days', now() - interval '20 days', 'demo'),
  ('ebay', 't-5', 'Lululemon Align legging', 'Lululemon', 'Leggings', 'pre_owned', 'sold', 60, now() - interval '14 days', now() - interval '10 days', 'demo'),
  ('ebay', 't-6', 'Lululemon Align leggings (old sale)', 'Lululemon', 'Leggings', 'pre_owned', 'sold', 55, now() - interval '170 days', now() - interval '120 days', 'demo'),
  ('depop', 't-7', 'Lululemon Define Jacket', 'Lululemon', 'Jacket', 'pre_owned', 'available', 70, now() - interval '3 days', null, 'demo'),
  ('vinted', 't-8', 'Café Crème Robe d''été', 'Sézane', 'Dresses', 'pre_owned', 'available', 45, now() - interval '3 days', null, 'import');
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

-- Schema --------------------------------------------------------------------------------------------------------------
select has_table('public', 'market_listings', 'market_listings exists');
select has_table('public', 'marketplace_search_logs', 'marketplace_search_logs exists');
select columns_are('public', 'marketplace_search_logs', array[
  'id', 'user_id', 'search_term', 'condition', 'search_type', 'result_count', 'is_zero_result', 'api_success',
  'error_message', 'created_at'
], 'the search log has the fields of SPEC section 3 plus id, user_id and created_at');
select col_default_is('public', 'marketplace_search_logs', 'user_id', 'auth.uid()', 'a log row belongs to the caller by default');
select ok((select bool_and(relrowsecurity) from pg_class where oid in (
  'public.market_listings'::regclass, 'public.marketplace_search_logs'::regclass,
  'public.market_search_cache'::regclass, 'public.market_rate_limits'::regclass)), 'row level security is on for all four tables');
select policies_are('public', 'market_search_cache', array[]::name[], 'the cache has no policies: service role only');
select policies_are('public', 'market_rate_limits', array[]::name[], 'the rate limit has no policies: service role only');
select policies_are('public', 'market_listings', array[]::name[], 'listings have no policies: service role only');

-- Words ---------------------------------------------------------------------------------------------------------------
select is(public.market_words('Lululemon Align Leggings'), array['lululemon', 'align', 'legging'],
  'plurals fold to the singular, and leggings never becomes leg');
select is(public.market_words('LEVI''S Jeans'), array['levis', 'jeans'], 'case and apostrophes fold; jeans keeps its s');
select is(public.market_words('Café Crème'), array['cafe', 'creme'], 'accents fold');
select is(public.market_words('J.Crew sweaters'), array['jcrew', 'sweater'], 'dotted initials join');
select is(public.market_words('the and with'), array[]::text[], 'stop words are not significant');
select is(public.market_words('hoodie size S, off-white'), array['hoodie', 'sz_s', 'off', 'white'],
  'a size letter is a size term, and s and off are never stop words');
select is(public.market_words('Air Max 90 US 9 dresses'), array['air', 'max', '90', 'sz_9', '9', 'dress'],
  'a US size is a size term and stays a number; dresses fold to dress');
select is(public.market_words('Chelsea boots UK 8 One Size'), array['chelsea', 'boot', 'sz_uk8', 'sz_os'],
  'UK sizes and one size are size terms');

-- Listing CHECKs --------------------------------------------------------------------------------------------------------
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at)
  values ('ebay', 'bad-1', 'Gap tee', 'used', 'available', 5, now())$$, '23514', null, 'condition is one of the four');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at)
  values ('ebay', 'bad-2', 'Gap tee', 'pre_owned', 'gone', 5, now())$$, '23514', null, 'status is available or sold');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at)
  values ('ebay', 'bad-3', 'Gap tee', 'pre_owned', 'available', -1, now())$$, '23514', null, 'price is not negative');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at)
  values ('ebay', 'bad-4', 'Gap tee', 'pre_owned', 'sold', 5, now())$$, '23514', null, 'a sold row needs sold_at');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at, sold_at)
  values ('ebay', 'bad-5', 'Gap tee', 'pre_owned', 'available', 5, now() - interval '2 days', now())$$, '23514', null,
  'an available row has no sold_at');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at)
  values ('ebay', 't-1', 'Duplicate', 'pre_owned', 'available', 5, now())$$, '23505', null, 'marketplace and external id are unique');
select throws_ok($$insert into public.market_listings (marketplace, external_id, title, condition, status, price, listed_at, url)
  values ('ebay', 'bad-6', 'Gap tee', 'pre_owned', 'available', 5, now(), 'javascript:alert(1)')$$, '23514', null,
  'urls are http or https');

-- Counting ----------------------------------------------------------------------------------------------------------------
select is((public.market_count_available('lululemon align', 'pre_owned') ->> 'available')::int, 2,
  'available counts rows with every word and the same condition');
select is(public.market_count_available('Align LULULEMON leggings', 'pre_owned') -> 'byCondition',
  '{"new_with_tags": 1, "new_without_tags": 0, "new_with_imperfections": 0, "pre_owned": 2}'::jsonb,
  'word order, case and plurals do not matter; the ladder counts all four conditions');
select is(public.market_count_available('lululemon align', 'pre_owned') -> 'byMarketplace',
  '[{"marketplace": "ebay", "available": 1}, {"marketplace": "poshmark", "available": 1}]'::jsonb,
  'available is split by marketplace');
select is((public.market_count_available('lululemon align', 'pre_owned') ->> 'demoComps')::int, 2, 'demo rows are reported');
select is((public.market_count_available('cafe creme', 'pre_owned') ->> 'available')::int, 1, 'accents do not matter');
select is((public.market_count_available('lululemon align jacket', 'pre_owned') ->> 'available')::int, 0,
  'every significant word must match');
select is((public.market_count_available('the', 'pre_owned') ->> 'available')::int, 0, 'a query of stop words matches nothing');
select is((public.market_count_sold('lululemon align', 'pre_owned') ->> 'sold')::int, 2, 'sold counts sales in the last 90 days only');
select is(public.market_count_sold('lululemon align', 'pre_owned') -> 'prices',
  '{"p25": 45.00, "median": 50.00, "p75": 55.00}'::jsonb, 'sold prices: median and middle half');
select is((public.market_count_sold('lululemon align', 'pre_owned') ->> 'medianDaysToSell')::numeric, 7.0,
  'median days from listing to sale');
select is((public.market_count_sold('lululemon align', 'new_with_tags') ->> 'sold')::int, 0, 'no sale in that condition');
select is(public.market_count_sold('lululemon align', 'new_with_tags') -> 'prices', 'null'::jsonb, 'no prices without sales');
select is((public.market_count_sold('lululemon align', 'pre_owned', 180) ->> 'sold')::int, 3, 'the window is a parameter');

-- The sold figures are exactly percentile_cont's (the function reads the sorted values itself, see migration
-- 20250215000000): samples of 1 to 13 sales, with repeated prices, cents, sub-day times to sell and a sale in euros.
insert into public.market_listings
  (marketplace, external_id, title, brand, condition, status, price, currency, listed_at, sold_at, source)
select 'ebay', format('pc%s-%s', n, i), format('Quartilo Pcset%s tee', n), 'Quartilo', 'pre_owned', 'sold',
  (8 + (i * 37 + n) % 23 + ((i * 13) % 7) * 0.11)::numeric(12, 2),
  case when n = 5 and i = 2 then 'EUR' else 'USD' end,
  now() - make_interval(days => 3 + (i * 5) % 11, hours => (i * 7) % 24, mins => i * 13),
  now() - make_interval(days => (i * 3) % 4, mins => i * 29),
  'import'
from unnest(array[1, 2, 3, 4, 5, 8, 13]) n, generate_series(1, n) i;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

create function pg_temp.percentile_cont_figures(p_set text) returns jsonb language sql as $$
  select jsonb_build_object(
    'sold', (select count(*) from public.market_listings where external_id like p_set || '-%'),
    'prices', (select jsonb_build_object('p25', round(p[1]::numeric, 2), 'median', round(p[2]::numeric, 2),
        'p75', round(p[3]::numeric, 2))
      from (select percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) as p
        from public.market_listings where external_id like p_set || '-%' and currency = 'USD') x),
    -- the time to sell in tenths of a day, the figure's resolution (decision 086)
    'medianDaysToSell', (select round((percentile_cont(0.5) within group (order by private.market_took(sold_at, listed_at))
        / 10)::numeric, 1)
      from public.market_listings where external_id like p_set || '-%'))
$$;
create function pg_temp.sold_figures(p_query text) returns jsonb language sql as $$
  select jsonb_build_object('sold', r -> 'sold', 'prices', r -> 'prices', 'medianDaysToSell', r -> 'medianDaysToSell')
  from (select public.market_count_sold(p_query, 'pre_owned') as r) x
$$;
select is(pg_temp.sold_figures(format('quartilo pcset%s', n))::text, pg_temp.percentile_cont_figures(format('pc%s', n))::text,
  format('%s %s: all found, quartiles and median days to sell as percentile_cont gives them%s', n,
    case when n = 1 then 'sale' else 'sales' end,
    case when n = 5 then '; the sale in euros is counted, not priced' else '' end))
from unnest(array[1, 2, 3, 4, 5, 8, 13]) n;

-- Search logs ---------------------------------------------------------------------------------------------------------------
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('11111111-1111-4111-8111-111111111111', 'gap', 'pre_owned', 'available', 3, true, true)$$, '23514', null,
  'a successful search with results is not a zero result');
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('11111111-1111-4111-8111-111111111111', 'gap', 'pre_owned', 'listed', 3, false, true)$$, '23514', null,
  'search_type is available or sold');
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('11111111-1111-4111-8111-111111111111', 'gap', 'pre_owned', 'sold', -1, false, true)$$, '23514', null,
  'result_count is not negative');
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('11111111-1111-4111-8111-111111111111', 'gap', 'pre_owned', 'sold', 0, true, false)$$, '23514', null,
  'a failure carries its error message');
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('11111111-1111-4111-8111-111111111111', '  ', 'pre_owned', 'sold', 0, true, true)$$, '23514', null,
  'the search term is not blank');

-- Signed-in user one ----------------------------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims = '{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated"}';
select lives_ok($$insert into public.marketplace_search_logs (search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('lululemon align', 'pre_owned', 'available', 2, false, true)$$, 'a user logs a successful search');
select lives_ok($$insert into public.marketplace_search_logs (search_term, condition, search_type, result_count, is_zero_result, api_success, error_message)
  values ('lululemon align', 'pre_owned', 'sold', 0, true, false, 'Search service temporarily unavailable.')$$, 'a user logs a failed search');
select throws_ok($$insert into public.marketplace_search_logs (user_id, search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('22222222-2222-4222-8222-222222222222', 'spoof', 'pre_owned', 'sold', 0, true, true)$$, '42501', null,
  'a user cannot log a search as someone else');
select is((select count(*) from public.marketplace_search_logs)::int, 2, 'a user reads their own logs');
select throws_ok($$update public.marketplace_search_logs set result_count = 99$$, '42501', null, 'logs cannot be edited');
select throws_ok($$delete from public.marketplace_search_logs$$, '42501', null, 'logs cannot be deleted');
select throws_ok($$select count(*) from public.market_listings$$, '42501', null, 'a user cannot read listings directly');
select throws_ok($$select count(*) from public.market_search_cache$$, '42501', null, 'a user cannot read the cache');
select throws_ok($$select count(*) from public.market_rate_limits$$, '42501', null, 'a user cannot read the rate limits');
select throws_ok($$select public.market_count_available('lululemon', 'pre_owned')$$, '42501', null,
  'a user cannot call the counting function directly');
select throws_ok($$select public.market_search_gate('11111111-1111-4111-8111-111111111111', 'x', 30, 60, null)$$, '42501', null,
  'a user cannot reset their own rate limit');
reset role;

-- Signed-in user two sees nothing of user one -------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims = '{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated"}';
select is((select count(*) from public.marketplace_search_logs)::int, 0, 'a user cannot read another user''s logs');
reset role;

-- Visitors ----------------------------------------------------------------------------------------------------------------
set local role anon;
set local request.jwt.claims = '{"role": "anon"}';
select throws_ok($$select count(*) from public.marketplace_search_logs$$, '42501', null, 'a visitor cannot read logs');
select throws_ok($$insert into public.marketplace_search_logs (search_term, condition, search_type, result_count, is_zero_result, api_success)
  values ('anon', 'pre_owned', 'sold', 0, true, true)$$, '42501', null, 'a visitor cannot log searches');
reset role;

-- Service role: the gate counts calls per user and window and serves the cache --------------------------------------------
set local role service_role;
select is((public.market_search_gate('11111111-1111-4111-8111-111111111111', 'pgtap', 2, 60, 'k1') ->> 'allowed')::boolean, true,
  'first call in the window is allowed');
select is((public.market_search_gate('11111111-1111-4111-8111-111111111111', 'pgtap', 2, 60, 'k1') ->> 'allowed')::boolean, true,
  'second call is allowed');
select ok((public.market_search_gate('11111111-1111-4111-8111-111111111111', 'pgtap', 2, 60, 'k1') ->> 'retryAfter')::int between 1 and 60,
  'the third call is refused with a retry time inside the window');
select is((public.market_search_gate('22222222-2222-4222-8222-222222222222', 'pgtap', 2, 60, 'k1') ->> 'allowed')::boolean, true,
  'the limit is per user');
select lives_ok($$select public.market_cache_put('k1', '{"availableCount": 7}', 900)$$, 'the service role fills the cache');
select is(public.market_search_gate('22222222-2222-4222-8222-222222222222', 'pgtap', 5, 60, 'k1') -> 'cached',
  '{"availableCount": 7}'::jsonb, 'the gate returns a fresh cached answer');
reset role;

select * from finish();
rollback;
