-- The sold count in one pass over the window's sales (issue 10, point 6). The last version kept every matched sale
-- in a materialised list and read it four times (counts, quartiles, marketplaces, recent sales); this one reads each
-- sale once, in a single aggregate, and keeps only the chosen condition's prices, times to sell, marketplaces and ids,
-- each in an array. Measured as CPU time per call on the 1,000,000-listing bench database, best of 7, old and new
-- side by side in one run: "lululemon leggings" 0.68x (pre-owned) and 0.63x (new with tags), "the north face jackets"
-- 0.72x and 0.67x, "nike air max" 0.71x and 0.68x; a light query such as "gucci loafers" stays at about 4 ms.
-- Identical JSON, old and new, for 472 calls: the 200 bench queries, and aliases, exclusions, phrases and a query that
-- matches nothing in all four conditions and all four windows.
--
-- The price quartiles and the median time to sell are the values percentile_cont gives, computed the way Postgres
-- computes them (orderedsetaggs.c): of n sorted values, those at 0-based positions floor(p * (n - 1)) and
-- ceil(p * (n - 1)), joined by linear interpolation in float8 (prices) or interval arithmetic (time to sell).
-- percentile_cont itself turns every numeric price into a float8 before sorting, a cost per sale; here the prices are
-- sorted as numeric and only the six values read are turned into float8. supabase/tests/market.test.sql compares the
-- two on small samples of every shape.
create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90)
  returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_since timestamptz := now() - make_interval(days => greatest(p_window_days, 1));
  v_result jsonb;
begin
  execute format($sql$
    with sold as (
      select
        count(*) filter (where l.condition = $1)::int as chosen,
        count(*) filter (where l.condition = $1 and l.source = 'demo')::int as demo,
        count(*) filter (where l.condition = 'new_with_tags')::int as new_with_tags,
        count(*) filter (where l.condition = 'new_without_tags')::int as new_without_tags,
        count(*) filter (where l.condition = 'new_with_imperfections')::int as new_with_imperfections,
        count(*) filter (where l.condition = 'pre_owned')::int as pre_owned,
        array_agg(l.price order by l.price) filter (where l.condition = $1 and l.currency = 'USD') as prices,
        array_agg(l.sold_at - l.listed_at order by l.sold_at - l.listed_at) filter (where l.condition = $1) as took,
        array_agg(l.marketplace) filter (where l.condition = $1) as markets,
        (array_agg(l.id order by l.sold_at desc, l.id desc) filter (where l.condition = $1))[1:10] as recent
      from public.market_listings l
      where %s and l.sold_at >= $2
    ),
    quartiles as (
      select q.i, x.at - floor(x.at) as part,
        s.prices[floor(x.at)::int + 1]::float8 as lo, s.prices[ceil(x.at)::int + 1]::float8 as hi
      from sold s, unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i),
        lateral (select q.p * (cardinality(s.prices) - 1) as at) x
      where cardinality(s.prices) > 0
    ),
    middle as (
      select (y.hi - y.lo) * y.part + y.lo as took
      from sold s, lateral (select 0.5::float8 * (cardinality(s.took) - 1) as at) x,
        lateral (select x.at - floor(x.at) as part, s.took[floor(x.at)::int + 1] as lo, s.took[ceil(x.at)::int + 1] as hi) y
      where cardinality(s.took) > 0
    )
    select jsonb_build_object(
      'sold', s.chosen,
      'byCondition', jsonb_build_object(
        'new_with_tags', s.new_with_tags,
        'new_without_tags', s.new_without_tags,
        'new_with_imperfections', s.new_with_imperfections,
        'pre_owned', s.pre_owned
      ),
      'byMarketplace', coalesce((
        select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'sold', m.total) order by m.total desc, m.marketplace)
        from (select marketplace, count(*)::int as total from unnest(s.markets) marketplace group by marketplace) m
      ), '[]'::jsonb),
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((extract(epoch from m.took) / 86400)::numeric, 1) from middle m),
      'demoComps', s.demo,
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', l.title, 'price', l.price, 'currency', l.currency, 'condition', $1,
          'marketplace', l.marketplace, 'soldAt', l.sold_at, 'url', l.url) order by l.sold_at desc, l.id desc)
        from public.market_listings l
        where l.id = any(s.recent)
      ), '[]'::jsonb)
    )
    from sold s$sql$, public.market_match_sql(v_parsed, 'sold'))
  into v_result using p_condition, v_since;
  return v_result || jsonb_build_object('query', v_parsed);
end;
$$;

-- From Postgres 16 the planner may sort all the matched sales for one of the ordered arrays (presorted aggregation),
-- every condition's sales and every column, where each array sorts only its own values of the chosen condition: with
-- that sort "lululemon leggings" took 1.3 times as long. Postgres 15 has no such sort and no such setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;

revoke execute on function public.market_count_sold(text, text, int) from public, anon, authenticated;
grant execute on function public.market_count_sold(text, text, int) to service_role;
