-- Noise alone showed panel figures (issue 52): over an empty release, 2.3% of brand and condition searches passed the
-- seller gate ("sold 0, within ±87"). A condition now also needs its noisy sold count to be at least twice its error,
-- and the seller gate clears its floor by 2.33 standard deviations. Marketplace shares are of the bins' plain sum:
-- clipping the empty bins' noise at zero read every share low. Drafted by `npm run db:diff -- panel_gate_on_error`.

CREATE OR REPLACE FUNCTION private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer) RETURNS jsonb
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
    'item', v_reading.item, 'unusedWords', to_jsonb(coalesce(v_reading.unused, '{}')));
  -- A reading too broad for its summed noise to leave a figure (over 120 leaves: a garment across every brand) reads
  -- nothing: the catalogue decides that, not the data.
  if v_leaves = 0 or v_leaves > 120 then
    return v_base;
  end if;
  v_key := private.panel_key();
  v_cells := v_leaves * v_weeks;

  -- Each condition: its own gate on its summed noisy seller count, then its sold count with its error.
  with cells as (
    select c.condition, coalesce(s.sellers, e.sellers) as sellers, coalesce(s.sold, e.sold) as sold
    from private.panel_window(p_window_days) w
      cross join jsonb_array_elements(v_reading.leaves) l
      cross join unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections', 'pre_owned']) c(condition)
      left join private.panel_cells s on s.week = w.week and s.release = w.release and s.brand = l.value ->> 0
        and s.garment = l.value ->> 1 and s.condition = c.condition
      left join lateral (select * from private.panel_empty_cell(v_key, w.week, w.release, l.value ->> 0,
        l.value ->> 1, c.condition, '{}')) e on true
  )
  select jsonb_object_agg(g.condition, case when g.sellers >= 5 + 2.326 * g.sd_sellers and g.sold >= 2 * 1.96 * g.sd_sold
      then jsonb_build_object('value', greatest(g.sold, 0), 'error', ceil(1.96 * g.sd_sold)::int) end)
  into v_ladder
  from (select c.condition, sum(c.sellers) as sellers, sum(c.sold) as sold,
      sqrt(v_cells * private.panel_variance((v_scales ->> 'sellers')::float8)) as sd_sellers,
      sqrt(v_cells * private.panel_variance((v_scales ->> 'sold')::float8)) as sd_sold
    from cells c group by c.condition) g;
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
    'byCondition', v_ladder, 'byMarketplace', coalesce(v_markets, '[]'), 'prices', v_prices, 'daysToSell', v_days);
end;
$$;
