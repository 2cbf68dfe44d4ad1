-- The seller panel's figures come from frozen, differentially private released cells, never from its rows (issue 52,
-- docs/decisions/082-panel-release.md). Sybil accounts, differencing and dominant sellers read one seller's sales out
-- of the k-anonymous counts; the searches' exact counts now leave panel rows out, and a sold answer carries the
-- panel's released figures with their error (private.panel_figures). Drafted by `npm run db:diff -- panel_release`
-- from supabase/schemas/55_panel_release.sql and 40_market_search.sql; the pg_cron schedule is written by hand.

SET check_function_bodies = false;

CREATE OR REPLACE FUNCTION private.market_available(p_parsed jsonb, p_condition text, p_k integer, OUT result jsonb, OUT sellers uuid[]) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET jit TO 'off'
    AS $_$
declare
  v_parsed jsonb := p_parsed;
  v_k int := greatest(coalesce(p_k, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
begin
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.seller_key) filter (where l.seller_key is not null) as keys
      from public.market_listings l
      where %s and l.source <> 'panel'
      group by l.condition, l.marketplace
    ),
    gk as (
      select g.*, private.market_sellers_upto(g.keys, $2) as upto from g
    ),
    -- The sellers of the condition asked for, each once.
    chosen as (
      select coalesce(array_agg(d.k), '{}') as keys
      from (select distinct k from gk, unnest(gk.keys) k where gk.condition = $1) d
    ),
    -- A condition's sellers: all of them for the one asked for; for another, enough when one marketplace has enough,
    -- else every key of the condition counted.
    c as (
      select c.condition, c.n, case
          when c.condition = $1 then (select cardinality(chosen.keys) from chosen)
          when not c.enough
            then (select count(*) from (select distinct k from gk, unnest(gk.keys) k where gk.condition = c.condition) d)
          else $2
        end::int as sellers
      from (select gk.condition, sum(gk.n)::int as n, bool_or(gk.upto >= $2) as enough from gk group by gk.condition) c
    ),
    m as (
      select gk.marketplace, gk.n, gk.upto as sellers,
        case when gk.upto < $2 then array(select distinct k from unnest(gk.keys) k) end as keys, gk.demo, gk.panel
      from gk where gk.condition = $1
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n, 'sellers', c.sellers)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', m.marketplace, 'n', m.n,
        'sellers', m.sellers, 'keys', to_jsonb(m.keys))) from m), '[]'),
      'demo', coalesce((select sum(m.demo) from m), 0)::int,
      'panel', coalesce((select sum(m.panel) from m), 0)::int
    ), (select chosen.keys from chosen)$sql$, public.market_match_sql(v_parsed, 'available'))
  into v_raw, sellers using p_condition, v_k;

  v_cell := v_raw -> 'conditions' -> p_condition;
  v_shown := private.panel_cell(v_cell, v_k) is not null;
  result := jsonb_build_object(
    'available', private.panel_cell(v_cell, v_k),
    -- A withheld figure says nothing of the sellers behind it: the same answer for one seller or four.
    'sellers', case when v_shown then coalesce((v_cell ->> 'sellers')::int, 0) end,
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
$_$;

CREATE FUNCTION private.panel_catalogue_refresh(p_sample integer DEFAULT 5000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_rows float8 := (select c.reltuples from pg_catalog.pg_class c where c.oid = 'public.market_listings'::regclass);
  v_count integer;
begin
  with lexicon as (
    select x.label as brand, '' as garment from public.market_lexicon x where x.kind = 'brand'
    union select '', x.label from public.market_lexicon x where x.kind = 'garment'
    union select p.brand, p.garment from public.market_products p
    union select x.brand, x.garment from public.market_lexicon x where x.kind = 'model' and x.garment is not null
  ),
  sampled as (
    select l.terms from public.market_listings l tablesample system (least(100, 100.0 * p_sample / greatest(v_rows, 1)))
      repeatable (0)
    where l.source <> 'panel' and v_rows > p_sample * 2
    union all
    select l.terms from (select l.terms, l.source from public.market_listings l order by l.id desc limit p_sample) l
    where l.source <> 'panel' and v_rows <= p_sample * 2
  ),
  seen as (
    select distinct lf.brand, lf.garment from sampled s, lateral private.panel_leaf(s.terms) lf
    where lf.brand <> '' and lf.garment <> ''
  ),
  added as (
    insert into private.panel_catalogue (brand, garment)
    select * from lexicon where brand <> '' or garment <> ''
    union select * from seen
    on conflict do nothing
    returning 1
  )
  select count(*)::int into v_count from added;
  return v_count;
end;
$$;

CREATE FUNCTION private.panel_cell_label(p_week date, p_release smallint, p_brand text, p_garment text, p_condition text, p_figure text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select concat_ws('|', p_week, p_release, p_brand, p_garment, p_condition, p_figure)
$$;

CREATE FUNCTION private.panel_day_edges() RETURNS integer[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '{0,1,2,3,5,7,10,14,21,30,45,60,90,120,180,270,366}'::integer[]
$$;

CREATE FUNCTION private.panel_empty_cell(p_key bytea, p_week date, p_release smallint, p_brand text, p_garment text, p_condition text, p_figures text[]) RETURNS TABLE(sellers integer, sold integer, listed integer, prices integer[], days integer[], markets integer[])
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select
    (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'sellers'),
      1, (private.panel_scales() ->> 'sellers')::float8))[1],
    (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'sold'),
      1, (private.panel_scales() ->> 'sold')::float8))[1],
    case when 'listed' = any (p_figures) then
      (private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'listed'),
        1, (private.panel_scales() ->> 'listed')::float8))[1] end,
    case when 'prices' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'prices'),
        31, (private.panel_scales() ->> 'prices')::float8) end,
    case when 'days' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'days'),
        16, (private.panel_scales() ->> 'days')::float8) end,
    case when 'markets' = any (p_figures) then
      private.panel_noise(p_key, private.panel_cell_label(p_week, p_release, p_brand, p_garment, p_condition, 'markets'),
        9, (private.panel_scales() ->> 'markets')::float8) end
$$;

CREATE FUNCTION private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer) RETURNS jsonb
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
  select jsonb_object_agg(g.condition, case when g.sellers >= 5 + 1.645 * g.sd_sellers
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
  -- a row whose error is more than half of it is not shown.
  v_total := (select sum(greatest(v, 0)) from unnest(v_b.markets) v);
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

CREATE FUNCTION private.panel_key() RETURNS bytea
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_key bytea;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute $q$select decode(decrypted_secret, 'hex') from vault.decrypted_secrets where name = 'panel_noise_key'$q$
      into v_key;
    if v_key is not null then
      return v_key;
    end if;
  end if;
  select k.key into v_key from private.panel_noise_key k;
  if v_key is null then
    insert into private.panel_noise_key (key) values (extensions.gen_random_bytes(32)) on conflict (id) do nothing;
    select k.key into v_key from private.panel_noise_key k;
  end if;
  return v_key;
end;
$_$;

CREATE FUNCTION private.panel_leaf(p_terms text[], OUT brand text, OUT garment text) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with b as (
    select coalesce(
      (select x.label from public.market_lexicon x
       where x.kind = 'brand' and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.brand from public.market_lexicon x
       where x.kind = 'model' and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select s.brand from public.market_brand_spellings s where s.word = any (p_terms) order by s.brand limit 1),
      '') as brand
  )
  select b.brand, coalesce(
      (select p.garment from public.market_products p
       where p.brand = b.brand and string_to_array(p.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(p.phrase, ' ')) desc, p.garment limit 1),
      (select x.garment from public.market_lexicon x
       where x.kind = 'model' and x.brand = b.brand and x.garment is not null
         and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      (select x.label from public.market_lexicon x
       where x.kind = 'garment' and string_to_array(x.phrase, ' ') <@ p_terms
       order by cardinality(string_to_array(x.phrase, ' ')) desc, x.label limit 1),
      '')
  from b
$$;

CREATE FUNCTION private.panel_markets() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '{ebay,poshmark,mercari,depop,etsy,vinted,grailed,facebook,other}'::text[]
$$;

CREATE FUNCTION private.panel_noise(p_key bytea, p_label text, p_n integer, p_scale double precision) RETURNS integer[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(
      (floor(-p_scale * ln((('x' || encode(substring(h.h from o.o + 1 for 6), 'hex'))::bit(48)::bigint + 0.5)
        / 281474976710656.0))
       - floor(-p_scale * ln((('x' || encode(substring(h.h from o.o + 9 for 6), 'hex'))::bit(48)::bigint + 0.5)
        / 281474976710656.0)))::int
      order by i.i), '{}')
  from generate_series(0, greatest(p_n, 0) - 1) i(i),
    lateral (select extensions.hmac(convert_to(p_label || '#' || (i.i / 2)::text, 'UTF8'), p_key, 'sha256') as h) h,
    lateral (select (i.i % 2) * 16 as o) o
$$;

CREATE FUNCTION private.panel_price_band(p_garment text, OUT low numeric, OUT high numeric) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.low, b.high
  from (select (select x.family from public.market_lexicon x
                where x.kind = 'garment' and x.label = p_garment and x.family is not null limit 1) as family) f,
    lateral (select case f.family
        when 'bags' then 10 when 'footwear' then 10 when 'accessories' then 5 else 5 end::numeric as low,
      case f.family
        when 'bags' then 5000 when 'footwear' then 2000 when 'accessories' then 2000 when 'tops' then 1500
        when 'bottoms' then 1500 when 'one-pieces' then 2000 else 5000 end::numeric as high) b
$$;

CREATE FUNCTION private.panel_price_bin(p_price numeric) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select least(30, greatest(0, floor(ln(greatest(p_price, 5)::float8 / 5) / ln(1.25))::int))
$$;

CREATE FUNCTION private.panel_quantile(p_hist integer[], p_q double precision, p_edges double precision[]) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  with h as (select i, greatest(v, 0)::float8 as v from unnest(p_hist) with ordinality u(v, i)),
  c as (select i, v, sum(v) over (order by i) as upto, sum(v) over () as total from h)
  select case when c.v > 0 then p_edges[c.i] + (p_edges[c.i + 1] - p_edges[c.i]) * (p_q * c.total - (c.upto - c.v)) / c.v
    else p_edges[c.i] end
  from c
  where c.total > 0 and c.upto >= p_q * c.total
  order by c.i
  limit 1
$$;

CREATE FUNCTION private.panel_reading(p_parsed jsonb, p_query text, OUT leaves jsonb, OUT item text, OUT unused text[]) RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with clauses as (
    select c.value as clause, c.ordinality as n
    from jsonb_array_elements(coalesce(p_parsed -> 'clauses', '[]')) with ordinality c
  ),
  named as (
    select c.n,
      array(select distinct coalesce(m.brand, g.value ->> 'label')
            from jsonb_array_elements(c.clause -> 'groups') g
            left join public.market_lexicon m on g.value ->> 'kind' = 'model' and m.kind = 'model'
              and m.label = g.value ->> 'label'
            where g.value ->> 'kind' = 'brand' or (g.value ->> 'kind' = 'model' and m.brand is not null)) as brands,
      array(select distinct coalesce(m.garment, g.value ->> 'label')
            from jsonb_array_elements(c.clause -> 'groups') g
            left join public.market_lexicon m on g.value ->> 'kind' = 'model' and m.kind = 'model'
              and m.label = g.value ->> 'label'
            where g.value ->> 'kind' = 'garment' or (g.value ->> 'kind' = 'model' and m.garment is not null)) as garments,
      c.clause
    from clauses c
  ),
  -- A brand's own product name the reading kept as a word ("lululemon align": leggings).
  products as (
    select n.n, n.brands, n.garments || array(
        select distinct p.garment from jsonb_array_elements(n.clause -> 'groups') g, jsonb_array_elements(g.value -> 'any') a,
          public.market_products p
        where coalesce(g.value ->> 'kind', 'word') = 'word' and p.brand = any (n.brands)
          and string_to_array(p.phrase, ' ') = array(select jsonb_array_elements_text(a.value))) as garments
    from named n
  ),
  widened as (
    select n.n, n.brands, n.garments || array(
        select distinct v from public.market_lexicon x, unnest(x.covers) v
        where x.kind = 'garment' and x.label = any (n.garments)) as garments
    from products n
    where cardinality(n.brands) > 0 or cardinality(n.garments) > 0
  ),
  picked as (
    select distinct k.brand, k.garment
    from widened w
    join private.panel_catalogue k
      on (cardinality(w.brands) = 0 or k.brand = any (w.brands))
      and (cardinality(w.garments) = 0 or k.garment = any (w.garments))
  )
  select
    coalesce((select jsonb_agg(jsonb_build_array(p.brand, p.garment) order by p.brand, p.garment) from picked p), '[]'),
    (select string_agg(concat_ws(' ', nullif(array_to_string(w.brands, ' or '), ''),
        nullif(array_to_string(array(select distinct g from products n, unnest(n.garments) g where n.n = w.n order by g),
          ' or '), '')), '; ' order by w.n)
     from widened w),
    array(select distinct private.market_written(g.value, p_query)
          from clauses c, jsonb_array_elements(c.clause -> 'groups') g
          where coalesce(g.value ->> 'kind', 'word') not in ('brand', 'garment', 'model')
            and private.market_written(g.value, p_query) is not null
            -- a brand's product name is used: it reads as its garment
            and not exists (select 1 from named n, jsonb_array_elements(g.value -> 'any') a, public.market_products p
              where n.n = c.n and p.brand = any (n.brands)
                and string_to_array(p.phrase, ' ') = array(select jsonb_array_elements_text(a.value))))
$$;

CREATE FUNCTION private.panel_release_week(p_week date, p_release smallint) RETURNS integer
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
    from public.market_listings l, lateral private.panel_leaf(l.terms) pl,
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

CREATE FUNCTION private.panel_scales() RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('sellers', 1 / 0.4, 'sold', 3 / 0.6, 'listed', 3 / 0.2, 'prices', 1 / 0.6,
    'days', 1 / 0.1, 'markets', 1 / 0.1)
$$;

CREATE FUNCTION private.panel_variance(p_scale double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 2 * exp(-1 / p_scale) / power(1 - exp(-1 / p_scale), 2)
$$;

CREATE FUNCTION private.panel_window(p_window_days integer) RETURNS TABLE(week date, release smallint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with newest as (select max(r.week) as week from private.panel_releases r)
  select w.week::date, coalesce((select max(r.release) from private.panel_releases r where r.week = w.week), 1)::smallint
  from newest n, generate_series(n.week - 7 * (case
      when p_window_days <= 30 then 4 when p_window_days <= 90 then 13 when p_window_days <= 180 then 26 else 52
    end - 1), n.week, interval '7 days') w(week)
  where n.week is not null
$$;

CREATE OR REPLACE FUNCTION public.market_count_sold(p_query text, p_condition text, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    AS $_$
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
        and l.source <> 'panel'
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
      select m.id, m.seller_key, m.source, m.price, m.currency, m.sold_at, m.listed_at from m where m.condition = $1
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
    -- Never a panel comp: a reseller's shared sale is counted, never listed (issue 49). Of the demo and imported
    -- listings, the newest sale of each seller, and every sale that is nobody's: the ten newest of these. They are among the 40
    -- newest sales whenever those hold ten sellers (a seller's newest sale is never older than another of theirs), so
    -- those are looked at first, and all of them only when they do not.
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc where mc.source <> 'panel'
      order by mc.sold_at desc, mc.id desc limit 40
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
            where mc.source <> 'panel'
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
      -- Never past tomorrow's end, whatever a row says (a sale dated 9999 asked for every week to 9999: a 504 for all).
      least(greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold')),
        date_trunc('day', now(), 'UTC') + interval '2 days')))
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
        where (l.condition = $1) is true and l.seller_key is not null and %s and l.source <> 'panel'
        union
        select (jsonb_array_elements_text($2))::uuid
      ) s$sql$, public.market_match_sql(v_parsed, 'available'))
    into v_panel_sellers using p_condition, v_raw -> 'soldKeys';
  end if;

  return jsonb_build_object(
    'sold', private.panel_cell(v_cell, v_k),
    -- A withheld figure says nothing of the sellers behind it: the same answer for one seller or four.
    'sellers', case when v_shown then coalesce((v_cell ->> 'sellers')::int, 0) end,
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
$_$;

CREATE OR REPLACE FUNCTION public.market_search(p_kind text, p_query text, p_condition text, p_user uuid, p_bucket text, p_limit integer, p_window_seconds integer, p_cache_key text DEFAULT NULL::text, p_ttl_seconds integer DEFAULT 900, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
  v_sellers uuid[];
  v_hits int;
begin
  if p_kind is null or p_kind not in ('available', 'sold') then
    raise exception 'p_kind must be available or sold' using errcode = '22023';
  end if;

  -- The user's calls so far in this window, read without taking their row. A call at the limit is refused by the gate,
  -- which counts it as it always did.
  select r.hits into v_hits from public.market_rate_limits r
  where r.user_id = p_user and r.bucket = p_bucket
    and r.window_start = to_timestamp(floor(extract(epoch from now()) / greatest(p_window_seconds, 1))
      * greatest(p_window_seconds, 1));
  if coalesce(v_hits, 0) >= p_limit then
    return public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  end if;
  if p_cache_key is not null then
    select c.payload into v_result from public.market_search_cache c
    where c.cache_key = p_cache_key and c.expires_at > now();
    -- One count per answer in flight: a search that finds no cached answer waits for any other search counting the
    -- same answer (the same cache key) to finish, and then takes that answer from the cache. The lock is the
    -- transaction's: it goes with the commit that writes the cache entry, so the waiting search reads the entry once
    -- it has the lock.
    if v_result is null then
      perform pg_advisory_xact_lock(hashtextextended('market_search ' || p_cache_key, 0));
      select c.payload into v_result from public.market_search_cache c
      where c.cache_key = p_cache_key and c.expires_at > now();
    end if;
    if v_result is not null then
      v_gate := public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
      if not (v_gate ->> 'allowed')::boolean then
        return v_gate;
      end if;
      return jsonb_build_object('allowed', true, 'cached', true, 'result', v_result);
    end if;
  end if;

  if p_kind = 'available' then
    select a.result, a.sellers into v_result, v_sellers
    from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers) a;
    v_count := (v_result ->> 'available')::int;
  else
    -- The day the window starts (UTC): a date of the question, never one read from a seller's rows (issue 49), and
    -- a day, as the screen says it, so two answers of one day differ only in asOf.
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers)
      || jsonb_build_object('dataSince',
           date_trunc('day', now() - make_interval(days => greatest(p_window_days, 1)), 'UTC'));
    v_count := (v_result ->> 'sold')::int;
    -- The seller panel's figures: released cells only (55_panel_release.sql), never its rows.
    v_result := v_result || jsonb_build_object('panelRelease',
      private.panel_figures(v_result -> 'query', p_query, p_condition, p_window_days));
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
    -- The words a panel write must hold to touch this answer (private.market_cache_forget).
    update public.market_search_cache c set terms = private.market_query_terms(v_result -> 'query')
    where c.cache_key = p_cache_key;
  end if;
  -- The reading, for the search of the other kind that follows (the screen asks for both).
  if not exists (select 1 from public.market_query_readings r
                 where r.query = p_query and r.read_at > now() - interval '10 minutes') then
    delete from public.market_query_readings r where r.read_at <= now() - interval '10 minutes';
    insert into public.market_query_readings (query, reading) values (p_query, v_result -> 'query')
    on conflict (query) do update set reading = excluded.reading, read_at = now(), condition = null, sellers = null,
      sellers_at = null;
  end if;
  -- The sellers of a listed search, for the sold search's headline that follows.
  if p_kind = 'available' then
    update public.market_query_readings r set condition = p_condition, sellers = v_sellers, sellers_at = now()
    where r.query = p_query;
  end if;
  -- The call counts against the user's window last, so their row is held from here to the commit only. (Calls of one
  -- user made at the same moment all pass while the window has room, and then all count.)
  perform public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

CREATE FUNCTION public.panel_release_run(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
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
  perform private.panel_catalogue_refresh();
  for v_week in
    select w::date from generate_series(
      date_trunc('week', p_now at time zone 'UTC')::date - 7 * 54, date_trunc('week', p_now at time zone 'UTC')::date,
      interval '7 days') w
    order by w
  loop
    v_release := case
      when (v_week + 14 + 7 * 13)::timestamp at time zone 'UTC' <= p_now then 2
      when (v_week + 14)::timestamp at time zone 'UTC' <= p_now then 1
    end;
    continue when v_release is null
      or exists (select 1 from private.panel_releases r where r.week = v_week and r.release >= v_release);
    v_cells := private.panel_release_week(v_week, v_release);
    v_done := v_done || jsonb_build_object('week', v_week, 'release', v_release, 'cells', v_cells);
  end loop;
  if jsonb_array_length(v_done) > 0 then
    delete from public.market_search_cache where cache_key like 'search-sold|%';
  end if;
  return v_done;
end;
$$;

REVOKE ALL ON FUNCTION public.panel_release_run(timestamp with time zone) FROM anon, authenticated, service_role;

COMMENT ON FUNCTION public.panel_release_run(p_now timestamp with time zone) IS 'Releases the seller panel''s due weeks (decision 082). Hosted: pg_cron runs it daily; locally the emulator at start and hourly, and the tests.';

CREATE TABLE private.panel_catalogue (
    brand text NOT NULL,
    garment text NOT NULL,
    CONSTRAINT panel_catalogue_names_something CHECK (((brand <> ''::text) OR (garment <> ''::text)))
);

COMMENT ON TABLE private.panel_catalogue IS 'The seller panel''s public item leaves (decision 082): lexicon brands and garments and pairs seen in public listings.';

CREATE TABLE private.panel_cells (
    week date NOT NULL,
    release smallint NOT NULL,
    brand text NOT NULL,
    garment text NOT NULL,
    condition text NOT NULL,
    sellers integer NOT NULL,
    sold integer NOT NULL,
    listed integer NOT NULL,
    prices integer[] NOT NULL,
    days integer[] NOT NULL,
    markets integer[] NOT NULL,
    CONSTRAINT panel_cells_condition_known CHECK ((condition = ANY (ARRAY['new_with_tags'::text, 'new_without_tags'::text, 'new_with_imperfections'::text, 'pre_owned'::text])))
);

COMMENT ON TABLE private.panel_cells IS 'The seller panel''s released cells (decision 082): noisy figures per item leaf, condition and ISO week.';

CREATE TABLE private.panel_noise_key (
    id boolean DEFAULT true NOT NULL,
    key bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT panel_noise_key_length CHECK ((octet_length(key) >= 32)),
    CONSTRAINT panel_noise_key_one_row CHECK (id)
);

COMMENT ON TABLE private.panel_noise_key IS 'The seller panel''s noise key (decision 082): drawn once, never changed, read only by private.panel_key().';

CREATE TABLE private.panel_releases (
    week date NOT NULL,
    release smallint NOT NULL,
    released_at timestamp with time zone DEFAULT now() NOT NULL,
    cells integer DEFAULT 0 NOT NULL,
    epsilon numeric(4,2) DEFAULT 2.0 NOT NULL,
    CONSTRAINT panel_releases_cells_range CHECK ((cells >= 0)),
    CONSTRAINT panel_releases_epsilon_range CHECK (((epsilon >= (0)::numeric) AND (epsilon <= (2)::numeric))),
    CONSTRAINT panel_releases_release_known CHECK ((release = ANY (ARRAY[1, 2]))),
    CONSTRAINT panel_releases_week_monday CHECK ((EXTRACT(isodow FROM week) = (1)::numeric))
);

COMMENT ON TABLE private.panel_releases IS 'The seller panel''s release ledger (decision 082): each week is released at most twice, 2.0 epsilon each.';

ALTER TABLE ONLY private.panel_catalogue
    ADD CONSTRAINT panel_catalogue_pkey PRIMARY KEY (brand, garment);

ALTER TABLE ONLY private.panel_cells
    ADD CONSTRAINT panel_cells_pkey PRIMARY KEY (week, release, brand, garment, condition);

ALTER TABLE ONLY private.panel_noise_key
    ADD CONSTRAINT panel_noise_key_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.panel_releases
    ADD CONSTRAINT panel_releases_pkey PRIMARY KEY (week, release);

ALTER TABLE ONLY private.panel_cells
    ADD CONSTRAINT panel_cells_release_fk FOREIGN KEY (week, release) REFERENCES private.panel_releases(week, release) ON DELETE CASCADE;

ALTER TABLE private.panel_catalogue ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.panel_cells ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.panel_noise_key ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.panel_releases ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.panel_catalogue_refresh(p_sample integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_cell_label(p_week date, p_release smallint, p_brand text, p_garment text, p_condition text, p_figure text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_day_edges() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_empty_cell(p_key bytea, p_week date, p_release smallint, p_brand text, p_garment text, p_condition text, p_figures text[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.panel_figures(p_parsed jsonb, p_query text, p_condition text, p_window_days integer) TO service_role;

REVOKE ALL ON FUNCTION private.panel_key() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_leaf(p_terms text[], OUT brand text, OUT garment text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_markets() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_noise(p_key bytea, p_label text, p_n integer, p_scale double precision) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_price_band(p_garment text, OUT low numeric, OUT high numeric) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_price_bin(p_price numeric) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_quantile(p_hist integer[], p_q double precision, p_edges double precision[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_reading(p_parsed jsonb, p_query text, OUT leaves jsonb, OUT item text, OUT unused text[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_release_week(p_week date, p_release smallint) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_scales() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_variance(p_scale double precision) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.panel_window(p_window_days integer) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.panel_release_run(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.panel_release_run(p_now timestamp with time zone) TO service_role;

-- Hosted: pg_cron runs the release every day at 03:00 UTC (a week is released on the first run 7 days after it ends).
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('panel-release', '0 3 * * *', 'select public.panel_release_run()');
  end if;
end;
$$;
