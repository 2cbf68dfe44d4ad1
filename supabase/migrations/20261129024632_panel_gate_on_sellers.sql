-- The panel's gate reads its noisy seller count alone (issue 52): the extra rule on the sold count hid 116 of the 129
-- eval queries the panel should show (bench:panel), and the issue asks for a gate on a noisy seller count only. The
-- gate gets the budget the days and marketplace histograms never used (they showed at no size the bench tried):
-- gate 0.65, sold 0.6, listed 0.2, prices 0.45, days 0.05, marketplaces 0.05, still 2.0 a release; noise alone
-- passes it once in 200 readings. A release run reads each panel row's item once, not once per week (285 s to about
-- 20 s over 20,000 rows), and refreshes the catalogue only when a week is due. Drafted by
-- `npm run db:diff -- panel_gate_on_sellers`.

CREATE OR REPLACE FUNCTION private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_key bytea;
  v_reading record;
  v_newest date;
  v_weeks integer;
  v_leaves integer;
  v_base jsonb;
  v_scales jsonb := private.panel_scales();
  v_cells integer;
  v_ladder jsonb;
  v_sold jsonb;
  v_s float8;
  v_es float8;
  v_b record;
  v_listed jsonb;
  v_rate jsonb;
  v_prices jsonb;
  v_days jsonb;
  v_markets jsonb;
  v_price_edges float8[] := array(select 5 * power(1.25, i) from generate_series(0, 31) i);
  v_day_edges float8[] := private.panel_day_edges()::float8[];
  v_total float8;
  v_d float8;
  v_weekly jsonb;
begin
  select max(r.week) into v_newest from private.panel_releases r;
  if v_newest is null then
    return null;
  end if;
  select * into v_reading from private.panel_reading(p_parsed, p_query);
  v_weeks := case when p_window_days <= 30 then 4 when p_window_days <= 90 then 13 when p_window_days <= 180 then 26
    else 52 end;
  v_leaves := jsonb_array_length(v_reading.leaves);
  v_base := jsonb_build_object('shown', false, 'weeks', v_weeks, 'through', v_newest + 6,
    'releasedAt', (select min(r.released_at) from private.panel_releases r where r.week = v_newest),
    'item', v_reading.item, 'unusedWords', to_jsonb(coalesce(v_reading.unused, '{}')),
    -- The desk's narrowing the release cannot answer (it is keyed by item, condition and week only): said, not applied.
    'notNarrowedBy', to_jsonb(array(select f from unnest(array['size', 'marketplace', 'price']) f
      where (f = 'size' and nullif(p_filters ->> 'size', '') is not null)
        or (f = 'marketplace' and nullif(p_filters ->> 'marketplace', '') is not null)
        or (f = 'price' and (p_filters ? 'priceMin' or p_filters ? 'priceMax')))));
  -- A reading too broad for its summed noise to leave a figure (over 120 leaves: a garment across every brand) reads
  -- nothing: the catalogue decides that, not the data.
  if v_leaves = 0 or v_leaves > 120 then
    return v_base;
  end if;
  v_key := private.panel_key();
  v_cells := v_leaves * v_weeks;

  -- Each condition: its own gate on its summed noisy seller count, then its sold count with its error.
  with cells as materialized (
    select c.condition, w.week, coalesce(s.sellers, e.sellers) as sellers, coalesce(s.sold, e.sold) as sold
    from private.panel_window(p_window_days) w
      cross join jsonb_array_elements(v_reading.leaves) l
      cross join unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned']) c(condition)
      left join private.panel_cells s on s.week = w.week and s.release = w.release and s.brand = l.value ->> 0
        and s.garment = l.value ->> 1 and s.condition = c.condition
      left join lateral (select * from private.panel_empty_cell(v_key, w.week, w.release, l.value ->> 0,
        l.value ->> 1, c.condition, '{}')) e on true
  )
  select
    (select jsonb_object_agg(g.condition, case when g.sellers >= 5 + 2.576 * g.sd_sellers
        then jsonb_build_object('value', greatest(g.sold, 0), 'error', ceil(1.96 * g.sd_sold)::int) end)
     from (select c.condition, sum(c.sellers) as sellers, sum(c.sold) as sold,
         sqrt(v_cells * private.panel_variance((v_scales ->> 'sellers')::float8)) as sd_sellers,
         sqrt(v_cells * private.panel_variance((v_scales ->> 'sold')::float8)) as sd_sold
       from cells c group by c.condition) g),
    -- The trend (issue 54): the condition's sold count per released week, by the same gate over that week's cells.
    (select jsonb_agg(jsonb_build_object('week', g.week, 'sold', case
          when g.sellers >= 5 + 2.576 * g.sd_sellers
          then jsonb_build_object('value', greatest(g.sold, 0), 'error', ceil(1.96 * g.sd_sold)::int) end) order by g.week)
     from (select c.week, sum(c.sellers) as sellers, sum(c.sold) as sold,
         sqrt(v_leaves * private.panel_variance((v_scales ->> 'sellers')::float8)) as sd_sellers,
         sqrt(v_leaves * private.panel_variance((v_scales ->> 'sold')::float8)) as sd_sold
       from cells c where c.condition = p_condition group by c.week) g)
  into v_ladder, v_weekly;
  v_sold := v_ladder -> p_condition;
  if v_sold is null or jsonb_typeof(v_sold) = 'null' then
    return v_base;
  end if;
  v_s := (v_sold ->> 'value')::float8;
  v_es := (v_sold ->> 'error')::float8;

  -- The condition asked for: listed at the newest week's end, and the histograms summed over the window.
  with cells as (
    select w.week, coalesce(s.listed, e.listed) as listed, coalesce(s.prices, e.prices) as prices,
      coalesce(s.days, e.days) as days, coalesce(s.markets, e.markets) as markets
    from private.panel_window(p_window_days) w
      cross join jsonb_array_elements(v_reading.leaves) l
      left join private.panel_cells s on s.week = w.week and s.release = w.release and s.brand = l.value ->> 0
        and s.garment = l.value ->> 1 and s.condition = p_condition
      left join lateral (select * from private.panel_empty_cell(v_key, w.week, w.release, l.value ->> 0,
        l.value ->> 1, p_condition, '{listed,prices,days,markets}')) e on true
  )
  select (select sum(c.listed) from cells c where c.week = v_newest)::float8 as listed,
    array(select sum(u.v)::int from cells c, unnest(c.prices) with ordinality u(v, i) group by u.i order by u.i)
      as prices,
    array(select sum(u.v)::int from cells c, unnest(c.days) with ordinality u(v, i) group by u.i order by u.i) as days,
    array(select sum(u.v)::int from cells c, unnest(c.markets) with ordinality u(v, i) group by u.i order by u.i)
      as markets
  into v_b
  from (select 1) one;

  -- Listed now (the newest week's end), shown when it clears its own error; the sell-through from the two.
  v_d := 1.96 * sqrt(v_leaves * private.panel_variance((v_scales ->> 'listed')::float8));
  if v_b.listed > v_d then
    v_listed := jsonb_build_object('value', round(v_b.listed)::int, 'error', ceil(v_d)::int);
    v_rate := jsonb_build_object('value', round(100 * v_s / v_b.listed)::int,
      'error', ceil(100 * sqrt(power(v_es / v_b.listed, 2) + power(v_s * v_d / power(v_b.listed, 2), 2)))::int);
  end if;

  -- Prices: the quartiles of the summed histogram, the median with the range its noise leaves (the ranks 1.96
  -- standard deviations of the noise below and above the middle, over half the bins). Too wide a range: not shown.
  v_total := (select sum(greatest(v, 0)) from unnest(v_b.prices) v);
  if v_total > 0 then
    v_d := 1.96 * sqrt(v_cells * 16 * private.panel_variance((v_scales ->> 'prices')::float8)) / v_total;
    if v_d <= 0.25 then
      v_prices := jsonb_build_object(
        'median', jsonb_build_object(
          'value', round(private.panel_quantile(v_b.prices, 0.5, v_price_edges)::numeric, 2),
          'low', round(private.panel_quantile(v_b.prices, 0.5 - v_d, v_price_edges)::numeric, 2),
          'high', round(private.panel_quantile(v_b.prices, 0.5 + v_d, v_price_edges)::numeric, 2)),
        'p25', round(private.panel_quantile(v_b.prices, 0.25, v_price_edges)::numeric, 2),
        'p75', round(private.panel_quantile(v_b.prices, 0.75, v_price_edges)::numeric, 2));
    end if;
  end if;
  v_total := (select sum(greatest(v, 0)) from unnest(v_b.days) v);
  if v_total > 0 then
    v_d := 1.96 * sqrt(v_cells * 8 * private.panel_variance((v_scales ->> 'days')::float8)) / v_total;
    if v_d <= 0.25 then
      v_days := jsonb_build_object(
        'value', round(private.panel_quantile(v_b.days, 0.5, v_day_edges)::numeric, 1),
        'low', round(private.panel_quantile(v_b.days, 0.5 - v_d, v_day_edges)::numeric, 1),
        'high', round(private.panel_quantile(v_b.days, 0.5 + v_d, v_day_edges)::numeric, 1));
    end if;
  end if;

  -- Marketplaces: each one's share of the sellers' sales (one marketplace per seller and week), of the sold count;
  -- a row whose error is more than half of it is not shown. The shares are of the bins' plain sum, whose noise is as
  -- often below zero as above (clipping the empty bins' noise at zero would read every share low).
  v_total := (select sum(v) from unnest(v_b.markets) v);
  v_d := 1.96 * sqrt(v_cells * private.panel_variance((v_scales ->> 'markets')::float8));
  if v_total > 0 then
    select coalesce(jsonb_agg(jsonb_build_object('marketplace', m.name, 'sold',
        jsonb_build_object('value', m.sold, 'error', m.error)) order by m.sold desc, m.name), '[]')
    into v_markets
    from (select k.name, round(v_s * k.v / v_total)::int as sold,
        ceil(v_s * k.v / v_total * sqrt(power(v_d / k.v, 2) + power(v_es / greatest(v_s, 1), 2)))::int as error
      from unnest(private.panel_markets(), v_b.markets) as k(name, v)
      where k.v > 2 * v_d) m
    where m.sold > 0;
  end if;

  return v_base || jsonb_build_object('shown', true, 'sold', v_sold, 'listed', v_listed, 'sellThrough', v_rate,
    'weekly', coalesce(v_weekly, '[]'),
    'byCondition', v_ladder, 'byMarketplace', coalesce(v_markets, '[]'), 'prices', v_prices, 'daysToSell', v_days);
end;
$$;

CREATE OR REPLACE FUNCTION private.panel_release_week(p_week date, p_release smallint) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_key bytea := private.panel_key();
  v_end timestamptz := (p_week + 7)::timestamp at time zone 'UTC';
  v_start timestamptz := p_week::timestamp at time zone 'UTC';
  v_cells integer;
begin
  insert into private.panel_releases (week, release) values (p_week, p_release);
  with rows as (
    select l.id, l.seller_key, l.condition, l.status, l.price, l.currency, l.marketplace, l.sold_at, l.listed_at,
      lf.brand, lf.garment,
      (l.status = 'sold' and l.sold_at >= v_start and l.sold_at < v_end) as sold_here,
      (l.listed_at < v_end and (l.status = 'available' or l.sold_at >= v_end)) as listed_here,
      -- A random order within the unit that no one can steer: by the key and the row.
      extensions.hmac(convert_to(l.id::text, 'UTF8'), v_key, 'sha256') as draw
    from public.market_listings l
      -- Each row's leaf, read once per release run (panel_release_run), not once per week.
      join pg_temp.panel_run_leaves pl on pl.id = l.id,
      -- The pair when the catalogue holds it, else the brand alone, else the garment alone.
      lateral (select pl.brand as brand,
        case when pl.brand = '' or exists (select 1 from private.panel_catalogue k
          where k.brand = pl.brand and k.garment = pl.garment) then pl.garment else '' end as garment) lf
    where l.source = 'panel' and l.seller_key is not null and l.condition is not null
      and ((l.status = 'sold' and l.sold_at >= v_start and l.sold_at < v_end)
        or (l.listed_at < v_end and (l.status = 'available' or l.sold_at >= v_end)))
      and (lf.brand <> '' or lf.garment <> '')
  ),
  units as (
    select r.seller_key, r.brand, r.garment, r.condition,
      least(count(*) filter (where r.sold_here), 3)::int as sold,
      least(count(*) filter (where r.listed_here), 3)::int as listed,
      (array_agg(r.price order by r.draw) filter (where r.sold_here and r.currency = 'USD' and r.price is not null))[1]
        as price,
      (array_agg(extract(epoch from r.sold_at - r.listed_at) / 86400 order by r.draw)
        filter (where r.sold_here and r.listed_at is not null))[1] as took,
      (array_agg(r.marketplace order by r.draw) filter (where r.sold_here))[1] as marketplace
    from rows r
    group by r.seller_key, r.brand, r.garment, r.condition
  ),
  binned as (
    select u.*,
      case when u.price is not null then private.panel_price_bin(least(greatest(u.price, b.low), b.high)) end as price_bin,
      case when u.took is not null then (
        select max(e.i) - 1 from unnest(private.panel_day_edges()) with ordinality e(v, i)
        where e.v <= least(greatest(u.took, 0), 365)) end as day_bin,
      case when u.marketplace is not null then coalesce(array_position(private.panel_markets(), u.marketplace),
        cardinality(private.panel_markets())) - 1 end as market_bin
    from units u, lateral private.panel_price_band(u.garment) b
  ),
  cells as (
    select c.brand, c.garment, c.condition, count(*)::int as sellers, sum(c.sold)::int as sold,
      sum(c.listed)::int as listed,
      array(select count(*) filter (where x.price_bin = g.i)::int from binned x, generate_series(0, 30) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as prices,
      array(select count(*) filter (where x.day_bin = g.i)::int from binned x, generate_series(0, 15) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as days,
      array(select count(*) filter (where x.market_bin = g.i)::int from binned x, generate_series(0, 8) g(i)
            where x.brand = c.brand and x.garment = c.garment and x.condition = c.condition group by g.i order by g.i)
        as markets
    from binned c
    group by c.brand, c.garment, c.condition
  ),
  stored as (
    insert into private.panel_cells (week, release, brand, garment, condition, sellers, sold, listed, prices, days,
      markets)
    select p_week, p_release, c.brand, c.garment, c.condition,
      c.sellers + n.sellers, c.sold + n.sold, c.listed + n.listed,
      array(select a + b from unnest(c.prices, n.prices) as z(a, b)),
      array(select a + b from unnest(c.days, n.days) as z(a, b)),
      array(select a + b from unnest(c.markets, n.markets) as z(a, b))
    from cells c,
      lateral private.panel_empty_cell(v_key, p_week, p_release, c.brand, c.garment, c.condition,
        '{listed,prices,days,markets}') n
    returning 1
  )
  select count(*)::int into v_cells from stored;
  update private.panel_releases set cells = v_cells where week = p_week and release = p_release;
  return v_cells;
end;
$$;

CREATE OR REPLACE FUNCTION private.panel_scales() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('sellers', 1 / 0.65, 'sold', 3 / 0.6, 'listed', 3 / 0.2, 'prices', 1 / 0.45,
    'days', 1 / 0.05, 'markets', 1 / 0.05)
$$;

CREATE OR REPLACE FUNCTION public.panel_release_run(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_week date;
  v_release smallint;
  v_done jsonb := '[]';
  v_cells integer;
begin
  -- One release run at a time.
  perform pg_advisory_xact_lock(hashtextextended('panel_release_run', 0));
  if not exists (select 1 from private.panel_releases)
     and not exists (select 1 from public.market_listings where source = 'panel') then
    return v_done;
  end if;
  for v_week in
    select w::date from generate_series(
      date_trunc('week', p_now at time zone 'UTC')::date - 7 * 54, date_trunc('week', p_now at time zone 'UTC')::date,
      interval '7 days') w
    order by w
  loop
    v_release := case
      when (v_week + 13 + 7 * 13)::timestamp at time zone 'UTC' <= p_now then 2
      when (v_week + 13)::timestamp at time zone 'UTC' <= p_now then 1
    end;
    continue when v_release is null
      or exists (select 1 from private.panel_releases r where r.week = v_week and r.release >= v_release);
    -- The first week due in this run: the catalogue and every panel row's leaf, once.
    if jsonb_array_length(v_done) = 0 then
      perform private.panel_catalogue_refresh();
      create temporary table if not exists panel_run_leaves (id bigint primary key, brand text, garment text)
        on commit drop;
      truncate panel_run_leaves;
      insert into panel_run_leaves
      select l.id, lf.brand, lf.garment from public.market_listings l, lateral private.panel_leaf(l.terms) lf
      where l.source = 'panel';
    end if;
    v_cells := private.panel_release_week(v_week, v_release);
    v_done := v_done || jsonb_build_object('week', v_week, 'release', v_release, 'cells', v_cells);
  end loop;
  if jsonb_array_length(v_done) > 0 then
    delete from public.market_search_cache where cache_key like 'search-sold|%';
  end if;
  return v_done;
end;
$$;
