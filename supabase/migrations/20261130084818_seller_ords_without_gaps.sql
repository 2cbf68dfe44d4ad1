-- A seller's bit in the cells' bitsets is their ordinal in private.market_seller_ords, an identity. Every write of
-- listings inserted its rows' sellers there with `on conflict do nothing`, and an insert that meets a conflict has
-- still drawn its ordinal: each write spent one per seller it named, known or not, and the rebuild one per seller in
-- the market. The next new seller then got an ordinal far past the last, and every bitset was widened to hold it: on
-- the 1M bench cluster, after the sessions' writes and rebuilds, a new seller got ordinal 268,020 with 5,000 sellers
-- known, and every cell's bitset went from 5,120 bits to 268,288. The bench writer's 160-row upserts then took 254 ms
-- a batch, and 96 to 108 ms once the bitsets were 5,120 bits again. Now only sellers not there yet are inserted
-- (issue 53).

CREATE OR REPLACE FUNCTION private.market_cells_move(p_old public.market_listings[], p_new public.market_listings[]) RETURNS void
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
  select distinct r.seller_key from unnest(p_new) r
  where r.seller_key is not null and r.source <> 'panel'
    and not exists (select 1 from private.market_seller_ords o where o.seller_key = r.seller_key)
  order by 1
  on conflict do nothing;
  v_width := private.market_cells_width();
  v_zeros := repeat('0', v_width)::bit varying;

  -- The statement's working tables, made once a session and kept (emptied at each commit, and by this function as
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
    select r.* from unnest(p_new) r where private.market_listed_counts(r) or private.market_sold_counts(r)
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

-- The ordinals already drawn and never used: the next new seller takes the one after the last in use.
select setval(pg_get_serial_sequence('private.market_seller_ords', 'ord'), coalesce(max(o.ord) + 1, 0), false)
from private.market_seller_ords o;
