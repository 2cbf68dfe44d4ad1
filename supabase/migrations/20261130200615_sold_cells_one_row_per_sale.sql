-- A sale adds to one row of each of its sold cells, not one per window (issue 53, decision 092). The sold cells kept
-- a row per window (30, 90, 180, 365 days) and cell, so a new sale, in all four windows, was four upserts per cell:
-- the largest part of the background merge's upserts, whose cost under 16 users searching kept the writer from its
-- 2x. Each row is now the sales whose narrowest window is its span, and a window's count is the sum of its span's row
-- and the narrower ones'; the daily roll moves the day that leaves a window on to the next one's row. The key leads
-- with the cell (facet, sig, condition, marketplace, span), which every read asks for, and the rows are made again
-- from the places of the sales below. The cells a merge leaves at zero are now deleted one by one, by key: the join
-- it ran read every sold cell (the statistics say none is at zero), 20 to 90 ms of a merge at 1M listings.

CREATE FUNCTION private.market_sold_span_of(p_day date, p_through date) RETURNS smallint
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select min(w.span)
  from unnest(private.market_sold_spans()) w(span)
  where p_day >= p_through - (w.span - 1) and p_day <= p_through + 1
$$;

DROP TABLE private.market_sold_cells;

CREATE TABLE private.market_sold_cells (
  facet text not null,
  sig integer not null,
  condition text not null,
  marketplace text not null,
  span smallint not null,
  n integer not null,
  demo integer not null,
  primary key (facet, sig, condition, marketplace, span)
);

ALTER TABLE private.market_sold_cells ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON private.market_sold_cells FROM PUBLIC, anon, authenticated;
GRANT SELECT ON private.market_sold_cells TO service_role;

DROP FUNCTION private.market_sold_spans_of(date, date);

CREATE OR REPLACE FUNCTION private.market_cells_check() RETURNS TABLE(facet text, sig integer, condition text, marketplace text, problem text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with width as (select s.width from private.market_cells_state s),
  fresh as (
    select f.facet, p.sig, l.condition, l.marketplace, count(*)::integer as n,
      count(*) filter (where l.source = 'demo')::integer as demo,
      coalesce(bit_or(private.market_seller_bit(so.ord, (select width from width))) filter (where so.ord is not null),
        repeat('0', (select width from width))::bit varying) as sellers
    from public.market_listings l
    join private.market_listing_places p on p.id = l.id
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    left join private.market_seller_ords so on so.seller_key = l.seller_key
    where private.market_listed_counts(l)
    group by 1, 2, 3, 4
  )
  select coalesce(f.facet, c.facet), coalesce(f.sig, c.sig), coalesce(f.condition, c.condition),
    coalesce(f.marketplace, c.marketplace),
    case when c.n is null then 'missing' when f.n is null then 'no rows'
      when f.n <> c.n then 'listings' when f.demo <> c.demo then 'demo listings' else 'sellers' end
  from fresh f
  full join private.market_listed_cells c using (facet, sig, condition, marketplace)
  where f.n is distinct from c.n or f.demo is distinct from c.demo or f.sellers is distinct from c.sellers
  union all
  select null, p.sig, l.condition, l.marketplace, format('listing %s is in the wrong place', l.id)
  from public.market_listings l
  left join private.market_listing_places p on p.id = l.id
  left join private.market_signatures g on g.id = p.sig
  where private.market_listed_counts(l)
    and (p.id is null or g.key is distinct from private.market_signature_key(l.terms) or g.decoys <> l.decoys
         or p.facets <> private.market_facets_of(l.terms)
         or (p.condition, p.marketplace, p.ord, p.demo) is distinct from (l.condition, l.marketplace,
           (select so.ord from private.market_seller_ords so where so.seller_key = l.seller_key), l.source = 'demo'))
  union all
  select null, p.sig, null, null, format('listing %s is placed but not counted', p.id)
  from private.market_listing_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_listed_counts(l)
  -- The sold cells against the places of the sales, and each place against its sale.
  union all
  select coalesce(f.facet, c.facet), coalesce(f.sig, c.sig), coalesce(f.condition, c.condition),
    coalesce(f.marketplace, c.marketplace),
    format('sold, the %s days'' row: ', coalesce(f.span, c.span)) || case when c.n is null then 'missing'
      when f.n is null then 'no sales' when f.n <> c.n then 'sales' else 'demo sales' end
  from (
    select f.facet, p.sig, p.condition, p.marketplace, w.span, count(*)::integer as n,
      count(*) filter (where p.demo)::integer as demo
    from private.market_sale_places p
    cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date,
      (select s.through from private.market_sold_state s)) as span) w
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    where w.span is not null
    group by 1, 2, 3, 4, 5
  ) f
  full join private.market_sold_cells c using (facet, sig, condition, marketplace, span)
  where f.n is distinct from c.n or f.demo is distinct from c.demo
  union all
  select null, p.sig, l.condition, l.marketplace, format('sale %s is in the wrong place', l.id)
  from public.market_listings l
  left join private.market_sale_places p on p.id = l.id
  left join private.market_signatures g on g.id = p.sig
  where private.market_sold_counts(l)
    and (p.id is null or g.key is distinct from private.market_signature_key(l.terms) or g.decoys <> l.decoys
         or p.facets <> private.market_facets_of(l.terms)
         or (p.condition, p.marketplace, p.sold_at, p.seller_key, p.demo, p.price, p.took)
           is distinct from (l.condition, l.marketplace, l.sold_at, l.seller_key, l.source = 'demo',
             case when l.currency = 'USD' then l.price end, private.market_took(l.sold_at, l.listed_at)))
  -- The days of the sales against their places.
  union all
  select '', coalesce(k.sig, d.sig), coalesce(k.condition, d.condition), coalesce(k.marketplace, d.marketplace),
    format('sold on %s: ', coalesce(k.day, d.day)) || case when d.n is null then 'missing' when k.day is null
      then 'no sales' else 'figures' end
  from (select distinct p.condition, p.sig, (p.sold_at at time zone 'UTC')::date as day, p.marketplace
        from private.market_sale_places p) k
  full join private.market_sale_days d using (condition, sig, day, marketplace)
  left join lateral private.market_sale_day(coalesce(k.condition, d.condition), coalesce(k.sig, d.sig),
    coalesce(k.day, d.day), coalesce(k.marketplace, d.marketplace), (select s.width from private.market_cells_state s)) f
    on true
  where (f.n, f.demo, f.sellers, f.priced, f.timed, f.cents, f.took)
    is distinct from (d.n, d.demo, d.sellers, d.priced, d.timed, d.cents, d.took)
  union all
  select null, p.sig, null, null, format('sale %s is placed but not counted', p.id)
  from private.market_sale_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_sold_counts(l)
$$;

CREATE OR REPLACE FUNCTION private.market_cells_place(p_ids bigint[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_zeros bit varying;
  v_through date;
  v_cell record;
begin
  -- (only sellers not there yet: an insert that meets a conflict has still drawn its ordinal, and ordinals drawn for
  -- sellers already there would leave gaps that widen every bitset)
  insert into private.market_seller_ords (seller_key)
  select distinct r.seller_key from public.market_listings r
  where r.id = any (p_ids) and r.seller_key is not null and r.source <> 'panel'
    and not exists (select 1 from private.market_seller_ords o where o.seller_key = r.seller_key)
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();
  v_zeros := repeat('0', v_width)::bit varying;

  -- The working tables, made once a session and kept (emptied at each commit, and by this function as
  -- it goes): tables dropped at commit were made again by every statement, and every statement below that reads one
  -- was planned again with it (decision 090).
  if to_regclass('pg_temp.market_cells_delta') is null or to_regclass('pg_temp.market_sold_delta') is null
     or to_regclass('pg_temp.market_days_touched') is null or to_regclass('pg_temp.market_days_added') is null
     or to_regclass('pg_temp.market_cells_signed') is null or to_regclass('pg_temp.market_cells_bits') is null
     or to_regclass('pg_temp.market_cells_emptied') is null then
    create temporary table if not exists market_cells_delta (
      facet text, sig integer, condition text, marketplace text, ord integer, n integer, demo integer
    ) on commit delete rows;
    create temporary table if not exists market_sold_delta (
      facet text, sig integer, condition text, marketplace text, span smallint, n integer, demo integer
    ) on commit delete rows;
    create temporary table if not exists market_days_touched (
      condition text, sig integer, day date, marketplace text
    ) on commit delete rows;
    -- (a day's merge asks of each day whether the statement took a sale from it: a lookup, not a pass over them all,
    -- which made a statement that touched many days take time in the square of their number)
    create index if not exists market_days_touched_key on market_days_touched (condition, sig, day, marketplace);
    create temporary table if not exists market_days_added (
      condition text, sig integer, day date, marketplace text, seller_key uuid, demo boolean, price numeric,
      took integer
    ) on commit delete rows;
    create temporary table if not exists market_cells_signed (
      id bigint, key text[], decoys text[], facets text[], condition text, marketplace text, seller_key uuid,
      source text, status text, sold_at timestamptz, price numeric, currency text, listed_at timestamptz
    ) on commit delete rows;
    create temporary table if not exists market_cells_bits (
      facet text, sig integer, condition text, marketplace text, ord integer, n integer, was integer
    ) on commit delete rows;
    -- the cells a merge left with no listing or sale (span: null for a listed cell)
    create temporary table if not exists market_cells_emptied (
      span smallint, facet text, sig integer, condition text, marketplace text
    ) on commit delete rows;
  end if;

  if exists (select 1 from private.market_sale_places p where p.id = any (p_ids))
     or exists (select 1 from public.market_listings r where r.id = any (p_ids) and private.market_sold_counts(r)) then
    select s.through into v_through from private.market_sold_state s for share;
  end if;

  -- The rows leaving: their places, as they were counted.
  with gone as (
    delete from private.market_listing_places p
    where p.id = any (p_ids)
    returning p.sig, p.facets, p.condition, p.marketplace, p.ord, p.demo
  )
  insert into pg_temp.market_cells_delta
  select f.facet, g.sig, g.condition, g.marketplace, g.ord, -1, -g.demo::integer
  from gone g
  cross join lateral unnest('{""}'::text[] || g.facets) f(facet);

  if v_through is not null then
    with gone as (
      delete from private.market_sale_places p
      where p.id = any (p_ids)
      returning p.*
    ),
    days as (
      insert into pg_temp.market_days_touched
      select g.condition, g.sig, (g.sold_at at time zone 'UTC')::date, g.marketplace from gone g
    )
    insert into pg_temp.market_sold_delta
    select f.facet, g.sig, g.condition, g.marketplace, w.span, -1, -g.demo::integer
    from gone g
    cross join lateral (select private.market_sold_span_of((g.sold_at at time zone 'UTC')::date, v_through) as span) w
    cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
    where w.span is not null;
  end if;

  -- The rows arriving: signed now, all in one statement, as private.market_signature_key and
  -- private.market_facets_of sign one listing (the words of the batch looked up together: those two called for each
  -- row cost an import's upsert 42 ms of 500 rows at 10M listings, the largest part of keeping the cells).
  insert into pg_temp.market_cells_signed
  with r as materialized (
    select r.* from public.market_listings r
    where r.id = any (p_ids) and (private.market_listed_counts(r) or private.market_sold_counts(r))
  ),
  t as materialized (
    select r.id, t.w from r, unnest(r.terms) t(w)
  ),
  -- (each word of the batch looked up once, not once per listing that holds it: a facet's form, a name's first word)
  words as materialized (
    select distinct t.w from t
  ),
  named as materialized (
    select n.first, n.words from words w join private.market_cell_names n on n.first = w.w and n.state <> 'retiring'
  ),
  signed as (
    select x.id, array_agg(distinct x.w order by x.w) as key
    from (
      select t.id, t.w from t
      join private.market_cell_words w on w.word = t.w and w.role = 'signature' and w.state <> 'retiring'
      union all
      select t.id, unnest(n.words)
      from t join named n on n.first = t.w join r on r.id = t.id
      where n.words <@ r.terms
    ) x
    group by x.id
  ),
  facet_words as (
    select w.w from words w where private.market_facet_form(w.w)
    union
    select w.word from private.market_cell_words w where w.role = 'facet'
  ),
  faceted as (
    select t.id, array_agg(distinct t.w order by t.w) as facets
    from t join facet_words f on f.w = t.w
    group by t.id
  )
  select r.id, coalesce(g.key, '{}'), r.decoys, coalesce(f.facets, '{}'), r.condition, r.marketplace, r.seller_key,
    r.source, r.status, r.sold_at, r.price, r.currency, r.listed_at
  from r
  left join signed g on g.id = r.id
  left join faceted f on f.id = r.id;

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_signed s order by 1, 2
  on conflict do nothing;

  with placed as (
    insert into private.market_listing_places (id, sig, facets, condition, marketplace, ord, demo)
    select s.id, g.id, s.facets, s.condition, s.marketplace, so.ord, s.source = 'demo'
    from pg_temp.market_cells_signed s
    join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
    left join private.market_seller_ords so on so.seller_key = s.seller_key
    where s.status = 'available'
    order by s.id
    returning *
  )
  insert into pg_temp.market_cells_delta
  select f.facet, p.sig, p.condition, p.marketplace, p.ord, 1, p.demo::integer
  from placed p
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet);

  if v_through is not null then
    with placed as (
      insert into private.market_sale_places as p (id, sig, facets, condition, marketplace, sold_at, seller_key, demo,
        price, took)
      select s.id, g.id, s.facets, s.condition, s.marketplace, s.sold_at, s.seller_key, s.source = 'demo',
        case when s.currency = 'USD' then s.price end, private.market_took(s.sold_at, s.listed_at)
      from pg_temp.market_cells_signed s
      join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
      where s.status = 'sold'
      order by s.id
      on conflict (id) do update set sig = excluded.sig, facets = excluded.facets, condition = excluded.condition,
        marketplace = excluded.marketplace, sold_at = excluded.sold_at, seller_key = excluded.seller_key,
        demo = excluded.demo, price = excluded.price, took = excluded.took
      returning p.*
    ),
    days as (
      insert into pg_temp.market_days_added
      select p.condition, p.sig, (p.sold_at at time zone 'UTC')::date, p.marketplace, p.seller_key, p.demo, p.price,
        p.took
      from placed p
    )
    insert into pg_temp.market_sold_delta
    select f.facet, p.sig, p.condition, p.marketplace, w.span, 1, p.demo::integer
    from placed p
    cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date, v_through) as span) w
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    where w.span is not null;

    with merged as (
      insert into private.market_sold_cells as c (facet, sig, condition, marketplace, span, n, demo)
      select d.facet, d.sig, d.condition, d.marketplace, d.span, sum(d.n)::integer, sum(d.demo)::integer
      from pg_temp.market_sold_delta d
      group by 1, 2, 3, 4, 5 having sum(d.n) <> 0 or sum(d.demo) <> 0
      order by 1, 2, 3, 4, 5
      on conflict (facet, sig, condition, marketplace, span) do update set n = c.n + excluded.n,
        demo = c.demo + excluded.demo
      returning c.facet, c.sig, c.condition, c.marketplace, c.span, c.n
    )
    insert into pg_temp.market_cells_emptied
    select m.span, m.facet, m.sig, m.condition, m.marketplace from merged m where m.n <= 0;
    -- (only the cells the merge left empty, each found by its key: never a scan of all of them, nor a look at each
    -- cell a sale was added to, 14 ms of a 500-row upsert at 10M listings; and never the cells that lost a sale joined
    -- to those at zero, which the planner ran as one pass over the lost cells for each cell at zero when a statement
    -- took many sales: a 100,000-row delete ran for over 20 minutes. One keyed delete per cell, not a join: the
    -- statistics say no cell is at zero, so the planner read every cell for the few at zero, 20 to 90 ms a merge at
    -- 1M listings, most often to delete none.)
    for v_cell in select e.facet, e.sig, e.condition, e.marketplace, e.span from pg_temp.market_cells_emptied e loop
      delete from private.market_sold_cells c
      where c.facet = v_cell.facet and c.sig = v_cell.sig and c.condition = v_cell.condition
        and c.marketplace = v_cell.marketplace and c.span = v_cell.span and c.n <= 0;
    end loop;
    delete from pg_temp.market_cells_emptied;
    delete from pg_temp.market_sold_delta;

    -- The days this statement moved a sale of or to, each row locked in key order in one statement (so two writers
    -- never wait on each other in a cycle): a day that only gained sales is added to there (its count, its sellers'
    -- bits, its prices and times merged in order); a day that lost one (market_days_touched) is made again from its
    -- places by the next statement, which reads the places after the lock is held (made, if new, with a count that
    -- stands until then), so another writer's sales of the day are committed by then and read.
    insert into private.market_sale_days as d (condition, sig, day, marketplace, n, demo, sellers, priced, timed,
      cents, took)
    select k.condition, k.sig, k.day, k.marketplace, coalesce(a.n, 1), coalesce(a.demo, 0), coalesce(a.sellers, v_zeros),
      nullif(a.priced, a.sellers), nullif(a.timed, a.sellers), coalesce(a.cents, '{}'), coalesce(a.took, '{}')
    from (select t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t
          union
          select a.condition, a.sig, a.day, a.marketplace from pg_temp.market_days_added a) k
    left join (
      -- (a day's priced or timed sellers are made only when one of its sales with a seller lacks a price or a time:
      -- else they are its sellers, kept as null)
      select a.condition, a.sig, a.day, a.marketplace, count(*)::integer as n,
        count(*) filter (where a.demo)::integer as demo,
        private.market_ords_bits(array_agg(o.ord) filter (where o.ord is not null), v_zeros) as sellers,
        case when bool_or(a.price is null and o.ord is not null) then private.market_ords_bits(
          array_agg(o.ord) filter (where o.ord is not null and a.price is not null), v_zeros) end as priced,
        case when bool_or(a.took is null and o.ord is not null) then private.market_ords_bits(
          array_agg(o.ord) filter (where o.ord is not null and a.took is not null), v_zeros) end as timed,
        coalesce(array_agg((a.price * 100)::bigint order by a.price) filter (where a.price is not null), '{}')
          as cents,
        coalesce(array_agg(a.took order by a.took) filter (where a.took is not null), '{}') as took
      from pg_temp.market_days_added a
      left join private.market_seller_ords o on o.seller_key = a.seller_key
      group by 1, 2, 3, 4
    ) a on (a.condition, a.sig, a.day, a.marketplace) = (k.condition, k.sig, k.day, k.marketplace)
      and not exists (select 1 from pg_temp.market_days_touched t
                      where (t.condition, t.sig, t.day, t.marketplace) = (k.condition, k.sig, k.day, k.marketplace))
    order by 1, 2, 3, 4
    on conflict (condition, sig, day, marketplace) do update set
      n = d.n + excluded.n, demo = d.demo + excluded.demo, sellers = d.sellers | excluded.sellers,
      priced = nullif(coalesce(d.priced, d.sellers) | coalesce(excluded.priced, excluded.sellers),
        d.sellers | excluded.sellers),
      timed = nullif(coalesce(d.timed, d.sellers) | coalesce(excluded.timed, excluded.sellers),
        d.sellers | excluded.sellers),
      cents = array(select x from unnest(d.cents || excluded.cents) x order by x),
      took = array(select x from unnest(d.took || excluded.took) x order by x)
    -- (a day made again below is locked here and left as it is)
    where not exists (select 1 from pg_temp.market_days_touched t
                      where (t.condition, t.sig, t.day, t.marketplace)
                        = (excluded.condition, excluded.sig, excluded.day, excluded.marketplace));
    update private.market_sale_days d
    set n = f.n, demo = f.demo, sellers = f.sellers, priced = f.priced, timed = f.timed, cents = f.cents,
      took = f.took
    from (select distinct t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t) t
    cross join lateral private.market_sale_day(t.condition, t.sig, t.day, t.marketplace, v_width) f
    where (d.condition, d.sig, d.day, d.marketplace) = (t.condition, t.sig, t.day, t.marketplace) and f.n > 0;
    delete from private.market_sale_days d
    using (select distinct t.condition, t.sig, t.day, t.marketplace from pg_temp.market_days_touched t) t
    where (d.condition, d.sig, d.day, d.marketplace) = (t.condition, t.sig, t.day, t.marketplace)
      and not exists (select 1 from private.market_sale_places p
                      where p.condition = t.condition and p.sig = t.sig
                        and p.sold_at >= t.day::timestamp at time zone 'UTC'
                        and p.sold_at < (t.day + 1)::timestamp at time zone 'UTC' and p.marketplace = t.marketplace);
    delete from pg_temp.market_days_touched;
    delete from pg_temp.market_days_added;
  end if;
  delete from pg_temp.market_cells_signed;

  -- (cell, seller) counts, each row added to under its lock (in key order): a seller's bit is set where their count
  -- rose from none, and cleared where it fell to none, as the counts after the change say.
  with changed as (
    insert into private.market_listed_cell_sellers as c (facet, sig, condition, marketplace, ord, n)
    select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer
    from pg_temp.market_cells_delta d where d.ord is not null
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (facet, sig, condition, marketplace, ord) do update set n = c.n + excluded.n
    returning c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n
  )
  insert into pg_temp.market_cells_bits
  select c.facet, c.sig, c.condition, c.marketplace, c.ord, c.n, c.n - d.n
  from changed c
  join (select d.facet, d.sig, d.condition, d.marketplace, d.ord, sum(d.n)::integer as n
        from pg_temp.market_cells_delta d where d.ord is not null group by 1, 2, 3, 4, 5) d
    using (facet, sig, condition, marketplace, ord);
  delete from private.market_listed_cell_sellers c
  using pg_temp.market_cells_bits b
  where b.n <= 0
    and (c.facet, c.sig, c.condition, c.marketplace, c.ord) = (b.facet, b.sig, b.condition, b.marketplace, b.ord);

  -- The cells, each added to under its lock (in key order): counts, and the bits of sellers who arrived; then the
  -- bits of sellers who left are cleared.
  with merged as (
    insert into private.market_listed_cells as c (facet, sig, condition, marketplace, n, demo, sellers)
    select d.facet, d.sig, d.condition, d.marketplace, d.n, d.demo,
      coalesce(b.added, repeat('0', v_width)::bit varying)
    from (
      select d.facet, d.sig, d.condition, d.marketplace, sum(d.n)::integer as n, sum(d.demo)::integer as demo
      from pg_temp.market_cells_delta d group by 1, 2, 3, 4
    ) d
    left join (
      select b.facet, b.sig, b.condition, b.marketplace,
        bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as added
      from pg_temp.market_cells_bits b where b.was <= 0 and b.n > 0 group by 1, 2, 3, 4
    ) b using (facet, sig, condition, marketplace)
    where d.n <> 0 or b.added is not null
    order by 1, 2, 3, 4
    on conflict (facet, sig, condition, marketplace) do update set
      n = c.n + excluded.n, demo = c.demo + excluded.demo, sellers = c.sellers | excluded.sellers
    returning c.facet, c.sig, c.condition, c.marketplace, c.n
  )
  insert into pg_temp.market_cells_emptied
  select null, m.facet, m.sig, m.condition, m.marketplace from merged m where m.n <= 0;
  update private.market_listed_cells c set sellers = c.sellers & ~r.removed
  from (
    select b.facet, b.sig, b.condition, b.marketplace,
      bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as removed
    from pg_temp.market_cells_bits b where b.was > 0 and b.n <= 0 group by 1, 2, 3, 4
  ) r
  where (c.facet, c.sig, c.condition, c.marketplace) = (r.facet, r.sig, r.condition, r.marketplace);
  -- (only the cells the merge left empty, each found by its key, as the sold cells above)
  for v_cell in select e.facet, e.sig, e.condition, e.marketplace from pg_temp.market_cells_emptied e loop
    delete from private.market_listed_cells c
    where c.facet = v_cell.facet and c.sig = v_cell.sig and c.condition = v_cell.condition
      and c.marketplace = v_cell.marketplace and c.n <= 0;
  end loop;
  delete from pg_temp.market_cells_emptied;
  delete from pg_temp.market_cells_delta;
  delete from pg_temp.market_cells_bits;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_found(p_clause jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET jit TO 'off'
    SET enable_seqscan TO 'off'
    SET enable_indexscan TO 'on'
    AS $_$
declare
  v_groups text := public.market_groups_sql(coalesce(p_clause -> 'groups', '[]'), 'l.terms');
  v_reading jsonb := jsonb_build_object('clauses', jsonb_build_array(p_clause));
  v_left text[];
  v_facet text;
  v_clause jsonb := p_clause;
  v_found boolean;
  -- the probe's test on the rows, and the listings no cell counts (the panel's, hedged titles, sales with no date)
  -- that meet it, through their own small partial index
  v_rows text;
  v_uncounted text;
  v_span smallint;
  v_since timestamptz;
  v_until timestamptz;
  v_sigs integer[];
begin
  if v_groups = '' then
    return false;
  end if;
  v_rows := v_groups || public.market_not_sql(p_clause, 'l.terms');
  v_uncounted := format($sql$exists (
      select 1 from public.market_listings l
      where (l.source = 'panel' or l.hedged or (l.status = 'sold' and l.sold_at is null))
        and l.status in ('available', 'sold') and %s)$sql$, v_rows);
  if current_setting('flipwise.market_cells', true) = 'off'
     or not (select s.reads from private.market_cells_state s) then
    return private.market_listing_exists(v_rows);
  end if;
  v_left := private.market_uncovered(v_reading);
  if cardinality(v_left) > 0 then
    select w into v_facet from unnest(v_left) w where private.market_is_facet(w)
    order by (w ~ '^sz_') desc, w limit 1;
    if v_facet is not null then
      v_reading := private.market_without_facet(v_reading, v_facet);
      v_clause := v_reading -> 'clauses' -> 0;
      v_left := private.market_uncovered(v_reading);
    end if;
  end if;
  if cardinality(v_left) > 0 then
    return private.market_listing_exists(v_rows);
  end if;
  -- The signatures that meet the clause, in a statement of its own: the probes below are then the same statements
  -- at every call, planned once per session, where one statement written out for each clause was planned at each
  -- (1 to 3 ms a probe at 10M listings, most of "did you mean"'s time).
  execute format('select coalesce(array_agg(s.id), ''{}'') from private.market_signatures s where %s%s',
    -- (a clause the facet was the only group of holds every signature)
    coalesce(nullif(public.market_groups_sql(coalesce(v_clause -> 'groups', '[]'), 's.key'), ''), 'true'),
    public.market_not_sql(v_clause - 'not', 's.key'))
  into v_sigs;
  if v_facet is not null then
    -- A listed cell of the facet, or a sold cell of the facet in the longest window, in a signature that meets the
    -- rest: found. The sales the longest window does not hold (dated before it, waiting for the archive, or after the
    -- day after its end) are few: those before it are read per signature, those after it through the places' index
    -- of dates. The listings no cell counts: v_uncounted. Every listing of the words is in one of the four, so this is
    -- the row probe's answer, without reading the sales of the signatures: their places do not index their facets,
    -- and reading a signature's places to the last cost 90 ms for "size s" at 10M.
    -- With no windows' day kept, no sale is placed: rows.
    select max(x.span) into v_span from unnest(private.market_sold_spans()) x(span);
    select (w.through - (v_span - 1))::timestamp at time zone 'UTC', (w.through + 2)::timestamp at time zone 'UTC'
    into v_since, v_until
    from private.market_sold_state w;
    if v_since is null then
      return private.market_listing_exists(v_rows);
    end if;
    v_found := exists (select 1 from private.market_listed_cells c where c.facet = v_facet and c.sig = any (v_sigs))
      or exists (select 1 from private.market_sold_cells c
                 where c.facet = v_facet and c.sig = any (v_sigs) and c.span <= v_span and c.n > 0)
      -- (each signature's sales before the window through the places' own index, condition by condition, in a
      -- lateral with a limit so that it is not planned as one join: the window ends a day or two after the hourly
      -- archive's 366 days, so the sales before it are a day or two of the whole market's, 13,000 at 10M listings,
      -- and reading all of them for their facets cost a probe 3 ms)
      or exists (select 1 from unnest(v_sigs) m(id), unnest(array['new_with_tags', 'new_without_tags',
                                                                  'new_with_imperfections', 'pre_owned']) k(condition),
                   lateral (select 1 from private.market_sale_places p
                            where p.condition = k.condition and p.sig = m.id and p.sold_at < v_since
                              and p.facets @> array[v_facet]
                            limit 1) p)
      or exists (select 1 from private.market_sale_places p
                 where p.sold_at >= v_until and p.facets @> array[v_facet] and p.sig = any (v_sigs));
  else
    v_found := exists (
      select 1 from unnest(v_sigs) m(id)
      where exists (select 1 from private.market_listed_cells c where c.facet = '' and c.sig = m.id)
        or exists (select 1 from unnest(array['new_with_tags', 'new_without_tags', 'new_with_imperfections',
                                              'pre_owned']) k(condition)
                   where exists (select 1 from private.market_sale_places p
                                 where p.condition = k.condition and p.sig = m.id)));
  end if;
  if not v_found then
    execute 'select ' || v_uncounted into v_found;
  end if;
  return v_found;
end;
$_$;

CREATE OR REPLACE FUNCTION private.market_sold_cells_fill(p_through date) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.market_sold_cells;
  insert into private.market_sold_cells (facet, sig, condition, marketplace, span, n, demo)
  select f.facet, p.sig, p.condition, p.marketplace, w.span, count(*), count(*) filter (where p.demo)
  from private.market_sale_places p
  cross join lateral (select private.market_sold_span_of((p.sold_at at time zone 'UTC')::date, p_through) as span) w
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
  where p.sold_at >= (p_through - 364)::timestamp at time zone 'UTC' and w.span is not null
  group by 1, 2, 3, 4, 5;
  update private.market_sold_state set through = p_through;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_sold_roll() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_through date;
  v_today date := (now() at time zone 'UTC')::date;
  v_day date;
begin
  select s.through into v_through from private.market_sold_state s for update;
  if v_through >= v_today then
    return 0;
  end if;
  if v_today - v_through >= 7 then
    perform private.market_sold_cells_fill(v_today);
    return v_today - v_through;
  end if;
  for v_day in select d::date from generate_series(v_through + 1, v_today, interval '1 day') d loop
    with w as (
      select s.span, v_day - s.span as day, lead(s.span) over (order by s.span) as wider
      from unnest(private.market_sold_spans()) s(span)
    )
    insert into private.market_sold_cells as c (facet, sig, condition, marketplace, span, n, demo)
    select f.facet, p.sig, p.condition, p.marketplace, x.span, sum(x.sign)::integer,
      coalesce(sum(x.sign) filter (where p.demo), 0)::integer
    from (
      -- the day that left each window leaves its row (-1) for the next wider window's (+1), and the day after the
      -- new end comes into the narrowest window's
      select w.day, w.span, -1 from w
      union all
      select w.day, w.wider, 1 from w where w.wider is not null
      union all
      select v_day + 1, min(w.span), 1 from w
    ) x(day, span, sign)
    join private.market_sale_places p
      on p.sold_at >= x.day::timestamp at time zone 'UTC' and p.sold_at < (x.day + 1)::timestamp at time zone 'UTC'
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (facet, sig, condition, marketplace, span) do update set n = c.n + excluded.n,
      demo = c.demo + excluded.demo;
  end loop;
  delete from private.market_sold_cells c where c.n <= 0;
  update private.market_sold_state set through = v_today;
  return v_today - v_through;
end;
$$;

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
  -- (decision 088): a day's row costs about as much to read as 2 to 3 sales.
  v_per_day float8 := coalesce(nullif(current_setting('flipwise.market_sale_days_min', true), '')::float8, 3);
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
      select d.marketplace, t.at, width_bucket(t.at, $11) as wb,
        case when t.at < $4 then 'early' when t.at >= $5 then 'recent' end as part,
        d.n, d.demo, d.sellers, d.priced, d.timed, d.cents, d.took
      from private.market_sale_days d
      cross join lateral (select d.day::timestamp at time zone 'UTC' as at) t
      where d.condition = $1 and d.sig = any ($6) and d.day >= ($2 at time zone 'UTC')::date
        and d.day < ($10 at time zone 'UTC')::date and ($8::text is null or d.marketplace = $8)
    ),
    -- (a day's priced and timed sellers are null when they are all its sellers, nearly always: then a group's are its
    -- sellers, and they are OR'd only where some day says otherwise)
    asked_bits as materialized (
      select d.marketplace, sum(d.n)::int as n, sum(d.demo)::int as demo, bit_or(d.sellers) as s,
        bool_and(d.priced is null) as all_priced, bool_and(d.timed is null) as all_timed
      from days d group by 1
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
      from (select sum(cardinality(d.cents)) as n from days d) k
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(k.n, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (k.n - 1))), (2, ceil(f.p * (k.n - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from days d, unnest(d.cents) x) m
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
        from days d, unnest(d.took) x) m
      cross join lateral (select 0.5::float8 * (k.n - 1) as at) x
      where k.n > 0
    ),
    weekly as (
      select $11[w.wb] as week, w.n, least(bit_count(w.s), $3)::int as sellers,
        least(bit_count(case when w.all_priced then w.s
          else (select bit_or(coalesce(d.priced, d.sellers)) from days d where d.wb = w.wb) end), $3)::int as priced,
        w.prices, m.v[1]::float8 / 100 + (0.5::float8 * (w.prices - 1) - floor(0.5::float8 * (w.prices - 1)))
          * (m.v[2]::float8 / 100 - m.v[1]::float8 / 100) as median
      from (select d.wb, sum(d.n)::int as n, bit_or(d.sellers) as s, bool_and(d.priced is null) as all_priced,
              sum(cardinality(d.cents))::int as prices
            from days d group by 1) w
      cross join lateral (
        select percentile_disc(array[(floor(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0),
            (ceil(0.5::float8 * (w.prices - 1)) + 0.5) / nullif(w.prices, 0)]) within group (order by x) as v
        from days d, unnest(d.cents) x where d.wb = w.wb) m
    ),
    thirds as (
      select t.part, t.n, least(bit_count(t.s), $3)::int as sellers, t.prices, case when t.prices > 0 then array(
          select m.v[2 * f.i - 1]::float8 / 100 + (f.p * (t.prices - 1) - floor(f.p * (t.prices - 1)))
            * (m.v[2 * f.i]::float8 / 100 - m.v[2 * f.i - 1]::float8 / 100)
          from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i)
          order by f.i) end as q
      from (select d.part, sum(d.n)::int as n, bit_or(d.sellers) as s, sum(cardinality(d.cents))::int as prices
            from days d where d.part is not null group by 1) t
      cross join lateral (
        select percentile_disc(array(
            select (r.at + 0.5) / nullif(t.prices, 0)
            from unnest(array[0.25, 0.5, 0.75]::float8[]) with ordinality f(p, i),
              lateral (values (1, floor(f.p * (t.prices - 1))), (2, ceil(f.p * (t.prices - 1)))) r(j, at)
            order by f.i, r.j)) within group (order by x) as v
        from days d, unnest(d.cents) x where d.part = t.part) m
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
  -- From the days, the text is the same at every call (no facet, no hedged test).
  p_fixed := v_days;
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


CREATE OR REPLACE FUNCTION public.market_count_sold(p_query text, p_condition text, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql
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
$_$;

REVOKE ALL ON FUNCTION private.market_sold_span_of(p_day date, p_through date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_span_of(p_day date, p_through date) TO service_role;

-- The rows as the new model has them, for the windows' day as it is.
SELECT private.market_sold_cells_fill(s.through) FROM private.market_sold_state s;
