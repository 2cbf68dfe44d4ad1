-- Saved searches keep the whole search (issue 54): the window and the narrowing by size, marketplace and price band,
-- each under the CHECK the search functions apply; one saved search per search, and the table's RLS holds for the
-- new columns.
begin;
select plan(21);

insert into auth.users (id, email) values
  ('55555555-5555-4555-8555-555555555555', 'eve@example.com'),
  ('66666666-6666-4666-8666-666666666666', 'finn@example.com');

select has_column('public', 'saved_searches', 'size', 'saved searches store the size');
select has_column('public', 'saved_searches', 'marketplace', 'saved searches store the marketplace');
select has_column('public', 'saved_searches', 'price_min', 'saved searches store the lower end of the price band');
select has_column('public', 'saved_searches', 'price_max', 'saved searches store the upper end of the price band');
select col_not_null('public', 'saved_searches', 'window_days', 'every saved search has its window');
select col_default_is('public', 'saved_searches', 'window_days', '90', 'the window is 90 days unless chosen');

set local role authenticated;
set local request.jwt.claims = '{"sub":"55555555-5555-4555-8555-555555555555","role":"authenticated"}';
set local request.jwt.claim.sub = '55555555-5555-4555-8555-555555555555';

select lives_ok(
  $$insert into public.saved_searches (item_name, condition, window_days, size, marketplace, price_min, price_max)
    values ('Levis 501', 'pre_owned', 30, '32x30', 'poshmark', 20, 50)$$,
  'a user saves a narrowed search with its window');
select lives_ok(
  $$insert into public.saved_searches (item_name, condition) values ('Levis 501', 'pre_owned')$$,
  'the same item without narrowing is another saved search');
select lives_ok(
  $$insert into public.saved_searches (item_name, condition, window_days, size) values ('Levis 501', 'pre_owned', 30, 'M')$$,
  'another size is another saved search');
select lives_ok(
  $$insert into public.saved_searches (item_name, condition, price_min) values ('Levis 501', 'pre_owned', 20)$$,
  'an open-ended band is a narrowing of its own');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, window_days, size) values ('LEVIS 501', 'pre_owned', 30, 'm')$$,
  '23505', null, 'the same search, its name and size in another case, is one saved search');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, window_days) values ('levis 501', 'pre_owned', 90)$$,
  '23505', null, 'a search not narrowed is one saved search: an absent narrowing is one value');
select throws_ok($$insert into public.saved_searches (item_name, condition, size) values ('Align', 'pre_owned', '')$$,
  '23514', null, 'a size is not empty (none is null)');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, size) values ('Align', 'pre_owned', 'much too long!')$$,
  '23514', null, 'a size is at most 12 characters');
select throws_ok($$insert into public.saved_searches (item_name, condition, size) values ('Align', 'pre_owned', ' M ')$$,
  '23514', null, 'a size is stored trimmed');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, marketplace) values ('Align', 'pre_owned', 'amazon')$$,
  '23514', null, 'the marketplace is one the search functions know');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, price_min) values ('Align', 'pre_owned', -1)$$,
  '23514', null, 'a price is not negative');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, price_min, price_max) values ('Align', 'pre_owned', 50, 50)$$,
  '23514', null, 'a band''s lower end is below its upper end');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, window_days) values ('Align', 'pre_owned', null)$$,
  '23502', null, 'the window is never left unsaid');

-- Finn cannot see or rewrite Eve's narrowing.
set local request.jwt.claims = '{"sub":"66666666-6666-4666-8666-666666666666","role":"authenticated"}';
set local request.jwt.claim.sub = '66666666-6666-4666-8666-666666666666';
select is_empty($$update public.saved_searches set marketplace = 'ebay' returning id$$,
  'another user cannot change the narrowing of a saved search');

reset role;
select is((select count(*)::int from public.saved_searches where marketplace = 'poshmark'), 1,
  'the narrowing is unchanged');

select * from finish();
rollback;
