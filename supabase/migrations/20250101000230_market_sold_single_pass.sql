-- The sold count in fewer passes: the matched sales are read once for all condition counts, and the three price
-- percentiles come from one sort (the sold search is the heavier of the two, with prices and days to sell).
create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with q as (
    select public.market_tokens(p_query) as tokens, now() - make_interval(days => greatest(p_window_days, 1)) as since
  ),
  sold as materialized (
    select l.condition, l.marketplace, l.price, l.currency, l.source, l.sold_at - l.listed_at as took
    from public.market_listings l, q
    where l.status = 'sold' and cardinality(q.tokens) > 0
      and public.market_listing_tokens(l.brand, l.title, l.category) @> q.tokens
      and l.sold_at >= q.since
  ),
  counts as (
    select
      count(*) filter (where condition = p_condition)::int as chosen,
      count(*) filter (where condition = p_condition and source = 'demo')::int as demo,
      count(*) filter (where condition = 'new_with_tags')::int as new_with_tags,
      count(*) filter (where condition = 'new_without_tags')::int as new_without_tags,
      count(*) filter (where condition = 'new_with_imperfections')::int as new_with_imperfections,
      count(*) filter (where condition = 'pre_owned')::int as pre_owned
    from sold
  ),
  stats as (
    select
      count(*) filter (where currency = 'USD') as priced,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by price) filter (where currency = 'USD') as prices,
      percentile_cont(0.5) within group (order by extract(epoch from took)) as took
    from sold where condition = p_condition
  )
  select jsonb_build_object(
    'sold', c.chosen,
    'byCondition', jsonb_build_object(
      'new_with_tags', c.new_with_tags,
      'new_without_tags', c.new_without_tags,
      'new_with_imperfections', c.new_with_imperfections,
      'pre_owned', c.pre_owned
    ),
    'byMarketplace', coalesce((
      select jsonb_agg(jsonb_build_object('marketplace', marketplace, 'sold', total) order by total desc, marketplace)
      from (select marketplace, count(*)::int as total from sold where condition = p_condition group by marketplace) m
    ), '[]'::jsonb),
    'prices', case when s.priced = 0 then null else jsonb_build_object(
      'p25', round(s.prices[1]::numeric, 2),
      'median', round(s.prices[2]::numeric, 2),
      'p75', round(s.prices[3]::numeric, 2)
    ) end,
    'medianDaysToSell', round((s.took / 86400)::numeric, 1),
    'demoComps', c.demo,
    'tokens', to_jsonb((select tokens from q))
  )
  from counts c, stats s
$$;
