-- A sold search read from the days of its sales finds its quantiles (the window's, the thirds', each week's median)
-- among the prices of the days themselves whenever a pass over the days for each week costs less than gathering every
-- price by week and third first: at 10M listings the heaviest 90-day windows spent 4 to 7 ms on that gathering.
-- The same answers (decision 098).

CREATE OR REPLACE FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb, p_facet text, p_condition text, p_sigs integer[], p_span integer, OUT p_sql text, OUT p_fixed boolean) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_hedged text := 'false';
  v_asked text;
  v_days boolean := false;
  v_marketplace text := lower(nullif(p_filters ->> 'marketplace', ''));
  -- The fewest sales a day of the window must hold on average for the days to be read rather than the sales
  -- (decision 088, measured again at 10M listings in decision 094): a day's row costs about as much to read as 1.5
  -- sales at 10M, 2 to 3 at 1M, where either way costs about the same at 1.5.
  v_per_day float8 := coalesce(nullif(current_setting('flipwise.market_sale_days_min', true), '')::float8, 1.5);
begin
  if exists (select 1 from public.market_listings l
             where l.hedged and l.status = 'sold' and l.terms && private.market_hedged_words(p_parsed)) then
    -- the reading's test on the key itself (not the sale words by week), so the partial index of hedged sales finds them
    v_hedged := replace(public.market_match_sql(p_parsed, 'available'), '''available''', '''sold''') || ' and '
      || private.market_filter_sql(p_filters);
  end if;
  -- How many sales the window holds, and on how many of its days a (signature, marketplace) sold one, as the sold
  -- cells expect it: a cell of n sales over the span's days fills span (1 - e^(-n/span)) of them on average.
  if p_facet = '' and v_hedged = 'false' and (
       select coalesce(sum(c.n), 0) >= v_per_day * coalesce(sum(p_span * (1 - exp(-c.n::float8 / p_span))), 0)
       from (select sum(c.n) as n from private.market_sold_cells c
             where c.facet = '' and c.sig = any (p_sigs) and c.condition = p_condition
               and (v_marketplace is null or c.marketplace = v_marketplace) and c.span <= p_span
             group by c.sig, c.marketplace) c) then
    -- The days of the condition's sales in the window (decision 088): its marketplaces and every figure that reads
    -- its sales one by one, made from days (a few hundred rows) instead: sellers as their bitsets OR'd, the weeks'
    -- and thirds' by the days they hold (each a whole UTC day, as every week and third is), the quantiles over the
    -- days' prices and times to sell. mc stays for the newest sales of many signatures, should they be asked for.
    v_days := true;
    v_asked := $sql$
    days as materialized (
      select d.marketplace, width_bucket(t.at, $11) as wb,
        case when t.at < $4 then 'early' when t.at >= $5 then 'recent' end as part,
        d.n, d.demo, d.sellers, d.priced, d.timed, d.cents, d.took
      from private.market_sale_days d
      cross join lateral (select d.day::timestamp at time zone 'UTC' as at) t
      where d.condition = $1 and d.sig = any ($6) and d.day >= ($2 at time zone 'UTC')::date
        and d.day < ($10 at time zone 'UTC')::date and ($8::text is null or d.marketplace = $8)
    ),
    -- The days by (marketplace, week, third): a few dozen rows that the counts and sellers below read, not the window's
    -- days, each day's arrays read again by every figure (3,837 days of "doc martens boots" at 10M listings, read 22
    -- times; decision 096). part_cents: their prices by (week, third), each array read from its day once, in the select
    -- list (a set-returning function in from stores every value before the next step reads it).
    parts as materialized (
      select d.marketplace, d.wb, d.part, sum(d.n)::int as n, sum(d.demo)::int as demo, bit_or(d.sellers) as s,
        bool_and(d.priced is null) as all_priced, bool_and(d.timed is null) as all_timed,
        sum(cardinality(d.cents))::int as prices, count(*)::int as days
      from days d group by 1, 2, 3
    ),
    part_cents as materialized (
      select u.wb, u.part, array_agg(u.x) as cents
      from (select d.wb, d.part, unnest(d.cents) as x from days d) u group by 1, 2
    ),
    -- Where the quantiles read the prices from: the days themselves, when a pass over the window's days for each week
    -- costs less than gathering every price by week and third first (part_cents, a step for each price, made only
    -- then): the window's weeks times its days at most its prices (flipwise.market_day_passes_max prices a pass, 1
    -- unless set). "lululemon align pant" at 90 days and 10M listings: 14 weeks x 455 days for 42,574 prices, read
    -- from the days; "doc martens boots" at 365 days, 52 weeks of many signatures' days, from part_cents (decision 098).
    via as materialized (
      select count(distinct p.wb) * sum(p.days)
          <= coalesce(nullif(current_setting('flipwise.market_day_passes_max', true), '')::float8, 1) * sum(p.prices)
        as days
      from parts p
    ),
    -- (a day's priced and timed sellers are null when they are all its sellers, nearly always: then a group's are its
    -- sellers, and they are OR'd only where some day says otherwise)
    asked_bits as materialized (
      select p.marketplace, sum(p.n)::int as n, sum(p.demo)::int as demo, bit_or(p.s) as s,
        bool_and(p.all_priced) as all_priced, bool_and(p.all_timed) as all_timed
      from parts p group by 1
    ),
    asked as (
      select $1::text as condition, x.marketplace, x.n, x.demo, 0 as panel, least(bit_count(x.s), $3)::int as upto,
        case when bit_count(x.s) < $3 then array(
          select o.seller_key from private.market_seller_ords o where o.ord = any (private.market_bit_ords(x.s))) end
          as keys
      from asked_bits x
    ),
    chosen_n as (
      select coalesce(bit_count(x.s), 0)::int as sellers,
        coalesce(bit_count(case when x.all_priced then x.s
          else (select bit_or(coalesce(d.priced, d.sellers)) from days d) end), 0)::int as priced,
        coalesce(bit_count(case when x.all_timed then x.s
          else (select bit_or(coalesce(d.timed, d.sellers)) from days d) end), 0)::int as timed,
        null::uuid[] as keys, x.s as bits
      from (select bit_or(a.s) as s, bool_and(a.all_priced) as all_priced, bool_and(a.all_timed) as all_timed
            from asked_bits a) x
    ),
    -- (each quantile as percentile_cont gives it: its two values, at the ranks percentile_cont reads, found by one
    -- percentile_disc over the cents, then interpolated as percentile_cont does, see private.market_sold_figures_sql;
    -- each aggregate in a lateral subquery of its own, which the planner keeps as it is: a scalar subquery in a
    -- subquery the planner pulls up is copied to each place its value is read, and each copy sorts every price again)
    quartiles as (
      select q.i, x.at - floor(x.at) as part, m.v[2 * q.i - 1]::float8 / 100 as lo, m.v[2 * q.i]::float8 / 100 as hi
      from (select sum(p.prices) as n from parts p) k
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(k.n, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (k.n - 1))), (2, ceil(f.p * (k.n - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where not (select v.days from via v)) u) m
      cross join lateral unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality q(p, i)
      cross join lateral (select q.p * (k.n - 1) as at) x
      where k.n > 0
    ),
    middle as (
      select m.v[1] + (x.at - floor(x.at)) * (m.v[2] - m.v[1]) as took
      from (select sum(cardinality(d.took)) as n from days d) k
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (k.n - 1)) + 0.5) / nullif(k.n, 0),
            (ceil(0.5::float8 * (k.n - 1)) + 0.5) / nullif(k.n, 0)]) within group (order by x)::float8[] as v
        from (select unnest(d.took) as x from days d) u) m
      cross join lateral (select 0.5::float8 * (k.n - 1) as at) x
      where k.n > 0
    ),
    weekly as (
      select $11[w.wb] as week, w.n, least(bit_count(w.s), $3)::int as sellers,
        least(bit_count(case when w.all_priced then w.s
          else (select bit_or(coalesce(d.priced, d.sellers)) from days d where d.wb = w.wb) end), $3)::int as priced,
        w.prices, m.v[1]::float8 / 100 + (0.5::float8 * (w.prices - 1) - floor(0.5::float8 * (w.prices - 1)))
          * (m.v[2]::float8 / 100 - m.v[1]::float8 / 100) as median
      from (select p.wb, sum(p.n)::int as n, bit_or(p.s) as s, bool_and(p.all_priced) as all_priced,
              sum(p.prices)::int as prices
            from parts p group by 1) w
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0),
            (ceil(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0)]) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where d.wb = w.wb and (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where c.wb = w.wb and not (select v.days from via v)) u) m
    ),
    thirds as (
      select t.part, t.n, least(bit_count(t.s), $3)::int as sellers, t.prices, case when t.prices > 0 then array(
          select m.v[2 * f.i - 1]::float8 / 100 + (f.p * (t.prices - 1) - floor(f.p * (t.prices - 1)))
            * (m.v[2 * f.i]::float8 / 100 - m.v[2 * f.i - 1]::float8 / 100)
          from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i)
          order by f.i) end as q
      from (select p.part, sum(p.n)::int as n, bit_or(p.s) as s, sum(p.prices)::int as prices
            from parts p where p.part is not null group by 1) t
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(t.prices, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (t.prices - 1))), (2, ceil(f.p * (t.prices - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from (select unnest(d.cents) as x from days d where d.part = t.part and (select v.days from via v)
              union all
              select unnest(c.cents) from part_cents c where c.part = t.part and not (select v.days from via v)) u) m
    )$sql$;
  else
    v_asked := $sql$
    asked as (
      select $1::text as condition, mc.marketplace, count(*)::int as n,
        count(*) filter (where mc.source = 'demo')::int as demo, 0 as panel,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as upto,
        array_agg(mc.seller_key) filter (where mc.seller_key is not null) as keys
      from mc group by mc.marketplace
    ),
    $sql$ || private.market_sold_figures_sql();
  end if;
  -- With no hedged test, the text is one of two (from the days, or from the places), the same at every call.
  p_fixed := v_hedged = 'false';
  -- (PL/pgSQL keeps the plan across calls; a SQL function is planned again at every call)
  p_sql := format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source,
        (p.price * 100)::bigint as cents, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, case when h.currency = 'USD' then (h.price * 100)::bigint end,
        h.sold_at, h.took
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
        where c.facet = $7 and c.sig = any ($6) and c.span <= $9 and c.condition <> $1
          and ($8::text is null or c.marketplace = $8)
        union all
        select h.condition, h.marketplace, 1, (h.source = 'demo')::integer from hedge h where h.condition <> $1
      ) o
      group by 1, 2
    ),
    %s,
    g as (
      select a.condition, a.marketplace, a.n, a.demo, a.panel, a.upto, a.keys from asked a
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
    v_hedged, v_asked);
end;
$_$;
