-- Listing words live in the GIN indexes only, not in every row: the stored token column was a third of each row, and
-- a search's cost is the table pages it reads (PGlite keeps 128 MB of them in memory). The indexes are on the same
-- immutable expression the counting functions use, and GIN answers `@>` exactly, so no row recomputes its words at
-- query time.
create function public.market_listing_tokens(brand text, title text, category text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select public.market_tokens(coalesce(brand, '') || ' ' || coalesce(title, '') || ' ' || coalesce(category, ''))
$$;

drop index if exists public.market_listings_available_tokens_idx;
drop index if exists public.market_listings_sold_tokens_idx;
alter table public.market_listings drop column if exists search_tokens;

create index market_listings_available_tokens_idx on public.market_listings
  using gin (public.market_listing_tokens(brand, title, category)) with (fastupdate = off) where status = 'available';
create index market_listings_sold_tokens_idx on public.market_listings
  using gin (public.market_listing_tokens(brand, title, category)) with (fastupdate = off) where status = 'sold';

create or replace function public.market_count_available(p_query text, p_condition text) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with q as (
    select public.market_tokens(p_query) as tokens
  ),
  matched as (
    select l.condition, l.marketplace, count(*)::int as n, count(*) filter (where l.source = 'demo')::int as demo
    from public.market_listings l, q
    where l.status = 'available' and cardinality(q.tokens) > 0
      and public.market_listing_tokens(l.brand, l.title, l.category) @> q.tokens
    group by l.condition, l.marketplace
  )
  select jsonb_build_object(
    'available', coalesce((select sum(n) from matched where condition = p_condition), 0)::int,
    'byCondition', jsonb_build_object(
      'new_with_tags', coalesce((select sum(n) from matched where condition = 'new_with_tags'), 0)::int,
      'new_without_tags', coalesce((select sum(n) from matched where condition = 'new_without_tags'), 0)::int,
      'new_with_imperfections', coalesce((select sum(n) from matched where condition = 'new_with_imperfections'), 0)::int,
      'pre_owned', coalesce((select sum(n) from matched where condition = 'pre_owned'), 0)::int
    ),
    'byMarketplace', coalesce((
      select jsonb_agg(jsonb_build_object('marketplace', marketplace, 'available', total) order by total desc, marketplace)
      from (select marketplace, sum(n)::int as total from matched where condition = p_condition group by marketplace) m
    ), '[]'::jsonb),
    'demoComps', coalesce((select sum(demo) from matched where condition = p_condition), 0)::int,
    'tokens', to_jsonb((select tokens from q))
  )
$$;

create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with q as (
    select public.market_tokens(p_query) as tokens, now() - make_interval(days => greatest(p_window_days, 1)) as since
  ),
  sold as (
    select l.condition, l.marketplace, l.price, l.currency, l.source, l.sold_at - l.listed_at as took
    from public.market_listings l, q
    where l.status = 'sold' and cardinality(q.tokens) > 0
      and public.market_listing_tokens(l.brand, l.title, l.category) @> q.tokens
      and l.sold_at >= q.since
  ),
  chosen as (
    select * from sold where condition = p_condition
  )
  select jsonb_build_object(
    'sold', (select count(*) from chosen)::int,
    'byCondition', jsonb_build_object(
      'new_with_tags', (select count(*) from sold where condition = 'new_with_tags')::int,
      'new_without_tags', (select count(*) from sold where condition = 'new_without_tags')::int,
      'new_with_imperfections', (select count(*) from sold where condition = 'new_with_imperfections')::int,
      'pre_owned', (select count(*) from sold where condition = 'pre_owned')::int
    ),
    'byMarketplace', coalesce((
      select jsonb_agg(jsonb_build_object('marketplace', marketplace, 'sold', total) order by total desc, marketplace)
      from (select marketplace, count(*)::int as total from chosen group by marketplace) m
    ), '[]'::jsonb),
    'prices', (
      select case when count(*) = 0 then null else jsonb_build_object(
        'p25', round(percentile_cont(0.25) within group (order by price)::numeric, 2),
        'median', round(percentile_cont(0.5) within group (order by price)::numeric, 2),
        'p75', round(percentile_cont(0.75) within group (order by price)::numeric, 2)
      ) end
      from chosen where currency = 'USD'
    ),
    'medianDaysToSell', (
      select round((percentile_cont(0.5) within group (order by extract(epoch from took)) / 86400)::numeric, 1)
      from chosen
    ),
    'demoComps', (select count(*) from chosen where source = 'demo')::int,
    'tokens', to_jsonb((select tokens from q))
  )
$$;
