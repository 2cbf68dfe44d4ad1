-- Decision 070: a garment's "unlike" words rule out no listing of the garment of a model or product name the query
-- names ("levi's trucker denim" is a denim Trucker jacket), while a garment named alone keeps them ("levis denim" is
-- jeans, not a denim jacket); a brand's product name that starts with a hedging word ("Type III") is no hedge; and a
-- model's family test is written with its most common garment word first, counting
-- the same listings.
begin;
select plan(8);

insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status, price,
  currency, listed_at, sold_at, source)
values
  ('ebay', 'truck-1', 'Levi''s Trucker Denim Jacket Red Size L GUC', 'Levi''s', null, 'L', 'pre_owned', 'available', 40, 'USD', now(), null, 'import'),
  ('depop', 'truck-2', 'levis sherpa trucker jacket denim blue M', null, null, 'M', 'pre_owned', 'available', 55, 'USD', now(), null, 'import'),
  ('ebay', 'truck-3', 'Levi''s Trucker Jacket Black Corduroy M', 'Levi''s', null, 'M', 'pre_owned', 'available', 35, 'USD', now(), null, 'import'),
  ('ebay', 'truck-4', 'Vintage Levi''s Type III Trucker Jacket Denim 70505 L', 'Levi''s', null, 'L', 'pre_owned', 'available', 90, 'USD', now(), null, 'import'),
  ('depop', 'truck-5', 'levis type 3 trucker denim jacket M', null, null, 'M', 'pre_owned', 'available', 60, 'USD', now(), null, 'import'),
  ('mercari', 'hedge-1', 'Levis type trucker jacket denim no tag', null, null, null, 'pre_owned', 'available', 15, 'USD', now(), null, 'import'),
  ('ebay', 'jeans-1', 'Levi''s 501 Original Fit Denim Jeans 32x30', 'Levi''s', null, null, 'pre_owned', 'available', 45, 'USD', now(), null, 'import'),
  ('mercari', 'jacket-1', 'Levi''s Denim Jacket Light Wash Womens S', 'Levi''s', null, 'S', 'pre_owned', 'available', 30, 'USD', now(), null, 'import'),
  ('ebay', 'shoe-1', 'Nike Air Max 90 Infrared Mens 10 Sneakers', 'Nike', null, '10', 'pre_owned', 'available', 120, 'USD', now(), null, 'import'),
  ('ebay', 'shoe-2', 'Nike Air Max 1 Anniversary Red 9.5', 'Nike', null, '9.5', 'pre_owned', 'available', 110, 'USD', now(), null, 'import'),
  ('depop', 'shoe-3', 'nike air max hoodie grey L', 'Nike', null, 'L', 'pre_owned', 'available', 40, 'USD', now(), null, 'import'),
  ('ebay', 'shoe-4', 'Nike Air Max Plus running shoes black', 'Nike', null, null, 'pre_owned', 'available', 95, 'USD', now(), null, 'import');
select public.market_refresh_vocabulary();

create function pg_temp.counted(p_query text) returns text[]
  language plpgsql
as $$
declare
  v_ids text[];
begin
  execute format('select coalesce(array_agg(external_id order by external_id), ''{}'') from public.market_listings l where %s',
    public.market_match_sql(public.market_parse_query(p_query), 'available')) into v_ids;
  return v_ids;
end;
$$;

select is(pg_temp.counted('levi''s trucker denim'), array['truck-1', 'truck-2', 'truck-4', 'truck-5'],
  'a Trucker is a denim jacket: denim''s "jacket" does not rule out the Truckers that say denim');
select is(pg_temp.counted('levis denim'), array['jeans-1'],
  'named alone, denim is still jeans: no denim jacket, no Trucker');
select is(pg_temp.counted('levi''s trucker'), array['truck-1', 'truck-2', 'truck-3', 'truck-4', 'truck-5'],
  'without "denim", every Trucker counts: "Levi''s Type III" is the brand''s product name, no hedge, written in numerals
  too, while a "Levis type" trucker is not a Levi''s');
select ok(not (public.market_parse_query('levi''s trucker denim') -> 'clauses' -> 0 -> 'notwords') @> '[["jacket"]]',
  'the reading rules out no jacket');
select ok((public.market_parse_query('levis denim') -> 'clauses' -> 0 -> 'notwords') @> '[["jacket"]]',
  'while denim alone still does');

-- The family test: the same listings, the most common word of the family first.
select is(pg_temp.counted('nike air max'), array['shoe-1', 'shoe-2', 'shoe-4'],
  'a model named without a garment counts its family (shoes that say so or say no garment), not a hoodie');
insert into public.market_vocabulary (word, listings) values ('sneaker', 1000000), ('shoe', 500000)
on conflict (word) do update set listings = excluded.listings;
select matches(public.market_match_sql(public.market_read_query('nike air max'), 'available'),
  '''\{sneaker,shoe,[^}]*\}''::text\[\] && l\.terms',
  'the family''s words are written first, the most common first');
select is(pg_temp.counted('nike air max'), array['shoe-1', 'shoe-2', 'shoe-4'], 'and count the same listings');

select * from finish();
rollback;
