-- Counting the market (docs/decisions/029-search-matching.md, 056-seller-panel.md, 067-search-speed.md,
-- 069-search-tail.md, 072-postgres-at-10m.md, 073-scaling-search-past-one-instance.md): the two counts (available
-- now; sold in a window) with the seller panel's threshold, market_search (the one call the search functions make)
-- and what the index holds. The indexes they read are beside the table (30_market_listings.sql); the WHERE clause of
-- a query is market_match_sql's (20_market_matching.sql).

-- Whether the index holds demo rows at all: a zero count from demo data is still a demo answer.
create function public.market_has_demo() returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from public.market_listings where source = 'demo')
$$;

revoke execute on function public.market_has_demo() from public, anon, authenticated;
grant execute on function public.market_has_demo() to service_role;

-- The sale window (docs/decisions/086-sale-window.md): "the last N days" are N calendar days in UTC, today and the
-- N - 1 days before it, so the window starts at the midnight (UTC) N - 1 days ago and a sale dated later than now
-- still counts, as it always has. Whole days, so the exact cells kept by day (45_market_cells.sql) can answer it; the
-- trend's thirds are whole days too (private.market_window_third).
create function private.market_window_start(p_window_days int) returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select date_trunc('day', now(), 'UTC') - make_interval(days => greatest(coalesce(p_window_days, 90), 1) - 1)
$$;

-- The days in each of the window's thirds that the trend compares: the whole days of a third (10 of 30, 121 of 365).
create function private.market_window_third(p_window_days int) returns int
  language sql immutable
  set search_path = ''
as $$
  select greatest(greatest(coalesce(p_window_days, 90), 1) / 3, 1)
$$;

-- A sale's time to sell in tenths of a day, the resolution the median days to sell is shown in (decision 086): the
-- median is taken over these, so cells kept by day can hold it as a histogram of a few thousand values.
create function private.market_took(p_sold_at timestamptz, p_listed_at timestamptz) returns int
  language sql immutable
  set search_path = ''
as $$
  select round(extract(epoch from p_sold_at - p_listed_at) / 8640)::int
$$;

revoke execute on function private.market_window_start(int), private.market_window_third(int),
  private.market_took(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.market_window_start(int), private.market_window_third(int),
  private.market_took(timestamptz, timestamptz) to service_role;

-- The research desk's narrowing (issue 54, docs/decisions/083-research-desk.md), as a condition on l beside the
-- reading's: a size (the words a size makes, as a title's "size M" or "32x30" does: sz_m, w32 l30), a marketplace, and
-- a price band [min, max) in US dollars (a listed item's asking price, a sale's price). Empty: no narrowing. Each value
-- is a literal of the statement (format %L): never text of the SQL.
-- The words a size makes, as a title's "size M" or "32x30" does (sz_m; w32 l30): the size narrowing tests these, and
-- the exact cells take one of them as a facet (45_market_cells.sql).
create function private.market_size_words(p_size text) returns text[]
  language sql immutable
  set search_path = ''
as $$
  select array(select w from unnest(public.market_words('size ' || coalesce(p_size, ''))) w
               where w ~ '^(sz_[a-z0-9]+|[wl][0-9]{2})$')
$$;

revoke execute on function private.market_size_words(text) from public, anon, authenticated;
grant execute on function private.market_size_words(text) to service_role;

create function private.market_filter_sql(p_filters jsonb) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_size text := nullif(btrim(p_filters ->> 'size'), '');
  -- (the size's words only when a size is given: reading an empty one cost every search 0.3 ms)
  v_words text[] := case when v_size is not null then private.market_size_words(p_filters ->> 'size') else '{}' end;
begin
  return concat_ws(' and ', 'true',
    case when cardinality(v_words) > 0 then format('l.terms @> %L::text[]', v_words)
      -- a size given that reads as no size word matches nothing, never everything
      when v_size is not null then 'false' end,
    case when nullif(p_filters ->> 'marketplace', '') is not null
      then format('l.marketplace = %L', lower(p_filters ->> 'marketplace')) end,
    case when p_filters ? 'priceMin' or p_filters ? 'priceMax' then format(
      'l.currency = ''USD'' and l.price >= %s and l.price < %s',
      coalesce((p_filters ->> 'priceMin')::numeric, 0), coalesce((p_filters ->> 'priceMax')::numeric, 1000001)) end);
end;
$$;

revoke execute on function private.market_filter_sql(jsonb) from public, anon, authenticated;
grant execute on function private.market_filter_sql(jsonb) to service_role;

-- How many distinct keys, counted up to p_k. A threshold is met by the first keys in nearly every answer, so they are
-- looked at first (4 x p_k of them); only when they do not hold p_k different sellers are all the keys counted.
-- A distinct count hashes every key before it can stop, so a LIMIT alone would not save the work.
create function private.market_sellers_upto(p_keys uuid[], p_k int) returns int
  language plpgsql immutable
  set search_path = ''
as $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    select case
      when (select count(*) from (select distinct k from unnest(p_keys[1:4 * p_k]) k) d) >= p_k then p_k
      else (select count(*)::int from (select distinct k from unnest(p_keys) k) d)
    end
  );
end;
$$;

-- The available count: the found rows grouped by condition and marketplace (a few dozen groups), each group holding its
-- sellers' keys. Only the condition asked for needs its sellers counted exactly (its figure says how many: "Flipwise
-- seller panel: N sellers"); every other count of sellers is only compared with the threshold (private.panel_cell:
-- none, or at least p_min_sellers; private.panel_fold: the same, and the keys of a marketplace below it), so it is
-- counted up to the threshold and no further. A withheld figure says nothing of the sellers behind it: the same answer,
-- field for field, for one seller or four (docs/decisions/076-panel-cheap-leaks.md). The sellers of the condition asked
-- for are returned beside the answer, for the sold search's headline (market_search keeps them with the reading):
-- their keys when counted from rows, the cells' bitset of them when counted from the cells.
create function private.market_available(p_parsed jsonb, p_condition text, p_k int, p_filters jsonb,
  out result jsonb, out sellers uuid[], out seller_bits bit varying)
  language plpgsql stable
  set search_path = ''
  set enable_sort = off
  set jit = off
as $$
declare
  v_parsed jsonb := p_parsed;
  v_k int := greatest(coalesce(p_k, 5), 1);
  v_raw jsonb;
  v_cell jsonb;
  v_shown boolean;
  v_route jsonb := private.market_cells_route(p_parsed, p_filters);
begin
  if v_route ->> 'path' = 'cells' then
    -- The same groups from the exact cells (45_market_cells.sql), each group's sellers as a bitset: its bit_count is
    -- the distinct count every figure below needs, and the ordinals stand for the keys of a marketplace below the
    -- threshold (panel_fold only counts them).
    with g as (
      select g.condition, g.marketplace, g.n, g.demo, g.sellers, bit_count(g.sellers)::integer as nb
      from private.market_listed_groups(v_route, v_parsed, p_filters) g
    ),
    c as (
      select g.condition, sum(g.n)::integer as n, bit_or(g.sellers) as bits, bool_or(g.nb >= v_k) as enough
      from g group by g.condition
    )
    select jsonb_build_object(
      'conditions', coalesce((select jsonb_object_agg(c.condition, jsonb_build_object('n', c.n,
        'sellers', case when c.condition = p_condition or not c.enough then bit_count(c.bits) else v_k end)) from c), '{}'),
      'marketplaces', coalesce((select jsonb_agg(jsonb_build_object('marketplace', g.marketplace, 'n', g.n,
        'sellers', least(g.nb, v_k), 'keys', case when g.nb < v_k then to_jsonb(private.market_bit_ords(g.sellers)) end))
        from g where g.condition = p_condition), '[]'),
      'demo', coalesce((select sum(g.demo) from g where g.condition = p_condition), 0)::integer,
      'panel', 0),
      -- (the sellers as their bitset, not their keys: reading every seller's bit cost 0.8 ms, and writing the keys
      -- down for the sold search 80 kB of a row at 5,000 sellers)
      coalesce((select c.bits from c where c.condition = p_condition), B'')
    into v_raw, seller_bits;
  else
  execute format($sql$
    with g as (
      select l.condition, l.marketplace, count(*)::int as n,
        count(*) filter (where l.source = 'demo')::int as demo, count(*) filter (where l.source = 'panel')::int as panel,
        array_agg(l.seller_key) filter (where l.seller_key is not null) as keys
      from public.market_listings l
      where %s and l.source <> 'panel' and %s
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
    ), (select chosen.keys from chosen)$sql$, public.market_match_sql(v_parsed, 'available'),
      private.market_filter_sql(p_filters))
  into v_raw, sellers using p_condition, v_k;
  end if;

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
    'query', v_parsed,
    -- How it was counted: 'cells' (kept at write time) or 'rows' (each matching listing read), issue 53.
    'path', v_route ->> 'path',
    -- Counted from cells: every write committed before this time is in them (decision 091).
    'cellsAsOf', case when v_route ->> 'path' = 'cells' then private.market_cells_as_of() end
  );
end;
$$;

revoke execute on function private.market_sellers_upto(uuid[], int), private.market_available(jsonb, text, int, jsonb)
  from public, anon, authenticated;
grant execute on function private.market_sellers_upto(uuid[], int), private.market_available(jsonb, text, int, jsonb)
  to service_role;

-- The available count of a query's text, read by market_parse_query (the kept reading when there is one).
create function public.market_count_available(p_query text, p_condition text, p_min_sellers int default 5,
  p_filters jsonb default '{}')
  returns jsonb
  language sql stable
  set search_path = ''
as $$
  select a.result from private.market_available(public.market_parse_query(p_query), p_condition, p_min_sellers,
    coalesce(p_filters, '{}')) a
$$;

-- The trend's one-line reading (issue 54, decision 083), from the window's first and last thirds (equal lengths):
-- - pace: 'faster' or 'slower' when the two counts differ by more than 1.96 standard deviations of their difference
--   under equal rates (a two-sided Poisson test: |b - a| > 1.96 sqrt(a + b)), else 'steady';
-- - price: 'rising' or 'falling' when the two medians' notches do not overlap (McGill, Tukey and Larsen's 95% notch,
--   median +- 1.58 IQR / sqrt(n)), else 'steady'.
-- Each says nothing (null) unless both thirds draw on enough sellers (no seller, or at least p_k) and, for the price, at
-- least 5 priced sales each: a reading is a figure too.
create function private.market_trend_reading(p_thirds jsonb, p_k int) returns jsonb
  language plpgsql immutable
  set search_path = ''
as $$
begin
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  return (
    with t as (
      select coalesce((p_thirds -> 'early' ->> 'n')::float8, 0) as a, coalesce((p_thirds -> 'recent' ->> 'n')::float8, 0) as b,
        coalesce((p_thirds -> 'early' ->> 'sellers')::int, 0) as sa, coalesce((p_thirds -> 'recent' ->> 'sellers')::int, 0) as sb,
        coalesce((p_thirds -> 'early' ->> 'prices')::float8, 0) as pa, coalesce((p_thirds -> 'recent' ->> 'prices')::float8, 0) as pb,
        p_thirds -> 'early' -> 'q' as qa, p_thirds -> 'recent' -> 'q' as qb
    ),
    ok as (
      select t.*, (t.sa = 0 or t.sa >= p_k) and (t.sb = 0 or t.sb >= p_k) and t.a + t.b >= 10 as pace_ok,
        (t.sa >= p_k and t.sb >= p_k and t.pa >= 5 and t.pb >= 5) as price_ok
      from t
    ),
    notches as (
      select ok.*,
        (ok.qa ->> 1)::float8 as ma, 1.58 * ((ok.qa ->> 2)::float8 - (ok.qa ->> 0)::float8) / sqrt(greatest(ok.pa, 1)) as na,
        (ok.qb ->> 1)::float8 as mb, 1.58 * ((ok.qb ->> 2)::float8 - (ok.qb ->> 0)::float8) / sqrt(greatest(ok.pb, 1)) as nb
      from ok
    )
    select jsonb_build_object(
      'pace', case when not n.pace_ok then null
        when n.b - n.a > 1.96 * sqrt(n.a + n.b) then 'faster' when n.a - n.b > 1.96 * sqrt(n.a + n.b) then 'slower'
        else 'steady' end,
      'price', case when not n.price_ok then null
        when n.mb - n.nb > n.ma + n.na then 'rising' when n.mb + n.nb < n.ma - n.na then 'falling' else 'steady' end,
      'earlySold', n.a, 'recentSold', n.b,
      'earlyMedian', case when n.price_ok then round(n.ma::numeric, 2) end,
      'recentMedian', case when n.price_ok then round(n.mb::numeric, 2) end)
    from notches n
  );
end;
$$;

revoke execute on function private.market_trend_reading(jsonb, int) from public, anon, authenticated;
grant execute on function private.market_trend_reading(jsonb, int) to service_role;

-- The figures of a sold answer that read the condition's sales one by one (mc): its sellers (chosen_n), its price
-- quartiles (quartiles) and median time to sell (middle), its weeks (weekly) and its thirds (thirds). The rows path
-- and the places of the sales use them; the days of the sales (private.market_sold_sources, decision 088) make the
-- same from a window's days. Prices are read as US cents (mc.cents, null for none or another currency): PostgreSQL sorts
-- integers faster than floats (decision 089). Each median and quartile is percentile_cont's: of n sorted values, for a
-- fraction p, lo + (hi - lo) x part, lo and hi the values of ranks floor(p (n - 1)) + 1 and ceil(p (n - 1)) + 1 and part
-- p (n - 1) - floor(p (n - 1)), in the same float arithmetic, so the same figure to the last bit. Where the values are
-- not sorted already, one percentile_disc finds both: at the fraction (r - 0.5) / n it returns the value of rank r.
create function private.market_sold_figures_sql() returns text
  language sql immutable
  set search_path = ''
as $fn$
  select $sql$
    -- The sellers of the condition asked for, each once: whether they priced a sale, and timed one.
    chosen as (
      select mc.seller_key, bool_or(mc.cents is not null) as priced,
        bool_or(mc.took is not null) as timed
      from mc where mc.seller_key is not null group by mc.seller_key
    ),
    chosen_n as (
      select count(*)::int as sellers, count(*) filter (where chosen.priced)::int as priced,
        count(*) filter (where chosen.timed)::int as timed, coalesce(array_agg(chosen.seller_key), '{}') as keys,
        null::bit varying as bits
      from chosen
    ),
    sorted as (
      select array_agg(mc.cents order by mc.cents) filter (where mc.cents is not null) as cents,
        array_agg(mc.took order by mc.took) filter (where mc.took is not null) as took
      from mc
    ),
    -- The trend (issue 54): the condition's sales per ISO week of the window, with the sellers behind each week and
    -- its median price; a week with too few sellers says so (null), never 0.
    -- (each sale's week found among the window's week starts, $11: date_trunc with a time zone, per sale, took 10 of
    -- the 13 ms of "lululemon align pant" at 10M listings)
    weekly_sales as (
      select width_bucket(mc.sold_at, $11) as wb, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null
          and mc.cents is not null), $3) as priced,
        array_agg(mc.cents) filter (where mc.cents is not null) as cents
      from mc group by 1
    ),
    thirds_sales as (
      select case when mc.sold_at < $4 then 'early' else 'recent' end as part, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        array_agg(mc.cents) filter (where mc.cents is not null) as cents
      from mc
      where mc.sold_at < $4 or mc.sold_at >= $5
      group by 1
    ),
    quartiles as (
      select q.i, x.at - floor(x.at) as part,
        s.cents[floor(x.at)::int + 1]::float8 / 100 as lo, s.cents[ceil(x.at)::int + 1]::float8 / 100 as hi
      from sorted s, unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i),
        lateral (select q.p * (cardinality(s.cents) - 1) as at) x
      where cardinality(s.cents) > 0
    ),
    middle as (
      select (y.hi - y.lo) * y.part + y.lo as took
      from sorted s, lateral (select 0.5::float8 * (cardinality(s.took) - 1) as at) x,
        lateral (select x.at - floor(x.at) as part, s.took[floor(x.at)::int + 1] as lo, s.took[ceil(x.at)::int + 1] as hi) y
      where cardinality(s.took) > 0
    ),
    -- (each week's median from its own prices: grouped by hash, not by sorting every sale by week first, which an
    -- ordered aggregate needs)
    weekly as (
      select $11[w.wb] as week, w.n, w.sellers, w.priced, w.n_cents as prices,
        m.v[1]::float8 / 100 + (0.5::float8 * (w.n_cents - 1) - floor(0.5::float8 * (w.n_cents - 1)))
          * (m.v[2]::float8 / 100 - m.v[1]::float8 / 100) as median
      from (select w.*, coalesce(cardinality(w.cents), 0) as n_cents from weekly_sales w) w
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (w.n_cents - 1)) + 0.5) / nullif(w.n_cents, 0),
            (ceil(0.5::float8 * (w.n_cents - 1)) + 0.5) / nullif(w.n_cents, 0)]) within group (order by x) as v
        from (select unnest(w.cents) as x) u) m
    ),
    -- The trend's reading: the window's first and last thirds in whole days (the oldest and newest 30 days of 90), their
    -- sales, sellers, and price median and spread, for the pace (a Poisson difference) and the price (median notches)
    -- tests below.
    thirds as (
      select t.part, t.n, t.sellers, t.n_cents as prices,
        case when t.n_cents > 0 then array(
          select m.v[2 * f.i - 1]::float8 / 100 + (f.p * (t.n_cents - 1) - floor(f.p * (t.n_cents - 1)))
            * (m.v[2 * f.i]::float8 / 100 - m.v[2 * f.i - 1]::float8 / 100)
          from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i)
          order by f.i) end as q
      from (select t.*, coalesce(cardinality(t.cents), 0) as n_cents from thirds_sales t) t
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(t.n_cents, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (t.n_cents - 1))), (2, ceil(f.p * (t.n_cents - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from (select unnest(t.cents) as x) u) m
    )
$sql$
$fn$;

revoke execute on function private.market_sold_figures_sql() from public, anon, authenticated;
grant execute on function private.market_sold_figures_sql() to service_role;

-- The sold count: the window's sales found through the index of sales by words and week (market_sold_key), never by
-- walking the window's sales in date order: the window's test is written `(l.sold_at >= $2) is true`, which the index
-- of sale dates cannot answer, and a sequential scan is off, so the index is the only way the count finds its rows
-- ("handbag" at 10M listings: 33 to 36 s walking the window, 0.5 s through the index; decision 072). The price
-- quartiles and the median time to sell are computed from one pass over the window's sales, at percentile_cont's
-- positions and with its interpolation (docs/decisions/052-sold-count-in-one-pass.md), the time to sell in tenths of a
-- day and the window in calendar days (decision 086). Recent sales: the newest sale of
-- each seller (and every sale that is nobody's), ten at most, shown only when the sellers among them are enough, and
-- never a panel comp: another seller's shared sale is counted, not listed (decision 076). panelSellers (the 90-day
-- headline only): the sellers behind the headline, those with a matching item listed now (as the listed search of the
-- same query kept them, or found again) or sold in the window. A withheld figure says nothing of its sellers, and the
-- window's weeks never run past tomorrow.
create function public.market_count_sold(p_query text, p_condition text, p_window_days int default 90,
  p_min_sellers int default 5, p_filters jsonb default '{}')
  returns jsonb
  -- (volatile, though it writes nothing: it prepares its statement once a session, which a stable function may not)
  language plpgsql volatile
  set search_path = ''
  set enable_sort = off
  set enable_seqscan = off
  set jit = off
  -- (a broad search's sales, sorted by week, spilled to disk at the default 4 MB: 42,000 at 10M listings)
  set work_mem = '64MB'
as $$
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
  v_listed_bits bit varying;
  -- the sellers of the condition's sales, for the panel's headline below: their keys, or (from the days of the sales)
  -- their bitset; and how many
  v_sold_keys uuid[];
  v_sold_bits bit varying;
  v_sold_n int;
  v_route jsonb;
  v_sources text;
  -- whether the sources' text is the same at every call (the cells' path with no hedged test), so the statement is
  -- prepared once in the session and run with its plan kept
  v_fixed boolean := false;
  v_sql text;
  v_name text;
  v_plans text;
  v_sigs integer[];
  -- The weeks' sale words reach the latest sale the index holds, if one is dated after now (a clock or a time zone
  -- ahead), never past tomorrow's end (a sale dated 9999 asked for every week to 9999: a 504 for all).
  -- The days counted end with tomorrow (UTC): a sale dated later counts once its day comes (decision 086).
  v_end timestamptz := date_trunc('day', now(), 'UTC') + interval '2 days';
  v_until timestamptz := least(greatest(now(), (select max(l.sold_at) from public.market_listings l where l.status = 'sold')),
    date_trunc('day', now(), 'UTC') + interval '2 days');
begin
  v_route := case when p_window_days = any (private.market_sold_spans()) then private.market_cells_route(v_parsed, p_filters)
    else jsonb_build_object('path', 'rows', 'why', 'window') end;
  if v_route ->> 'path' = 'cells' and not private.market_sold_cells_current() then
    v_route := jsonb_build_object('path', 'rows', 'why', 'sold cells not rolled');
  end if;
  if v_route ->> 'path' = 'cells' then
    -- The exact sold cells, the places of each sale and the days of the sales (45_market_cells.sql): the same m's
    -- figures, read there.
    execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s',
      private.market_signature_sql(v_route -> 'reading'))
    into v_sigs;
    select s.p_sql, s.p_fixed into v_sources, v_fixed
    from private.market_sold_sources(v_parsed, p_filters, v_route ->> 'facet', p_condition, v_sigs, p_window_days) s;
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
      select m.id, m.marketplace, m.seller_key, m.source,
        case when m.currency = 'USD' then (m.price * 100)::bigint end as cents, m.sold_at, m.took
      from m where m.condition = $1
    ),
    newest as (
      select mc.id, mc.seller_key, mc.sold_at from mc where mc.source <> 'panel'
      order by mc.sold_at desc, mc.id desc limit 40
    ),
    %s$sql$, public.market_match_sql(v_parsed, 'sold'), private.market_filter_sql(p_filters),
      public.market_sold_weeks(v_since, v_until), private.market_sold_figures_sql());
  end if;

  v_sql := format($sql$
    with %s,
    c as (
      select c.condition, c.n, case
          when c.condition = $1 then (select n.sellers from chosen_n n)
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
      'pricedSellers', (select n.priced from chosen_n n),
      'timedSellers', (select n.timed from chosen_n n),
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
    ), (select n.keys from chosen_n n), (select n.bits from chosen_n n), (select n.sellers from chosen_n n)$sql$,
    v_sources);
  if v_fixed then
    -- Planned once a session (a name per text, so a new version of it is prepared anew), with a generic plan: every
    -- value is a parameter, and planning the statement took 1 ms of a sold search at 10M listings. The plan mode is
    -- put back as it was afterwards.
    v_name := 'market_sold_' || md5(v_sql);
    if not exists (select 1 from pg_catalog.pg_prepared_statements s where s.name = v_name) then
      execute format('prepare %I (text, timestamptz, int, timestamptz, timestamptz, integer[], text, text, int, '
        'timestamptz, timestamptz[]) as %s', v_name, v_sql);
    end if;
    v_plans := current_setting('plan_cache_mode');
    perform set_config('plan_cache_mode', 'force_generic_plan', true);
    execute format('execute %I (%L, %L, %s, %L, %L, %L, %L, %L, %s, %L, %L)', v_name, p_condition, v_since, v_k,
      v_early_end, v_recent_start, v_sigs, v_route ->> 'facet', lower(nullif(p_filters ->> 'marketplace', '')),
      p_window_days, v_end,
      array(select generate_series(date_trunc('week', v_since, 'UTC'), date_trunc('week', v_end, 'UTC'),
        interval '7 days')))
    into v_raw, v_sold_keys, v_sold_bits, v_sold_n;
    perform set_config('plan_cache_mode', v_plans, true);
  else
    execute v_sql
    into v_raw, v_sold_keys, v_sold_bits, v_sold_n
    using p_condition, v_since, v_k, v_early_end, v_recent_start, v_sigs, v_route ->> 'facet',
      lower(nullif(p_filters ->> 'marketplace', '')), p_window_days, v_end,
      array(select generate_series(date_trunc('week', v_since, 'UTC'), date_trunc('week', v_end, 'UTC'),
        interval '7 days'));
  end if;

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
  if v_shown and p_window_days = 90 and v_sold_n > 0 and coalesce(p_filters, '{}') = '{}' then
    -- The sellers the listed search of the same text, condition and reading found a minute ago at most.
    select r.sellers, r.seller_bits into v_listed, v_listed_bits from public.market_query_readings r
    where r.query = p_query and r.condition = p_condition and r.sellers_at > now() - interval '1 minute'
      and r.reading = v_parsed;
  end if;
  if v_listed is not null and v_sold_bits is not null then
    -- the sold sellers' bits, and each listed seller whose bit is not among them
    select v_sold_n + count(*)::int into v_panel_sellers from (
      select distinct k from unnest(v_listed) k
      left join private.market_seller_ords o on o.seller_key = k
      where o.ord is null or o.ord >= length(v_sold_bits) or get_bit(v_sold_bits, o.ord) = 0) s;
  elsif v_listed is not null then
    select count(*)::int into v_panel_sellers from (
      select unnest(v_listed) union select unnest(v_sold_keys)) s;
  elsif v_shown and p_window_days = 90 and v_sold_n > 0
        and (v_listed_bits is not null or v_route ->> 'path' = 'cells') then
    -- The sellers listing the item now as a bitset: the listed search's, or from the listed cells' bitsets (hedged
    -- listings from rows); and the sellers of the window's sales that bitset does not hold: the sales' sellers less
    -- those whose bit it holds, each looked up, never made into a bitset of its own (5,000 sellers' bitsets OR'd took
    -- 71 ms at 10M listings; a lookup of their bits takes a few). (v_sold_keys are distinct: chosen's.)
    with l as materialized (
      select coalesce(v_listed_bits, (
        select coalesce((select bit_or(g.sellers) from private.market_listed_groups(v_route, v_parsed, p_filters) g
                         where g.condition = p_condition), repeat('0', w.width)::bit varying)
        from private.market_cells_state w)) as bits
    )
    select case
        when v_sold_bits is not null then bit_count(private.market_bits_or(l.bits, v_sold_bits))::int
        else bit_count(l.bits)::int + cardinality(v_sold_keys) - (
          select count(*)::int from private.market_seller_ords o
          where o.seller_key = any (v_sold_keys) and o.ord < length(l.bits) and get_bit(l.bits, o.ord) = 1)
      end
    into v_panel_sellers
    from l;
  elsif v_shown and p_window_days = 90 and v_sold_n > 0 then
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
    'path', v_route ->> 'path',
    -- Counted from cells: every write committed before this time is in them (decision 091).
    'cellsAsOf', case when v_route ->> 'path' = 'cells' then private.market_cells_as_of() end
  );
end;
$$;

-- From Postgres 16 the planner may sort all the matched sales for one of the ordered arrays (presorted aggregation),
-- every condition's sales and every column, where each array sorts only its own values of the chosen condition: with
-- that sort "lululemon leggings" took 1.3 times as long. Postgres 15 has no such sort and no such setting.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int, jsonb) set enable_presorted_aggregate = off;
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
    -- Nothing a search counts: no listing but the panel's shared rows, which reach a search through its release only.
    'empty', not exists (select 1 from public.market_listings where source in ('demo', 'import', 'ebay', 'partner'))
  )
$$;

-- The search: the one call the search functions make (service role). The cache first: a search that finds no cached
-- answer waits for any other search counting the same answer (one count per answer in flight), then the count of the
-- kind asked for, under the panel's threshold, with what the index holds (market_index_state) so a zero can say what
-- it is made of; a sold answer says its data starts at the window's start (never one seller's oldest sale) and
-- carries the seller panel's released figures (private.panel_figures). The rate limit (market_search_gate) reads the
-- window's calls without the user's row, refusing a call at the limit, and counts the call at the end, so the row is
-- held for the commit only and a user's next search never waits for their earlier count (decision 073).
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
  p_min_sellers int default 5,
  p_filters jsonb default '{}'
) returns jsonb
  language plpgsql
  set search_path = ''
  -- (for everything a search calls: compiling never pays for itself here, decision 067; the panel's figures alone
  -- cost 220 ms with it on PostgreSQL 15, 12 ms without)
  set jit = off
as $$
declare
  v_gate jsonb;
  v_result jsonb;
  v_count int;
  v_state jsonb;
  v_sellers uuid[];
  v_seller_bits bit varying;
  v_hits int;
  v_parsed jsonb;
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
    v_parsed := public.market_parse_query(p_query);
    select a.result, a.sellers, a.seller_bits into v_result, v_sellers, v_seller_bits
    from private.market_available(v_parsed, p_condition, p_min_sellers, coalesce(p_filters, '{}')) a;
    v_count := (v_result ->> 'available')::int;
    if v_count = 0 then
      -- "Did you mean" (market_suggestions, three at most: the screen's), in the same call as the count that found
      -- nothing, not in a second round trip after it. Best effort: a failure leaves the key out, and the caller asks
      -- market_suggestions on its own.
      begin
        -- (the reading read above: reading the query again cost a search that found nothing 2.5 ms at 10M)
        v_result := v_result || jsonb_build_object('suggestions', private.market_suggestions_of(p_query, v_parsed, 3));
      exception when others then
        raise warning 'market_search: suggestions for % failed: %', p_query, sqlerrm;
      end;
    end if;
  else
    -- The day the window starts (UTC, decision 086): a date of the question, never one read from a seller's rows
    -- (issue 49), and a day, as the screen says it, so two answers of one day differ only in asOf.
    v_result := public.market_count_sold(p_query, p_condition, p_window_days, p_min_sellers, coalesce(p_filters, '{}'))
      || jsonb_build_object('dataSince', private.market_window_start(p_window_days));
    v_count := (v_result ->> 'sold')::int;
    -- The seller panel's figures: released cells only (55_panel_release.sql), never its rows.
    v_result := v_result || jsonb_build_object('panelRelease',
      private.panel_figures(v_result -> 'query', p_query, p_condition, p_window_days, coalesce(p_filters, '{}')));
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
    -- When the figures are current to: now, or for figures from cells the time they are current to (decision 091:
    -- the writes the merge has not taken in yet are not in them).
    'asOf', to_jsonb(coalesce((v_result ->> 'cellsAsOf')::timestamptz, now())));

  if p_cache_key is not null then
    perform public.market_cache_put(p_cache_key, v_result, p_ttl_seconds);
  end if;
  -- The reading, for the search of the other kind that follows (the screen asks for both).
  if not exists (select 1 from public.market_query_readings r
                 where r.query = p_query and r.read_at > now() - interval '10 minutes') then
    delete from public.market_query_readings r where r.read_at <= now() - interval '10 minutes';
    insert into public.market_query_readings (query, reading) values (p_query, v_result -> 'query')
    on conflict (query) do update set reading = excluded.reading, read_at = now(), condition = null, sellers = null,
      seller_bits = null, sellers_at = null;
  end if;
  -- The sellers of a listed search, for the sold search's headline that follows: of a search not narrowed only, since
  -- the kept sellers are keyed by query and condition alone (a narrowed sold search counts its own).
  if p_kind = 'available' and coalesce(p_filters, '{}') = '{}' then
    update public.market_query_readings r set condition = p_condition, sellers = v_sellers,
      seller_bits = v_seller_bits, sellers_at = now()
    where r.query = p_query;
  end if;
  -- The call counts against the user's window last, so their row is held from here to the commit only. (Calls of one
  -- user made at the same moment all pass while the window has room, and then all count.)
  perform public.market_search_gate(p_user, p_bucket, p_limit, p_window_seconds, null);
  return jsonb_build_object('allowed', true, 'cached', false, 'result', v_result);
end;
$$;

revoke execute on function public.market_count_available(text, text, int, jsonb), public.market_count_sold(text, text, int, int, jsonb),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int, jsonb)
  from public, anon, authenticated;

grant execute on function public.market_count_available(text, text, int, jsonb), public.market_count_sold(text, text, int, int, jsonb),
  public.market_index_state(), public.market_search(text, text, text, uuid, text, int, int, text, int, int, int, jsonb)
  to service_role;
