-- Who can touch seller_items (issue 21): each user only their own imported items, visitors nothing, and the CHECKs hold.
begin;
select plan(17);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ada@example.com'),
  ('22222222-2222-4222-8222-222222222222', 'bob@example.com');

select has_table('public', 'seller_items', 'seller_items exists');
select ok((select relrowsecurity from pg_class where oid = 'public.seller_items'::regclass), 'RLS is on');
select policies_are('public', 'seller_items', array[
  'Users can see their own imported items',
  'Users can import items for themselves',
  'Users can update their own imported items',
  'Users can delete their own imported items'
]);

-- Ada, signed in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
set local request.jwt.claim.sub = '11111111-1111-4111-8111-111111111111';

select is(
  public.seller_items_import($$[
    {"marketplace": "poshmark", "external_id": "p1", "title": "Lululemon Align Pant 25 Size 6", "brand": "lululemon",
     "condition": "pre_owned", "status": "sold", "price": 48, "currency": "USD",
     "listed_at": "2026-05-01T00:00:00Z", "sold_at": "2026-05-11T00:00:00Z"},
    {"marketplace": "poshmark", "external_id": "p2", "title": "Lululemon Align Pant 28", "status": "available", "price": 58}
  ]$$::jsonb, 'poshmark-sales'),
  '{"inserted": 2, "updated": 0, "unchanged": 0}'::jsonb,
  'a user imports their rows');
select is((select count(*)::int from public.seller_items where user_id = auth.uid()), 2, 'they belong to the user');
select ok((select search_terms @> '{lululemon,align}' from public.seller_items where external_id = 'p1'),
  'the match key is computed on insert');
select throws_ok(
  $$insert into public.seller_items (user_id, marketplace, external_id, title, status)
    values ('22222222-2222-4222-8222-222222222222', 'depop', 'planted', 'Planted row', 'available')$$,
  '42501', null, 'a user cannot import for someone else');
select throws_ok($$insert into public.seller_items (marketplace, external_id, title, status) values ('Depop!', 'x', 'T', 'available')$$,
  '23514', null, 'marketplace is a lower-case name');
select throws_ok($$insert into public.seller_items (marketplace, external_id, title, status) values ('depop', 'x', '   ', 'available')$$,
  '23514', null, 'a title is needed');
select throws_ok(
  $$insert into public.seller_items (marketplace, external_id, title, status, condition) values ('depop', 'x', 'T', 'available', 'mint')$$,
  '23514', null, 'condition is one of the four, or unknown');
select throws_ok(
  $$insert into public.seller_items (marketplace, external_id, title, status, price) values ('depop', 'x', 'T', 'available', -1)$$,
  '23514', null, 'a price cannot be negative');
select throws_ok(
  $$insert into public.seller_items (marketplace, external_id, title, status, sold_at) values ('depop', 'x', 'T', 'available', now())$$,
  '23514', null, 'a listed item has no sale date');
select throws_ok(
  $$insert into public.seller_items (marketplace, external_id, title, status, listed_at, sold_at)
    values ('depop', 'x', 'T', 'sold', now(), now() - interval '1 day')$$,
  '23514', null, 'a sale cannot come before its listing');

-- Bob sees, changes and deletes none of Ada's rows.
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}';
set local request.jwt.claim.sub = '22222222-2222-4222-8222-222222222222';
select is((select count(*)::int from public.seller_items), 0, 'another user sees none of them');
select is_empty($$update public.seller_items set price = 1 returning id$$, 'another user updates none of them');
select is_empty($$delete from public.seller_items returning id$$, 'another user deletes none of them');

-- A visitor.
reset role;
set local role anon;
select throws_ok($$select * from public.seller_items$$, '42501', null, 'a visitor cannot read the table');

select * from finish();
rollback;
