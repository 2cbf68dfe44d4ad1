-- Matching titles as sellers write them (issue 24): who may read the brands' product names, what a listing's decoy
-- marks say, and what a search counts: broader words, a brand's own names, model numbers with an s, decoys left out.
begin;
select plan(20);

select ok((select relrowsecurity from pg_class where oid = 'public.market_products'::regclass),
  'row level security is on for the brands'' product names');
select policies_are('public', 'market_products', array[]::name[], 'the product names have no policies: service role only');
select ok(not has_table_privilege('anon', 'public.market_products', 'select'), 'visitors cannot read the product names');
select ok(not has_table_privilege('authenticated', 'public.market_products', 'select, insert, update, delete'),
  'signed-in users cannot read or change the product names');
select ok(has_table_privilege('service_role', 'public.market_products', 'select'), 'the search functions read them');

-- What a listing is besides the item it names.
select is(public.market_decoys('Louis Vuitton dust bag only 16x19', null, null), array['part'],
  'a dust bag sold alone is a part');
select is(public.market_decoys('LV Neverfull MM w/ pouch, dust bag & receipt', null, null), '{}'::text[],
  'a bag sold with its dust bag is the bag');
select is(public.market_decoys('Lot of 5 lululemon leggings size 6', null, null), array['lot'], 'a lot is a lot');
select is(public.market_decoys('Air Jordan 1 Mid', '5Y', 'Kids > Shoes'), array['kids'], 'a youth size is a kids'' size');
select is(public.market_decoys('Align dupe leggings high rise', null, null), array['fake'], 'a dupe is no Align');
select is(public.market_decoys('Coach Tabby 26 Pebble Leather Shoulder Bag', null, 'Women > Bags'), '{}'::text[],
  'the item itself has no marks');

-- A small market: what each search counts.
insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status, price,
  currency, listed_at, sold_at, source)
values
  ('ebay', 'titles-1', 'Coach Willis Pebble Leather Purse', 'Coach', null, null, 'pre_owned', 'available', 150, 'USD', now(), null, 'import'),
  ('ebay', 'titles-2', 'COACH City Tote Signature Canvas', 'COACH', null, null, 'pre_owned', 'available', 90, 'USD', now(), null, 'import'),
  ('ebay', 'titles-3', 'Coach Tea Rose Bag Charm Keychain', 'Coach', null, null, 'pre_owned', 'available', 40, 'USD', now(), null, 'import'),
  ('poshmark', 'titles-4', 'Madewell Perfect Vintage Jean 27', 'Madewell', 'Women > Jeans', '27', 'pre_owned', 'available', 45, 'USD', now(), null, 'import'),
  ('poshmark', 'titles-5', 'Madewell Denim Jacket Classic Wash', 'Madewell', 'Women > Jackets', 'S', 'pre_owned', 'available', 50, 'USD', now(), null, 'import'),
  ('depop', 'titles-6', 'new balance 990s grey made in usa sz 10', null, null, '10', 'pre_owned', 'available', 120, 'USD', now(), null, 'import'),
  ('mercari', 'titles-7', 'Nike Dunk Low Panda Mens 10', 'Nike', 'Men > Shoes', '10', 'pre_owned', 'available', 110, 'USD', now(), null, 'import'),
  ('mercari', 'titles-8', 'Nike Dunk Low Panda GS 6Y', 'Nike', 'Kids > Shoes', '6Y', 'pre_owned', 'available', 80, 'USD', now(), null, 'import'),
  ('grailed', 'titles-9', 'Nike Shoe Box Empty Size 10 Dunk Low', 'Nike', null, null, 'pre_owned', 'available', 10, 'USD', now(), null, 'import');

create function pg_temp.counted(p_query text) returns bigint
  language plpgsql
as $$
declare
  v_n bigint;
begin
  execute format('select count(*) from public.market_listings l where %s',
    public.market_match_sql(public.market_parse_query(p_query), 'available')) into v_n;
  return v_n;
end;
$$;

select is(pg_temp.counted('coach bag'), 2::bigint, 'a Coach bag is a purse or a tote, never a keychain');
select is(pg_temp.counted('coach leather bag'), 1::bigint,
  'a Coach leather bag keeps the purse that says leather and drops the tote that says canvas');
select is(pg_temp.counted('coach keychain'), 1::bigint, 'asked for, the keychain counts');
select is(pg_temp.counted('madewell denim'), 1::bigint, 'Madewell denim is the jean, not the denim jacket');
select is(pg_temp.counted('new balance 990'), 1::bigint, '990s are 990s');
select is(pg_temp.counted('nike sneakers'), 1::bigint,
  'a Nike Dunk is a sneaker though its title never says so; the kids'' pair and the empty box stay out');
select is(pg_temp.counted('nike dunk gs'), 1::bigint, 'a kids'' size asked for counts the kids'' pair');
select is(pg_temp.counted('nike dunk box'), 1::bigint, 'a box asked for counts the box');
select ok(not has_function_privilege('authenticated', 'public.market_decoys(text, text, text)', 'execute'),
  'signed-in users cannot call the decoy reader directly');

select * from finish();
rollback;
