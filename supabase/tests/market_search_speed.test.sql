-- The counts answer as before the speed work of decision 067: a sale dated after now (through tomorrow) is still in the window, a sale
-- just before the window is not even when its week is, a brand named "in the style of" is ruled out while a title
-- merely holding the letters ("platform") is neither ruled out nor marked, and a clause's ruled-out words still rule
-- rows out.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(6);

insert into public.market_listings
  (marketplace, external_id, title, brand, category, condition, status, price, listed_at, sold_at, source)
values
  ('ebay', 'sp-1', 'Nike Air Force 1 Sneakers', 'Nike', 'Sneakers', 'pre_owned', 'sold', 80, now() - interval '30 days', now() - interval '5 days', 'demo'),
  ('ebay', 'sp-2', 'Nike Air Force 1 Sneakers White', 'Nike', 'Sneakers', 'pre_owned', 'sold', 90, now() - interval '3 days', now() + interval '20 hours', 'demo'),
  ('ebay', 'sp-3', 'Nike Air Force 1 Sneakers Low', 'Nike', 'Sneakers', 'pre_owned', 'sold', 70, now() - interval '120 days', now() - interval '90 days 1 minute', 'demo'),
  ('ebay', 'sp-4', 'Nike style sneakers white', null, 'Sneakers', 'pre_owned', 'available', 20, now() - interval '3 days', null, 'demo'),
  ('ebay', 'sp-5', 'Nike platform sneakers white', 'Nike', 'Sneakers', 'pre_owned', 'available', 60, now() - interval '3 days', null, 'demo'),
  ('ebay', 'sp-6', 'Levi''s 501 jeans 32x30', 'Levi''s', 'Jeans', 'pre_owned', 'available', 40, now() - interval '3 days', null, 'demo'),
  ('ebay', 'sp-7', 'Levi''s denim jacket trucker', 'Levi''s', 'Jackets', 'pre_owned', 'available', 50, now() - interval '3 days', null, 'demo');
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

select is((public.market_count_sold('nike air force 1', 'pre_owned') ->> 'sold')::int, 2,
  'a sale dated after now counts, one a minute before the window does not');
select is((public.market_count_sold('nike air force 1', 'pre_owned', 91) ->> 'sold')::int, 3,
  'a day more of window takes it in');
select ok((select hedged from public.market_listings where external_id = 'sp-4'),
  'a title with the word "style" is marked, so the expression is read');
select ok(not (select bool_or(hedged) from public.market_listings where external_id in ('sp-5', 'sp-6')),
  'a title with "for" inside a word (platform) or none of the words is not');
select is((public.market_count_available('nike sneakers', 'pre_owned') ->> 'available')::int, 1,
  '"Nike style" is ruled out, the Nike platform sneakers are not');
select is((public.market_count_available('levis jeans', 'pre_owned') ->> 'available')::int, 1,
  'a jacket of denim is no pair of jeans');

select * from finish();
rollback;
