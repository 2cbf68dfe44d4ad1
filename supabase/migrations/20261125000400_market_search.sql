-- Counting the market (docs/decisions/029-search-matching.md, 056-seller-panel.md, 060-reading-the-query.md): the
-- search indexes on the listing key, the two counts (available now; sold in a window) with the seller panel's
-- threshold, market_search (the one call the search functions make) and what the index holds.

-- The search indexes on the listing key (after the lexicon is loaded: the key reads it), one per status. Bulk loads
-- drop and rebuild the same indexes (emulator/seeds/data/market-data.ts BULK_INDEXES).
create index market_listings_available_terms_idx on public.market_listings
  using gin (public.market_listing_terms(brand, title, category, size)) with (fastupdate = off) where status = 'available';
create index market_listings_sold_terms_idx on public.market_listings
  using gin (public.market_listing_terms(brand, title, category, size)) with (fastupdate = off) where status = 'sold';

-- How far back the sales go: the first row of this index.
create index market_listings_sold_at_idx on public.market_listings (sold_at) where status = 'sold';

-- The first vocabulary ("did you mean" and corrections read it): the lexicon's words, as the index has no listing yet.
select public.market_refresh_vocabulary();

-- Whether the index holds demo rows at all: a zero count from demo data is still a demo answer.
create function public.market_has_demo() returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from public.market_listings where source = 'demo')
$$;

revoke execute on function public.market_has_demo() from public, anon, authenticated;
grant execute on function public.market_has_demo() to service_role;

create function public.market_count_available(p_query text, p_condition text, p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
as $$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_k int := greatest(coalesce(p_min_sellers, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
begin
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, l.seller_key, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel
      from public.market_listings l
      where %s
      group by l.condition, l.marketplace, l.seller_key
    ),
    c as (
      select g.condition, sum(g.n)::int as n, count(distinct g.seller_key)::int as sellers
      from g group by g.condition
    ),
    m as (
      select g.marketplace, sum(g.n)::int as n, count(g.seller_key)::int as sellers,
        array_agg(g.seller_key) filter (where g.seller_key is not null) as keys
      from g where g.condition = $1 group by g.marketplace
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', case when m.sellers < $2 then to_jsonb(m.keys) end)) from m), '[]'),
      'demo', coalesce((select sum(g.demo) from g where g.condition = $1), 0)::int,
      'panel', coalesce((select sum(g.panel) from g where g.condition = $1), 0)::int
    )$sql$, public.market_match_sql(v_parsed, 'available'))
  into v_raw using p_condition, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  return jsonb_build_object(
    'available', private.panel_cell(v_cell, v_k),
    'sellers', coalesce((v_cell ->> 'sellers')::int, 0),
    'minSellers', v_k,
    'byCondition', jsonb_build_object(
      'new_with_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_with_tags', v_k),
      'new_without_tags', private.panel_cell(v_raw -> 'conditions' -> 'new_without_tags', v_k),
      'new_with_imperfections', private.panel_cell(v_raw -> 'conditions' -> 'new_with_imperfections', v_k),
      'pre_owned', private.panel_cell(v_raw -> 'conditions' -> 'pre_owned', v_k)
    ),
    'byMarketplace', case when v_shown then private.panel_fold(v_raw -> 'marketplaces', v_k, 'available') else '[]' end,
    -- Withheld figures do not leak through these either: only whether there were any.
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed
  );
end;
$$;

-- The price quartiles and the median time to sell are computed from one pass over the window's sales, at
-- percentile_cont's positions and with its interpolation (docs/decisions/052-sold-count-in-one-pass.md). Recent sales: the newest sale of each seller (and every sale that is nobody's), ten at most, shown
-- only when the sellers among them are enough. panelSellers (the 90-day headline only): the sellers behind the
-- headline, those with a matching item listed now or sold in the window.
create function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5)
  returns jsonb
  language plpgsql stable
  set search_path = ''
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
begin
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, l.seller_key, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.price) filter (where l.condition = $1 and l.currency = 'USD' and l.price is not null) as prices,
        array_agg(l.sold_at - l.listed_at) filter (where l.condition = $1 and l.listed_at is not null) as took,
        (array_agg(l.id order by l.sold_at desc, l.id desc) filter (where l.condition = $1))
          [1:case when l.seller_key is null then 10 else 1 end] as recent
      from public.market_listings l
      where %s and l.sold_at >= $2
      group by l.condition, l.marketplace, l.seller_key
    ),
    chosen as (select * from g where g.condition = $1),
    sorted as (
      select
        (select array_agg(p order by p) from chosen, unnest(chosen.prices) p) as prices,
        (select array_agg(t order by t) from chosen, unnest(chosen.took) t) as took
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
    c as (
      select g.condition, sum(g.n)::int as n, count(distinct g.seller_key)::int as sellers
      from g group by g.condition
    ),
    m as (
      select chosen.marketplace, sum(chosen.n)::int as n, count(chosen.seller_key)::int as sellers,
        array_agg(chosen.seller_key) filter (where chosen.seller_key is not null) as keys
      from chosen group by chosen.marketplace
    ),
    recent as (
      select l.id, l.title, l.price, l.currency, l.marketplace, l.sold_at, l.url, l.seller_key
      from (
        select distinct on (coalesce(l.seller_key::text, l.id::text)) l.*
        from public.market_listings l
        where l.id = any (array(select unnest(chosen.recent) from chosen))
        order by coalesce(l.seller_key::text, l.id::text), l.sold_at desc, l.id desc
      ) l
      order by l.sold_at desc, l.id desc
      limit 10
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', case when m.sellers < $3 then to_jsonb(m.keys) end)) from m), '[]'),
      'pricedSellers', (select count(distinct chosen.seller_key) filter (where cardinality(chosen.prices) > 0) from chosen),
      'timedSellers', (select count(distinct chosen.seller_key) filter (where cardinality(chosen.took) > 0) from chosen),
      'soldKeys', coalesce((select jsonb_agg(distinct chosen.seller_key) filter (where chosen.seller_key is not null) from chosen), '[]'),
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((extract(epoch from m.took) / 86400)::numeric, 1) from middle m),
      'demo', coalesce((select sum(chosen.demo) from chosen), 0)::int,
      'panel', coalesce((select sum(chosen.panel) from chosen), 0)::int,
      'recentSellers', (select count(distinct r.seller_key) from recent r),
      'recentSales', coalesce((
        select jsonb_agg(jsonb_build_object(
          'title', r.title, 'price', r.price, 'currency', r.currency, 'condition', $1,
          'marketplace', r.marketplace, 'soldAt', r.sold_at, 'url', r.url, 'panel', r.seller_key is not null)
          order by r.sold_at desc, r.id desc)
        from recent r
      ), '[]'::jsonb)
    )$sql$, public.market_match_sql(v_parsed, 'sold'))
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
    execute format($sql$
      select count(distinct k)::int from (
        select l.seller_key as k from public.market_listings l where %s and l.condition = $1 and l.seller_key is not null
        union all
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

-- From Postgres 16 the planner may sort all the matched sales for one of the ordered arrays (presorted aggregation),
-- every condition's sales and every column, where each array sorts only its own values of the chosen condition: with
-- that sort "lululemon leggings" took 1.3 times as long. Postgres 15 has no such sort and no such setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int) set enable_presorted_aggregate = off;
  end if;
end;
$$;

-- Which kinds of rows the market index holds, for the market-sources function as well as the searches (issue 28,
-- docs/decisions/059): demo rows, panel comps, and hasImport, the rows of no seller that the cards label 'Imported
-- listings' (market:import writes source 'import'; 'ebay' and 'partner' rows read the same), or nothing at all. Each
-- test is an exists over market_listings_source_idx.
create function public.market_index_state() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'hasDemo', exists (select 1 from public.market_listings where source = 'demo'),
    'hasPanel', exists (select 1 from public.market_listings where source = 'panel'),
    'hasImport', exists (select 1 from public.market_listings where source in ('import', 'ebay', 'partner')),
    'empty', not exists (select 1 from public.market_listings)
  )
$$;

-- The search: the one call the search functions make (service role). The rate limit and the cache first
-- (market_search_gate), then the count of the kind asked for, under the panel's threshold, with what the index holds
-- (market_index_state) so a zero can say what it is made of; a sold answer carries the first sale the index holds.
create function public.market_search(
  p_kind text,
  p_query text,
  p_condition text,
  p_user uuid,
  p_bucket text,
  p_limit int,
  p_window_seconds int,
  p_cache_key text default null,
  p_ttl_seconds int default 900,
  p_window_days int default 90,
  p_min_sellers int default 5
) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, p_cache_key);
  if not (v_gate ->> 'allowed')::boolean then
    return v_gate;
  end if;
  if jsonb_typeof(v_gate -> 'cached') = 'object' then
    return jsonb_build_object('allowed', true, 'cached', true, 'result', v_gate -> 'cached');
  end if;

  if p_kind = 'available' then
    v_result := public.market_count_available(p_query, p_condition, p_min_sellers);
    v_count := (v_result ->> 'available')::int;
  else
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           (select min(l.sold_at) from public.market_listings l where l.status = 'sold'));
    v_count := (v_result ->> 'sold')::int;
  end if;
  -- Where a zero comes from is asked of the whole index: demo rows, the panel, or nothing at all.
  if v_count = 0 then
    v_state := public.market_index_state();
  else
    v_state := jsonb_build_object(
      'hasDemo', (v_result ->> 'demoComps')::int > 0,
      'hasPanel', (v_result ->> 'panelComps')::int > 0,
      'empty', false);
  end if;
  v_result := v_result || jsonb_build_object(
    'hasDemo', (v_state ->> 'hasDemo')::boolean,
    'hasPanel', (v_state ->> 'hasPanel')::boolean,
    'indexEmpty', (v_state ->> 'empty')::boolean,
    'asOf', to_jsonb(now()));

  if p_cache_key is not null then
    perform public.market_cache_put(p_cache_key, v_result, p_ttl_seconds);
  end if;
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

revoke execute on function public.market_count_available(text, text, int), public.market_count_sold(text, text, int, int),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int)
  from public, anon, authenticated;

grant execute on function public.market_count_available(text, text, int), public.market_count_sold(text, text, int, int),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int)
  to service_role;
