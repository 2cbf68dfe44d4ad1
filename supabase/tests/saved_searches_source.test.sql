-- Saved searches keep the source, demo flag and sold window of their figures; the RLS of the table still holds for
-- the new columns (a user writes them only on their own rows).
begin;
select plan(9);

insert into auth.users (id, email) values
  ('33333333-3333-4333-8333-333333333333', 'cleo@example.com'),
  ('44444444-4444-4444-8444-444444444444', 'dan@example.com');

select has_column('public', 'saved_searches', 'origin', 'saved searches store the data origin');
select has_column('public', 'saved_searches', 'is_demo', 'saved searches store the demo flag');
select has_column('public', 'saved_searches', 'window_days', 'saved searches store the sold window');

set local role authenticated;
set local request.jwt.claims = '{"sub":"33333333-3333-4333-8333-333333333333","role":"authenticated"}';
set local request.jwt.claim.sub = '33333333-3333-4333-8333-333333333333';

select lives_ok(
  $$insert into public.saved_searches (item_name, condition, last_available, last_sold, last_rate, origin, is_demo, window_days)
    values ('Doc Martens 1460', 'pre_owned', 250, 185, 74, 'demo', true, 90)$$,
  'a user saves a search with its source, demo flag and window');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, last_available, last_sold, last_rate)
    values ('Nuptse', 'pre_owned', 10, 5, 50)$$,
  '23514', null, 'sold figures cannot be saved without their source and window');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, origin, is_demo, window_days)
    values ('Align', 'pre_owned', 'vinted', false, 90)$$,
  '23514', null, 'the origin is demo, ebay or import');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, origin, is_demo, window_days)
    values ('Align', 'pre_owned', 'ebay', false, 45)$$,
  '23514', null, 'the window is 30, 90, 180 or 365 days');

-- Dan cannot relabel Cleo's figures.
set local request.jwt.claims = '{"sub":"44444444-4444-4444-8444-444444444444","role":"authenticated"}';
set local request.jwt.claim.sub = '44444444-4444-4444-8444-444444444444';
select is_empty($$update public.saved_searches set is_demo = false returning id$$,
  'another user cannot change the demo flag of a saved search');

reset role;
select is((select is_demo from public.saved_searches where item_name = 'Doc Martens 1460'), true,
  'the demo flag is unchanged');

select * from finish();
rollback;
