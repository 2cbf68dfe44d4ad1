-- Reading a query (20250501000000_query_reading.sql): the English word list is the search functions' alone, a sold
-- answer says how far back the sales go, and "did you mean" keeps the brand the query named.
begin;
select plan(9);

select ok((select relrowsecurity from pg_class where oid = 'public.market_dictionary'::regclass),
  'row level security is on for the word list');
select policies_are('public', 'market_dictionary', array[]::name[], 'the word list has no policies: service role only');
select ok(not has_table_privilege('anon', 'public.market_dictionary', 'select'), 'visitors cannot read the word list');
select ok(not has_table_privilege('authenticated', 'public.market_dictionary', 'select, insert, update, delete'),
  'signed-in users cannot read or change the word list');
select ok(has_table_privilege('service_role', 'public.market_dictionary', 'select'), 'the search functions read it');
select ok(not has_function_privilege('authenticated', 'public.market_correction(text)', 'execute'),
  'signed-in users cannot call the corrector directly');

insert into public.market_listings (marketplace, external_id, title, brand, category, condition, status, price, currency,
  listed_at, sold_at, source)
values
  ('ebay', 'reading-1', 'Coach Tabby Shoulder Bag', 'Coach', 'Handbags', 'pre_owned', 'sold', 180, 'USD',
   now() - interval '40 days', now() - interval '20 days', 'demo'),
  ('ebay', 'reading-2', 'Coach Signature Purse', 'Coach', 'Handbags', 'pre_owned', 'available', 120, 'USD',
   now() - interval '3 days', null, 'demo');
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

select ok((select bool_and(s ilike '%coach%') and count(*) > 0 from unnest(public.market_suggest('coach bagg', 3)) s),
  'every suggestion for a Coach query names Coach');
select is((public.market_parse_query('vintage band tee') -> 'corrected'), '[]'::jsonb,
  'an English word is never corrected');
select is((public.market_search('sold', 'coach purse', 'pre_owned', gen_random_uuid(), 'reading-test', 100, 60)
    -> 'result' ->> 'dataSince')::timestamptz, date_trunc('day', now(), 'UTC') - interval '89 days',
  'a sold answer''s data since is its window''s first day (decision 086), never a date read from the rows (issue 49)');

select * from finish();
rollback;
