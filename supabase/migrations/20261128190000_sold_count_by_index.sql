-- A sold count found through the index of sales by words and week, never by walking the window's sales in date order
-- (docs/decisions/072-postgres-at-10m.md, "The sold searches that took 34 s").
--
-- As in 20261128140000_search_tail.sql, with two changes to the count's main statement. Its test of the window,
-- `l.sold_at >= $2`, is written `(l.sold_at >= $2) is true`: the same rows, but no condition the index of sale dates
-- (market_listings_sold_at_idx) can answer, so the planner no longer weighs walking every sale of the window in date
-- order and testing each against the query. It chose that for a query whose garment has many names ("handbag",
-- "purse": some sixty words, each asked of the index for each of the window's 14 weeks), which it costed above the
-- walk: at 10M listings that walk read 1,455,588 sales, 1.29M pages of them from outside shared buffers, for
-- 75,346 found, in 33 to 36 s. Through the index of words and weeks the same count takes 0.5 s. And a sequential scan
-- is off for the function, as it is for the query's reading: the index is the only way the count should find its rows.

create or replace function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set enable_seqscan = off
  set jit = off
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_since timestamptz := now() - make_interval(days => greatest(p_window_days, 1));
  v_k int := greatest(coalesce(p_min_sellers, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
  v_prices_ok boolean;
  v_took_ok boolean;
  v_recent jsonb;
  v_panel_sellers int;
  v_listed uuid[];
begin
  execute format($sql$
    with m as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at, l.listed_at
      from public.market_listings l
      where %s and (l.sold_at >= $2) is true and public.market_sold_key(l.terms, l.sold_at) && %L::text[]
    ),
    g as (
      select m.condition, m.marketplace, count(*)::int as n,
        count(*) filter (where m.source = 'demo')::int as demo, count(*) filter (where m.source = 'panel')::int as panel,
        private.market_sellers_upto(array_agg(m.seller_key) filter (where m.seller_key is not null), $3) as upto,
        array_agg(m.seller_key) filter (where m.seller_key is not null) as keys
      from m group by m.condition, m.marketplace
    ),
    -- The sales of the condition asked for, which every figure below reads (a fifth of m for "lululemon leggings").
    mc as materialized (
      select m.id, m.seller_key, m.price, m.currency, m.sold_at, m.listed_at from m where m.condition = $1
    ),
    -- The sellers of the condition asked for, each once: whether they priced a sale, and timed one.
    chosen as (
      select mc.seller_key, bool_or(mc.currency = 'USD' and mc.price is not null) as priced,
        bool_or(mc.listed_at is not null) as timed
      from mc where mc.seller_key is not null group by mc.seller_key
    ),
    c as (
      select c.condition, c.n, case
          when c.condition = $1 then (select count(*) from chosen)
          when not c.enough
            then (select count(*) from (select distinct k from g, unnest(g.keys) k where g.condition = c.condition) d)
          else $3
        end::int as sellers
      from (select g.condition, sum(g.n)::int as n, bool_or(g.upto >= $3) as enough from g group by g.condition) c
    ),
    mk as (
      select g.marketplace, g.n, g.upto as sellers,
        case when g.upto < $3 then array(select distinct k from unnest(g.keys) k) end as keys, g.demo, g.panel
      from g where g.condition = $1
    ),
    sorted as (
      select array_agg(mc.price order by mc.price) filter (where mc.currency = 'USD' and mc.price is not null) as prices,
        array_agg(mc.sold_at - mc.listed_at order by mc.sold_at - mc.listed_at) filter (where mc.listed_at is not null)
          as took
      from mc
    ),
    quartiles as (
      select q.i, x.at - floor(x.at) as part,
        s.prices[floor(x.at)::int + 1]::float8 as lo, s.prices[ceil(x.at)::int + 1]::float8 as hi
      from sorted s, unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i),
        lateral (select q.p * (cardinality(s.prices) - 1) as at) x
      where cardinality(s.prices) > 0
    ),
    middle as (
      select (y.hi - y.lo) * y.part + y.lo as took
      from sorted s, lateral (select 0.5::float8 * (cardinality(s.took) - 1) as at) x,
        lateral (select x.at - floor(x.at) as part, s.took[floor(x.at)::int + 1] as lo, s.took[ceil(x.at)::int + 1] as hi) y
      where cardinality(s.took) > 0
    ),
    -- The newest sale of each seller, and every sale that is nobody's: the ten newest of these. They are among the 40
    -- newest sales whenever those hold ten sellers (a seller's newest sale is never older than another of theirs), so
    -- those are looked at first, and all of them only when they do not.
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc order by mc.sold_at desc, mc.id desc limit 40
    ),
    recent as (
      select l.id, l.title, l.price, l.currency, l.marketplace, l.sold_at, l.url, l.seller_key
      from public.market_listings l
      where l.id = any (coalesce(
        case when (select count(distinct coalesce(n.seller_key::text, n.id::text)) from newest n) >= 10 then array(
          select r.id from (
            select distinct on (coalesce(n.seller_key::text, n.id::text)) n.id, n.sold_at
            from newest n
            order by coalesce(n.seller_key::text, n.id::text), n.sold_at desc, n.id desc
          ) r
          order by r.sold_at desc, r.id desc
          limit 10) end,
        array(
          select r.id from (
            select distinct on (coalesce(mc.seller_key::text, mc.id::text)) mc.id, mc.sold_at
            from mc
            order by coalesce(mc.seller_key::text, mc.id::text), mc.sold_at desc, mc.id desc
          ) r
          order by r.sold_at desc, r.id desc
          limit 10)))
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', mk.marketplace, 'n', mk.n,
        'sellers', mk.sellers, 'keys', to_jsonb(mk.keys))) from mk), '[]'),
      'pricedSellers', (select count(*) from chosen where chosen.priced),
      'timedSellers', (select count(*) from chosen where chosen.timed),
      'soldKeys', coalesce((select jsonb_agg(chosen.seller_key) from chosen), '[]'),
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((extract(epoch from m.took) / 86400)::numeric, 1) from middle m),
      'demo', coalesce((select sum(mk.demo) from mk), 0)::int,
      'panel', coalesce((select sum(mk.panel) from mk), 0)::int,
      'recentSellers', (select count(distinct r.seller_key) from recent r),
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', r.title, 'price', r.price, 'currency', r.currency, 'condition', $1,
          'marketplace', r.marketplace, 'soldAt', r.sold_at, 'url', r.url, 'panel', r.seller_key is not null)
          order by r.sold_at desc, r.id desc)
        from recent r
      ), '[]'::jsonb)
    )$sql$, public.market_match_sql(v_parsed, 'sold'), public.market_sold_weeks(v_since,
      -- Through the latest sale the index holds, if one is dated after now (a clock or a time zone ahead): the count
      -- has always taken every sale since p_window_days ago. One row of market_listings_sold_at_idx.
      greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold'))))
  into v_raw using p_condition, v_since, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  v_prices_ok := v_shown and ((v_raw ->> 'pricedSellers')::int = 0 or (v_raw ->> 'pricedSellers')::int >= v_k);
  v_took_ok := v_shown and ((v_raw ->> 'timedSellers')::int = 0 or (v_raw ->> 'timedSellers')::int >= v_k);
  -- A recent-sales list with too few sellers keeps only the sales that are nobody's.
  v_recent := case
    when (v_raw ->> 'recentSellers')::int = 0 or (v_raw ->> 'recentSellers')::int >= v_k then v_raw -> 'recentSales'
    else coalesce((select jsonb_agg(r.value) from jsonb_array_elements(v_raw -> 'recentSales') r
                   where not (r.value ->> 'panel')::boolean), '[]')
  end;
  if v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0 then
    -- The sellers the listed search of the same text, condition and reading found a minute ago at most.
    select r.sellers into v_listed from public.market_query_readings r
    where r.query = p_query and r.condition = p_condition and r.sellers_at > now() - interval '1 minute'
      and r.reading = v_parsed;
  end if;
  if v_listed is not null then
    select count(*)::int into v_panel_sellers from (
      select unnest(v_listed) union select (jsonb_array_elements_text(v_raw -> 'soldKeys'))::uuid) s;
  elsif v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0 then
    -- The condition is tested first, before the query's tests on the title and key: written as "is true" it stays a
    -- filter in its place (a plain equality with a constant is moved behind the others), so those tests run on the
    -- condition's rows only, not on every listing the index found ("doc martens boots": a quarter of 9,782).
    execute format($sql$
      select count(*)::int from (
        select l.seller_key as k from public.market_listings l
        where (l.condition = $1) is true and l.seller_key is not null and %s
        union
        select (jsonb_array_elements_text($2))::uuid
      ) s$sql$, public.market_match_sql(v_parsed, 'available'))
    into v_panel_sellers using p_condition, v_raw -> 'soldKeys';
  end if;

  return jsonb_build_object(
    'sold', private.panel_cell(v_cell, v_k),
    'sellers', coalesce((v_cell ->> 'sellers')::int, 0),
    'minSellers', v_k,
    'panelSellers', v_panel_sellers,
    'byCondition', jsonb_build_object(
      'new_with_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_with_tags', v_k),
      'new_without_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_without_tags', v_k),
      'new_with_imperfections', private.panel_cell(v_raw -> 'conditions' -> 'new_with_imperfections', v_k),
      'pre_owned', private.panel_cell(v_raw -> 'conditions' -> 'pre_owned', v_k)
    ),
    'byMarketplace', case when v_shown then private.panel_fold(v_raw -> 'marketplaces', v_k, 'sold') else '[]' end,
    'prices', case when v_prices_ok then v_raw -> 'prices' end,
    'medianDaysToSell', case when v_took_ok then v_raw -> 'medianDaysToSell' end,
    'recentSales', case when v_shown then
      coalesce((select jsonb_agg(r.value - 'panel') from jsonb_array_elements(v_recent) r), '[]') else '[]' end,
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed
  );
end;
$$;

-- As in 20261125000400_market_search.sql: replacing the function dropped this setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;
