-- "Did you mean": brands and categories spelled close to a query; only the search functions (service role) call it.
begin;
select plan(5);

insert into public.market_listings (marketplace, external_id, title, brand, category, condition, status, price, currency, listed_at, source)
values
  ('ebay', 'suggest-1', 'Lululemon Align Pant 25', 'Lululemon', 'Leggings', 'pre_owned', 'available', 50, 'USD', now(), 'demo'),
  ('ebay', 'suggest-2', 'Patagonia Better Sweater', 'Patagonia', 'Jackets', 'pre_owned', 'available', 60, 'USD', now(), 'demo');

select ok('Lululemon' = any(public.market_suggest('lululemn align')), 'a misspelt brand suggests the brand');
select is(public.market_suggest('zzzz qqqq'), '{}'::text[], 'gibberish suggests nothing');
select ok(cardinality(public.market_suggest('lululemn', 1)) <= 1, 'at most p_limit suggestions');
select ok(not has_function_privilege('authenticated', 'public.market_suggest(text, int)', 'execute'),
  'signed-in users cannot call it directly');
select ok(not has_function_privilege('anon', 'public.market_suggest(text, int)', 'execute'),
  'visitors cannot call it');

select * from finish();
rollback;
