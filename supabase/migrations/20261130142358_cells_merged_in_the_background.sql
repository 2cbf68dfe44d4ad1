-- The cells are merged in the background, not by the writer (issue 53, decision 091). Every statement that wrote
-- listings kept the cells in its own transaction: under 16 users searching, the bench's 500 rows/s writer ran 3.5 to
-- 23.6 times slower than without the cells, against a target of 2. The triggers now only note the ids a statement wrote
-- (private.market_cells_queue); public.market_cells_merge places them in the cells from their rows (pg_cron every two
-- seconds), and an answer from cells says the time it is current to (its asOf). A listing's place now keeps what the
-- cells read of it (condition, marketplace, seller, demo), so it leaves its cells from its place alone: filled below
-- from the rows, which the cells agree with until this migration (their triggers kept them in the same transaction).

SET check_function_bodies = false;

DROP FUNCTION private.market_cells_move(public.market_listings[], public.market_listings[]);

CREATE OR REPLACE FUNCTION private.market_available(p_parsed jsonb, p_condition text, p_k integer, p_filters jsonb, OUT result jsonb, OUT sellers uuid[], OUT seller_bits bit varying) RETURNS record
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
$_$;

CREATE FUNCTION private.market_cells_as_of() RETURNS timestamp with time zone
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select q.queued_at from private.market_cells_queue q order by q.queued_at limit 1), now())
$$;

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
    format('sold %s days: ', coalesce(f.span, c.span)) || case when c.n is null then 'missing' when f.n is null then 'no sales'
      when f.n <> c.n then 'sales' else 'demo sales' end
  from (
    select w.span, f.facet, p.sig, p.condition, p.marketplace, count(*)::integer as n,
      count(*) filter (where p.demo)::integer as demo
    from private.market_sale_places p
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    cross join lateral unnest(private.market_sold_spans_of((p.sold_at at time zone 'UTC')::date,
      (select s.through from private.market_sold_state s))) w(span)
    group by 1, 2, 3, 4, 5
  ) f
  full join private.market_sold_cells c using (span, facet, sig, condition, marketplace)
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

CREATE FUNCTION private.market_cells_place(p_ids bigint[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_zeros bit varying;
  v_through date;
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
      span smallint, facet text, sig integer, condition text, marketplace text, n integer, demo integer
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
    select w.span, f.facet, g.sig, g.condition, g.marketplace, -1, -g.demo::integer
    from gone g
    cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
    cross join lateral unnest(private.market_sold_spans_of((g.sold_at at time zone 'UTC')::date, v_through)) w(span);
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
    select w.span, f.facet, p.sig, p.condition, p.marketplace, 1, p.demo::integer
    from placed p
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    cross join lateral unnest(private.market_sold_spans_of((p.sold_at at time zone 'UTC')::date, v_through)) w(span);

    with merged as (
      insert into private.market_sold_cells as c (span, facet, sig, condition, marketplace, n, demo)
      select d.span, d.facet, d.sig, d.condition, d.marketplace, sum(d.n)::integer, sum(d.demo)::integer
      from pg_temp.market_sold_delta d
      group by 1, 2, 3, 4, 5 having sum(d.n) <> 0 or sum(d.demo) <> 0
      order by 1, 2, 3, 4, 5
      on conflict (span, facet, sig, condition, marketplace) do update set n = c.n + excluded.n,
        demo = c.demo + excluded.demo
      returning c.span, c.facet, c.sig, c.condition, c.marketplace, c.n
    )
    insert into pg_temp.market_cells_emptied
    select m.span, m.facet, m.sig, m.condition, m.marketplace from merged m where m.n <= 0;
    -- (only the cells the merge left empty, each found by its key: never a scan of all of them, nor a look at each
    -- cell a sale was added to, 14 ms of a 500-row upsert at 10M listings; and never the cells that lost a sale joined
    -- to those at zero, which the planner ran as one pass over the lost cells for each cell at zero when a statement
    -- took many sales: a 100,000-row delete ran for over 20 minutes)
    delete from private.market_sold_cells c
    using pg_temp.market_cells_emptied e
    where (c.span, c.facet, c.sig, c.condition, c.marketplace) = (e.span, e.facet, e.sig, e.condition, e.marketplace)
      and c.n <= 0;
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
  delete from private.market_listed_cells c
  using pg_temp.market_cells_emptied e
  where (c.facet, c.sig, c.condition, c.marketplace) = (e.facet, e.sig, e.condition, e.marketplace) and c.n <= 0;
  delete from pg_temp.market_cells_emptied;
  delete from pg_temp.market_cells_delta;
  delete from pg_temp.market_cells_bits;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_cells_rebuild() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_started timestamptz := clock_timestamp();
begin
  -- (the merge's lock, then every write noted so far is taken: the rows read below are as new as those writes or newer,
  -- and a write committed after this is placed again by its own entry)
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  delete from private.market_cells_queue;
  lock table private.market_listed_cells, private.market_listed_cell_sellers, private.market_listing_places,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days in exclusive mode;
  perform 1 from private.market_sold_state for update;
  perform private.market_cell_words_settle();
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days;

  insert into private.market_seller_ords (seller_key)
  select distinct l.seller_key from public.market_listings l
  where l.seller_key is not null and l.source <> 'panel'
    and not exists (select 1 from private.market_seller_ords o where o.seller_key = l.seller_key)
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();

  -- Each distinct key is signed once (the bench's titles repeat; sellers' own do less).
  create temporary table market_cells_shapes on commit drop as
  select k.terms, k.decoys, private.market_signature_key(k.terms) as key, private.market_facets_of(k.terms) as facets
  from (select distinct l.terms, l.decoys from public.market_listings l
        where private.market_listed_counts(l) or private.market_sold_counts(l)) k;

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_shapes s
  on conflict do nothing;

  insert into private.market_listing_places (id, sig, facets, condition, marketplace, ord, demo)
  select l.id, g.id, s.facets, l.condition, l.marketplace, so.ord, l.source = 'demo'
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  left join private.market_seller_ords so on so.seller_key = l.seller_key
  where private.market_listed_counts(l);

  create temporary table market_cells_rows on commit drop as
  select f.facet, p.sig, p.condition, p.marketplace, p.ord, p.demo
  from private.market_listing_places p
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet);

  insert into private.market_listed_cell_sellers (facet, sig, condition, marketplace, ord, n)
  select r.facet, r.sig, r.condition, r.marketplace, r.ord, count(*)
  from pg_temp.market_cells_rows r where r.ord is not null
  group by 1, 2, 3, 4, 5;

  insert into private.market_listed_cells (facet, sig, condition, marketplace, n, demo, sellers)
  select r.facet, r.sig, r.condition, r.marketplace, count(*), count(*) filter (where r.demo),
    coalesce(bit_or(private.market_seller_bit(r.ord, v_width)) filter (where r.ord is not null),
      repeat('0', v_width)::bit varying)
  from pg_temp.market_cells_rows r
  group by 1, 2, 3, 4;

  insert into private.market_sale_places (id, sig, facets, condition, marketplace, sold_at, seller_key, demo, price,
    took)
  select l.id, g.id, s.facets, l.condition, l.marketplace, l.sold_at, l.seller_key, l.source = 'demo',
    case when l.currency = 'USD' then l.price end, private.market_took(l.sold_at, l.listed_at)
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  where private.market_sold_counts(l)
  -- in the order a sold search reads them: a signature's sales of a condition lie together
  order by l.condition, g.id, l.sold_at;
  perform private.market_sold_cells_fill((now() at time zone 'UTC')::date);
  insert into private.market_sale_days (condition, sig, day, marketplace, n, demo, sellers, priced, timed, cents, took)
  select k.condition, k.sig, k.day, k.marketplace, f.n, f.demo, f.sellers, f.priced, f.timed, f.cents, f.took
  from (select distinct p.condition, p.sig, (p.sold_at at time zone 'UTC')::date as day, p.marketplace
        from private.market_sale_places p) k
  cross join lateral private.market_sale_day(k.condition, k.sig, k.day, k.marketplace, v_width) f
  -- in the order a sold search reads them: a signature's days of a condition lie together
  order by 1, 2, 3, 4;

  analyze private.market_signatures;
  analyze private.market_listed_cells;
  analyze private.market_sale_places;
  analyze private.market_sold_cells;
  analyze private.market_sale_days;
  return jsonb_build_object(
    'signatures', (select count(*) from private.market_signatures),
    'listings', (select count(*) from private.market_listing_places),
    'cells', (select count(*) from private.market_listed_cells),
    'cellSellers', (select count(*) from private.market_listed_cell_sellers),
    'sales', (select count(*) from private.market_sale_places),
    'soldCells', (select count(*) from private.market_sold_cells),
    'saleDays', (select count(*) from private.market_sale_days),
    'ms', round(extract(epoch from clock_timestamp() - v_started) * 1000));
end;
$$;

CREATE OR REPLACE FUNCTION private.market_cells_resign(p_limit integer DEFAULT 5000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_words text[];
  v_after bigint;
  v_ids bigint[];
  v_moved bigint[];
begin
  select coalesce(array_agg(distinct w), '{}') into v_words
  from (select w.word as w from private.market_cell_words w where w.role = 'signature' and w.state in ('pending', 'retiring')
        union all
        select unnest(n.words) from private.market_cell_names n where n.state in ('pending', 'retiring')) w;
  if cardinality(v_words) = 0 then
    return 0;
  end if;
  -- (the merge's lock: a listing is placed by one of them at a time)
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  select s.resign_after into v_after from private.market_cells_state s for update;
  v_ids := array(select p.id from (select p.id from private.market_listing_places p where p.id > v_after
                                   union all
                                   select p.id from private.market_sale_places p where p.id > v_after) p
                 order by p.id limit p_limit);
  if cardinality(v_ids) = 0 then
    perform private.market_cell_words_settle();
    update private.market_cells_state set resign_after = 0;
    return 0;
  end if;
  v_moved := array(
    select l.id
    from public.market_listings l
    left join private.market_listing_places p on p.id = l.id
    left join private.market_sale_places sp on sp.id = l.id
    join private.market_signatures g on g.id = coalesce(p.sig, sp.sig)
    where l.id = any (v_ids) and l.terms && v_words and g.key is distinct from private.market_signature_key(l.terms));
  if cardinality(v_moved) > 0 then
    perform private.market_cells_place(v_moved);
  end if;
  update private.market_cells_state set resign_after = v_ids[cardinality(v_ids)];
  return cardinality(v_ids);
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_deleted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.market_cells_queue (id)
  select o.id from old_rows o where o.status in ('available', 'sold') and o.source <> 'panel';
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into private.market_cells_queue (id)
  select n.id from new_rows n where n.status in ('available', 'sold') and n.source <> 'panel';
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells, private.market_sale_days, private.market_cells_queue;
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_updated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Only rows listed or sold before or after whose counting changed: an upsert that rewrites a listed item's price moves
  -- nothing, and a sale archived (a sale older than every window) leaves only its place.
  insert into private.market_cells_queue (id)
  select n.id from old_rows o join new_rows n on n.id = o.id where private.market_cells_moved(o, n);
  return null;
end;
$$;

CREATE FUNCTION public.market_cells_merge(p_limit integer DEFAULT 20000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_taken integer;
  v_ids bigint[];
begin
  perform pg_advisory_xact_lock(hashtext('private.market_cells_place'));
  with taken as (
    delete from private.market_cells_queue q
    where q.seq in (select o.seq from private.market_cells_queue o order by o.seq limit p_limit)
    returning q.id
  )
  select count(*)::integer, coalesce(array_agg(distinct t.id order by t.id), '{}') into v_taken, v_ids from taken t;
  if v_taken > 0 then
    perform private.market_cells_place(v_ids);
  end if;
  return v_taken;
end;
$$;

REVOKE ALL ON FUNCTION public.market_cells_merge(integer) FROM anon, authenticated, service_role;

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
  v_route := case when p_window_days in (30, 90, 180, 365) then private.market_cells_route(v_parsed, p_filters)
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

CREATE OR REPLACE FUNCTION public.market_search(p_kind text, p_query text, p_condition text, p_user uuid, p_bucket text, p_limit integer, p_window_seconds integer, p_cache_key text DEFAULT NULL::text, p_ttl_seconds integer DEFAULT 900, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
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

CREATE TABLE private.market_cells_queue (
    seq bigint NOT NULL,
    id bigint NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE private.market_cells_queue ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.market_cells_queue_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE private.market_listing_places ADD COLUMN condition text;

ALTER TABLE private.market_listing_places ADD COLUMN marketplace text;

ALTER TABLE private.market_listing_places ADD COLUMN ord integer;

ALTER TABLE private.market_listing_places ADD COLUMN demo boolean;

update private.market_listing_places p
set condition = l.condition, marketplace = l.marketplace, demo = l.source = 'demo',
  ord = (select o.ord from private.market_seller_ords o where o.seller_key = l.seller_key)
from public.market_listings l
where l.id = p.id;

ALTER TABLE private.market_listing_places ALTER COLUMN condition SET NOT NULL;

ALTER TABLE private.market_listing_places ALTER COLUMN marketplace SET NOT NULL;

ALTER TABLE private.market_listing_places ALTER COLUMN demo SET NOT NULL;

ALTER TABLE ONLY private.market_cells_queue
    ADD CONSTRAINT market_cells_queue_pkey PRIMARY KEY (seq);

CREATE INDEX market_cells_queue_queued_at_idx ON private.market_cells_queue USING btree (queued_at);

ALTER TABLE private.market_cells_queue ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.market_cells_as_of() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_cells_as_of() TO service_role;

REVOKE ALL ON FUNCTION private.market_cells_place(p_ids bigint[]) FROM PUBLIC;

REVOKE ALL ON FUNCTION public.market_cells_merge(p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.market_cells_merge(p_limit integer) TO service_role;

GRANT SELECT ON TABLE private.market_cells_queue TO service_role;

-- Hosted: pg_cron merges the writes noted into the cells every two seconds (a schedule is data, which no schema diff
-- writes). The emulator merges every second; the test server has no pg_cron.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('market-cells-merge', '2 seconds', 'select public.market_cells_merge()');
  end if;
end;
$$;
