-- Matching titles as sellers write them, continued (issue 24, docs/decisions/068): who may read the brands'
-- misspellings, which words of the index become one, and what a search counts when a title misspells its brand, when a
-- model is named without a garment, when a pasted title names a numbered product and when a part is asked for.
begin;
select plan(32);

select ok((select relrowsecurity from pg_class where oid = 'public.market_brand_spellings'::regclass),
  'row level security is on for the brands'' misspellings');
select policies_are('public', 'market_brand_spellings', array[]::name[],
  'the misspellings have no policies: service role only');
select ok(not has_table_privilege('anon', 'public.market_brand_spellings', 'select'), 'visitors cannot read them');
select ok(not has_table_privilege('authenticated', 'public.market_brand_spellings', 'select, insert, update, delete'),
  'signed-in users cannot read or change them');
select ok(has_table_privilege('service_role', 'public.market_brand_spellings', 'select'), 'the search functions read them');

select ok((select relrowsecurity from pg_class where oid = 'public.market_query_readings'::regclass),
  'row level security is on for the kept readings');
select policies_are('public', 'market_query_readings', array[]::name[], 'the readings have no policies: service role only');
select ok(not has_table_privilege('anon', 'public.market_query_readings', 'select'), 'visitors cannot read the readings');
select ok(not has_table_privilege('authenticated', 'public.market_query_readings', 'select, insert, update, delete'),
  'signed-in users cannot read or change the readings');

insert into public.market_listings (marketplace, external_id, title, brand, category, size, condition, status, price,
  currency, listed_at, sold_at, source)
values
  ('depop', 'spell-1', 'addidas gazelle green sz 8', null, null, '8', 'pre_owned', 'available', 60, 'USD', now(), null, 'import'),
  ('ebay', 'spell-2', 'Adidas Gazelle Indoor Blue Mens 10', 'Adidas', null, '10', 'pre_owned', 'available', 80, 'USD', now(), null, 'import'),
  ('mercari', 'spell-3', 'Channel quilted flap bag black lambskin', null, null, null, 'pre_owned', 'available', 900, 'USD', now(), null, 'import'),
  ('ebay', 'spell-4', 'Patagucci retro pile fleece jacket', null, null, null, 'pre_owned', 'available', 70, 'USD', now(), null, 'import'),
  ('ebay', 'model-1', 'Arc''teryx Atom LT Hoody Black Mens M', 'Arc''teryx', null, 'M', 'pre_owned', 'available', 150, 'USD', now(), null, 'import'),
  ('ebay', 'model-2', 'Arc''teryx Atom LT Vest Mens L', 'Arc''teryx', null, 'L', 'pre_owned', 'available', 110, 'USD', now(), null, 'import'),
  ('poshmark', 'model-3', 'Arcteryx Atom beanie grey', 'Arc''teryx', null, null, 'pre_owned', 'available', 30, 'USD', now(), null, 'import'),
  ('poshmark', 'model-4', 'Arc''teryx Atom LT Hoody with a belt pouch', 'Arc''teryx', null, null, 'pre_owned', 'available', 140, 'USD', now(), null, 'import'),
  ('ebay', 'long-1', 'Patagonia Better Sweater 1/4 Zip Fleece Navy Mens L', 'Patagonia', null, 'L', 'pre_owned', 'available', 60, 'USD', now(), null, 'import'),
  ('ebay', 'timbs-1', 'Timberland 6 Inch Premium Boots Wheat Mens 10', 'Timberland', null, '10', 'pre_owned', 'available', 90, 'USD', now(), null, 'import'),
  ('depop', 'timbs-2', 'timbs wheat sz 7 womens', null, null, '7', 'pre_owned', 'available', 70, 'USD', now(), null, 'import'),
  ('ebay', 'timbs-3', 'Timberland Mens Chukka Boots Brown 11', 'Timberland', null, '11', 'pre_owned', 'available', 50, 'USD', now(), null, 'import'),
  ('ebay', 'tabby-1', 'Coach Tabby 26 Black Pebble Leather', 'Coach', null, null, 'pre_owned', 'available', 250, 'USD', now(), null, 'import'),
  ('depop', 'tabby-2', 'Coach Pillow Tabby 26 cream quilted', 'Coach', null, null, 'pre_owned', 'available', 300, 'USD', now(), null, 'import'),
  ('ebay', 'flap-1', 'Chanel Classic Flap Medium Caviar', 'Chanel', null, null, 'pre_owned', 'available', 7000, 'USD', now(), null, 'import'),
  ('mercari', 'flap-2', 'Chanel vintage flap bag lambskin', 'Chanel', null, null, 'pre_owned', 'available', 4000, 'USD', now(), null, 'import'),
  ('ebay', 'part-1', 'Nike Dunk Low shoe box only size 10', 'Nike', null, null, 'pre_owned', 'available', 10, 'USD', now(), null, 'import'),
  ('ebay', 'part-2', 'Nike Dunk Low shoe box + tissue paper + receipt set', 'Nike', null, null, 'pre_owned', 'available', 15, 'USD', now(), null, 'import');
select public.market_refresh_vocabulary();

select is((select brand from public.market_brand_spellings where word = 'addidas'), 'Adidas',
  'a word one letter from a brand''s name is that brand misspelt');
select ok(not exists (select 1 from public.market_brand_spellings where word = 'channel'),
  'an English word one letter from a brand ("channel") is never read as the brand');
select ok(not exists (select 1 from public.market_brand_spellings where word in ('patagucci', 'gazelle', 'quilted')),
  'names and words we know are no misspellings');

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

select is(pg_temp.counted('adidas gazelle'), array['spell-1', 'spell-2'],
  'a search for the brand counts the listing that misspells it');
select is(pg_temp.counted('addidas gazelle'), array['spell-1', 'spell-2'],
  'typed in a query, a brand as listings misspell it is read as the brand');
select is(public.market_parse_query('addidas gazelle') -> 'corrected', '[{"from": "addidas", "to": "adidas"}]'::jsonb,
  'and the reading says so, as a correction');
select is(pg_temp.counted('"addidas" gazelle'), array['spell-1'], 'written in quotes, it is read as written');
select is(pg_temp.counted('chanel quilted'), '{}'::text[], 'no English word is read as a brand ("Channel quilted flap bag")');
select is(pg_temp.counted('arcteryx atom'), array['model-1', 'model-2', 'model-4'],
  'a model named without a garment counts its line across one family (a hoody and a vest), not a beanie');
select is(pg_temp.counted('arcteryx atom beanie'), array['model-3'], 'asked for, the beanie counts');
select is(pg_temp.counted('Patagonia Better Sweater 1/4 Zip Fleece Navy Mens L'), array['long-1'],
  'a pasted title finds its listing');
select is(pg_temp.counted('timbs'), array['timbs-1', 'timbs-2'],
  'a model known by its brand''s product names counts them beside the brand, not the brand''s other boots');
select is(pg_temp.counted('coach tabby'), array['tabby-1'],
  'a longer product name of the brand that is another product (a Pillow Tabby) is no Tabby');
select is(pg_temp.counted('coach pillow tabby'), array['tabby-2'], 'asked for, the Pillow Tabby counts');
select is(pg_temp.counted('chanel classic flap'), array['flap-1', 'flap-2'],
  'a describing word of a product name is left out when the rest is the brand''s product name too');
select is(pg_temp.counted('nike dunk box'), array['part-1'], 'a part asked for is one part, not a set of parts');
select is(pg_temp.counted('nike dunk shoe box set'), array['part-2'], 'asked for, the set counts');
select ok(public.market_match_sql(public.market_parse_query('adidas sneakers'), 'available') !~ 'unnest',
  'a query naming its garment reads no garment family: its found rows are not tested for one');
select is((public.market_parse_query('arcteryx atom') -> 'clauses' -> 0 -> 'kinds' -> 'others') ? 'beanie', true,
  'the reading of a model without a garment names the other families'' words');
select ok(not has_function_privilege('authenticated', 'public.market_refresh_vocabulary(integer)', 'execute'),
  'signed-in users cannot refresh the words');

-- A search keeps its reading for the search of the other kind that follows.
select is((public.market_search('available', 'adidas gazelle', 'pre_owned', gen_random_uuid(), 'search', 100, 60)
            -> 'result' ->> 'available')::int, 2, 'a listed search counts the misspelt brand');
select is((select reading from public.market_query_readings where query = 'adidas gazelle'),
  public.market_read_query('adidas gazelle'), 'and keeps its reading for the sold search that follows');

-- A kept reading answers for its text until the words change: a vocabulary refresh forgets it.
insert into public.market_query_readings (query, reading) values ('kept reading', '{"clauses": [], "kept": true}');
select public.market_refresh_vocabulary();
select is(public.market_parse_query('kept reading') ? 'kept', false, 'a vocabulary refresh forgets the kept readings');

select * from finish();
rollback;
