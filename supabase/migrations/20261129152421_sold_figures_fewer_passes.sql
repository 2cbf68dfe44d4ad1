-- The sold figures with fewer passes over a search's sales (issue 53: a sold search's cost grows with its sales).
-- - Each sale's price is read as a double once, where the sales are gathered (mc), not cast at every figure: the
--   quartiles and medians were always taken over doubles, so no figure changes.
-- - The weeks and the thirds are grouped by hash, each group's prices kept, and each median taken from its own
--   prices: an ordered aggregate made Postgres sort every sale by week (and by third) first. The sort by week of
--   "lululemon align pant" (42,000 sales at 10M listings) also spilled to disk at the default 4 MB of work_mem.
-- - The sellers of the condition's sales come back as an array beside the answer, not as JSON read back per key.
-- - A narrowing with no size no longer reads the words of an empty size (0.3 ms every search), and the words a
--   reading leaves uncovered are each looked up by key, not by hashing the whole table of cell words (0.3 ms a call).
-- - market_sold_sources is PL/pgSQL, so its statement is planned once per session.

CREATE OR REPLACE FUNCTION private.market_filter_sql(p_filters jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  -- (the size's words only when a size is given: reading an empty one cost every search 0.3 ms)
  v_words text[] := case when nullif(btrim(p_filters ->> 'size'), '') is not null
    then private.market_size_words(p_filters ->> 'size') else '{}' end;
begin
  return concat_ws(' and ', 'true',
    case when cardinality(v_words) > 0 then format('l.terms @> %L::text[]', v_words)
      -- a size given that reads as no size word matches nothing, never everything
      when nullif(btrim(p_filters ->> 'size'), '') is not null then 'false' end,
    case when nullif(p_filters ->> 'marketplace', '') is not null
      then format('l.marketplace = %L', lower(p_filters ->> 'marketplace')) end,
    case when p_filters ? 'priceMin' or p_filters ? 'priceMax' then format(
      'l.currency = ''USD'' and l.price >= %s and l.price < %s',
      coalesce((p_filters ->> 'priceMin')::numeric, 0), coalesce((p_filters ->> 'priceMax')::numeric, 1000001)) end);
end;
$$;

CREATE OR REPLACE FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source,
        p.price::float8 as price, case when p.price is not null then 'USD' end as currency, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, h.price::float8, h.currency, h.sold_at, h.took
      from hedge h where h.condition = $1
    ),
    -- The 40 newest sales: of a few signatures, each one's newest through the places' index (with ties, so that the
    -- order by id below is kept), not a pass over all of mc (8 ms for 42,000 sales at 10M listings); of many, that pass.
    newest as (
      select n.id, n.seller_key, n.sold_at from (
        select p.id, p.seller_key, p.sold_at
        from unnest($6) s(sig)
        cross join lateral (
          select p.id, p.seller_key, p.sold_at from private.market_sale_places p
          where p.condition = $1 and p.sig = s.sig and p.sold_at >= $2 and p.sold_at < $10
            and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
          order by p.sold_at desc
          fetch first 40 rows with ties
        ) p
        where cardinality($6) <= 40
        union all
        select mc.id, mc.seller_key, mc.sold_at from mc where cardinality($6) > 40
        union all
        select h.id, h.seller_key, h.sold_at from hedge h where h.condition = $1 and cardinality($6) <= 40
      ) n
      order by n.sold_at desc, n.id desc limit 40
    ),
    others as materialized (
      select o.condition, o.marketplace, sum(o.n)::integer as n, sum(o.demo)::integer as demo
      from (
        select c.condition, c.marketplace, c.n, c.demo from private.market_sold_cells c
        where c.span = $9 and c.facet = $7 and c.sig = any ($6) and c.condition <> $1
          and ($8::text is null or c.marketplace = $8)
        union all
        select h.condition, h.marketplace, 1, (h.source = 'demo')::integer from hedge h where h.condition <> $1
      ) o
      group by 1, 2
    ),
    g as (
      select $1::text as condition, mc.marketplace, count(*)::int as n,
        count(*) filter (where mc.source = 'demo')::int as demo, 0 as panel,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as upto,
        array_agg(mc.seller_key) filter (where mc.seller_key is not null) as keys
      from mc group by mc.marketplace
      union all
      select o.condition, o.marketplace, o.n, o.demo, 0, null::int, null::uuid[] from others o
      union all
      -- whether each other condition drew on enough sellers: one more row of it, of no sales, with its sellers
      select x.condition, null, 0, 0, 0, cardinality(x.keys), x.keys
      from (
        select d.condition, private.market_sale_sellers(d.condition, $6, $7, $2, $10, $8, $3,
          array(select h.seller_key from hedge h where h.condition = d.condition and h.seller_key is not null)) as keys
        from (select distinct o.condition from others o) d
      ) x
    )$sql$,
    -- the reading's test on the key itself (not the sale words by week), so the partial index of hedged sales finds them
    replace(public.market_match_sql(p_parsed, 'available'), '''available''', '''sold'''),
    private.market_filter_sql(p_filters));
end;
$_$;

CREATE OR REPLACE FUNCTION private.market_uncovered(p_reading jsonb) RETURNS text[]
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
begin
  -- (PL/pgSQL keeps this statement's plan across calls; a SQL function is planned again at every call)
  return (
    with units as materialized (
      select array(select jsonb_array_elements_text(a)) as u
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(coalesce(c -> 'groups', '[]')) g, jsonb_array_elements(g -> 'any') a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(coalesce(c -> 'notwords', '[]')) a
      union all
      select array[w]
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c, unnest(array['own', 'others']) k,
        jsonb_array_elements_text(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> k end) w
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'clauses', '[]')) c,
        jsonb_array_elements(case when jsonb_typeof(c -> 'kinds') = 'object' then c -> 'kinds' -> 'phrases' end) a
      union all
      select array(select jsonb_array_elements_text(a))
      from jsonb_array_elements(coalesce(p_reading -> 'exclude', '[]')) g, jsonb_array_elements(g -> 'any') a
    )
    -- (a word that is no signature word first, by its key; then the names that hold it, through their index. Each
    -- word is looked up on its own: as a join, the words of a reading, a dozen, are planned as a million rows and the
    -- whole table of words is hashed, 0.3 ms a call)
    , other as materialized (
      select units.u, w from units, unnest(units.u) w
      where (select x.word from private.market_cell_words x
             where x.word = w and x.role = 'signature' and x.state = 'active') is null
    )
    select coalesce(array_agg(distinct o.w order by o.w), '{}')
    from other o
    where not exists (select 1 from private.market_cell_names n
                      where n.words @> array[o.w] and n.state = 'active' and n.words <@ o.u)
  );
end;
$$;

CREATE OR REPLACE FUNCTION public.market_count_sold(p_query text, p_condition text, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
    SET work_mem TO '64MB'
    AS $_$
declare
  v_parsed jsonb := public.market_parse_query(p_query);
  v_since timestamptz := private.market_window_start(p_window_days);
  -- The first third ends, and the last begins, at a midnight (UTC).
  v_early_end timestamptz := v_since + make_interval(days => private.market_window_third(p_window_days));
  v_recent_start timestamptz := date_trunc('day', now(), 'UTC')
    - make_interval(days => private.market_window_third(p_window_days) - 1);
  v_k int := greatest(coalesce(p_min_sellers, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
  v_prices_ok boolean;
  v_took_ok boolean;
  v_recent jsonb;
  v_panel_sellers int;
  v_listed uuid[];
  -- the sellers of the condition's sales (chosen), for the panel's headline below
  v_sold_keys uuid[];
  v_route jsonb;
  v_sources text;
  v_sigs integer[];
  -- The weeks' sale words reach the latest sale the index holds, if one is dated after now (a clock or a time zone
  -- ahead), never past tomorrow's end (a sale dated 9999 asked for every week to 9999: a 504 for all).
  -- The days counted end with tomorrow (UTC): a sale dated later counts once its day comes (decision 086).
  v_end timestamptz := date_trunc('day', now(), 'UTC') + interval '2 days';
  v_until timestamptz := least(greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold')),
    date_trunc('day', now(), 'UTC') + interval '2 days');
begin
  v_route := case when p_window_days in (30, 90, 180, 365) then private.market_cells_route(v_parsed, p_filters)
    else jsonb_build_object('path', 'rows', 'why', 'window') end;
  if v_route ->> 'path' = 'cells' and not private.market_sold_cells_current() then
    v_route := jsonb_build_object('path', 'rows', 'why', 'sold cells not rolled');
  end if;
  if v_route ->> 'path' = 'cells' then
    -- The exact sold cells and the places of each sale (45_market_cells.sql): the same m's figures, read there.
    v_sources := private.market_sold_sources(v_parsed, p_filters);
    execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s',
      private.market_signature_sql(v_route -> 'reading'))
    into v_sigs;
  else
    v_sources := format($sql$
    m as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where %s and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true
        and public.market_sold_key(l.terms, l.sold_at) && %L::text[] and l.source <> 'panel'
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
      select m.id, m.marketplace, m.seller_key, m.source, m.price::float8 as price, m.currency, m.sold_at, m.took
      from m where m.condition = $1
    ),
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc where mc.source <> 'panel'
      order by mc.sold_at desc, mc.id desc limit 40
    )$sql$, public.market_match_sql(v_parsed, 'sold'), private.market_filter_sql(p_filters),
      public.market_sold_weeks(v_since, v_until));
  end if;

  execute format($sql$
    with %s,
    -- The sellers of the condition asked for, each once: whether they priced a sale, and timed one.
    chosen as (
      select mc.seller_key, bool_or(mc.currency = 'USD' and mc.price is not null) as priced,
        bool_or(mc.took is not null) as timed
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
        array_agg(mc.took order by mc.took) filter (where mc.took is not null) as took
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
    -- The trend (issue 54): the condition's sales per ISO week of the window, with the sellers behind each week and
    -- its median price; a week with too few sellers says so (null), never 0.
    -- (each sale's week found among the window's week starts, $11: date_trunc with a time zone, per sale, took 10 of
    -- the 13 ms of "lululemon align pant" at 10M listings)
    weekly_sales as (
      select width_bucket(mc.sold_at, $11) as wb, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null
          and mc.currency = 'USD' and mc.price is not null), $3) as priced,
        array_agg(mc.price) filter (where mc.currency = 'USD' and mc.price is not null) as prices
      from mc group by 1
    ),
    -- (each week's median from its own prices: grouped by hash, not by sorting every sale by week first, which an
    -- ordered aggregate needs)
    weekly as (
      select $11[w.wb] as week, w.n, w.sellers, w.priced, coalesce(cardinality(w.prices), 0) as prices,
        (select percentile_cont(0.5) within group (order by x) from unnest(w.prices) x) as median
      from weekly_sales w
    ),
    -- The trend's reading: the window's first and last thirds in whole days (the oldest and newest 30 days of 90), their
    -- sales, sellers, and price median and spread, for the pace (a Poisson difference) and the price (median notches)
    -- tests below.
    thirds_sales as (
      select case when mc.sold_at < $4 then 'early' else 'recent' end as part, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        array_agg(mc.price) filter (where mc.currency = 'USD' and mc.price is not null) as prices
      from mc
      where mc.sold_at < $4 or mc.sold_at >= $5
      group by 1
    ),
    thirds as (
      select t.part, t.n, t.sellers, coalesce(cardinality(t.prices), 0) as prices,
        (select percentile_cont(array[0.25, 0.5, 0.75]) within group (order by x) from unnest(t.prices) x) as q
      from thirds_sales t
    ),
    -- Never a panel comp: a reseller's shared sale is counted, never listed (issue 49). Of the demo and imported
    -- listings, the newest sale of each seller, and every sale that is nobody's: the ten newest of these. They are among the 40
    -- newest sales (newest, in the sources above) whenever those hold ten sellers (a seller's newest sale is never
    -- older than another of theirs), so those are looked at first, and all of them only when they do not.
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
      'prices', (
        select jsonb_object_agg(case q.i when 1 then 'p25' when 2 then 'median' else 'p75' end,
          round((q.lo + q.part * (q.hi - q.lo))::numeric, 2))
        from quartiles q
      ),
      'medianDaysToSell', (select round((m.took / 10)::numeric, 1) from middle m),
      'thirds', coalesce((select jsonb_object_agg(t.part, jsonb_build_object('n', t.n, 'sellers', t.sellers,
        'prices', t.prices, 'q', to_jsonb(t.q))) from thirds t), '{}'),
      'weeks', coalesce((
        select jsonb_agg(jsonb_build_object('week', (w.w at time zone 'UTC')::date,
          'sold', case when coalesce(k.sellers, 0) = 0 or k.sellers >= $3 then coalesce(k.n, 0) end,
          'medianPrice', case when k.prices > 0 and (k.priced = 0 or k.priced >= $3) then round(k.median::numeric, 2) end)
          order by w.w)
        from generate_series(date_trunc('week', $2, 'UTC'), date_trunc('week', now(), 'UTC'), interval '7 days') w(w)
        left join weekly k on k.week = w.w
      ), '[]'),
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
    ), (select coalesce(array_agg(chosen.seller_key), '{}') from chosen)$sql$, v_sources)
  into v_raw, v_sold_keys using p_condition, v_since, v_k, v_early_end, v_recent_start, v_sigs, v_route ->> 'facet',
    lower(nullif(p_filters ->> 'marketplace', '')), p_window_days, v_end,
    array(select generate_series(date_trunc('week', v_since, 'UTC'), date_trunc('week', v_end, 'UTC'), interval '7 days'));

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
  if v_shown and p_window_days = 90 and cardinality(v_sold_keys) > 0
     and coalesce(p_filters, '{}') = '{}' then
    -- The sellers the listed search of the same text, condition and reading found a minute ago at most.
    select r.sellers into v_listed from public.market_query_readings r
    where r.query = p_query and r.condition = p_condition and r.sellers_at > now() - interval '1 minute'
      and r.reading = v_parsed;
  end if;
  if v_listed is not null then
    select count(*)::int into v_panel_sellers from (
      select unnest(v_listed) union select unnest(v_sold_keys)) s;
  elsif v_shown and p_window_days = 90 and cardinality(v_sold_keys) > 0
        and v_route ->> 'path' = 'cells' then
    -- The sellers listing the item now, from the listed cells' bitsets (hedged listings from rows), and the sellers of
    -- the window's sales whose bit that union does not hold: each looked up, never made into a bitset of its own (5,000
    -- sellers' bitsets OR'd took 71 ms at 10M listings; a lookup of their bits takes a few).
    with l as materialized (
      select coalesce((select bit_or(g.sellers) from private.market_listed_groups(v_route, v_parsed, p_filters) g
                       where g.condition = p_condition), repeat('0', w.width)::bit varying) as bits
      from private.market_cells_state w
    )
    select bit_count(l.bits)::int + (
        select count(*)::int from private.market_seller_ords o
        where o.seller_key = any (v_sold_keys)
          and (o.ord >= length(l.bits) or get_bit(l.bits, o.ord) = 0))
    into v_panel_sellers
    from l;
  elsif v_shown and p_window_days = 90 and cardinality(v_sold_keys) > 0 then
    -- The condition is tested first, before the query's tests on the title and key: written as "is true" it stays a
    -- filter in its place (a plain equality with a constant is moved behind the others), so those tests run on the
    -- condition's rows only, not on every listing the index found ("doc martens boots": a quarter of 9,782).
    execute format($sql$
      select count(*)::int from (
        select l.seller_key as k from public.market_listings l
        where (l.condition = $1) is true and l.seller_key is not null and %s and l.source <> 'panel' and %s
        union
        select unnest($2)
      ) s$sql$, public.market_match_sql(v_parsed, 'available'), private.market_filter_sql(p_filters))
    into v_panel_sellers using p_condition, v_sold_keys;
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
    'weeks', case when v_shown then v_raw -> 'weeks' else '[]' end,
    'trendReading', case when v_shown then private.market_trend_reading(v_raw -> 'thirds', v_k) end,
    'recentSales', case when v_shown then
      coalesce((select jsonb_agg(r.value - 'panel') from jsonb_array_elements(v_recent) r), '[]') else '[]' end,
    'demoComps', case when v_shown then (v_raw ->> 'demo')::int else least((v_raw ->> 'demo')::int, 1) end,
    'panelComps', case when v_shown then (v_raw ->> 'panel')::int else least((v_raw ->> 'panel')::int, 1) end,
    'query', v_parsed,
    -- How the sales were counted: from the sold cells and the places of each sale, or from rows (issue 53).
    'path', v_route ->> 'path'
  );
end;
$_$;

-- (Postgres 16 sorts the matched sales for an ordered aggregate unless told not to: see sold_weeks_bucket_newest_index.)
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int, jsonb) set enable_presorted_aggregate = off;
  end if;
end;
$$;
