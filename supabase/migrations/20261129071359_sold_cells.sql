-- Sold searches from exact cells (issue 53, docs/decisions/087-sold-cells.md): each counted sale's place (its
-- signature, facets and the figures a sold answer reads of it) and the sold cells of the four windows, kept by the
-- same statement triggers as the listed cells and moved on each day by private.market_sold_roll; the sold count reads
-- them when its reading is routed to the cells and its window is one of the four. Both counts also stop scanning every
-- cell for empty ones after each write: only the cells a statement changed are looked at.
-- Drafted by `npm run db:diff` from supabase/schemas; the data steps at the end are written by hand.

SET check_function_bodies = false;

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
         or p.facets <> private.market_facets_of(l.terms))
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
  union all
  select null, p.sig, null, null, format('sale %s is placed but not counted', p.id)
  from private.market_sale_places p
  left join public.market_listings l on l.id = p.id
  where l.id is null or not private.market_sold_counts(l)
$$;

CREATE OR REPLACE FUNCTION private.market_cells_move(p_old public.market_listings[], p_new public.market_listings[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_through date;
begin
  insert into private.market_seller_ords (seller_key)
  select distinct r.seller_key from unnest(p_new) r where r.seller_key is not null and r.source <> 'panel'
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();

  create temporary table if not exists market_cells_delta (
    facet text, sig integer, condition text, marketplace text, ord integer, n integer, demo integer
  ) on commit drop;
  create temporary table if not exists market_sold_delta (
    span smallint, facet text, sig integer, condition text, marketplace text, n integer, demo integer
  ) on commit drop;

  if exists (select 1 from unnest(p_old) o where o.status = 'sold')
     or exists (select 1 from unnest(p_new) r where private.market_sold_counts(r)) then
    select s.through into v_through from private.market_sold_state s for share;
  end if;

  -- The rows leaving: their places, as they were counted.
  with gone as (
    delete from private.market_listing_places p
    using unnest(p_old) o
    where p.id = o.id and private.market_listed_counts(o)
    returning p.sig, p.facets, o.condition, o.marketplace, o.seller_key, o.source
  )
  insert into pg_temp.market_cells_delta
  select f.facet, g.sig, g.condition, g.marketplace, so.ord, -1, case when g.source = 'demo' then -1 else 0 end
  from gone g
  cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = g.seller_key;

  if v_through is not null then
    with gone as (
      delete from private.market_sale_places p
      using unnest(p_old) o
      where p.id = o.id and o.status = 'sold'
      returning p.*
    )
    insert into pg_temp.market_sold_delta
    select w.span, f.facet, g.sig, g.condition, g.marketplace, -1, -g.demo::integer
    from gone g
    cross join lateral unnest('{""}'::text[] || g.facets) f(facet)
    cross join lateral unnest(private.market_sold_spans_of((g.sold_at at time zone 'UTC')::date, v_through)) w(span);
  end if;

  -- The rows arriving: signed now.
  create temporary table if not exists market_cells_signed (
    id bigint, key text[], decoys text[], facets text[], condition text, marketplace text, seller_key uuid,
    source text, status text, sold_at timestamptz, price numeric, currency text, listed_at timestamptz
  ) on commit drop;
  insert into pg_temp.market_cells_signed
  select r.id, private.market_signature_key(r.terms), r.decoys, private.market_facets_of(r.terms), r.condition,
    r.marketplace, r.seller_key, r.source, r.status, r.sold_at, r.price, r.currency, r.listed_at
  from unnest(p_new) r
  where private.market_listed_counts(r) or private.market_sold_counts(r);

  insert into private.market_signatures (key, decoys)
  select distinct s.key, s.decoys from pg_temp.market_cells_signed s order by 1, 2
  on conflict do nothing;

  with placed as (
    insert into private.market_listing_places (id, sig, facets)
    select s.id, g.id, s.facets
    from pg_temp.market_cells_signed s
    join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
    where s.status = 'available'
    order by s.id
    on conflict (id) do update set sig = excluded.sig, facets = excluded.facets
    returning id, sig
  )
  insert into pg_temp.market_cells_delta
  select f.facet, p.sig, s.condition, s.marketplace, so.ord, 1, case when s.source = 'demo' then 1 else 0 end
  from placed p
  join pg_temp.market_cells_signed s on s.id = p.id
  cross join lateral unnest('{""}'::text[] || s.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = s.seller_key;

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
    )
    insert into pg_temp.market_sold_delta
    select w.span, f.facet, p.sig, p.condition, p.marketplace, 1, p.demo::integer
    from placed p
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    cross join lateral unnest(private.market_sold_spans_of((p.sold_at at time zone 'UTC')::date, v_through)) w(span);

    insert into private.market_sold_cells as c (span, facet, sig, condition, marketplace, n, demo)
    select d.span, d.facet, d.sig, d.condition, d.marketplace, sum(d.n)::integer, sum(d.demo)::integer
    from pg_temp.market_sold_delta d
    group by 1, 2, 3, 4, 5 having sum(d.n) <> 0 or sum(d.demo) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (span, facet, sig, condition, marketplace) do update set n = c.n + excluded.n,
      demo = c.demo + excluded.demo;
    -- (only the cells this statement changed: never a scan of all of them)
    delete from private.market_sold_cells c
    using (select distinct d.span, d.facet, d.sig, d.condition, d.marketplace from pg_temp.market_sold_delta d) d
    where (c.span, c.facet, c.sig, c.condition, c.marketplace) = (d.span, d.facet, d.sig, d.condition, d.marketplace)
      and c.n <= 0;
    truncate pg_temp.market_sold_delta;
  end if;
  truncate pg_temp.market_cells_signed;

  -- (cell, seller) counts, each row added to under its lock (in key order): a seller's bit is set where their count
  -- rose from none, and cleared where it fell to none, as the counts after the change say.
  create temporary table if not exists market_cells_bits (
    facet text, sig integer, condition text, marketplace text, ord integer, n integer, was integer
  ) on commit drop;
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
    n = c.n + excluded.n, demo = c.demo + excluded.demo, sellers = c.sellers | excluded.sellers;
  update private.market_listed_cells c set sellers = c.sellers & ~r.removed
  from (
    select b.facet, b.sig, b.condition, b.marketplace,
      bit_or(private.market_seller_bit(b.ord, v_width))::bit varying as removed
    from pg_temp.market_cells_bits b where b.was > 0 and b.n <= 0 group by 1, 2, 3, 4
  ) r
  where (c.facet, c.sig, c.condition, c.marketplace) = (r.facet, r.sig, r.condition, r.marketplace);
  -- (only the cells this statement changed: never a scan of all of them)
  delete from private.market_listed_cells c
  using (select distinct d.facet, d.sig, d.condition, d.marketplace from pg_temp.market_cells_delta d) d
  where (c.facet, c.sig, c.condition, c.marketplace) = (d.facet, d.sig, d.condition, d.marketplace) and c.n <= 0;
  truncate pg_temp.market_cells_delta, pg_temp.market_cells_bits;
end;
$$;

CREATE FUNCTION private.market_cells_moved(p_old public.market_listings, p_new public.market_listings) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select (p_old.status in ('available', 'sold') and p_old.source <> 'panel'
          or p_new.status in ('available', 'sold') and p_new.source <> 'panel')
    and ((p_old.status, p_old.source, p_old.hedged, p_old.condition, p_old.marketplace, p_old.terms, p_old.decoys,
          p_old.seller_key)
         is distinct from (p_new.status, p_new.source, p_new.hedged, p_new.condition, p_new.marketplace, p_new.terms,
          p_new.decoys, p_new.seller_key)
         or p_new.status = 'sold' and (p_old.sold_at, p_old.price, p_old.currency, p_old.listed_at)
           is distinct from (p_new.sold_at, p_new.price, p_new.currency, p_new.listed_at))
$$;

CREATE OR REPLACE FUNCTION private.market_cells_rebuild() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_width integer;
  v_started timestamptz := clock_timestamp();
begin
  lock table private.market_listed_cells, private.market_listed_cell_sellers, private.market_listing_places,
    private.market_sale_places, private.market_sold_cells in exclusive mode;
  perform 1 from private.market_sold_state for update;
  perform private.market_cell_words_settle();
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells;

  insert into private.market_seller_ords (seller_key)
  select distinct l.seller_key from public.market_listings l
  where l.seller_key is not null and l.source <> 'panel'
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

  insert into private.market_listing_places (id, sig, facets)
  select l.id, g.id, s.facets
  from public.market_listings l
  join pg_temp.market_cells_shapes s on s.terms = l.terms and s.decoys = l.decoys
  join private.market_signatures g on g.key = s.key and g.decoys = s.decoys
  where private.market_listed_counts(l);

  create temporary table market_cells_rows on commit drop as
  select f.facet, p.sig, l.condition, l.marketplace, so.ord, (l.source = 'demo') as demo
  from private.market_listing_places p
  join public.market_listings l on l.id = p.id
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
  left join private.market_seller_ords so on so.seller_key = l.seller_key;

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

  analyze private.market_signatures;
  analyze private.market_listed_cells;
  analyze private.market_sale_places;
  analyze private.market_sold_cells;
  return jsonb_build_object(
    'signatures', (select count(*) from private.market_signatures),
    'listings', (select count(*) from private.market_listing_places),
    'cells', (select count(*) from private.market_listed_cells),
    'cellSellers', (select count(*) from private.market_listed_cell_sellers),
    'sales', (select count(*) from private.market_sale_places),
    'soldCells', (select count(*) from private.market_sold_cells),
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
  v_rows public.market_listings[];
begin
  select coalesce(array_agg(distinct w), '{}') into v_words
  from (select w.word as w from private.market_cell_words w where w.role = 'signature' and w.state in ('pending', 'retiring')
        union all
        select unnest(n.words) from private.market_cell_names n where n.state in ('pending', 'retiring')) w;
  if cardinality(v_words) = 0 then
    return 0;
  end if;
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
  select coalesce(array_agg(l), '{}') into v_rows
  from public.market_listings l
  left join private.market_listing_places p on p.id = l.id
  left join private.market_sale_places sp on sp.id = l.id
  join private.market_signatures g on g.id = coalesce(p.sig, sp.sig)
  where l.id = any (v_ids) and l.terms && v_words and g.key is distinct from private.market_signature_key(l.terms);
  if cardinality(v_rows) > 0 then
    perform private.market_cells_move(v_rows, v_rows);
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
  perform private.market_cells_move(array(select row(o.*)::public.market_listings from old_rows o
          where o.status in ('available', 'sold') and o.source <> 'panel'),
    '{}'::public.market_listings[]);
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_inserted() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.market_cells_move('{}'::public.market_listings[],
    array(select row(n.*)::public.market_listings from new_rows n
          where n.status in ('available', 'sold') and n.source <> 'panel'));
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION private.market_listings_cells_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  truncate private.market_listing_places, private.market_listed_cells, private.market_listed_cell_sellers,
    private.market_sale_places, private.market_sold_cells;
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
  perform private.market_cells_move(array(
      select row(o.*)::public.market_listings from old_rows o join new_rows n on n.id = o.id
      where private.market_cells_moved(o, n)),
    array(
      select row(n.*)::public.market_listings from old_rows o join new_rows n on n.id = o.id
      where private.market_cells_moved(o, n)));
  return null;
end;
$$;

CREATE FUNCTION private.market_sale_sellers(p_condition text, p_sigs integer[], p_facet text, p_since timestamp with time zone, p_until timestamp with time zone, p_marketplace text, p_k integer, p_extra uuid[]) RETURNS uuid[]
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  v_keys uuid[];
begin
  v_keys := array(
    select f.k from (
      select p.seller_key as k from private.market_sale_places p
      where p.condition = p_condition and p.sig = any (p_sigs) and p.sold_at >= p_since and p.sold_at < p_until
        and (p_facet = '' or p.facets @> array[p_facet]) and (p_marketplace is null or p.marketplace = p_marketplace)
        and p.seller_key is not null
      limit 4 * p_k) f
    union
    select unnest(p_extra));
  if cardinality(v_keys) >= p_k then
    return v_keys;
  end if;
  return array(
    select p.seller_key from private.market_sale_places p
    where p.condition = p_condition and p.sig = any (p_sigs) and p.sold_at >= p_since and p.sold_at < p_until
      and (p_facet = '' or p.facets @> array[p_facet]) and (p_marketplace is null or p.marketplace = p_marketplace)
      and p.seller_key is not null
    union
    select unnest(p_extra));
end;
$$;

CREATE FUNCTION private.market_sold_cells_current() RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce((select s.through = (now() at time zone 'UTC')::date from private.market_sold_state s), false)
$$;

CREATE FUNCTION private.market_sold_cells_fill(p_through date) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.market_sold_cells;
  insert into private.market_sold_cells (span, facet, sig, condition, marketplace, n, demo)
  select w.span, f.facet, p.sig, p.condition, p.marketplace, count(*), count(*) filter (where p.demo)
  from private.market_sale_places p
  cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
  cross join lateral unnest(private.market_sold_spans_of((p.sold_at at time zone 'UTC')::date, p_through)) w(span)
  where p.sold_at >= (p_through - 364)::timestamp at time zone 'UTC'
  group by 1, 2, 3, 4, 5;
  update private.market_sold_state set through = p_through;
end;
$$;

CREATE FUNCTION private.market_sold_counts(p_row public.market_listings) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_row.status = 'sold' and p_row.source <> 'panel' and not p_row.hedged and p_row.sold_at is not null
$$;

CREATE FUNCTION private.market_sold_roll() RETURNS integer
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
    insert into private.market_sold_cells as c (span, facet, sig, condition, marketplace, n, demo)
    select w.span, f.facet, p.sig, p.condition, p.marketplace, sum(x.sign)::integer,
      coalesce(sum(x.sign) filter (where p.demo), 0)::integer
    from unnest(private.market_sold_spans()) w(span)
    -- the day that left the window (-1), and the day after its new end (+1)
    cross join lateral (values (v_day - w.span, -1), (v_day + 1, 1)) x(day, sign)
    join private.market_sale_places p
      on p.sold_at >= x.day::timestamp at time zone 'UTC' and p.sold_at < (x.day + 1)::timestamp at time zone 'UTC'
    cross join lateral unnest('{""}'::text[] || p.facets) f(facet)
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (span, facet, sig, condition, marketplace) do update set n = c.n + excluded.n,
      demo = c.demo + excluded.demo;
  end loop;
  delete from private.market_sold_cells c where c.n <= 0;
  update private.market_sold_state set through = v_today;
  return v_today - v_through;
end;
$$;

CREATE FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select format($sql$
    hedge as materialized (
      select l.id, l.condition, l.marketplace, l.seller_key, l.source, l.price, l.currency, l.sold_at,
        private.market_took(l.sold_at, l.listed_at) as took
      from public.market_listings l
      where l.hedged and %s and %s and (l.sold_at >= $2) is true and (l.sold_at < $10) is true and l.source <> 'panel'
    ),
    mc as materialized (
      select p.id, p.marketplace, p.seller_key, case when p.demo then 'demo' else 'import' end as source, p.price,
        case when p.price is not null then 'USD' end as currency, p.sold_at, p.took
      from private.market_sale_places p
      where p.condition = $1 and p.sig = any ($6) and p.sold_at >= $2 and p.sold_at < $10
        and ($7 = '' or p.facets @> array[$7]) and ($8::text is null or p.marketplace = $8)
      union all
      select h.id, h.marketplace, h.seller_key, h.source, h.price, h.currency, h.sold_at, h.took
      from hedge h where h.condition = $1
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
    )$sql$, public.market_match_sql(p_parsed, 'sold'), private.market_filter_sql(p_filters))
$_$;

CREATE FUNCTION private.market_sold_spans() RETURNS smallint[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '{30, 90, 180, 365}'::smallint[]
$$;

CREATE FUNCTION private.market_sold_spans_of(p_day date, p_through date) RETURNS smallint[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(w.span order by w.span), '{}')
  from unnest(private.market_sold_spans()) w(span)
  where p_day >= p_through - (w.span - 1) and p_day <= p_through + 1
$$;

CREATE OR REPLACE FUNCTION public.market_count_sold(p_query text, p_condition text, p_window_days integer DEFAULT 90, p_min_sellers integer DEFAULT 5, p_filters jsonb DEFAULT '{}'::jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET enable_sort TO 'off'
    SET enable_seqscan TO 'off'
    SET jit TO 'off'
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
      select m.id, m.marketplace, m.seller_key, m.source, m.price, m.currency, m.sold_at, m.took
      from m where m.condition = $1
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
    weekly as (
      select date_trunc('week', mc.sold_at, 'UTC') as week, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null
          and mc.currency = 'USD' and mc.price is not null), $3) as priced,
        count(*) filter (where mc.currency = 'USD' and mc.price is not null)::int as prices,
        percentile_cont(0.5) within group (order by mc.price) filter (where mc.currency = 'USD' and mc.price is not null)
          as median
      from mc group by 1
    ),
    -- The trend's reading: the window's first and last thirds in whole days (the oldest and newest 30 days of 90), their
    -- sales, sellers, and price median and spread, for the pace (a Poisson difference) and the price (median notches)
    -- tests below.
    thirds as (
      select case when mc.sold_at < $4 then 'early' else 'recent' end as part, count(*)::int as n,
        private.market_sellers_upto(array_agg(mc.seller_key) filter (where mc.seller_key is not null), $3) as sellers,
        count(*) filter (where mc.currency = 'USD' and mc.price is not null)::int as prices,
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by mc.price)
          filter (where mc.currency = 'USD' and mc.price is not null) as q
      from mc
      where mc.sold_at < $4 or mc.sold_at >= $5
      group by 1
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
    )$sql$, v_sources)
  into v_raw using p_condition, v_since, v_k, v_early_end, v_recent_start, v_sigs, v_route ->> 'facet',
    lower(nullif(p_filters ->> 'marketplace', '')), p_window_days, v_end;

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
  if v_shown and p_window_days = 90 and jsonb_array_length(v_raw -> 'soldKeys') > 0
     and coalesce(p_filters, '{}') = '{}' then
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
        where (l.condition = $1) is true and l.seller_key is not null and %s and l.source <> 'panel' and %s
        union
        select (jsonb_array_elements_text($2))::uuid
      ) s$sql$, public.market_match_sql(v_parsed, 'available'), private.market_filter_sql(p_filters))
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

CREATE TABLE private.market_sale_places (
    id bigint NOT NULL,
    sig integer NOT NULL,
    facets text[] NOT NULL,
    condition text NOT NULL,
    marketplace text NOT NULL,
    sold_at timestamp with time zone NOT NULL,
    seller_key uuid,
    demo boolean NOT NULL,
    price numeric(12,2),
    took integer
);

CREATE TABLE private.market_sold_cells (
    span smallint NOT NULL,
    facet text NOT NULL,
    sig integer NOT NULL,
    condition text NOT NULL,
    marketplace text NOT NULL,
    n integer NOT NULL,
    demo integer NOT NULL
);

CREATE TABLE private.market_sold_state (
    one boolean DEFAULT true NOT NULL,
    through date DEFAULT ((now() AT TIME ZONE 'UTC'::text))::date NOT NULL,
    CONSTRAINT market_sold_state_one_check CHECK (one)
);

ALTER TABLE ONLY private.market_sale_places
    ADD CONSTRAINT market_sale_places_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.market_sold_cells
    ADD CONSTRAINT market_sold_cells_pkey PRIMARY KEY (span, facet, sig, condition, marketplace);

ALTER TABLE ONLY private.market_sold_state
    ADD CONSTRAINT market_sold_state_pkey PRIMARY KEY (one);

CREATE INDEX market_sale_places_find_idx ON private.market_sale_places USING btree (condition, sig, sold_at);

CREATE INDEX market_sale_places_sold_at_idx ON private.market_sale_places USING btree (sold_at);

CREATE INDEX market_listings_hedged_sold_terms_idx ON public.market_listings USING gin (terms) WHERE (hedged AND (status = 'sold'::text));

ALTER TABLE private.market_sale_places ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_sold_cells ENABLE ROW LEVEL SECURITY;

ALTER TABLE private.market_sold_state ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON FUNCTION private.market_cells_moved(p_old public.market_listings, p_new public.market_listings) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_sale_sellers(p_condition text, p_sigs integer[], p_facet text, p_since timestamp with time zone, p_until timestamp with time zone, p_marketplace text, p_k integer, p_extra uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sale_sellers(p_condition text, p_sigs integer[], p_facet text, p_since timestamp with time zone, p_until timestamp with time zone, p_marketplace text, p_k integer, p_extra uuid[]) TO service_role;

REVOKE ALL ON FUNCTION private.market_sold_cells_current() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_cells_current() TO service_role;

REVOKE ALL ON FUNCTION private.market_sold_cells_fill(p_through date) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_sold_counts(p_row public.market_listings) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.market_sold_roll() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_roll() TO service_role;

REVOKE ALL ON FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_sources(p_parsed jsonb, p_filters jsonb) TO service_role;

REVOKE ALL ON FUNCTION private.market_sold_spans() FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_spans() TO service_role;

REVOKE ALL ON FUNCTION private.market_sold_spans_of(p_day date, p_through date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.market_sold_spans_of(p_day date, p_through date) TO service_role;

GRANT SELECT ON TABLE private.market_sale_places TO service_role;

GRANT SELECT ON TABLE private.market_sold_cells TO service_role;

GRANT SELECT ON TABLE private.market_sold_state TO service_role;

-- By hand: the sold windows' day, every place and cell made again from the listings already there (the sales are new
-- to the cells), and the sold count's PostgreSQL 16 setting, which a replaced function loses.
insert into private.market_sold_state default values on conflict do nothing;
select private.market_cells_rebuild();

do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    alter function public.market_count_sold(text, text, int, int, jsonb) set enable_presorted_aggregate = off;
  end if;
end;
$$;

-- Hosted: pg_cron moves the sold windows on every minute (nothing to do but after midnight, UTC). The emulator does it
-- at start and every minute; the test server has no pg_cron.
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('market-sold-roll', '* * * * *', 'select private.market_sold_roll()');
  end if;
end;
$$;
