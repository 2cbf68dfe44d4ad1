-- "Did you mean": brands and categories spelled close to a query, and first the query without the words no listing of
-- it uses, which the answer names (issue 54); only the search functions (service role) call it.
begin;
select plan(13);

insert into public.market_listings (marketplace, external_id, title, brand, category, condition, status, price, currency, listed_at, source)
values
  ('ebay', 'suggest-1', 'Lululemon Align Pant 25', 'Lululemon', 'Leggings', 'pre_owned', 'available', 50, 'USD', now(), 'demo'),
  ('ebay', 'suggest-2', 'Patagonia Better Sweater', 'Patagonia', 'Jackets', 'pre_owned', 'available', 60, 'USD', now(), 'demo');
do $$ begin perform public.market_cells_merge(); end $$; -- the background merge, now (decision 091)

select ok('Lululemon' = any(public.market_suggest('lululemn align')), 'a misspelt brand suggests the brand');
select is(public.market_suggest('zzzz qqqq'), '{}'::text[], 'gibberish suggests nothing');
select ok(cardinality(public.market_suggest('lululemn', 1)) <= 1, 'at most p_limit suggestions');
select ok(not has_function_privilege('authenticated', 'public.market_suggest(text, int)', 'execute'),
  'signed-in users cannot call it directly');
select ok(not has_function_privilege('anon', 'public.market_suggest(text, int)', 'execute'),
  'visitors cannot call it');
select ok(not has_function_privilege('authenticated', 'public.market_suggestions(text, int)', 'execute')
    and not has_function_privilege('anon', 'public.market_suggestions(text, int)', 'execute')
    and has_function_privilege('service_role', 'public.market_suggestions(text, int)', 'execute'),
  'only the search functions read the suggestions with their unused words');

select is(public.market_suggestions('lululemon align 31 inch', 3),
  '{"suggestions": ["Lululemon align", "Lululemon"], "unused": ["31 inch"]}'::jsonb,
  'an inch length no Align uses: the Align without it first, then the brand, and the length named');
select is(public.market_suggestions('patagonia better sweater oatmeal', 3) -> 'unused', '["oatmeal"]'::jsonb,
  'a colour no listing of the item uses is named');
select is(public.market_suggestions('patagonia better sweater oatmeal', 3) -> 'suggestions' -> 0,
  '"Patagonia better sweater"'::jsonb, 'and the search without it keeps the brand''s product name');
select is(public.market_suggest('lululemon align size s', 3), array['Lululemon align', 'Lululemon'],
  'a size not listed: the item without it first');
select is(public.market_parse_query('lululemon align 25 inch') -> 'ignored', '["inch"]'::jsonb,
  'an inch length is its number: titles write 25" with no word for the inch');

-- A brand whose name is an everyday word is the brand only where the query reads as one (issue 54).
select is(public.market_parse_query('mother of pearl buttons') -> 'recognised', '[]'::jsonb,
  '"mother of pearl" names no brand');
select is(public.market_parse_query('mother looker jeans') -> 'recognised' -> 0 ->> 'label', 'Mother',
  'Mother leading a query is the brand');

select * from finish();
rollback;
