-- Who can touch contact_messages (only the service role), what the CHECKs refuse, and how the submit and claim
-- functions behave (rate limit, lease, skip of delivered rows).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;

select plan(38);

select has_table('public', 'contact_messages', 'contact_messages exists');
select ok((select relrowsecurity from pg_class where oid = 'public.contact_messages'::regclass), 'RLS is on');
select policies_are('public', 'contact_messages', array[]::name[], 'there is no policy: nobody but the service role gets in');
select col_default_is('public', 'contact_messages', 'status', 'pending'::text, 'a new message is pending');

-- A visitor with only the anon key ----------------------------------------------------------------------------------
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$select * from public.contact_messages$$, '42501', null, 'a visitor cannot read messages');
select throws_ok(
  $$insert into public.contact_messages (name, email, message) values ('Ada', 'ada@example.com', 'Hello')$$,
  '42501', null, 'a visitor cannot insert a message directly');
select throws_ok(
  $$select public.contact_message_submit('Ada', 'ada@example.com', 'Hello', null, null, 5, 600)$$,
  '42501', null, 'a visitor cannot call the submit function');
select throws_ok($$select * from public.contact_messages_claim(10)$$, '42501', null, 'a visitor cannot claim messages');

-- A signed-in user ----------------------------------------------------------------------------------------------------
reset role;
insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'contact-user@example.com');
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select throws_ok($$select * from public.contact_messages$$, '42501', null, 'a signed-in user cannot read messages');
select throws_ok(
  $$insert into public.contact_messages (name, email, message) values ('Ada', 'ada@example.com', 'Hello')$$,
  '42501', null, 'a signed-in user cannot insert a message directly');
select throws_ok($$update public.contact_messages set status = 'delivered'$$, '42501', null, 'a signed-in user cannot update messages');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'a signed-in user cannot delete messages');
select throws_ok(
  $$select public.contact_message_submit('Ada', 'ada@example.com', 'Hello', null, null, 5, 600)$$,
  '42501', null, 'a signed-in user cannot call the submit function');

-- The service role (the contact function) -----------------------------------------------------------------------------
reset role;
set local role service_role;
set local request.jwt.claims = '{"role":"service_role"}';

select lives_ok(
  $$insert into public.contact_messages (name, email, message) values ('Ada Lovelace', 'ada@example.com', 'Hello there')$$,
  'the service role can store a message');
select is((select count(*)::int from public.contact_messages), 1, 'the service role can read messages');

select throws_ok($$insert into public.contact_messages (name, email, message) values ('', 'a@b.co', 'x')$$,
  '23514', null, 'name is required');
select throws_ok($$insert into public.contact_messages (name, email, message) values (repeat('n', 101), 'a@b.co', 'x')$$,
  '23514', null, 'name is at most 100 characters');
select lives_ok($$insert into public.contact_messages (name, email, message) values (repeat('n', 100), 'a@b.co', 'x')$$,
  'a name of exactly 100 characters is fine');
select throws_ok($$insert into public.contact_messages (name, email, message) values (' Ada ', 'a@b.co', 'x')$$,
  '23514', null, 'name is stored trimmed');
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Ada', 'not-an-email', 'x')$$,
  '23514', null, 'email needs an @');
select throws_ok(
  $$insert into public.contact_messages (name, email, message) values ('Ada', repeat('e', 250) || '@b.com', 'x')$$,
  '23514', null, 'email is at most 255 characters');
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Ada', 'a@b.co', '')$$,
  '23514', null, 'message is required');
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Ada', 'a@b.co', repeat('m', 1001))$$,
  '23514', null, 'message is at most 1000 characters');
select lives_ok($$insert into public.contact_messages (name, email, message) values ('Ada', 'a@b.co', repeat('m', 1000))$$,
  'a message of exactly 1000 characters is fine');
select throws_ok(
  $$insert into public.contact_messages (name, email, message, status) values ('Ada', 'a@b.co', 'x', 'sent')$$,
  '23514', null, 'status is pending, delivered or failed');
select throws_ok(
  $$insert into public.contact_messages (name, email, message, status) values ('Ada', 'a@b.co', 'x', 'delivered')$$,
  '23514', null, 'a delivered message says when');
select throws_ok(
  $$insert into public.contact_messages (name, email, message, ip_hash) values ('Ada', 'a@b.co', 'x', '10.0.0.1')$$,
  '23514', null, 'a raw IP is never stored, only its hash');

-- Submit: the rate limit per IP and per email (2 in the window here) ---------------------------------------------------
delete from public.contact_messages;
select is(
  (public.contact_message_submit('Bo', 'bo@example.com', 'One', repeat('a', 64), 'test', 2, 600)) ->> 'allowed',
  'true', 'a first message is stored');
select is(
  (public.contact_message_submit('Bo', 'BO@example.com', 'Two', repeat('b', 64), 'test', 2, 600)) ->> 'allowed',
  'true', 'a second message from the same email is stored');
select is(
  (public.contact_message_submit('Bo', 'Bo@Example.com', 'Three', repeat('c', 64), 'test', 2, 600)) - 'retryAfter',
  '{"allowed": false, "reason": "email"}'::jsonb, 'a third message from the same email (any case) is refused');
select ok(
  ((public.contact_message_submit('Bo', 'bo@example.com', 'Three', repeat('c', 64), 'test', 2, 600)) ->> 'retryAfter')::int
    between 1 and 600,
  'the refusal says how long to wait');
select is(
  (public.contact_message_submit('Cy', 'cy@example.com', 'One', repeat('a', 64), 'test', 2, 600)) ->> 'allowed',
  'true', 'another sender from a known IP below the limit is fine');
select is(
  (public.contact_message_submit('Dee', 'dee@example.com', 'One', repeat('a', 64), 'test', 2, 600)) ->> 'reason',
  'ip', 'another email from an IP at the limit is refused by IP');
select is(
  (public.contact_message_submit('Dee', 'dee@example.com', 'One', null, 'test', 2, 600)) ->> 'allowed',
  'true', 'without an IP only the email counts');
select is((select count(*)::int from public.contact_messages), 4, 'refused messages are not stored');

-- Claim: only undelivered rows nobody holds ---------------------------------------------------------------------------
select is((select count(*)::int from public.contact_messages_claim(10)), 0,
  'freshly submitted messages are leased to the function that stored them');
update public.contact_messages set locked_until = null;
update public.contact_messages set status = 'delivered', delivered_at = now() where name = 'Cy';
select is((select count(*)::int from public.contact_messages_claim(10)), 3, 'undelivered, unleased messages are handed out');
select is((select count(*)::int from public.contact_messages_claim(10)), 0, 'a claimed message is not handed out twice');

select * from finish();
rollback;
