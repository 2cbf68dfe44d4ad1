-- Who can touch saved_searches: each user only their own rows, visitors nothing, and the CHECKs hold.
begin;
select plan(24);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ada@example.com'),
  ('22222222-2222-4222-8222-222222222222', 'bob@example.com');

select has_table('public', 'saved_searches', 'saved_searches exists');
select ok((select relrowsecurity from pg_class where oid = 'public.saved_searches'::regclass), 'RLS is on');
select policies_are('public', 'saved_searches', array[
  'Users can see their own saved searches',
  'Users can save searches for themselves',
  'Users can update their own saved searches',
  'Users can delete their own saved searches'
]);

-- Ada, signed in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
set local request.jwt.claim.sub = '11111111-1111-4111-8111-111111111111';

select lives_ok(
  $$insert into public.saved_searches (item_name, condition, last_available, last_sold, last_rate, origin, is_demo, window_days)
    values ('Levi''s 501', 'pre_owned', 120, 84, 70, 'demo', true, 90)$$,
  'a user can save a search');
select is(
  (select user_id::text from public.saved_searches where item_name = 'Levi''s 501'),
  '11111111-1111-4111-8111-111111111111',
  'user_id defaults to the signed-in user');
select is((select item_key from public.saved_searches where item_name = 'Levi''s 501'), 'levi''s 501', 'item_key is the lower-cased name');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition) values ('LEVI''S 501', 'pre_owned')$$,
  '23505', null, 'the same name in another case and the same condition is one saved search');
select lives_ok(
  $$insert into public.saved_searches (item_name, condition) values ('Levi''s 501', 'new_with_tags')$$,
  'the same name in another condition is another saved search');
select throws_ok(
  $$insert into public.saved_searches (user_id, item_name, condition)
    values ('22222222-2222-4222-8222-222222222222', 'Planted row', 'pre_owned')$$,
  '42501', null, 'a user cannot save a search for someone else');
select throws_ok($$insert into public.saved_searches (item_name, condition) values ('a', 'pre_owned')$$,
  '23514', null, 'item_name needs at least 2 characters');
select throws_ok($$insert into public.saved_searches (item_name, condition) values (repeat('x', 101), 'pre_owned')$$,
  '23514', null, 'item_name is at most 100 characters');
select throws_ok($$insert into public.saved_searches (item_name, condition) values ('  padded  name ', 'pre_owned')$$,
  '23514', null, 'item_name is stored trimmed with single spaces');
select throws_ok($$insert into public.saved_searches (item_name, condition) values ('Align leggings', 'mint')$$,
  '23514', null, 'condition is one of the four');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, last_available, last_sold, last_rate)
    values ('Align leggings', 'pre_owned', 10, -1, 0)$$,
  '23514', null, 'counts cannot be negative');
select throws_ok(
  $$insert into public.saved_searches (item_name, condition, last_rate) values ('Align leggings', 'pre_owned', 40)$$,
  '23514', null, 'a rate needs the counts it came from');
select results_eq(
  $$update public.saved_searches set last_available = 130, last_sold = 91, last_rate = 70
    where item_key = 'levi''s 501' and condition = 'pre_owned' returning last_available$$,
  $$values (130)$$,
  'a user can refresh the figures of their own saved search');
select throws_ok(
  $$update public.saved_searches set user_id = '22222222-2222-4222-8222-222222222222' where item_key = 'levi''s 501'$$,
  '42501', null, 'a user cannot hand a saved search to someone else');

-- Bob, signed in: Ada's rows are invisible and untouchable.
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}';
set local request.jwt.claim.sub = '22222222-2222-4222-8222-222222222222';
select is((select count(*)::int from public.saved_searches), 0, 'another user sees none of them');
select is_empty($$update public.saved_searches set last_rate = 1 returning id$$, 'another user cannot update them');
select is_empty($$delete from public.saved_searches returning id$$, 'another user cannot delete them');

-- A visitor with only the anon key.
reset request.jwt.claim.sub;
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$select * from public.saved_searches$$, '42501', null, 'a visitor cannot read saved searches');
select throws_ok($$insert into public.saved_searches (item_name, condition) values ('Anon try', 'pre_owned')$$,
  '42501', null, 'a visitor cannot save a search');

-- Ada again: she can delete her own, and deleting her account removes the rest.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
set local request.jwt.claim.sub = '11111111-1111-4111-8111-111111111111';
select results_eq(
  $$delete from public.saved_searches where condition = 'new_with_tags' returning item_name$$,
  $$values ('Levi''s 501'::text)$$,
  'a user can delete their own saved search');

reset role;
delete from auth.users where id = '11111111-1111-4111-8111-111111111111';
select is((select count(*)::int from public.saved_searches), 0, 'deleting the account deletes its saved searches');

select * from finish();
rollback;
