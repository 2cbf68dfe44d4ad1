-- The counts of decision 069 answer as before: sellers counted up to the threshold where no more is shown, exactly for
-- the condition asked for; the ten newest sales of ten sellers; and the sold headline's sellers taken from the listed
-- search of a minute ago only when it read the same text, condition and reading.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(22);

-- Counting up to a threshold.
select is(private.market_sellers_upto(array['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002']::uuid[], 5), 2, 'below the threshold, the count is exact');
select is(private.market_sellers_upto(array(select gen_random_uuid() from generate_series(1, 30)), 5), 5,
  'at or past the threshold, the count stops at it');
select is(private.market_sellers_upto(array_fill('00000000-0000-4000-8000-000000000001'::uuid, array[40])
    || array(select gen_random_uuid() from generate_series(1, 5)), 5), 6,
  'sellers that only come after one seller''s many keys are still counted');
select is(private.market_sellers_upto(null, 5), 0, 'no keys, no sellers');

-- Sellers of the demo market (the panel's shared rows are never counted: issue 52): six have listed Carhartt jackets in pre-owned (one of them four times), three in new with
-- tags; on eBay five sellers, on Depop one.
create temporary table k (i int primary key, key uuid not null) on commit drop;
insert into k select i, gen_random_uuid() from generate_series(1, 12) i;
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select case when k.i = 6 then 'depop' else 'ebay' end, 'tail-a' || k.i || '-' || n, 'Carhartt Detroit Jacket ' || n,
  'Carhartt', 'Jackets', 'pre_owned', 'available', 100, now() - interval '2 days', null, 'demo', k.key
from k, generate_series(1, case when k.i = 1 then 4 else 1 end) n where k.i <= 6;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-b' || k.i, 'Carhartt Detroit Jacket NWT', 'Carhartt', 'Jackets', 'new_with_tags', 'available', 150,
  now() - interval '2 days', null, 'demo', k.key
from k where k.i between 7 and 9;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
-- Sales: twelve sellers sold one each in pre-owned in the last month, and seller 1 two more, the newest of all. Demo
-- sellers; a reseller's shared sales are neither counted nor listed (issues 49 and 52; below).
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-s' || k.i, 'Carhartt Detroit Jacket sold', 'Carhartt', 'Jackets', 'pre_owned', 'sold', 80 + k.i,
  now() - interval '40 days', now() - make_interval(days => k.i), 'demo', k.key
from k;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-s1-' || n, 'Carhartt Detroit Jacket sold again', 'Carhartt', 'Jackets', 'pre_owned', 'sold', 95,
  now() - interval '40 days', now() - make_interval(hours => n), 'demo', (select key from k where i = 1)
from generate_series(1, 2) n;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

select is(public.market_count_available('carhartt detroit jacket', 'pre_owned') ->> 'available', '9',
  'six sellers stand behind nine listings: the figure is shown');
select is((public.market_count_available('carhartt detroit jacket', 'pre_owned') ->> 'sellers')::int, 6,
  'and the sellers of the condition asked for are counted exactly');
select is(public.market_count_available('carhartt detroit jacket', 'pre_owned') -> 'byCondition' -> 'new_with_tags',
  'null'::jsonb, 'three sellers in another condition: withheld');
select is(public.market_count_available('carhartt detroit jacket', 'pre_owned') -> 'byMarketplace',
  '[{"available": 9, "marketplace": "other"}]'::jsonb,
  'eBay''s five sellers and Depop''s one: Depop cannot be shown alone, so the smallest shown joins it');
select is(public.market_count_available('carhartt detroit jacket', 'new_with_tags') -> 'sellers', 'null'::jsonb,
  'below the threshold the answer says nothing of its sellers (issue 49)');

select is(jsonb_array_length(public.market_count_sold('carhartt detroit jacket', 'pre_owned') -> 'recentSales'), 10,
  'ten recent sales');
select is((select count(distinct r ->> 'price') from jsonb_array_elements(
    public.market_count_sold('carhartt detroit jacket', 'pre_owned') -> 'recentSales') r), 10::bigint,
  'from ten sellers: seller 1''s two newest sales count once, as its newest');
select is((public.market_count_sold('carhartt detroit jacket', 'pre_owned') -> 'recentSales' -> 0 ->> 'price')::numeric,
  95::numeric, 'the newest first');

-- When the newest forty sales are one seller's, the ten come from further back.
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-c1-' || n, 'Carhartt Chore Coat', 'Carhartt', 'Jackets', 'pre_owned', 'sold', 60,
  now() - interval '40 days', now() - make_interval(mins => n), 'demo', (select key from k where i = 1)
from generate_series(1, 45) n;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-c' || k.i, 'Carhartt Chore Coat', 'Carhartt', 'Jackets', 'pre_owned', 'sold', 60 + k.i,
  now() - interval '40 days', now() - make_interval(days => k.i), 'demo', k.key
from k where k.i > 1;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
select is((select array_agg((r ->> 'price')::numeric::int order by (r ->> 'soldAt')::timestamptz desc) from jsonb_array_elements(
    public.market_count_sold('carhartt chore coat', 'pre_owned') -> 'recentSales') r), array[60, 62, 63, 64, 65, 66, 67, 68, 69, 70],
  'one seller''s 45 newest sales count once; the nine sellers after them fill the list');
select is((public.market_count_sold('carhartt chore coat', 'pre_owned') ->> 'sold')::int, 56, 'every sale is counted');

-- A reseller's shared sale is neither counted nor listed by a search, however new (issues 49 and 52).
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
select 'ebay', 'tail-p' || k.i, 'Carhartt Chore Coat shop @victim', 'Carhartt', 'Jackets', 'pre_owned', 'sold', 500,
  now() - interval '40 days', now(), 'panel', k.key
from k;
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
select is((public.market_count_sold('carhartt chore coat', 'pre_owned') ->> 'sold')::int, 56,
  'twelve panel sales are not counted: the panel reaches a search through its release only');
select ok(not exists (select 1 from jsonb_array_elements(
    public.market_count_sold('carhartt chore coat', 'pre_owned') -> 'recentSales') r
    where r ->> 'title' like '%victim%' or (r ->> 'price')::numeric = 500),
  'and none of them is among the recent sales, though they are the newest of all');

-- The sold headline: twelve sellers sold, six have one listed, all six among the twelve.
select is((public.market_count_sold('carhartt detroit jacket', 'pre_owned') ->> 'panelSellers')::int, 12,
  'the sold headline names every seller with a sale or a listing');
select is(public.market_search('available', 'carhartt detroit jacket', 'pre_owned', gen_random_uuid(), 'tail', 100, 60)
  -> 'result' ->> 'available', '9', 'a listed search through market_search');
-- (their keys when counted from rows, the cells' bitset of them when counted from the cells)
select is((select coalesce(cardinality(sellers), bit_count(seller_bits)::int) from public.market_query_readings
           where query = 'carhartt detroit jacket'), 6,
  'keeps the sellers it found beside the reading');
-- A seller who lists after that search is not among the kept sellers for a minute; then it is.
insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source, seller_key)
values ('ebay', 'tail-late', 'Carhartt Detroit Jacket late', 'Carhartt', 'Jackets', 'pre_owned', 'available', 100,
  now(), null, 'demo', gen_random_uuid());
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)
select is((public.market_count_sold('carhartt detroit jacket', 'pre_owned') ->> 'panelSellers')::int, 12,
  'the sold search that follows takes the listed search''s sellers');
update public.market_query_readings set sellers_at = now() - interval '61 seconds'
where query = 'carhartt detroit jacket';
select is((public.market_count_sold('carhartt detroit jacket', 'pre_owned') ->> 'panelSellers')::int, 13,
  'after a minute, the listed sellers are read again');

select ok((select bool_and(p.proconfig @> array['jit=off']) from pg_proc p
  where p.oid in ('public.market_read_query(text)'::regprocedure, 'public.market_query_groups(text, boolean, jsonb)'::regprocedure,
    'public.market_suggestions(text, int)'::regprocedure)),
  'the query''s reading never compiles: it prices plans at 10^10 to keep to the search index');

select * from finish();
rollback;
